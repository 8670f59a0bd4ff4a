import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendEarly, takeEarly } from './early-answers';
import { EARLY_GLOBAL, FIRST_SCREEN, TOKEN_KEY } from './first-screen';

// index.html's first-screen script is inline (decision 064): it has run before the app's entry, which adopts its calls
// or, when it left none, sends them itself.
const TOKEN = 'header.payload.signature';
const headers = () => new Headers({ Authorization: `Bearer ${TOKEN}` });
const globals = window as unknown as Record<string, unknown>;

describe('early answers: the first-screen script and the entry', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    history.replaceState(null, '', FIRST_SCREEN.pathname);
    localStorage.setItem(TOKEN_KEY, TOKEN);
    fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    delete globals[EARLY_GLOBAL];
    localStorage.clear();
    for (const { path } of FIRST_SCREEN.calls) takeEarly(path, headers());
    vi.unstubAllGlobals();
  });

  it("adopts the calls the script sent with this visitor's token", () => {
    const answer = Promise.resolve(new Response('{"data":[]}'));
    globals[EARLY_GLOBAL] = { token: TOKEN, farmId: null, sentAt: Date.now(), answers: { '/api/v1/farms': answer } };
    sendEarly(FIRST_SCREEN.pathname);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarly('/api/v1/farms', headers())).toBe(answer);
  });

  it('sends the calls itself when the script ran without sending, or sent them with another token', () => {
    globals[EARLY_GLOBAL] = null;
    sendEarly(FIRST_SCREEN.pathname);
    expect(fetchMock).toHaveBeenCalledTimes(FIRST_SCREEN.calls.length);

    for (const { path } of FIRST_SCREEN.calls) takeEarly(path, headers());
    fetchMock.mockClear();
    globals[EARLY_GLOBAL] = { token: 'another.token.here', farmId: null, sentAt: Date.now(), answers: {} };
    sendEarly(FIRST_SCREEN.pathname);
    expect(fetchMock).toHaveBeenCalledTimes(FIRST_SCREEN.calls.length);
  });

  it('sends the calls at once where the script did not run (the dev server, or a policy that refused it)', () => {
    sendEarly(FIRST_SCREEN.pathname);
    expect(fetchMock).toHaveBeenCalledTimes(FIRST_SCREEN.calls.length);
  });
});
