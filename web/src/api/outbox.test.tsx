import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/messages';
import { setLocale } from '../lib/i18n';

// The queue's storage in memory, the sender as a script of answers, one signed-in user.
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
vi.mock('../lib/auth-token', () => ({ currentUserId: () => 7, onTokenChange: () => () => {} }));
const notices: string[] = [];
vi.mock('../lib/offline-status', () => ({
  announce: (notice: string) => notices.push(notice),
  reportQueue: () => {},
}));

const created = () => new Response(JSON.stringify({ data: { id: 1 } }), { status: 201 });

describe('the offline queue sends again by itself after no usable answer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setLocale('ja');
    stored.clear();
    answers.length = 0;
    sent.length = 0;
    notices.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a server still starting: the first try gets nothing, the retry 3 s later sends both records', async () => {
    const outbox = await import('./outbox');
    await outbox.enqueue('event', { eventType: 'INSEMINATION' }, 'a', 1);
    await outbox.enqueue('event', { eventType: 'WEIGHT_MEASURED' }, 'b', 1);
    answers.push(new Error('connection refused'), created(), created());
    const onSent = vi.fn();
    outbox.startOutbox(onSent);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a']);
    expect(outbox.listQueued().map((i) => [i.key, i.attempts])).toEqual([
      ['a', 1],
      ['b', 0],
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

  it('waits longer each time the server errs, and not at all for a signed-out answer', async () => {
    const outbox = await import('./outbox');
    await outbox.enqueue('event', { eventType: 'HEAT' }, 'c', 1);
    answers.push(new Response(null, { status: 503 }), new Response(null, { status: 503 }), created());
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sent).toEqual(['c', 'c']);
    await vi.advanceTimersByTimeAsync(5_900);
    expect(sent).toEqual(['c', 'c']);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toEqual(['c', 'c', 'c']);
    expect(outbox.listQueued()).toEqual([]);

    await outbox.enqueue('event', { eventType: 'HEAT' }, 'd', 1);
    answers.push(new Response(JSON.stringify({ error: { message: 'ログインしてください' } }), { status: 401 }));
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sent.filter((k) => k === 'd')).toEqual(['d']);
    expect(outbox.listQueued().map((i) => i.status)).toEqual(['pending']);
  });
});
