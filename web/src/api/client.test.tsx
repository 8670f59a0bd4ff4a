import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../lib/auth-token';
import { setCurrentFarmId } from '../lib/current-farm';
import { ApiError, api, sendCreate, unwrap } from './client';

/** fetch at the boundary: each call's URL and headers, answered by the test. */
type Answer = () => Response | Promise<Response>;
let answers: Answer[];
let sent: { url: string; method: string; headers: Headers; body: unknown }[];

beforeEach(() => {
  answers = [];
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body: init.body,
    });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer given for this request');
    return answer();
  });
  setToken('token-1');
  setCurrentFarmId(7);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  setCurrentFarmId(null);
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const farms = () => unwrap(api.farms.$get());

describe('the API client: what every call carries', () => {
  it('sends the token, the farm shown, JSON and the web client’s name', async () => {
    answers.push(() => json(200, { data: [] }));
    await expect(farms()).resolves.toEqual({ data: [] });
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toMatch(/\/api\/v1\/farms$/);
    expect(sent[0].headers.get('Authorization')).toBe('Bearer token-1');
    expect(sent[0].headers.get('X-Farm-Id')).toBe('7');
    expect(sent[0].headers.get('Accept')).toBe('application/json');
    expect(sent[0].headers.get('X-Client')).toBe('web');
  });

  it('a queued create keeps its own farm and idempotency key', async () => {
    answers.push(() => json(201, { data: { id: 1 } }));
    await sendCreate('/api/v1/events', { eventType: 'ESTRUS' }, 'key-1', 9);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].headers.get('X-Farm-Id')).toBe('9');
    expect(sent[0].headers.get('Idempotency-Key')).toBe('key-1');
    expect(JSON.parse(String(sent[0].body))).toEqual({ eventType: 'ESTRUS' });
  });
});

describe('the API client: error handling', () => {
  it('a 400 becomes an ApiError with the API’s code, its Japanese message and the field errors', async () => {
    answers.push(() =>
      json(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: '入力内容に誤りがあります',
          requestId: 'r-1',
          issues: [
            { field: 'name', message: '牧場名を入力してください' },
            { field: 'name', message: '2つ目は出さない' },
          ],
        },
      }),
    );
    const error = await farms().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: '入力内容に誤りがあります' });
    expect((error as ApiError).fieldErrors).toEqual({ name: '牧場名を入力してください' });
  });

  it('an answer that is not the API’s error body (a proxy’s 502 page) is an HTTP_ERROR with its status', async () => {
    answers.push(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await farms().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', message: 'Bad Gateway' });
  });

  it('a lost connection is a NETWORK_ERROR with status 0, the offline screens’ signal', async () => {
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await farms().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('a cancelled request stays an AbortError (a screen left), not a network failure', async () => {
    answers.push(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    const error = await farms().catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('a 401 signs out: the refused token is forgotten', async () => {
    answers.push(() => json(401, { error: { code: 'UNAUTHORIZED', message: 'ログインしてください', requestId: 'r' } }));
    await expect(farms()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(getToken()).toBeNull();
  });

  it('a renewed token on a successful answer replaces the old one; on a failed one it does not', async () => {
    answers.push(() => json(200, { data: [] }, { 'X-Refreshed-Token': 'token-2' }));
    await farms();
    expect(getToken()).toBe('token-2');
    answers.push(() =>
      json(
        404,
        { error: { code: 'NOT_FOUND', message: '見つかりません', requestId: 'r' } },
        { 'X-Refreshed-Token': 'x' },
      ),
    );
    await farms().catch(() => undefined);
    expect(getToken()).toBe('token-2');
  });
});

describe('the API client: the D1 bookmark (read your own writes, §24)', () => {
  it('keeps the bookmark a farm’s answer brings and sends it back on that farm’s next call, not on another farm’s', async () => {
    answers.push(() => json(200, { data: [] }, { 'X-D1-Bookmark': 'bm-0001' }));
    await farms();
    expect(sent[0].headers.get('X-D1-Bookmark')).toBeNull();

    answers.push(() => json(200, { data: [] }));
    await farms();
    expect(sent[1].headers.get('X-D1-Bookmark')).toBe('bm-0001');

    setCurrentFarmId(8);
    answers.push(() => json(200, { data: [] }));
    await farms();
    expect(sent[2].headers.get('X-D1-Bookmark')).toBeNull();
  });

  it('a newer bookmark replaces the kept one, an answer without one keeps it, and a failed write’s still counts', async () => {
    setCurrentFarmId(11);
    answers.push(() => json(200, { data: [] }, { 'X-D1-Bookmark': 'bm-0002' }));
    await farms();
    answers.push(() =>
      json(409, { error: { code: 'CONFLICT', message: '競合', requestId: 'r' } }, { 'X-D1-Bookmark': 'bm-0003' }),
    );
    await farms().catch(() => undefined);
    answers.push(() => json(200, { data: [] }));
    await farms();
    answers.push(() => json(200, { data: [] }));
    await farms();
    expect(sent.map((s) => s.headers.get('X-D1-Bookmark'))).toEqual([null, 'bm-0002', 'bm-0003', 'bm-0003']);
    // Kept for the tab, so a reload still reads its own writes.
    expect(JSON.parse(sessionStorage.getItem('ushicho.d1-bookmarks') ?? '{}')).toMatchObject({ 11: 'bm-0003' });
  });
});
