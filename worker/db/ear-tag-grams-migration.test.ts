import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0010 (the ear tag's pieces marked '#', for search by any digits rank by rank) on a shard seeded in
 * the schema before it, grams included: every table's rows stay as they were, the pieces 0006 wrote stay, each animal
 * with an ear tag gets its ear tag's pieces marked, and the replaced triggers keep both on insert, change and delete.
 */
const { db, before, migration, run, all } = migrationDb('0010', 'shard');

const tables = ['cattle', 'breeding_status', 'events', 'farm_counts'];
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(tables.map(async (t) => [t, await all(`SELECT * FROM ${t} ORDER BY rowid`)] as const)),
  );
const gramsOf = async (cattleId: number) =>
  (await all<{ gram: string }>('SELECT gram FROM cattle_grams WHERE cattle_id = ? ORDER BY gram', cattleId)).map(
    (r) => r.gram,
  );
const plainGrams = async () =>
  all("SELECT farm_id, gram, cattle_id FROM cattle_grams WHERE gram NOT LIKE '#%' ORDER BY farm_id, gram, cattle_id");
let seeded: Record<string, unknown[]>;
let seededGrams: unknown[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌', '2021-04-01'),
              (11, 1, 1, NULL, NULL, NULL, '去勢', '2026-01-01'),
              (12, 2, 1, '1234501075', '201075', '名前0107号', '雌', '2025-01-10'),
              (13, 1, 1, '0999000011', '12', NULL, '雌', '2026-03-01')`,
    ),
    db.prepare('INSERT INTO breeding_status (cattle_id, initial_parity, parity) VALUES (10, 1, 1)'),
    db.prepare(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (10, 1, 1, 'ESTRUS', '2026-04-01T00:00:00.000Z')`,
    ),
  ]);
  seeded = await snapshot();
  seededGrams = await plainGrams();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0010 (ear tag pieces marked in cattle_grams)', () => {
  it('keeps every table’s rows and values, and every piece 0006 wrote', async () => {
    expect(seeded.cattle).toHaveLength(4);
    expect(seeded.events).toHaveLength(1);
    expect(await snapshot()).toEqual(seeded);
    // 0812345675: 7 pieces (ear tag 4567 among them); 1234501075: 7, ear tag 201075 adds 2010 (0107 and 1075 are
    // there), 名前0107号 adds 名前01 前010 107号; 0999000011: 7, ear tag 12 none.
    expect(seededGrams).toHaveLength(7 + (7 + 1 + 3) + 7);
    expect(await plainGrams()).toEqual(seededGrams);
  });

  it('adds the marked pieces of every ear tag already there, on its farm, and nothing for short or no ear tags', async () => {
    expect(await gramsOf(10)).toEqual(['#4567', '0812', '1234', '2345', '3456', '4567', '5675', '8123']);
    expect(await gramsOf(11)).toEqual([]);
    // 201075 → #2010 #0107 #1075.
    expect((await gramsOf(12)).filter((g) => g.startsWith('#'))).toEqual(['#0107', '#1075', '#2010']);
    expect(await all("SELECT DISTINCT farm_id FROM cattle_grams WHERE cattle_id = 12 AND gram LIKE '#%'")).toEqual([
      { farm_id: 2 },
    ]);
    expect((await gramsOf(13)).filter((g) => g.startsWith('#'))).toEqual([]);
    const [{ n }] = await all<{ n: number }>("SELECT count(*) AS n FROM cattle_grams WHERE gram LIKE '#%'");
    expect(n).toBe(1 + 3);
  });

  it('keeps them on insert, change of any searched column or the farm, and delete', async () => {
    await run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday)
       VALUES (14, 1, 1, '0999000012', '01075', NULL, '雌', '2026-03-01')`,
    );
    expect((await gramsOf(14)).filter((g) => g.startsWith('#'))).toEqual(['#0107', '#1075']);
    await run(`UPDATE cattle SET ear_tag_number = '7777' WHERE cattle_id = 14`);
    expect((await gramsOf(14)).filter((g) => g.startsWith('#'))).toEqual(['#7777']);
    // A change of the ID or the name rewrites the animal's pieces: its marked ones come back with the rest.
    await run(`UPDATE cattle SET identification_number = '0000077770', name = 'はな' WHERE cattle_id = 14`);
    expect(await gramsOf(14)).toEqual(['#7777', '0000', '0007', '0077', '0777', '7770', '7777']);
    await run(`UPDATE cattle SET farm_id = 2 WHERE cattle_id = 14`);
    expect(await all('SELECT DISTINCT farm_id FROM cattle_grams WHERE cattle_id = 14')).toEqual([{ farm_id: 2 }]);
    // Another column leaves them as they are.
    await run(`UPDATE cattle SET notes = 'メモ' WHERE cattle_id = 14`);
    expect(await gramsOf(14)).toEqual(['#7777', '0000', '0007', '0077', '0777', '7770', '7777']);
    // The import's herd update is an upsert on the id, whose DO UPDATE fires the update trigger.
    await run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, status, ear_tag_number, gender, birthday)
       SELECT cattle_id, farm_id, created_by, identification_number, status, '77770', gender, birthday FROM cattle WHERE cattle_id = 14
       ON CONFLICT (cattle_id) DO UPDATE SET ear_tag_number = excluded.ear_tag_number`,
    );
    expect((await gramsOf(14)).filter((g) => g.startsWith('#'))).toEqual(['#7777', '#7770'].sort());
    await run('DELETE FROM cattle WHERE cattle_id = 14');
    expect(await gramsOf(14)).toEqual([]);
  });
});
