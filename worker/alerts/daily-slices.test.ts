import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import worker from '../index';
import { signUp, testEnv } from '../test/api';
import { everyShard, shardName, shardOf } from '../test/shards';
import { runDailyAlerts } from './daily';

/** The daily run sliced across invocations: one farm per scope and one scope per invocation here. */
const now = new Date();
const today = todayJst(now);
const slice = { maxScopes: 1, ownersPerScope: 1 };
let identification = 1_800_000_000;
const farms: number[] = [];

async function cowOpenFor(member: { farmId: number; userId: number }, days: number) {
  const shard = await shardOf(member.farmId);
  const { meta } = await shard
    .prepare(
      "INSERT INTO cattle (farm_id, created_by, identification_number, name, gender, status) VALUES (?, ?, ?, '分割', '雌', 'HEALTHY')",
    )
    .bind(member.farmId, member.userId, ++identification)
    .run();
  await shard
    .prepare('INSERT INTO breeding_status (cattle_id, last_calving_date) VALUES (?, ?)')
    .bind(meta.last_row_id, addDays(today, -days))
    .run();
}

const farmsWithAlerts = async () =>
  (await everyShard.prepare('SELECT DISTINCT farm_id AS id FROM alerts ORDER BY 1').all<{ id: number }>()).results
    .sort((a, b) => a.id - b.id)
    .map((r) => r.id);

async function scheduled(cron: string) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: now.getTime(), cron }), testEnv, ctx);
  await waitOnExecutionContext(ctx);
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  for (let i = 0; i < 3; i++) {
    const member = await signUp({ name: `分割牧場${i}` });
    await cowOpenFor(member, 70 + i);
    farms.push(member.farmId);
  }
});

describe('the daily run in slices', () => {
  it('does nothing on a follow-up cron before the dawn cron has started the day', async () => {
    await scheduled('5-55/5 21 * * *');
    expect(await farmsWithAlerts()).toEqual([]);
    expect(await testEnv.DB.prepare('SELECT count(*) AS n FROM daily_runs').first('n')).toBe(0);
  });

  // One slice per shard per invocation (decision 034): farms 0 and 2 are on shard 0, farm 1 on shard 1.
  it('covers one slice of each shard per invocation and continues where the last one stopped', async () => {
    expect(await Promise.all(farms.map(async (id) => (await shardName(id)).slice(-1)))).toEqual(['0', '1', '0']);
    const first = await runDailyAlerts(testEnv, { now, slice });
    expect(first).toMatchObject({ scopes: 2, finished: false, created: 2 });
    expect(await farmsWithAlerts()).toEqual(farms.slice(0, 2));

    // The cursor is the farm shard 0 stopped at: shard 1 looks at its farm again and finds nothing new.
    const second = await runDailyAlerts(testEnv, { now, slice, continuation: true });
    expect(second).toMatchObject({ scopes: 2, finished: true, created: 1 });
    expect(await farmsWithAlerts()).toEqual(farms);

    const progress = await testEnv.DB.prepare('SELECT * FROM daily_runs WHERE run_date = ?').bind(today).first<any>();
    expect(progress).toMatchObject({ after_owner_id: farms[2], invocations: 2 });
    expect(progress.finished_at).not.toBeNull();
  });

  it('leaves a finished day alone on later follow-ups, and the dawn cron starts it over', async () => {
    expect(await runDailyAlerts(testEnv, { now, slice, continuation: true })).toMatchObject({
      scopes: 0,
      finished: true,
    });
    const again = await runDailyAlerts(testEnv, { now, slice });
    expect(again).toMatchObject({ scopes: 2, finished: false, created: 0 });
    const progress = await testEnv.DB.prepare(
      'SELECT after_owner_id, invocations, finished_at FROM daily_runs WHERE run_date = ?',
    )
      .bind(today)
      .first<any>();
    expect(progress).toEqual({ after_owner_id: farms[0], invocations: 1, finished_at: null });
  });

  it('finishes the whole day in one dawn invocation at the production slice size', async () => {
    await scheduled('0 21 * * *');
    const progress = await testEnv.DB.prepare('SELECT finished_at, invocations FROM daily_runs WHERE run_date = ?')
      .bind(today)
      .first<any>();
    expect(progress.invocations).toBe(1);
    expect(progress.finished_at).not.toBeNull();
  });
});
