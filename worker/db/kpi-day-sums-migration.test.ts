import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0009 (the kept KPI figures summed per day, decision 036's second addendum) on a shard seeded in the
 * schema before it: every figure, eligibility change and stale mark kept; the day sums filled from the figures
 * already kept, with the sums written out below; then the triggers add and take away each row's share, on its farm.
 */
const { db, before, migration, run, all } = migrationDb('0009', 'shard');
const NO_DAY = -1_000_000_000;

async function snapshot() {
  return {
    figures: await all('SELECT * FROM kpi_figures ORDER BY farm_id, cattle_id, kind, day, a'),
    eligible: await all('SELECT * FROM kpi_eligible_days ORDER BY farm_id, day'),
    stale: await all('SELECT * FROM kpi_stale ORDER BY cattle_id'),
  };
}

const figure = (
  farm: number,
  cattle: number,
  kind: string,
  day: number,
  flags: number,
  a: number | null,
  b: number | null,
  left: number | null,
) =>
  run(
    'INSERT INTO kpi_figures (farm_id, cattle_id, kind, day, flags, a, b, left_day) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    farm,
    cattle,
    kind,
    day,
    flags,
    a,
    b,
    left,
  );

/** Day 20000 is 2024-10-04 (its month starts on day 19997); day 19990 is 2024-09-24 (month start 19967). */
async function seed() {
  // Farm 1, cow 10: two services, a birth, three event days, a conceiving service and a heat, an eligible stretch.
  await figure(1, 10, 'S', 20000, 3, 80, 60, null); // first, pregnant; 80 days open, 60 to first service
  await figure(1, 10, 'S', 20010, 4, null, null, null); // open
  await figure(1, 10, 'B', 19900, 0, 400, null, null); // calving interval 400
  await figure(1, 10, 'D', 19990, 2, NO_DAY, null, null); // her first event day, two events
  await figure(1, 10, 'D', 20000, 1, 19990, null, null); // the first of October's
  await figure(1, 10, 'D', 20005, 3, 20000, null, null);
  await figure(1, 10, 'C', 20000, NO_DAY, 19985, 20000, null);
  await figure(1, 10, 'H', 20000, 19990, 19995, 20000, null);
  await figure(1, 10, 'L', 19900, 0, 20100, null, null);
  // Farm 1, cow 11, left on day 19950: a service before, and an event day after she left (not in the sums).
  await figure(1, 11, 'S', 19940, 1, null, null, 19950);
  await figure(1, 11, 'D', 19960, 1, NO_DAY, null, 19950);
  await run('INSERT INTO kpi_stale (cattle_id, farm_id, mark) VALUES (11, 1, 42)');
  // Farm 2, cow 20: a first service, open.
  await figure(2, 20, 'S', 20000, 5, null, null, null);
}

const sums = (farm: number) =>
  all(
    `SELECT kind, day, n, v1, v2, v3, v4, v5, v6, v7, v8, v9 FROM kpi_day_sums
     WHERE farm_id = ? AND (n <> 0 OR v1 <> 0 OR v2 <> 0 OR v3 <> 0 OR v4 <> 0 OR v5 <> 0 OR v6 <> 0 OR v7 <> 0
       OR v8 <> 0 OR v9 <> 0)
     ORDER BY kind, day`,
    farm,
  );
const row = (kind: string, day: number, values: Partial<Record<string, number>> = {}) => ({
  kind,
  day,
  ...{ n: 0, v1: 0, v2: 0, v3: 0, v4: 0, v5: 0, v6: 0, v7: 0, v8: 0, v9: 0 },
  ...values,
});

/**
 * Cow 10's conceiving service on day 20000 counts for a cycle starting o days before it when that start is among her
 * eligible days 19985–20000 and after her previous day (none): o = 0…15. Her heat counts for starts within
 * 19995–20000 after her previous heat (19990): o = 0…5.
 */
const cycleDay = {
  farm_id: 1,
  day: 20000,
  ...Object.fromEntries(Array.from({ length: 21 }, (_, o) => [`c${o}`, o <= 15 ? 1 : 0])),
  ...Object.fromEntries(Array.from({ length: 21 }, (_, o) => [`h${o}`, o <= 5 ? 1 : 0])),
};
const cycles = () => all('SELECT * FROM kpi_cycle_days ORDER BY farm_id, day');
const farmOneSums = [
  row('A', 19990, { n: 1 }), // day 20000's previous day
  // Cow 10 eligible on days 19900–20100: +1 in the block of 64 days from 19840 (19900 − 19900 mod 64 = 19900 − 60),
  // −1 in that of 20101, from 20096 (20101 mod 64 = 5).
  row('E', 19840, { n: 1 }),
  row('E', 20096, { n: -1 }),
  row('A', 20000, { n: 1 }), // day 20005's
  row('B', 19900, { n: 1, v6: 400, v7: 1 }),
  row('D', 19990, { n: 1, v1: 2 }),
  row('D', 20000, { n: 1, v1: 1 }),
  row('D', 20005, { n: 1, v1: 3 }),
  row('F', 19990, { n: 1 }),
  row('M', 19990, { n: 1 }), // first of September's (no previous day)
  row('M', 20000, { n: 1 }), // 19990 < 19997: first of October's; day 20005 is not
  row('S', 19940, { n: 1, v1: 1 }), // cow 11's, before she left
  // flags 3: first (v1), pregnant (v2), first and pregnant (v4); 80 days open (v6, v7), 60 to first (v8, v9).
  row('S', 20000, { n: 1, v1: 1, v2: 1, v4: 1, v6: 80, v7: 1, v8: 60, v9: 1 }),
  row('S', 20010, { n: 1, v3: 1 }), // flags 4: open
];
/** In the query's order: by kind as text (P10 before P2), then day. */
const byKind = (rows: { kind: string; day: number }[]) =>
  [...rows].sort((x, y) => (x.kind === y.kind ? x.day - y.day : x.kind < y.kind ? -1 : 1));

describe('shard migration 0009: kept KPI figures summed per day', () => {
  let beforeSnapshot: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    await applyD1Migrations(db, before);
    await seed();
    beforeSnapshot = await snapshot();
    await applyD1Migrations(db, migration);
  });

  it('keeps every figure, eligibility change and stale mark', async () => {
    expect(beforeSnapshot.figures).toHaveLength(12);
    expect(beforeSnapshot.eligible).toEqual([
      { farm_id: 1, day: 19900, delta: 1 },
      { farm_id: 1, day: 20101, delta: -1 },
    ]);
    expect(beforeSnapshot.stale).toEqual([{ cattle_id: 11, farm_id: 1, mark: 42 }]);
    expect(await snapshot()).toEqual(beforeSnapshot);
  });

  it('fills the day sums from the kept figures, each farm its own, leaving out the event day after a cow left', async () => {
    expect(await sums(1)).toEqual(byKind(farmOneSums));
    // Farm 2: flags 5 is first (v1), open (v3), first and open (v5).
    expect(await sums(2)).toEqual([row('S', 20000, { n: 1, v1: 1, v3: 1, v5: 1 })]);
    expect(await cycles()).toEqual([cycleDay]);
  });

  it('adds a new row to its farm only, and takes it away again when it is deleted', async () => {
    await figure(1, 10, 'D', 20003, 1, 20000, null, null);
    await figure(1, 10, 'S', 20003, 5, 30, null, null);
    await figure(1, 10, 'L', 20003, 0, 20200, null, null); // eligible 20003–20200: blocks from 19968 and 20160
    const added = byKind([
      ...farmOneSums.filter((r) => !(r.kind === 'A' && r.day === 20000)),
      row('A', 20000, { n: 2 }),
      row('E', 19968, { n: 1 }),
      row('E', 20160, { n: -1 }),
      row('D', 20003, { n: 1, v1: 1 }),
      row('S', 20003, { n: 1, v1: 1, v3: 1, v5: 1, v6: 30, v7: 1 }),
    ]);
    expect(await sums(1)).toEqual(added);
    expect(await sums(2)).toEqual([row('S', 20000, { n: 1, v1: 1, v3: 1, v5: 1 })]);
    await run("DELETE FROM kpi_figures WHERE farm_id = 1 AND day = 20003 AND kind IN ('D', 'S', 'L')");
    expect(await sums(1)).toEqual(byKind(farmOneSums));
  });

  it('takes a conceiving service and a heat away from every cycle offset that counted them', async () => {
    await run("DELETE FROM kpi_figures WHERE cattle_id = 10 AND kind = 'C'");
    expect(await cycles()).toEqual([
      { ...cycleDay, ...Object.fromEntries(Array.from({ length: 21 }, (_, o) => [`c${o}`, 0])) },
    ]);
    await run("DELETE FROM kpi_figures WHERE cattle_id = 10 AND kind = 'H'");
    expect(
      (await cycles()).map(({ farm_id, day, ...counts }) => [
        farm_id,
        day,
        Math.max(...(Object.values(counts) as number[])),
      ]),
    ).toEqual([[1, 20000, 0]]);
    await figure(1, 10, 'C', 20000, NO_DAY, 19985, 20000, null);
    await figure(1, 10, 'H', 20000, 19990, 19995, 20000, null);
    expect(await cycles()).toEqual([cycleDay]);
    expect(await sums(1)).toEqual(byKind(farmOneSums));
  });

  it('reads the rows after a cow left and the long gaps through their partial indexes', async () => {
    const plan = async (sql: string) =>
      (await all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)).map((r) => r.detail).join(' ');
    expect(
      await plan(
        "SELECT count(*) FROM kpi_figures m INDEXED BY kpi_figures_after_left_idx WHERE m.farm_id = 1 AND m.left_day < m.day AND m.kind IN ('S', 'B', 'D')",
      ),
    ).toContain('kpi_figures_after_left_idx');
    const gaps = `SELECT count(*) AS n FROM kpi_figures g INDEXED BY kpi_figures_gap_idx
      WHERE g.farm_id = 1 AND g.kind = 'D' AND g.a > -1000000000 AND (g.left_day IS NULL OR g.left_day >= g.day)
        AND g.day - g.a > 4 AND g.a < 20001 AND g.day > 20004`;
    expect(await plan(gaps)).toContain('COVERING INDEX kpi_figures_gap_idx');
    // Only day 20005 (previous day 20000) spans 20001–20004.
    expect(await all(gaps)).toEqual([{ n: 1 }]);
  });
});
