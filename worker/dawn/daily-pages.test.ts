import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '../index';
import { testEnv } from '../test/api';
import { DAWN_FARMS_PER_PAGE, DAWN_SEND_BATCH, type DawnMessage } from './dawn-enqueue';

/**
 * A farm list longer than one page: the cron enqueues the first 5,000 farms and hands the rest on as a page message,
 * whose consumer enqueues the next page, so no invocation sends more than 50 sendBatch calls however many farms.
 */
const FARMS = DAWN_FARMS_PER_PAGE + 120;
const cronAt = new Date('2026-11-26T21:00:00.000Z');
const day = '2026-11-27';

/** A stand-in queue that keeps what is sent to it. */
function recordingQueue() {
  const batches: MessageSendRequest<DawnMessage>[][] = [];
  const singles: DawnMessage[] = [];
  const queue = {
    sendBatch: async (messages: Iterable<MessageSendRequest<DawnMessage>>) => {
      batches.push([...messages]);
    },
    send: async (message: DawnMessage) => {
      singles.push(message);
    },
  };
  return { batches, singles, env: { ...testEnv, DAWN_QUEUE: queue } };
}

const farmIds = (batches: MessageSendRequest<DawnMessage>[][]) =>
  batches.flat().map((m) => (m.body.kind === 'farm' ? m.body.farmId : -1));

let ids: number[];

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${FARMS})
     INSERT INTO farms (name) SELECT '牧場' || i FROM n`,
  ).run();
  ids = (await env.DB.prepare('SELECT id FROM farms ORDER BY id').all<{ id: number }>()).results.map((r) => r.id);
});

describe('the farm list in pages', () => {
  it('enqueues the first page from the cron, 100 farms a sendBatch, and a page message for the rest', async () => {
    const sent = recordingQueue();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: cronAt, cron: '0 21 * * *' }), sent.env, ctx);
    await waitOnExecutionContext(ctx);
    expect(ids).toHaveLength(FARMS);
    expect(sent.batches).toHaveLength(DAWN_FARMS_PER_PAGE / DAWN_SEND_BATCH);
    expect(sent.batches.every((b) => b.length === DAWN_SEND_BATCH)).toBe(true);
    expect(farmIds(sent.batches)).toEqual(ids.slice(0, DAWN_FARMS_PER_PAGE));
    expect(sent.singles).toEqual([{ kind: 'page', afterFarmId: ids[DAWN_FARMS_PER_PAGE - 1], day }]);
    const progress = await env.DB.prepare(
      'SELECT after_owner_id, invocations, finished_at FROM daily_runs WHERE run_date = ?',
    )
      .bind(day)
      .first();
    expect(progress).toEqual({ after_owner_id: ids[DAWN_FARMS_PER_PAGE - 1], invocations: 1, finished_at: null });
  });

  it('enqueues the next page when the page message is consumed, and marks the list finished', async () => {
    const sent = recordingQueue();
    const page: DawnMessage = { kind: 'page', afterFarmId: ids[DAWN_FARMS_PER_PAGE - 1], day };
    const batch = createMessageBatch<DawnMessage>('ushicho-dawn', [
      { id: 'page-2', timestamp: new Date(), attempts: 1, body: page },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, sent.env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['page-2']);
    expect(sent.batches.map((b) => b.length)).toEqual([100, 20]);
    expect(farmIds(sent.batches)).toEqual(ids.slice(DAWN_FARMS_PER_PAGE));
    expect(sent.singles).toEqual([]);
    const progress = await env.DB.prepare(
      'SELECT after_owner_id, invocations, finished_at FROM daily_runs WHERE run_date = ?',
    )
      .bind(day)
      .first<{ after_owner_id: number; invocations: number; finished_at: string | null }>();
    expect(progress).toMatchObject({ after_owner_id: ids.at(-1), invocations: 2 });
    expect(progress!.finished_at).not.toBeNull();
  });
});
