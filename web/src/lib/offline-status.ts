/**
 * What the screens know about the signal: whether the data shown is the service worker's saved copy (and from when),
 * and how many offline writes wait to be sent. Small synchronous stores for useSyncExternalStore; the service worker
 * (vite.config.ts) marks its copies with `X-Ushicho-Cached-At`, the write queue (api/outbox.ts) reports its count.
 */

/** The service worker's cache of GET /api/v1 answers, deleted on sign-out. */
export const API_CACHE = 'ushicho-api-v1';
export const CACHED_AT_HEADER = 'X-Ushicho-Cached-At';

export interface OfflineState {
  /** When the copy shown was fetched (ISO), or null when the last answer came from the server. */
  cachedAt: string | null;
  /** Writes waiting in the queue, failed ones included. */
  queued: number;
  /** Of those, the ones the API refused (to fix or discard). */
  failed: number;
  /** A short message for whatever screen is shown ('未送信の記録を送信しました（N件）', a record saved), or null. */
  notice: string | null;
}

let state: OfflineState = { cachedAt: null, queued: 0, failed: 0, notice: null };
const listeners = new Set<() => void>();

function update(next: Partial<OfflineState>) {
  const merged = { ...state, ...next };
  const same = (Object.keys(merged) as (keyof OfflineState)[]).every((k) => merged[k] === state[k]);
  if (same) return;
  state = merged;
  for (const fn of listeners) fn();
}

export const getOfflineState = (): OfflineState => state;

export function onOfflineStateChange(fn: () => void) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** Every GET answer reports where it came from: a saved copy keeps its time, a fresh answer clears it. */
export function reportAnswer(cachedAt: string | null) {
  update({ cachedAt });
}

export function reportQueue(queued: number, failed: number) {
  update({ queued, failed });
}

const NOTICE_MS = 8000;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a message above every signed-in screen for a few seconds (offline-bar.tsx, `role="status"`). */
export function announce(notice: string) {
  update({ notice });
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => update({ notice: null }), NOTICE_MS);
}

/** Sign-out: the saved answers belonged to the farmer who signed out. */
export async function clearApiCache() {
  update({ cachedAt: null });
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE).catch(() => false);
}
