import { vi } from 'vitest';

/** A request as the API would receive it. */
export interface SentRequest {
  method: string;
  /** The path without the query: '/api/v1/home'. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: BodyInit | null | undefined;
}

type Answer = Response | Promise<Response> | undefined;

/** A JSON answer as the API writes it. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/**
 * fetch stubbed at the boundary, so a screen runs its real query factories and typed client: `answer` sees each
 * request and returns its Response; a rejected promise, or a request it does not answer, is a lost connection
 * (NETWORK_ERROR) for the screen. `sent` lists every request in order. Undone by `vi.unstubAllGlobals()`.
 */
export function stubFetch(answer: (request: SentRequest) => Answer) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: init.body,
    };
    sent.push(request);
    const response = answer(request);
    if (!response) throw new Error(`the test gives no answer to ${request.method} ${request.path}`);
    return response;
  });
  return { sent, to: (method: string, path: string) => sent.filter((r) => r.method === method && r.path === path) };
}
