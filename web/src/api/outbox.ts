/**
 * The offline write queue (§15, docs/decisions/028-offline-pwa.md): creates recorded without a signal wait in
 * IndexedDB and are sent, oldest first, when it comes back (the 'online' event, app start, 未送信's retry button).
 * Every item keeps its Idempotency-Key, so an answer lost on the way never records twice. Loaded lazily (api/queue.ts)
 * so the first screen does not pay for it; its rules are in lib/write-queue.ts.
 */
import { createStore, get, set } from 'idb-keyval';
import { currentUserId, onTokenChange } from '../lib/auth-token';
import { translate } from '../lib/i18n';
import { announce, reportQueue } from '../lib/offline-status';
import { findInRoster } from '../lib/roster';
import { onBackOnline } from '../lib/use-online';
import {
  classify,
  inOrder,
  nextLocalCattleId,
  nextToSend,
  orphans,
  type QueuedKind,
  type QueuedWrite,
  queuePath,
  retryDelay,
  substituteCattleId,
} from '../lib/write-queue';
import { sendCreate } from './client';

const store = createStore('ushicho-outbox', 'queue');
/** Each user's queue apart: on a shared phone one farmer's waiting records are never sent under another's sign-in. */
const keyOf = (userId: number | null) => `items:${userId ?? 'signed-out'}`;

let items: QueuedWrite[] = [];
let owner: number | null = null;
let loaded: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish() {
  reportQueue(items.length, items.filter((i) => i.status === 'failed').length);
  for (const fn of listeners) fn();
}

async function save(next: QueuedWrite[]) {
  items = inOrder(next);
  await set(keyOf(owner), items, store);
  publish();
}

function load() {
  const user = currentUserId();
  if (loaded && user === owner) return loaded;
  owner = user;
  items = [];
  loaded = get<QueuedWrite[]>(keyOf(user), store).then((stored) => {
    if (owner === user) items = inOrder(stored ?? []);
    publish();
  });
  return loaded;
}

// Another sign-in on this phone: show and send that user's queue, never the previous user's. A sign-in after a
// 401 (the session had ended) sends what waited for it.
onTokenChange(() => {
  if (currentUserId() !== null && navigator.onLine) void flush().catch(() => {});
  else if (currentUserId() !== owner) void load();
});

export const listQueued = () => items;

/** The queue read from IndexedDB, without sending anything. */
export const ready = () => load();

export function onQueueChange(fn: () => void) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** The animal a record names, for its label: a registration queued before it, or the roster kept on the phone. */
async function animalNamed(body: Record<string, unknown>, farmId: number | null): Promise<QueuedWrite['animal']> {
  const id = body.cattleId;
  if (typeof id !== 'number') return undefined;
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
  const registered = items.find((i) => i.localCattleId !== undefined && i.localCattleId === id);
  if (registered) return { earTagNumber: str(registered.body.earTagNumber), name: str(registered.body.name) };
  if (owner === null) return undefined;
  const { readRoster } = await import('../lib/roster-store');
  const animal = findInRoster(await readRoster(owner, farmId).catch(() => null), id);
  return animal ? { earTagNumber: animal.earTagNumber, name: animal.name } : undefined;
}

/** Keeps a create for later; an animal gets a negative stand-in id that events recorded for it can name. */
export async function enqueue(kind: QueuedKind, body: Record<string, unknown>, key: string, farmId: number | null) {
  await load();
  const animal = await animalNamed(body, farmId);
  const item: QueuedWrite = { key, kind, body, farmId, createdAt: Date.now(), status: 'pending', attempts: 0, animal };
  if (kind === 'cattle') item.localCattleId = nextLocalCattleId(items);
  await save([...items, item]);
  // Queued because its send got no answer while the device said it had a signal (a weak one): no 'online' will come.
  if (navigator.onLine) retryLater(null);
  return item;
}

