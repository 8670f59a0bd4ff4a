/**
 * Creates that survive a lost signal (§15): each is sent with a fresh Idempotency-Key; when no answer comes, the same
 * request (same key, same farm) goes into the offline queue (api/outbox.ts, loaded only then) and the caller gets
 * `{ queued: true }` to tell the farmer it is waiting under 未送信. Other answers are the typed client's as usual.
 */
import { getCurrentFarmId } from '../lib/current-farm';
import { type QueuedKind, queuePath } from '../lib/write-queue';
import { ApiError, sendCreate, toApiError } from './client';
import { loadOutbox, type Queued } from './queued';

export { isQueued } from './queued';

export async function createOrQueue<T>(kind: QueuedKind, body: object): Promise<T | Queued> {
  const key = crypto.randomUUID();
  const farmId = getCurrentFarmId();
  let response: Response;
  try {
    response = await sendCreate(queuePath(kind, body as Record<string, unknown>), body, key, farmId);
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'NETWORK_ERROR') throw err;
    const { enqueue } = await loadOutbox();
    await enqueue(kind, body as Record<string, unknown>, key, farmId);
    return { queued: true, key };
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}
