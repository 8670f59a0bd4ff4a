import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import type { Env } from '../env';
import worker from '../index';
import { signUp, testEnv } from '../test/api';
import { everyShard, shardOf } from '../test/shards';
import { DAWN_LEASE_MS } from './daily';
import type { DawnMessage } from './dawn-enqueue';
import { DAWN_DEAD_LETTER_QUEUE, dawnRetryDelaySeconds } from './dawn-queue';

/** The dawn queue's consumer (decision 035): one farm per message, retried alone, done once per JST day. */
const today = todayJst();
let identification = 1_750_000_000;
let messageId = 0;

type Farmer = Awaited<ReturnType<typeof signUp>>;
let north: Farmer;
let south: Farmer;
let failing: Farmer;

async function openCow(farmer: Farmer, name: string, daysSinceCalving: number) {
  // Farm rows go to the farm's shard (decision 034).
  const db = await shardOf(farmer.farmId);
  const { meta } = await db
    .prepare(
      "INSERT INTO cattle (farm_id, created_by, identification_number, ear_tag_number, name, gender, status) VALUES (?, ?, ?, ?, ?, '雌', 'HEALTHY')",
    )
    .bind(farmer.farmId, farmer.userId, String(++identification), String(identification % 10000), name)
    .run();
  await db
    .prepare('INSERT INTO breeding_status (cattle_id, last_calving_date) VALUES (?, ?)')
    .bind(meta.last_row_id, addDays(today, -daysSinceCalving))
    .run();
}

const farmMessage = (farmId: number, day = today, attempts = 1) => ({
  id: `dawn-${++messageId}`,
  timestamp: new Date(),
  attempts,
  body: { kind: 'farm', farmId, day } satisfies DawnMessage,
});

/** Delivers one batch to the Worker's queue handler, as the queue would; returns what it acked and retried. */
async function deliver(messages: ReturnType<typeof farmMessage>[], queue = 'ushicho-dawn', on: Env = testEnv) {
  const batch = createMessageBatch<DawnMessage>(queue, messages);
  const retries = batch.messages.map((m) => vi.spyOn(m, 'retry'));
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, on, ctx);
  const result = await getQueueResult(batch, ctx);
  return {
    acked: result.explicitAcks,
    retried: result.retryMessages.map((r: { msgId: string }) => r.msgId),
    delays: retries.map((spy) => spy.mock.calls[0]?.[0]?.delaySeconds),
  };
}

const run = (farmId: number, day = today) =>
  everyShard
    .prepare('SELECT status, tries, lease_until, digests, error FROM dawn_farm_runs WHERE run_date = ? AND farm_id = ?')
    .bind(day, farmId)
    .first<{
      status: string;
      tries: number;
      lease_until: number | null;
      digests: number | null;
      error: string | null;
    }>();
const alertsOf = async (farmId: number) =>
  (
    await everyShard
      .prepare('SELECT type, severity, message FROM alerts WHERE farm_id = ? ORDER BY type')
      .bind(farmId)
      .all<{ type: string; severity: string; message: string }>()
  ).results;
const digestsTo = async (email: string) =>
  (
    await env.DB.prepare(
      'SELECT subject FROM dev_outbox WHERE "to" = ? AND subject LIKE \'【牛帳】対応が必要なアラート%\' ORDER BY id',
    )
      .bind(email)
      .all<{ subject: string }>()
  ).results;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  north = await signUp({ name: '北牧場' });
  south = await signUp({ name: '南牧場' });
  failing = await signUp({ name: '故障牧場' });
  await openCow(north, 'はなこ', 72);
  await openCow(south, 'うめ', 80);
  await openCow(failing, 'こわれ', 90);
  // The failing farm's alerts cannot be written: every try of it fails in the database, as a D1 outage would.
  await everyShard
    .prepare(
      `CREATE TRIGGER dawn_test_failing_farm BEFORE INSERT ON alerts WHEN NEW.farm_id = ${failing.farmId}
     BEGIN SELECT RAISE(ABORT, 'the failing farm'); END`,
    )
    .run();
});