let flushing: Promise<number> | null = null;
/** What the app does after records went out (refetch what they changed): set by `startOutbox`. */
let afterSent: () => void = () => {};
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** Sends in a row that got no usable answer since the last answer: the wait grows with it, not with a record's age. */
let failuresInARow = 0;

/** A send that got no usable answer is tried again by itself (3 s, 6 s … 2 min), as long as the device has a signal. */
function retryLater(retryAfterSeconds: number | null) {
  failuresInARow += 1;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(
    () => {
      if (navigator.onLine) void flush().catch(() => {});
    },
    retryDelay(failuresInARow, retryAfterSeconds),
  );
}

/**
 * Sends what is pending, one at a time and in order; stops at the first item that cannot be sent yet (no signal,
 * a server error, still in flight) and leaves it pending. Returns how many were recorded.
 */
export function flush(): Promise<number> {
  flushing ??= (async () => {
    await load();
    let sent = 0;
    // Events whose offline animal was discarded cannot be sent as they are: they go to the failed list.
    const lost = new Set(orphans(items).map((i) => i.key));
    if (lost.size)
      await save(
        items.map((i) =>
          lost.has(i.key) && i.status === 'pending' ? { ...i, status: 'failed', error: 'animal-discarded' } : i,
        ),
      );
    for (let item = nextToSend(items); item; item = nextToSend(items)) {
      const current = item;
      let status = 0;
      let body: unknown = null;
      let headers: { get(name: string): string | null } = { get: () => null };
      try {
        const response = await sendCreate(
          queuePath(current.kind, current.body),
          current.body,
          current.key,
          current.farmId,
        );
        status = response.status;
        headers = response.headers;
        body = await response.json().catch(() => null);
      } catch {
        status = 0;
      }
      const outcome = classify(status, body, headers, current.kind);
      // An answer the queue can act on (sent or refused) means the server is reachable: the next wait starts at 3 s.
      if (outcome.type !== 'retry-later') failuresInARow = 0;
      if (outcome.type === 'retry-later') {
        await save(items.map((i) => (i.key === current.key ? { ...i, attempts: i.attempts + 1 } : i)));
        // Signed out (401): no timed retry; the sign-in sends it (onTokenChange above).
        if (outcome.timed) retryLater(outcome.retryAfterSeconds);
        else clearTimeout(retryTimer);
        break;
      }
      if (outcome.type === 'failed') {
        await save(
          items.map((i) =>
            i.key === current.key ? { ...i, status: 'failed', error: outcome.message, attempts: i.attempts + 1 } : i,
          ),
        );
        continue;
      }
      sent += 1;
      let rest = items.filter((i) => i.key !== current.key);
      if (current.localCattleId !== undefined && outcome.realCattleId !== undefined)
        rest = substituteCattleId(rest, current.localCattleId, outcome.realCattleId);
      await save(rest);
    }
    // Wherever the farmer is, they hear that what waited went out (§20).
    if (sent) {
      announce(translate('common.queueSent', { count: sent }));
      afterSent();
    }
    return sent;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** 未送信's retry: failed items go back to pending (e.g. after the farmer fixed the farm's data), then all are sent. */
export async function retryAll() {
  await load();
  await save(items.map((i) => (i.status === 'failed' ? { ...i, status: 'pending', error: undefined } : i)));
  return flush();
}

export async function discard(key: string) {
  await load();
  await save(items.filter((i) => i.key !== key));
}

/** The farmer fixed a queued item in its form: the corrected body goes out under a new key (it is a new request). */
export async function replaceBody(key: string, body: Record<string, unknown>) {
  await load();
  await save(
    items.map((i) =>
      i.key === key ? { ...i, key: crypto.randomUUID(), body, status: 'pending', error: undefined } : i,
    ),
  );
  return flush();
}

/** App start: read the queue, send what waits, and send again whenever the signal comes back. */
export function startOutbox(onSent: () => void) {
  afterSent = onSent;
  const run = () => void flush().catch(() => {});
  onBackOnline(run);
  run();
}
