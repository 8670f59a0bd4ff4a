/**
 * The offline write queue's rules, kept pure so they are unit-tested (write-queue.test.ts): what is sent next, how an
 * animal created offline gets its real id into the events queued after it, and what an answer means for the item.
 * Storage (IndexedDB) and sending live in api/outbox.ts. docs/decisions/028-offline-pwa.md.
 */

/** The writes that may wait for a signal (§15, §22): events, cattle, shipments, and a task ticked done. */
export type QueuedKind = 'event' | 'cattle' | 'shipment' | 'task' | 'bulk';

const QUEUE_PATHS: Record<QueuedKind, string> = {
  event: '/api/v1/events',
  cattle: '/api/v1/cattle',
  shipment: '/api/v1/shipments',
  task: '/api/v1/tasks',
  // One record on a group of animals (§26): queued as one request.
  bulk: '/api/v1/events/bulk',
};

/** Where a queued write goes: a task's done names the task (`body.taskId`), the others their kind's path. */
export const queuePath = (kind: QueuedKind, body: Record<string, unknown>) =>
  kind === 'task' ? `${QUEUE_PATHS.task}/${Number(body.taskId)}/done` : QUEUE_PATHS[kind];

export interface QueuedWrite {
  /** The Idempotency-Key sent with every attempt: the server records the create once however often it is sent. */
  key: string;
  kind: QueuedKind;
  body: Record<string, unknown>;
  /** The farm shown when it was recorded; sent as X-Farm-Id even if another farm is shown later. */
  farmId: number | null;
  /** Order of recording (ms); items are sent oldest first. */
  createdAt: number;
  /** An animal registered offline: the negative stand-in id events queued for it carry as cattleId. */
  localCattleId?: number;
  status: 'pending' | 'failed';
  /** The API's message when it refused the item (status 'failed'). */
  error?: string;
  /** The animal it names, as known when it was queued (the kept roster): the 未送信 list's label (lib/outbox-label.ts). */
  animal?: { earTagNumber: string | null; name: string | null };
  attempts: number;
}

/** What one attempt's answer means for the item. */
export type Outcome =
  | { type: 'done'; realCattleId?: number }
  /** `timed`: sent again by itself after `retryDelay`; otherwise it waits for a sign-in, the signal or app start. */
  | { type: 'retry-later'; timed: boolean; retryAfterSeconds: number | null }
  | { type: 'failed'; message: string };

/** The first retry of a send that got no usable answer waits this long; each further one doubles it, up to the cap. */
const RETRY_FIRST_MS = 3_000;
const RETRY_MAX_MS = 120_000;

/**
 * How long to wait before sending again after `attempts` tries that got no usable answer (a weak signal, a server
 * restarting): 3 s, 6 s, 12 s … capped at 2 minutes, or the server's Retry-After when it names a longer wait.
 */
export function retryDelay(attempts: number, retryAfterSeconds: number | null): number {
  const backoff = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
  const asked = retryAfterSeconds !== null && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : 0;
  return Math.min(RETRY_MAX_MS, Math.max(backoff, asked));
}

const retryAfterOf = (headers: { get(name: string): string | null }) => {
  const value = Number(headers.get('Retry-After'));
  return Number.isFinite(value) && value > 0 ? value : null;
};

/**
 * 2xx (including a replay, `Idempotent-Replayed: true`) is done; 409 with Retry-After means the first attempt is
 * still being processed, and 5xx, 429, 401 (signed out) or no answer at all may succeed later: all stay pending. Any other 4xx is the
 * farmer's to fix, with the API's message (422 also covers a key reused with another body).
 */
export function classify(
  status: number,
  body: unknown,
  headers: { get(name: string): string | null },
  kind: QueuedKind,
): Outcome {
  if (status >= 200 && status < 300) {
    const data = (body as { data?: { cattleId?: unknown; id?: unknown } } | null)?.data;
    const realId = kind === 'cattle' ? Number(data?.cattleId ?? data?.id) : Number.NaN;
    return Number.isSafeInteger(realId) && realId > 0 ? { type: 'done', realCattleId: realId } : { type: 'done' };
  }
  // 401: the session ended; the item waits for the farmer to sign in again (no timed retry) rather than counting as refused.
  if (status === 401) return { type: 'retry-later', timed: false, retryAfterSeconds: null };
  if (status === 0 || status === 429 || status >= 500 || (status === 409 && headers.get('Retry-After') !== null))
    return { type: 'retry-later', timed: true, retryAfterSeconds: retryAfterOf(headers) };
  // A task someone else ticked done meanwhile (§22): the work is recorded, nothing is left to send.
  if (
    kind === 'task' &&
    status === 409 &&
    (body as { error?: { code?: unknown } } | null)?.error?.code === 'TASK_ALREADY_DONE'
  )
    return { type: 'done' };
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return { type: 'failed', message: typeof message === 'string' && message ? message : `HTTP ${status}` };
}

/** Oldest first: an animal is always sent before the events recorded for it. */
export const inOrder = (items: readonly QueuedWrite[]) =>
  [...items].sort((a, b) => a.createdAt - b.createdAt || a.key.localeCompare(b.key));

/** The stand-in animal id an item waits for, if any. */
function waitsFor(item: QueuedWrite): number | null {
  const id = item.body.cattleId;
  return typeof id === 'number' && id < 0 ? id : null;
}

/**
 * The next item to send: the oldest pending item whose stand-in animal is no longer queued (then it was sent and its
 * id filled in). An item waiting for an animal that failed is held until the animal is fixed or discarded; one whose
 * animal is gone from the queue without an id (discarded) is failed by `orphans`.
 */
export function nextToSend(items: readonly QueuedWrite[]): QueuedWrite | null {
  const queuedAnimals = new Set(items.map((i) => i.localCattleId).filter((id): id is number => id !== undefined));
  for (const item of inOrder(items)) {
    if (item.status !== 'pending') continue;
    const parent = waitsFor(item);
    if (parent !== null && queuedAnimals.has(parent)) continue;
    return item;
  }
  return null;
}

/** Items still carrying a stand-in id whose animal is no longer queued: they can never be sent as they are. */
export const orphans = (items: readonly QueuedWrite[]) => {
  const queuedAnimals = new Set(items.map((i) => i.localCattleId).filter((id): id is number => id !== undefined));
  return items.filter((item) => {
    const parent = waitsFor(item);
    return parent !== null && !queuedAnimals.has(parent);
  });
};

/** After the animal `localId` was registered as `realId`: the queued items that named it now name the real animal. */
export function substituteCattleId(items: readonly QueuedWrite[], localId: number, realId: number): QueuedWrite[] {
  return items.map((item) =>
    item.body.cattleId === localId ? { ...item, body: { ...item.body, cattleId: realId } } : item,
  );
}

/** A stand-in id for an animal registered offline: negative, below every one already used. */
export const nextLocalCattleId = (items: readonly QueuedWrite[]) =>
  Math.min(0, ...items.map((i) => i.localCattleId ?? 0)) - 1;
