import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0022, its second half (the KPI drill-down kept per period, decision 057), on a shard seeded in the
 * schema before it: every kept figure, day sum and stale mark as it was, no period kept; then, once a period is kept,
 * the triggers add each figure row's share to its cow's row (on the figure's farm) and take it away again, and count
 * the cows with events. Day 20000 is 2024-10-04.
 */
const { db, before, migration, run, all } = migrationDb('0022', 'shard');

const figure = (farm: number, cattle: number, kind: string, day: number, flags: number, a: number | null) =>
  run(
    'INSERT INTO kpi_figures (farm_id, cattle_id, kind, day, flags, a, b, left_day) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL)',
    farm,
    cattle,
    kind,
    day,
    flags,
    a,
  );

const snapshot = async () => ({
  figures: await all('SELECT * FROM kpi_figures ORDER BY farm_id, cattle_id, kind, day'),
  sums: await all('SELECT * FROM kpi_day_sums ORDER BY farm_id, kind, day'),
  stale: await all('SELECT * FROM kpi_stale ORDER BY cattle_id'),
});
const rows = () =>
  all(
    `SELECT r.farm_id, r.period_id, r.cattle_id, r.services, r.pregnant, r.open, r.days_open_sum, r.days_open_n, r.interval_sum,
       r.interval_n, r.events FROM kpi_cow_rows r ORDER BY r.period_id, r.cattle_id`,
  );
const periods = () => all('SELECT period_id, farm_id, from_day, to_day, cows FROM kpi_kept_periods ORDER BY period_id');

let seeded: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await figure(1, 10, 'S', 20000, 3, 80); // first service, pregnant, 80 days open
  await figure(1, 10, 'D', 20000, 2, -1_000_000_000); // two events that day
  await figure(2, 20, 'S', 20000, 5, null); // another farm's open first service
  await figure(2, 20, 'D', 20000, 1, -1_000_000_000);
  await run('INSERT INTO kpi_stale (cattle_id, farm_id, mark) VALUES (11, 1, 42)');
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0022 (the KPI drill-down kept per period)', () => {
  it('keeps every figure, day sum and stale mark, and keeps no period until one is asked for', async () => {
    expect(seeded.figures).toHaveLength(4);
    expect(await snapshot()).toEqual(seeded);
    expect(await periods()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("adds a figure's share to its cow's row in each kept period of its farm holding its day, and counts the cow", async () => {
    // Farm 1 keeps days 19990–20010 and 20005–20100; farm 2 keeps 19990–20010.
    await run(
      `INSERT INTO kpi_kept_periods (period_id, farm_id, from_day, to_day, filled)
       VALUES (1, 1, 19990, 20010, 1), (2, 1, 20005, 20100, 1), (3, 2, 19990, 20010, 1)`,
    );
    await figure(1, 10, 'S', 20008, 4, 30); // open, 30 days open: in period 1 and 2
    await figure(1, 10, 'D', 20008, 1, 20000);
    await figure(1, 10, 'B', 20050, 0, 400); // a birth, interval 400: period 2 only
    await figure(1, 12, 'S', 20050, 0, null); // cow 12's service, no event day in a period: not counted
    const row = (period: number, cattle: number, values: Record<string, number>) => ({
      farm_id: 1,
      period_id: period,
      cattle_id: cattle,
      ...{ services: 0, pregnant: 0, open: 0, days_open_sum: 0, days_open_n: 0, interval_sum: 0, interval_n: 0 },
      ...{ events: 0 },
      ...values,
    });
    expect(await rows()).toEqual([
      row(1, 10, { services: 1, open: 1, days_open_sum: 30, days_open_n: 1, events: 1 }),
      row(2, 10, {
        services: 1,
        open: 1,
        days_open_sum: 30,
        days_open_n: 1,
        interval_sum: 400,
        interval_n: 1,
        events: 1,
      }),
      row(2, 12, { services: 1 }),
    ]);
    expect((await periods()).map((p) => p.cows)).toEqual([1, 1, 0]);

    // Taken away again: cow 10's event day in period 1 goes, so she no longer counts there.
    await run("DELETE FROM kpi_figures WHERE cattle_id = 10 AND kind = 'D' AND day = 20008");
    expect((await rows())[0]).toEqual(row(1, 10, { services: 1, open: 1, days_open_sum: 30, days_open_n: 1 }));
    expect((await periods()).map((p) => p.cows)).toEqual([0, 0, 0]);
  });

  it('numbers kept periods on the shard’s own id sequence, so a farm move copies them with their ids', async () => {
    const [table] = await all<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'kpi_kept_periods'");
    expect(table.sql).toMatch(/`period_id` integer PRIMARY KEY AUTOINCREMENT/);
    await run('INSERT INTO kpi_kept_periods (farm_id, from_day, to_day) VALUES (2, 20100, 20200)');
    expect((await periods()).map((p) => p.period_id)).toEqual([1, 2, 3, 4]);
  });

  it('reads a page of a figure from its index, in its order', async () => {
    const plan = await all<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT cattle_id FROM kpi_cow_rows INDEXED BY kpi_cow_rows_open_idx
       WHERE period_id = 1 AND events > 0 ORDER BY open DESC, cattle_id ASC LIMIT 51`,
    );
    expect(plan.map((p) => p.detail).join(' ')).toBe(
      'SEARCH kpi_cow_rows USING INDEX kpi_cow_rows_open_idx (period_id=?)',
    );
  });
});