describe('the dawn queue consumer', () => {
  it('regenerates the farm of the message and mails its members one digest', async () => {
    const message = farmMessage(north.farmId);
    expect(await deliver([message])).toMatchObject({ acked: [message.id], retried: [] });
    expect(await alertsOf(north.farmId)).toEqual([
      { type: 'OPEN_DAYS_OVER60_NO_AI', severity: 'high', message: '分娩後72日経過・未授精' },
    ]);
    expect(await alertsOf(south.farmId)).toEqual([]);
    expect(await digestsTo(north.email)).toHaveLength(1);
    expect(await run(north.farmId)).toMatchObject({ status: 'done', tries: 1, lease_until: null, digests: 1 });
  });

  it('does nothing for a farm already done today: no second regeneration, no second digest', async () => {
    const history = () =>
      everyShard
        .prepare('SELECT count(*) AS n FROM alert_history h JOIN alerts a ON a.id = h.alert_id WHERE a.farm_id = ?')
        .bind(north.farmId)
        .first('n');
    const before = await history();
    const again = farmMessage(north.farmId, today, 2);
    expect(await deliver([again])).toMatchObject({ acked: [again.id], retried: [] });
    expect(await history()).toBe(before);
    expect(await digestsTo(north.email)).toHaveLength(1);
    expect(await run(north.farmId)).toMatchObject({ status: 'done', tries: 1 });
  });

  it('runs the farm again on the next JST day, with that day’s counts', async () => {
    const tomorrow = addDays(today, 1);
    const message = farmMessage(north.farmId, tomorrow);
    expect(await deliver([message])).toMatchObject({ acked: [message.id] });
    expect(await alertsOf(north.farmId)).toEqual([
      { type: 'OPEN_DAYS_OVER60_NO_AI', severity: 'high', message: '分娩後73日経過・未授精' },
    ]);
    expect(await run(north.farmId, tomorrow)).toMatchObject({ status: 'done', tries: 1 });
    // Nothing new or newly high on the second morning: no digest.
    expect(await digestsTo(north.email)).toHaveLength(1);
  });

  it('retries a failing farm alone, with backoff, and acks the others of its batch', async () => {
    const messages = [farmMessage(south.farmId), farmMessage(failing.farmId), farmMessage(north.farmId)];
    const onProduction = { ...testEnv, DAWN_RETRY_BASE_SECONDS: undefined };
    const result = await deliver(messages, 'ushicho-dawn', onProduction);
    expect(result.acked.sort()).toEqual([messages[0].id, messages[2].id].sort());
    expect(result.retried).toEqual([messages[1].id]);
    expect(result.delays).toEqual([undefined, 30, undefined]);
    expect(await alertsOf(south.farmId)).toHaveLength(1);
    expect(await digestsTo(south.email)).toHaveLength(1);
    const failed = await run(failing.farmId);
    expect(failed).toMatchObject({ status: 'retrying', tries: 1, lease_until: null });
    expect(failed?.error).toContain('the failing farm');
    // The third try waits 2 minutes; the backoff doubles to a cap of 10 minutes.
    const third = await deliver([farmMessage(failing.farmId, today, 3)], 'ushicho-dawn', onProduction);
    expect(third.delays).toEqual([120]);
    expect([1, 2, 3, 4, 5, 6].map((n) => dawnRetryDelaySeconds(n))).toEqual([30, 60, 120, 240, 480, 600]);
    expect(await run(failing.farmId)).toMatchObject({ status: 'retrying', tries: 2 });
  });

  it('moves a farm to the dead-letter queue on its 5th failed try, whose consumer records it failed for the day', async () => {
    const farmer = await signUp({ name: '故障牧場二' });
    await openCow(farmer, 'こわれ二', 90);
    await everyShard
      .prepare(
        `CREATE TRIGGER dawn_test_dead_farm BEFORE INSERT ON alerts WHEN NEW.farm_id = ${farmer.farmId}
       BEGIN SELECT RAISE(ABORT, 'the dead farm'); END`,
      )
      .run();
    // Through Miniflare's own queue: the platform counts the tries and moves the message (wrangler.toml).
    await testEnv.DAWN_QUEUE.send({ kind: 'farm', farmId: farmer.farmId, day: today } satisfies DawnMessage);
    const dead = await vi.waitUntil(
      async () => {
        const row = await run(farmer.farmId);
        return row?.status === 'dead' ? row : null;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(dead).toMatchObject({ status: 'dead', tries: 5, lease_until: null });
    expect(dead.error).toContain('the dead farm');
    expect(await digestsTo(farmer.email)).toEqual([]);
  }, 40_000);

  it('leaves a farm done by a later try done when its dead letter arrives', async () => {
    const message = farmMessage(south.farmId);
    expect(await deliver([message], DAWN_DEAD_LETTER_QUEUE)).toMatchObject({ acked: [message.id] });
    expect(await run(south.farmId)).toMatchObject({ status: 'done' });
  });

  it('lets one of two deliveries of a farm do the work, retries the other, and sends one digest', async () => {
    const farmer = await signUp({ name: '重複牧場' });
    await openCow(farmer, 'ふたご', 75);
    const twins = [farmMessage(farmer.farmId), farmMessage(farmer.farmId)];
    const result = await deliver(twins);
    expect(result.acked).toHaveLength(1);
    expect(result.retried).toHaveLength(1);
    // The one that found the farm claimed waits for the claim to end, then finds it done.
    expect(result.delays.filter((d) => d !== undefined)[0]).toBeLessThanOrEqual(DAWN_LEASE_MS / 1000);
    expect(await deliver([farmMessage(farmer.farmId, today, 2)])).toMatchObject({ retried: [] });
    expect(await digestsTo(farmer.email)).toHaveLength(1);
    expect(await run(farmer.farmId)).toMatchObject({ status: 'done', tries: 1 });
  });

  it('takes over a claim whose consumer died, and sends the morning’s news it had stored without regenerating', async () => {
    const farmer = await signUp({ name: '中断牧場' });
    await openCow(farmer, 'とちゅう', 64);
    // A first try regenerated, stored its news and died before the digests: its claim has lapsed.
    const first = farmMessage(farmer.farmId);
    await deliver([first]);
    const alert = await everyShard.prepare('SELECT * FROM alerts WHERE farm_id = ?').bind(farmer.farmId).first<any>();
    const news = [
      {
        id: alert.id,
        farmId: farmer.farmId,
        cattleId: alert.cattle_id,
        cattleName: 'とちゅう',
        cattleEarTagNumber: alert.cattle_ear_tag_number,
        type: 'OPEN_DAYS_OVER60_NO_AI',
        severity: 'high',
        dueAt: alert.due_at,
        message: '分娩後64日経過・未授精',
      },
    ];
    await everyShard
      .prepare(
        "UPDATE dawn_farm_runs SET status = 'working', lease_until = ?, news = ?, digests = NULL WHERE run_date = ? AND farm_id = ?",
      )
      .bind(Date.now() - 1, JSON.stringify(news), today, farmer.farmId)
      .run();
    await env.DB.prepare('DELETE FROM dev_outbox WHERE "to" = ?').bind(farmer.email).run();
    const history = await everyShard
      .prepare('SELECT count(*) AS n FROM alert_history WHERE alert_id = ?')
      .bind(alert.id)
      .first('n');

    expect(await deliver([farmMessage(farmer.farmId, today, 2)])).toMatchObject({ retried: [] });
    expect(await run(farmer.farmId)).toMatchObject({ status: 'done', tries: 2, digests: 1 });
    expect(await digestsTo(farmer.email)).toHaveLength(1);
    expect(
      await everyShard.prepare('SELECT count(*) AS n FROM alert_history WHERE alert_id = ?').bind(alert.id).first('n'),
    ).toBe(history);
  });

  it('drops a message it cannot read, and logs it', async () => {
    const odd = { id: 'odd', timestamp: new Date(), attempts: 1, body: { kind: 'farm', farmId: 'x', day: today } };
    expect(await deliver([odd as never])).toMatchObject({ acked: ['odd'], retried: [] });
  });
});
