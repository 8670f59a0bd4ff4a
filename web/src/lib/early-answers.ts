/**
 * The first screen's GET calls, sent before the app has settled the session and the farm: by the build's small
 * script in index.html (web/first-screen-script.ts) while the app's bundle still downloads, else by web/src/boot.ts
 * the moment the app's code starts. On a phone's slow link each round trip waited for costs ≥ 150 ms
 * (bench/web-perf.mjs). api/client.ts hands an early answer, once, to the call that asks for the same path with the
 * same token and for the same farm; any other call goes out as usual.
 */
import { getToken } from './auth-token';
import { getCurrentFarmId } from './current-farm';
import { EARLY_GLOBAL, FIRST_SCREEN } from './first-screen';

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

/** What the first-screen script leaves in `window[EARLY_GLOBAL]`. */
interface ScriptCalls {
  token: string;
  farmId: number | null;
  sentAt: number;
  answers: Partial<Record<string, Promise<Response>>>;
}

const early = new Map<string, EarlyAnswer>();
/** The farm the API acts on without X-Farm-Id, once known for sure (api/farms.ts: a member of one farm only). */
let defaultFarmId: number | null = null;

/** What the first-screen script left: undefined when it did not run, null when it sent nothing. */
const scriptCalls = () => (window as unknown as Record<string, ScriptCalls | null | undefined>)[EARLY_GLOBAL];

/**
 * Sends the first screen's calls for a signed-in visitor, or adopts the ones the first-screen script sent. The script
 * is inline in index.html, so it has run before any module: when it left nothing (the dev server has none; a browser
 * that refused it), the app sends the calls itself.
 */
export function sendEarly(pathname: string) {
  const token = getToken();
  if (!token || pathname !== FIRST_SCREEN.pathname || typeof fetch !== 'function') return;
  const sent = scriptCalls();
  if (sent?.token === token) {
    for (const { path, farm } of FIRST_SCREEN.calls) {
      const response = sent.answers[path];
      if (response) early.set(path, { token, farm, farmId: sent.farmId, sentAt: sent.sentAt, response });
    }
    return;
  }
  const farmId = getCurrentFarmId();
  for (const { path, farm } of FIRST_SCREEN.calls) {
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
  if (answer.farm && !sameFarm(answer.farmId, headers.get('X-Farm-Id'), defaultFarmId)) return null;
  return answer.response;
}

/**
 * Whether a farm's data sent for `sentFarmId` (null: without X-Farm-Id, the API's default farm) answers a call now
 * asking with X-Farm-Id `asked`: the same farm, or no farm both times, or the default farm known to be the one asked.
 */
export function sameFarm(sentFarmId: number | null, asked: string | null, defaultFarm: number | null): boolean {
  if (sentFarmId !== null) return asked !== null && Number(asked) === sentFarmId;
  return asked === null || (defaultFarm !== null && Number(asked) === defaultFarm);
}
