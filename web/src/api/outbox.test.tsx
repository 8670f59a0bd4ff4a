import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedWrite } from '../lib/write-queue';

// The queue's storage in memory, the sender as a script of answers, one user who can sign out and in again.
const stored = new Map<string, unknown>();
vi.mock('idb-keyval', () => ({
  createStore: () => ({}),
  get: async (key: string) => stored.get(key),
  set: async (key: string, value: unknown) => void stored.set(key, value),
}));
const answers: (Response | Error)[] = [];
const sent: string[] = [];
vi.mock('./client', () => ({
  sendCreate: async (_path: string, _body: unknown, key: string) => {
    sent.push(key);
    const next = answers.shift() ?? new Error('no answer');
    if (next instanceof Error) throw next;
    return next;
  },
}));
const auth = vi.hoisted(() => ({ user: 7 as number | null, listeners: [] as (() => void)[] }));
vi.mock('../lib/auth-token', () => ({
  currentUserId: () => auth.user,
  onTokenChange: (fn: () => void) => {
    auth.listeners.push(fn);
    return () => {};
  },
}));
const notices: string[] = [];
vi.mock('../lib/offline-status', () => ({
  announce: (notice: string) => notices.push(notice),
  reportQueue: () => {},
}));

const created = () => new Response(JSON.stringify({ data: { id: 1 } }), { status: 201 });
const signedOut = () => new Response(JSON.stringify({ error: { message: 'ログインしてください' } }), { status: 401 });
/** Records waiting from an earlier visit (IndexedDB), as the app finds them when it starts. */
const waiting = (...keys: string[]) =>
  stored.set(
    'items:7',
    keys.map(
      (key, i): QueuedWrite => ({
        key,
        kind: 'event',
        body: { eventType: 'HEAT' },
        farmId: 1,
        createdAt: i,
        status: 'pending',
        // Tried many times before: the wait after the next failure does not grow with it.
        attempts: 9,
      }),
    ),
  );

describe('the offline queue sends again by itself', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    // Each test starts the queue's module afresh (its failures in a row, its loaded queue), with the messages.
    vi.resetModules();
    await import('../lib/messages');
    (await import('../lib/i18n')).setLocale('ja');
    stored.clear();
    answers.length = 0;
    sent.length = 0;
    notices.length = 0;
    auth.user = 7;
    auth.listeners.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a server still starting: the first try gets nothing, the retry 3 s later sends both records', async () => {
    waiting('a', 'b');
    const outbox = await import('./outbox');
    answers.push(new Error('connection refused'), created(), created());
    const onSent = vi.fn();
    outbox.startOutbox(onSent);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a']);
    expect(outbox.listQueued().map((i) => [i.key, i.attempts])).toEqual([
      ['a', 10],
      ['b', 9],
    ]);
    // Nothing before the first wait is over; both go out once it is.
    await vi.advanceTimersByTimeAsync(2_900);
    expect(sent).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toEqual(['a', 'a', 'b']);
    expect(outbox.listQueued()).toEqual([]);
    expect(notices).toEqual(['未送信の記録を送信しました（2件）']);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('waits twice as long after each failure in a row, and 3 s again after a send that went through', async () => {
    waiting('c');
    const outbox = await import('./outbox');
    answers.push(new Response(null, { status: 503 }), new Response(null, { status: 503 }), created());
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sent).toEqual(['c', 'c']);
    await vi.advanceTimersByTimeAsync(5_900);
    expect(sent).toEqual(['c', 'c']);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toEqual(['c', 'c', 'c']);
    expect(outbox.listQueued()).toEqual([]);

    // A record queued with the device online (its own send got no answer): tried again 3 s later, by itself.
    answers.push(created());
    await outbox.enqueue('event', { eventType: 'HEAT' }, 'd', 1);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(sent.filter((k) => k === 'd')).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent.filter((k) => k === 'd')).toEqual(['d']);
    expect(outbox.listQueued()).toEqual([]);
  });

  it('a signed-out answer sets no timer; the sign-in sends what waited', async () => {
    waiting('e');
    const outbox = await import('./outbox');
    answers.push(signedOut());
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sent).toEqual(['e']);
    expect(outbox.listQueued().map((i) => i.status)).toEqual(['pending']);

    answers.push(created());
    for (const fn of auth.listeners) fn();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['e', 'e']);
    expect(outbox.listQueued()).toEqual([]);
  });
});
