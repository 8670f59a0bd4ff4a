import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0011 (each farm's animals per status, kept by triggers) on a shard seeded in the schema before it:
 * every table's rows stay as they were, the counts start as the animals' own, and the triggers keep them equal to a
 * count of the animals on insert, change of status or farm, and delete.
 */
const { db, before, migration, run, all } = migrationDb('0011', 'shard');

const tables = ['cattle', 'breeding_status', 'events', 'farm_counts'];
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(tables.map(async (t) => [t, await all(`SELECT * FROM ${t} ORDER BY rowid`)] as const)),
  );
const kept = () => all('SELECT farm_id, status, n FROM farm_status_counts WHERE n > 0 ORDER BY farm_id, status');
const counted = () =>
  all('SELECT farm_id, status, count(*) AS n FROM cattle GROUP BY farm_id, status ORDER BY farm_id, status');
let seeded: Record<string, unknown[]>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday, status)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌', '2021-04-01', 'PREGNANT'),
              (11, 1, 1, NULL, NULL, NULL, '去勢', '2026-01-01', 'HEALTHY'),
              (12, 1, 1, NULL, NULL, 'さくら', '雌', '2020-02-01', 'SHIPPED'),
              (13, 1, 1, NULL, NULL, NULL, '雌', '2025-05-01', 'HEALTHY'),
              (14, 2, 1, '1234501075', '0107', '名前0107号', '雌', '2025-01-10', 'HEALTHY')`,
    ),
    db.prepare('INSERT INTO breeding_status (cattle_id, initial_parity, parity) VALUES (10, 1, 1)'),
    db.prepare(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (10, 1, 1, 'ESTRUS', '2026-04-01T00:00:00.000Z')`,
    ),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0011 (animals per status kept per farm)', () => {
  it('keeps every table’s rows and values', async () => {
    expect(seeded.cattle).toHaveLength(5);
    expect(seeded.breeding_status).toHaveLength(1);
    expect(seeded.events).toHaveLength(1);
    expect(await snapshot()).toEqual(seeded);
  });

  it('starts from the animals already there: farm 1 has 2 healthy, 1 pregnant, 1 shipped; farm 2 one healthy', async () => {
    expect(await kept()).toEqual([
      { farm_id: 1, status: 'HEALTHY', n: 2 },
      { farm_id: 1, status: 'PREGNANT', n: 1 },
      { farm_id: 1, status: 'SHIPPED', n: 1 },
      { farm_id: 2, status: 'HEALTHY', n: 1 },
    ]);
  });

  it('keeps them equal to a count of the animals on insert, change of status or farm, and delete', async () => {
    await run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, gender, birthday, status) VALUES (15, 2, 1, '雌', '2026-03-01', 'RESTING')`,
    );
    expect(await kept()).toEqual(await counted());
    // 2 + 1 in farm 2 after the insert: HEALTHY 1, RESTING 1.
    expect((await kept()).filter((r) => r.farm_id === 2)).toEqual([
      { farm_id: 2, status: 'HEALTHY', n: 1 },
      { farm_id: 2, status: 'RESTING', n: 1 },
    ]);
    await run(`UPDATE cattle SET status = 'DEAD' WHERE cattle_id = 11`);
    expect(await kept()).toEqual(await counted());
    // A change of another column leaves the counts alone.
    await run(`UPDATE cattle SET name = 'はな' WHERE cattle_id = 13`);
    expect(await kept()).toEqual(await counted());
    await run(`UPDATE cattle SET farm_id = 2, status = 'HEALTHY' WHERE cattle_id = 10`);
    expect(await kept()).toEqual(await counted());
    await run('DELETE FROM cattle WHERE cattle_id IN (12, 14)');
    expect(await kept()).toEqual(await counted());
    // Farm 1 now: 13 HEALTHY, 11 DEAD; farm 2: 10 HEALTHY, 15 RESTING.
    expect(await kept()).toEqual([
      { farm_id: 1, status: 'DEAD', n: 1 },
      { farm_id: 1, status: 'HEALTHY', n: 1 },
      { farm_id: 2, status: 'HEALTHY', n: 1 },
      { farm_id: 2, status: 'RESTING', n: 1 },
    ]);
  });
});
