import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0006 (search by any digits through cattle_grams) on a shard seeded in the schema before it: every
 * table's rows stay as they were, each animal gets every 4-character piece of its ear tag, 個体識別番号 and name,
 * and the triggers keep them on insert, change and delete.
 */
const { db, before, migration, run, all } = migrationDb('0006', 'shard');

const tables = ['cattle', 'breeding_status', 'events', 'farm_counts'];
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(tables.map(async (t) => [t, await all(`SELECT * FROM ${t} ORDER BY rowid`)] as const)),
  );
const gramsOf = async (cattleId: number) =>
  (await all<{ gram: string }>('SELECT gram FROM cattle_grams WHERE cattle_id = ? ORDER BY gram', cattleId)).map(
    (r) => r.gram,
  );
let seeded: Record<string, unknown[]>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌', '2021-04-01'),
              (11, 1, 1, NULL, NULL, NULL, '去勢', '2026-01-01'),
              (12, 2, 1, '1234501075', '01075', '名前0107号', '雌', '2025-01-10')`,
    ),
    db.prepare('INSERT INTO breeding_status (cattle_id, initial_parity, parity) VALUES (10, 1, 1)'),
    db.prepare(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (10, 1, 1, 'ESTRUS', '2026-04-01T00:00:00.000Z')`,
    ),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0006 (cattle_grams)', () => {
  it('keeps every table’s rows and values', async () => {
    expect(seeded.cattle).toHaveLength(3);
    expect(seeded.events).toHaveLength(1);
    expect(await snapshot()).toEqual(seeded);
  });

  it('writes every 4-character piece of the animals already there, on their farm', async () => {
    // 0812345675 → 0812 8123 1234 2345 3456 4567 5675; ear tag 4567 (already there); ゆり is 2 characters.
    expect(await gramsOf(10)).toEqual(['0812', '1234', '2345', '3456', '4567', '5675', '8123']);
    // An animal without numbers or name has none.
    expect(await gramsOf(11)).toEqual([]);
    // 1234501075 → 1234 2345 3450 4501 5010 0107 1075; 01075 → 0107 1075; 名前0107号 → 名前01 前010 0107 107号.
    expect(await gramsOf(12)).toEqual(
      ['0107', '1075', '1234', '2345', '3450', '4501', '5010', '前010', '名前01', '107号'].sort(),
    );
    expect(await all('SELECT DISTINCT farm_id FROM cattle_grams WHERE cattle_id = 12')).toEqual([{ farm_id: 2 }]);
  });

  it('keeps them on insert, change and delete', async () => {
    await run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday)
       VALUES (13, 1, 1, '0999000011', NULL, NULL, '雌', '2026-03-01')`,
    );
    expect(await gramsOf(13)).toEqual(['0000', '0001', '0011', '0999', '9000', '9900', '9990']);
    await run(`UPDATE cattle SET ear_tag_number = '7777', identification_number = NULL WHERE cattle_id = 13`);
    expect(await gramsOf(13)).toEqual(['7777']);
    // A change of another column leaves them as they are.
    await run(`UPDATE cattle SET notes = 'メモ' WHERE cattle_id = 13`);
    expect(await gramsOf(13)).toEqual(['7777']);
    // The import's herd update is an upsert on the id: a piece the new ear tag shares with the 個体識別番号 is kept once.
    await run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, status, ear_tag_number, gender, birthday)
       SELECT cattle_id, farm_id, created_by, '0000077770', status, '7777', gender, birthday FROM cattle WHERE cattle_id = 13
       ON CONFLICT (cattle_id) DO UPDATE SET identification_number = excluded.identification_number,
         ear_tag_number = excluded.ear_tag_number`,
    );
    expect(await gramsOf(13)).toEqual(['0000', '0007', '0077', '0777', '7770', '7777']);
    await run('DELETE FROM cattle WHERE cattle_id = 13');
    expect(await gramsOf(13)).toEqual([]);
  });
});
