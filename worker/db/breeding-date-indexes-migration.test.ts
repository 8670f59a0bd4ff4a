import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0007 (the home screen's breeding dates looked up by value, decision 036) on a shard seeded in the
 * schema before it: every row and value kept, the three indexes in place, and the home screen's two reads answered
 * through them with the same rows as before.
 */
const { db, before, migration, run, all } = migrationDb('0007', 'shard');
const TABLES = ['cattle', 'breeding_status', 'events'] as const;

async function snapshot() {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) out[table] = (await all<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0].n;
  out.values = await all(
    `SELECT cattle_id, expected_calving_date, withdrawal_meat_until, withdrawal_milk_until, version
     FROM breeding_status ORDER BY cattle_id`,
  );
  return out;
}

// The home screen's statements as worker/home/home.queries.ts and worker/cattle/cattle.queries.ts write them.
const CALVINGS = `SELECT c.cattle_id AS id, bs.expected_calving_date AS date FROM breeding_status bs
  JOIN cattle c ON c.cattle_id = bs.cattle_id
  WHERE +c.farm_id = 1 AND c.status NOT IN ('DEAD', 'SHIPPED') AND bs.expected_calving_date BETWEEN '2026-11-01' AND '2026-12-26'
  ORDER BY bs.expected_calving_date, c.cattle_id`;
const WITHDRAWAL = `SELECT c.cattle_id AS id FROM cattle c WHERE c.farm_id = 1 AND c.cattle_id IN (
    SELECT cattle_id FROM breeding_status
    WHERE withdrawal_meat_until >= '2026-11-26' OR withdrawal_milk_until >= '2026-11-26')
  ORDER BY c.cattle_id`;

async function seed() {
  // Farm 1: 10 calving on 11-05, 11 on 12-20, 12 on 12-27 (after the window), 13 shipped (calving 11-10); farm 2: 20
  // calving on 11-05. 10 under meat withdrawal to 11-30, 11 under milk withdrawal to 11-26, 12's ended 11-25.
  const animals: [number, number, string, string | null, string | null, string | null][] = [
    [10, 1, 'HEALTHY', '2026-11-05', '2026-11-30', null],
    [11, 1, 'PREGNANT', '2026-12-20', null, '2026-11-26'],
    [12, 1, 'PREGNANT', '2026-12-27', '2026-11-25', '2026-11-25'],
    [13, 1, 'SHIPPED', '2026-11-10', null, null],
    [20, 2, 'PREGNANT', '2026-11-05', null, null],
  ];
  for (const [id, farm, status, calving, meat, milk] of animals) {
    await run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, name, gender, status)
       VALUES (?, ?, 1, ?, ?, '雌', ?)`,
      id,
      farm,
      String(1_000_000_000 + id),
      `牛${id}`,
      status,
    );
    await run(
      `INSERT INTO breeding_status (cattle_id, parity, expected_calving_date, withdrawal_meat_until,
         withdrawal_milk_until, version) VALUES (?, 1, ?, ?, ?, 3)`,
      id,
      calving,
      meat,
      milk,
    );
  }
  await run(
    `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (10, 1, 1, 'CALVING', '2025-10-01T00:00:00.000Z')`,
  );
}

describe('shard migration 0007: breeding date indexes', () => {
  let beforeSnapshot: Record<string, unknown>;
  let beforeCalvings: unknown[];
  let beforeWithdrawal: unknown[];

  beforeAll(async () => {
    await applyD1Migrations(db, before);
    await seed();
    beforeSnapshot = await snapshot();
    beforeCalvings = await all(CALVINGS);
    beforeWithdrawal = await all(WITHDRAWAL);
    await applyD1Migrations(db, migration);
  });

  it('keeps every row and value', async () => {
    expect(beforeSnapshot).toMatchObject({ cattle: 5, breeding_status: 5, events: 1 });
    expect(await snapshot()).toEqual(beforeSnapshot);
  });

  it('adds the three indexes', async () => {
    const indexes = await all<{ name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'breeding_status' AND name LIKE '%_idx' ORDER BY name`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      'breeding_status_expected_calving_idx',
      'breeding_status_withdrawal_meat_idx',
      'breeding_status_withdrawal_milk_idx',
    ]);
  });

  it('answers the home screen reads with the same rows, through the indexes', async () => {
    expect(beforeCalvings).toEqual([
      { id: 10, date: '2026-11-05' },
      { id: 11, date: '2026-12-20' },
    ]);
    expect(await all(CALVINGS)).toEqual(beforeCalvings);
    expect(beforeWithdrawal).toEqual([{ id: 10 }, { id: 11 }]);
    expect(await all(WITHDRAWAL)).toEqual(beforeWithdrawal);
    const plan = async (statement: string) =>
      (await all<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement}`)).map((r) => r.detail).join(' | ');
    expect(await plan(CALVINGS)).toContain('breeding_status_expected_calving_idx');
    expect(await plan(WITHDRAWAL)).toMatch(/breeding_status_withdrawal_(meat|milk)_idx/);
  });
});
