/**
 * The first screen's GET calls, sent the moment the app's code starts (web/src/boot.ts runs before React, the router
 * and the screen's lazy chunk), not after the router has settled the session and the farm: on a phone's slow link
 * each round trip waited for costs ≥ 150 ms (bench/web-perf.mjs). api/client.ts hands an early answer, once, to the
 * call that asks for the same path with the same token and for the same farm; any other call goes out as usual.
 */
import { getToken } from './auth-token';
import { getCurrentFarmId } from './current-farm';

/** What each signed-in screen asks first; `farm`: the answer is the farm's data (it depends on X-Farm-Id). */
const FIRST_CALLS: Record<string, readonly { path: string; farm: boolean }[]> = {
  '/home': [
    { path: '/api/v1/users/me', farm: false },
    { path: '/api/v1/farms', farm: false },
    { path: '/api/v1/home', farm: true },
  ],
};

/** An early answer older than this belongs to another moment than the visit: it is fetched again. */
const MAX_AGE_MS = 10_000;

interface EarlyAnswer {
  token: string;
  farm: boolean;
  /** The farm asked for (X-Farm-Id), or null: the account's default farm, as the API chooses it. */
  farmId: number | null;
  sentAt: number;
  response: Promise<Response>;
}

const early = new Map<string, EarlyAnswer>();
/** The farm the API acts on without X-Farm-Id, once known for sure (api/farms.ts: a member of one farm only). */
let defaultFarmId: number | null = null;

/** Sends the calls of the screen at `pathname` for a signed-in visitor, with the token and farm kept in this browser. */
export function sendEarly(pathname: string) {
  const token = getToken();
  const calls = FIRST_CALLS[pathname];
  if (!token || !calls || typeof fetch !== 'function') return;
  const farmId = getCurrentFarmId();
  for (const { path, farm } of calls) {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (farmId !== null) headers['X-Farm-Id'] = String(farmId);
    const response = fetch(path, { headers });
    // Not handed out (or failed): the call that asks later sends its own.
    response.catch(() => undefined);
    early.set(path, { token, farm, farmId, sentAt: Date.now(), response });
  }
}

/** The farm the API chose for an early call sent without X-Farm-Id, when the farms list makes it certain. */
export function knowDefaultFarm(farmId: number | null) {
  defaultFarmId = farmId;
}

/** The early answer to a GET of `url` sent with `headers`, if one was sent for the same token and farm (once). */
export function takeEarly(url: string, headers: Headers): Promise<Response> | null {
  if (early.size === 0) return null;
  const { pathname, search } = new URL(url, location.href);
  const key = `${pathname}${search}`;
  const answer = early.get(key);
  if (!answer) return null;
  early.delete(key);
  if (Date.now() - answer.sentAt > MAX_AGE_MS) return null;
  if (headers.get('Authorization') !== `Bearer ${answer.token}`) return null;
  if (answer.farm) {
    const asked = headers.get('X-Farm-Id');
    const farmNow = asked === null ? null : Number(asked);
    const farmThen = answer.farmId ?? defaultFarmId;
    if (farmNow !== farmThen && !(asked === null && answer.farmId === null)) return null;
  }
  return answer.response;
}
