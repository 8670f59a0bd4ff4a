import type { AppType } from '@worker/app';
import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { ApiError, errorOf } from '../lib/api-error';
import { clearToken, getToken, setToken } from '../lib/auth-token';
import { getCurrentFarmId } from '../lib/current-farm';
import { keepAnswerBookmark, sendBookmark } from '../lib/d1-bookmark';
import { takeEarly } from '../lib/early-answers';
import { CACHED_AT_HEADER, reportAnswer } from '../lib/offline-status';

export { ApiError };

/**
 * The signed-in token and the farm shown in the app bar (farm-data routes act on `X-Farm-Id`; the others ignore it),
 * for the typed client and for file downloads.
 */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const farmId = getCurrentFarmId();
  if (farmId !== null) headers['X-Farm-Id'] = String(farmId);
  return headers;
}

/** fetch with the signed-in token; a lost connection becomes ApiError NETWORK_ERROR, a refused token signs out. */
async function authorizedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  // Events recorded from the app say so (source 'web', docs/product.md §25); other clients' are 'api'.
  headers.set('X-Client', 'web');
  const token = getToken();
  // A queued write keeps the farm it was recorded for (its own X-Farm-Id); everything else goes to the farm shown.
  for (const [name, value] of Object.entries(authHeaders())) if (!headers.has(name)) headers.set(name, value);
  // Read your own writes from a D1 replica: the farm's last bookmark goes with the call (lib/d1-bookmark.ts).
  sendBookmark(headers);
  const method = (init.method ?? 'GET').toUpperCase();
  // The first screen's reads may have gone out already, before the app ran (lib/early-answers.ts).
  const early = method === 'GET' && !(input instanceof Request) ? takeEarly(String(input), headers) : null;
  let response: Response;
  try {
    response = await (early ?? fetch(input, { ...init, headers }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', 'network');
  }
  // A GET answered by the service worker's saved copy says when it was fetched: the screens say they are offline.
  if (method === 'GET' && response.ok) reportAnswer(response.headers.get(CACHED_AT_HEADER));
  keepAnswerBookmark(headers, response);
  if (response.status === 401 && token) clearToken();
  // A session in the last half of its 30 days comes back renewed: keep the fresh token (sliding sessions).
  const refreshed = response.headers.get('X-Refreshed-Token');
  if (refreshed && response.ok) setToken(refreshed);
  return response;
}

/** The typed client: paths, parameters and answers come from the Worker's own route declarations. */
export const api = hc<AppType>('/', { fetch: authorizedFetch }).api.v1;

/**
 * A create sent with an `Idempotency-Key` (§15): the same key always records once, so a create whose answer was lost
 * can be sent again. Used by the create mutations and by the offline queue (api/outbox.ts), which also fixes the farm.
 */
export function sendCreate(path: string, body: unknown, key: string, farmId?: number | null): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Idempotency-Key': key };
  if (farmId !== undefined && farmId !== null) headers['X-Farm-Id'] = String(farmId);
  return authorizedFetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Turns a non-2xx answer into an ApiError carrying the API's code, message and field errors. */
export async function toApiError(response: Response): Promise<ApiError> {
  const error = errorOf(await response.json().catch(() => null));
  if (!error) return new ApiError(response.status, 'HTTP_ERROR', response.statusText);
  return new ApiError(response.status, error.code, error.message, error.field, error.issues);
}

type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends 'json'
        ? T
        : never
      : never
    : never;

/** The 2xx body of a typed call; any other answer throws an ApiError. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  const response = await call;
  if (!response.ok) throw await toApiError(response as unknown as Response);
  if (response.status === 204) return undefined as SuccessBody<R>;
  return (await response.json()) as SuccessBody<R>;
}
