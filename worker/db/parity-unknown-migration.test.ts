import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0014 (parity may be unknown, decision 046) on a shard seeded in the schema before it: the table is
 * rebuilt with nullable parities and every row kept with its values; only the invented parities — a cow registered as
 * 初産牛 or 経産牛 with the old default 0 and no calving on record — become unknown; the version guard and the KPI
 * triggers work on the new table.
 */
const { db, before, migration, run, all } = migrationDb('0014', 'shard');

const rows = () =>
  all<Record<string, unknown>>('SELECT * FROM breeding_status ORDER BY breeding_status_id').then((r) =>
    r.map(({ created_at, updated_at, ...row }) => row),
  );
let seeded: Record<string, unknown>[];

/** Animals 1–7 of farm 1: [id, gender, stage, initial parity, parity, a calving on record]. */
const ANIMALS: [number, string, string, number, number, boolean][] = [
  [1, '雌', 'MULTI_PAROUS', 0, 0, false], // 経産牛 shown as 産次 0: invented → unknown
  [2, '雌', 'FIRST_CALVED', 0, 0, false], // 初産牛 shown as 産次 0: invented → unknown
  [3, '雌', 'MULTI_PAROUS', 2, 3, true], // registered 2 + one calving = 3: kept
  [4, '雌', 'MULTI_PAROUS', 0, 1, true], // no registered parity, one calving counted: kept at 1
  [5, '雌', 'GROWING', 0, 0, false], // a heifer: 0 kept
  [6, '雄', 'MULTI_PAROUS', 0, 0, false], // a bull with a wrong stage: not a cow, left alone
  [7, '雌', 'MULTI_PAROUS', 3, 3, false], // registered 3: kept
];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    ...ANIMALS.map(([id, gender, stage]) =>
      db
        .prepare(
          `INSERT INTO cattle (cattle_id, farm_id, created_by, gender, growth_stage, birthday) VALUES (?, 1, 1, ?, ?, '2018-04-01')`,
        )
        .bind(id, gender, stage),
    ),
    ...ANIMALS.map(([id, , , initial, parity]) =>
      db
        .prepare(
          `INSERT INTO breeding_status (cattle_id, initial_parity, parity, breeding_memo, insemination_count, version)
           VALUES (?, ?, ?, ?, 1, 4)`,
        )
        .bind(id, initial, parity, `メモ${id}`),
    ),
    ...ANIMALS.filter(([, , , , , calved]) => calved).map(([id]) =>
      db
        .prepare(
          `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (?, 1, 1, 'CALVING', '2025-04-01T00:00:00.000Z')`,
        )
        .bind(id),
    ),
  ]);
  seeded = await rows();
  await run('DELETE FROM kpi_stale');
  await applyD1Migrations(db, migration);
});

describe('shard migration 0014 (parity may be unknown)', () => {
  it('keeps every row; only the two invented parities become unknown, their version counted up', async () => {
    expect(seeded).toHaveLength(7);
    const after = await rows();
    expect(after).toHaveLength(7);
    const changed = new Set([1, 2]);
    expect(after).toEqual(
      seeded.map((row) =>
        changed.has(row.cattle_id as number) ? { ...row, initial_parity: null, parity: null, version: 5 } : row,
      ),
    );
    expect(after.map((r) => [r.cattle_id, r.initial_parity, r.parity])).toEqual([
      [1, null, null],
      [2, null, null],
      [3, 2, 3],
      [4, 0, 1],
      [5, 0, 0],
      [6, 0, 0],
      [7, 3, 3],
    ]);
    expect(after.map((r) => r.breeding_memo)).toEqual(ANIMALS.map(([id]) => `メモ${id}`));
  });

  it('marks the KPI figures of the cows made unknown stale (no longer heifers), and no other', async () => {
    expect(await all('SELECT cattle_id FROM kpi_stale ORDER BY cattle_id')).toEqual([
      { cattle_id: 1 },
      { cattle_id: 2 },
    ]);
  });

  it('takes a null parity, keeps the version guard and marks a cow inserted with an unknown parity stale', async () => {
    await run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, gender, growth_stage) VALUES (8, 1, 1, '雌', 'MULTI_PAROUS')`,
    );
    await run('INSERT INTO breeding_status (cattle_id, initial_parity, parity) VALUES (8, NULL, NULL)');
    expect(await all('SELECT cattle_id FROM kpi_stale WHERE cattle_id = 8')).toEqual([{ cattle_id: 8 }]);
    await expect(run('UPDATE breeding_status SET version = version + 2 WHERE cattle_id = 3')).rejects.toThrow(
      /STALE_BREEDING_STATE/,
    );
    // A parity given later: the registered count set, the farm's KPIs re-read.
    const version = async () =>
      (await all<{ v: number }>('SELECT kpi_version v FROM farm_counts WHERE farm_id = 1'))[0]?.v;
    const was = await version();
    await run('UPDATE breeding_status SET initial_parity = 2, parity = 3 WHERE cattle_id = 1');
    expect(await version()).toBe((was ?? 0) + 1);
    expect(await all('SELECT initial_parity, parity FROM breeding_status WHERE cattle_id = 1')).toEqual([
      { initial_parity: 2, parity: 3 },
    ]);
  });

  it('keeps the unique animal and the date indexes', async () => {
    await expect(run('INSERT INTO breeding_status (cattle_id) VALUES (3)')).rejects.toThrow(/UNIQUE/);
    const indexes = await all<{ name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'breeding_status' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      'breeding_status_cattle_id_unique',
      'breeding_status_expected_calving_idx',
      'breeding_status_withdrawal_meat_idx',
      'breeding_status_withdrawal_milk_idx',
    ]);
  });
});
