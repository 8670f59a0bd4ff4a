import { describe, expect, it } from 'vitest';
import {
  classify,
  nextLocalCattleId,
  nextToSend,
  orphans,
  type QueuedWrite,
  queuePath,
  retryDelay,
  substituteCattleId,
} from './write-queue';

const item = (over: Partial<QueuedWrite>): QueuedWrite => ({
  key: over.key ?? `k${over.createdAt ?? 0}`,
  kind: 'event',
  body: {},
  farmId: 1,
  createdAt: 0,
  status: 'pending',
  attempts: 0,
  ...over,
});
const headers = (h: Record<string, string> = {}) => ({ get: (n: string) => h[n] ?? null });

describe('write queue: order', () => {
  it('sends the oldest pending item first, skipping failed ones', () => {
    const items = [
      item({ key: 'c', createdAt: 3 }),
      item({ key: 'a', createdAt: 1, status: 'failed' }),
      item({ key: 'b', createdAt: 2 }),
    ];
    expect(nextToSend(items)?.key).toBe('b');
    expect(nextToSend([item({ status: 'failed' })])).toBeNull();
    expect(nextToSend([])).toBeNull();
  });

  it('holds an event for an animal registered offline until the animal is sent', () => {
    const cow = item({ key: 'cow', kind: 'cattle', createdAt: 2, localCattleId: -1 });
    const ai = item({ key: 'ai', createdAt: 1, body: { cattleId: -1, eventType: 'INSEMINATION' } });
    // Even recorded "earlier" (clock skew), the event waits for its animal.
    expect(nextToSend([ai, cow])?.key).toBe('cow');
    // The animal refused: the event is held, not sent with a stand-in id.
    expect(nextToSend([ai, { ...cow, status: 'failed' }])).toBeNull();
    // The animal sent and its id filled in: the event goes with the real id.
    const after = substituteCattleId([ai], -1, 42);
    expect(nextToSend(after)?.body.cattleId).toBe(42);
  });

  it('fills in the real id only where the stand-in was named', () => {
    const items = [item({ key: 'x', body: { cattleId: -1 } }), item({ key: 'y', body: { cattleId: -2 } })];
    const out = substituteCattleId(items, -2, 7);
    expect(out.map((i) => i.body.cattleId)).toEqual([-1, 7]);
    expect(items[1].body.cattleId).toBe(-2);
  });

  it('finds events whose offline animal was discarded', () => {
    const ai = item({ key: 'ai', body: { cattleId: -3 } });
    expect(orphans([ai]).map((i) => i.key)).toEqual(['ai']);
    expect(orphans([ai, item({ kind: 'cattle', localCattleId: -3 })])).toEqual([]);
    expect(orphans([item({ body: { cattleId: 5 } })])).toEqual([]);
  });

  it('gives each offline animal its own negative stand-in id', () => {
    expect(nextLocalCattleId([])).toBe(-1);
    expect(nextLocalCattleId([item({ localCattleId: -1 }), item({ localCattleId: -4 })])).toBe(-5);
  });
});

describe('write queue: answers', () => {
  it('counts 2xx, replays included, as done and reads a registered animal’s id', () => {
    expect(classify(201, { data: { id: 1 } }, headers(), 'event')).toEqual({ type: 'done' });
    expect(classify(200, { data: { cattleId: 9 } }, headers({ 'Idempotent-Replayed': 'true' }), 'cattle')).toEqual({
      type: 'done',
      realCattleId: 9,
    });
  });

  it('keeps in-flight, server errors and no answer for a timed retry; a signed-out answer waits for the sign-in', () => {
    const timed = (retryAfterSeconds: number | null) => ({ type: 'retry-later', timed: true, retryAfterSeconds });
    expect(classify(409, null, headers({ 'Retry-After': '1' }), 'event')).toEqual(timed(1));
    expect(classify(503, null, headers(), 'event')).toEqual(timed(null));
    expect(classify(429, null, headers({ 'Retry-After': '30' }), 'event')).toEqual(timed(30));
    expect(classify(0, null, headers(), 'event')).toEqual(timed(null));
    expect(classify(401, { error: { message: 'ログインしてください' } }, headers(), 'event')).toEqual({
      type: 'retry-later',
      timed: false,
      retryAfterSeconds: null,
    });
  });

  it('waits 3 s, then twice as long each time, up to 2 minutes, or longer when the server asks', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelay(n, null))).toEqual([
      3_000, 6_000, 12_000, 24_000, 48_000, 96_000, 120_000, 120_000,
    ]);
    expect(retryDelay(1, 10)).toBe(10_000);
    expect(retryDelay(4, 10)).toBe(24_000);
    expect(retryDelay(1, 3600)).toBe(120_000);
  });

  it('puts refusals in the failed list with the API’s message', () => {
    const msg = 'Idempotency-Key は別のリクエストで使用済みです';
    expect(classify(422, { error: { code: 'X', message: msg } }, headers(), 'event')).toEqual({
      type: 'failed',
      message: msg,
    });
    // A 409 without Retry-After is a real conflict (e.g. duplicate ear tag), the farmer's to fix.
    expect(classify(409, { error: { message: '耳標番号が重複しています' } }, headers(), 'cattle').type).toBe('failed');
    expect(classify(400, 'not json', headers(), 'event')).toEqual({ type: 'failed', message: 'HTTP 400' });
  });
});

describe('a task ticked done offline (§22)', () => {
  it('goes to its own done path, and its 2xx (or a replay) is done: sent once', () => {
    expect(queuePath('task', { taskId: 42, title: 'PGF2α' })).toBe('/api/v1/tasks/42/done');
    expect(queuePath('event', { cattleId: 1 })).toBe('/api/v1/events');
    expect(classify(200, { data: { id: 42 } }, new Headers(), 'task')).toEqual({ type: 'done' });
    // Done meanwhile by someone else: nothing is left to send.
    const alreadyDone = { error: { code: 'TASK_ALREADY_DONE', message: 'この作業は完了済みです' } };
    expect(classify(409, alreadyDone, new Headers(), 'task')).toEqual({ type: 'done' });
    expect(classify(409, { error: { code: 'TASK_NOT_OPEN', message: 'スキップ済み' } }, new Headers(), 'task')).toEqual(
      {
        type: 'failed',
        message: 'スキップ済み',
      },
    );
  });
});
