import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendEarly, takeEarly } from './early-answers';
import { EARLY_GLOBAL, FIRST_SCREEN, SCRIPT_ATTRIBUTE, TOKEN_KEY } from './first-screen';

// The app's entry can run before index.html's async first-screen script (decision 028, third addendum): it waits for
// the script rather than send the first screen's calls a second time.
const TOKEN = 'header.payload.signature';
const headers = () => new Headers({ Authorization: `Bearer ${TOKEN}` });
const globals = window as unknown as Record<string, unknown>;

function addScript() {
  const script = document.createElement('script');
  script.setAttribute(SCRIPT_ATTRIBUTE, '');
  document.head.appendChild(script);
  return script;
}

describe('early answers: the first-screen script and the entry', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    history.replaceState(null, '', FIRST_SCREEN.pathname);
    localStorage.setItem(TOKEN_KEY, TOKEN);
    fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    for (const script of document.querySelectorAll(`script[${SCRIPT_ATTRIBUTE}]`)) script.remove();
    delete globals[EARLY_GLOBAL];
    localStorage.clear();
    for (const { path } of FIRST_SCREEN.calls) takeEarly(path, headers());
    vi.unstubAllGlobals();
  });

  it('waits for the script that has not run yet and adopts its calls', () => {
    const script = addScript();
    sendEarly(FIRST_SCREEN.pathname);
    expect(fetchMock).not.toHaveBeenCalled();
    const answer = Promise.resolve(new Response('{"data":[]}'));
    globals[EARLY_GLOBAL] = { token: TOKEN, farmId: null, sentAt: Date.now(), answers: { '/api/v1/farms': answer } };
    script.dispatchEvent(new Event('load'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarly('/api/v1/farms', headers())).toBe(answer);
  });

  it('sends the calls itself when the script failed to load or ran without sending', () => {
    const script = addScript();
    sendEarly(FIRST_SCREEN.pathname);
    expect(fetchMock).not.toHaveBeenCalled();
    script.dispatchEvent(new Event('error'));
    expect(fetchMock).toHaveBeenCalledTimes(FIRST_SCREEN.calls.length);

    for (const { path } of FIRST_SCREEN.calls) takeEarly(path, headers());
    fetchMock.mockClear();
    globals[EARLY_GLOBAL] = null;
    sendEarly(FIRST_SCREEN.pathname);
    expect(fetchMock).toHaveBeenCalledTimes(FIRST_SCREEN.calls.length);
  });

  it('sends the calls at once where there is no script (the dev server)', () => {
    sendEarly(FIRST_SCREEN.pathname);
    expect(fetchMock).toHaveBeenCalledTimes(FIRST_SCREEN.calls.length);
  });
});
