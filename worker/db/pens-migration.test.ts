import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0018 (pens, §26, decision 052) on a shard seeded in the schema before it: an added table and an
 * added column — no table is rebuilt, so every animal and every child row (events, breeding state, bloodline) stays
 * as it was, each animal in no pen; the pens' names are unique per farm; a move and a pen's new name are new roster
 * versions.
 */
const { db, before, migration, run, all } = migrationDb('0018', 'shard');

const snapshot = async () => ({
  cattle: await all('SELECT cattle_id, farm_id, name, status, growth_stage, weight FROM cattle ORDER BY cattle_id'),
  events: await all('SELECT event_id, cattle_id, event_type, details FROM events ORDER BY event_id'),
  breeding: await all('SELECT cattle_id, parity, version FROM breeding_status ORDER BY cattle_id'),
  bloodline: await all('SELECT cattle_id, father_cattle_name FROM bloodline ORDER BY cattle_id'),
});
let seeded: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    ...[1, 2, 3].map((id) =>
      db
        .prepare(
          `INSERT INTO cattle (cattle_id, farm_id, created_by, name, gender, growth_stage, status, weight)
           VALUES (?, ?, 1, ?, '雌', 'GROWING', 'HEALTHY', ?)`,
        )
        .bind(id, id === 3 ? 2 : 1, `牛${id}`, 200 + id),
    ),
    ...[1, 2, 3].map((id) =>
      db.prepare('INSERT INTO breeding_status (cattle_id, parity, version) VALUES (?, 0, 2)').bind(id),
    ),
    db.prepare("INSERT INTO bloodline (cattle_id, father_cattle_name) VALUES (1, '安福久')"),
    ...[1, 1, 2].map((cattleId, i) =>
      db
        .prepare(
          `INSERT INTO events (event_id, cattle_id, farm_id, created_by, event_type, event_datetime, details)
           VALUES (?, ?, 1, 1, 'WEIGHT_MEASURED', '2026-04-0${i + 1}T01:00:00.000Z', ?)`,
        )
        .bind(i + 1, cattleId, JSON.stringify({ weightKg: 200 + i })),
    ),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0018 (pens)', () => {
  it('keeps every animal and child row as it was, each in no pen', async () => {
    expect(seeded.cattle).toHaveLength(3);
    expect(seeded.events).toHaveLength(3);
    expect(seeded.breeding).toHaveLength(3);
    expect(seeded.bloodline).toHaveLength(1);
    expect(await snapshot()).toEqual(seeded);
    expect(await all('SELECT cattle_id, pen_id FROM cattle ORDER BY cattle_id')).toEqual([
      { cattle_id: 1, pen_id: null },
      { cattle_id: 2, pen_id: null },
      { cattle_id: 3, pen_id: null },
    ]);
    expect(await all('SELECT count(*) AS n FROM pens')).toEqual([{ n: 0 }]);
  });

  it('keeps pen names unique per farm, and counts a move and a rename as new roster versions', async () => {
    await run("INSERT INTO pens (farm_id, name) VALUES (1, '1番')");
    await expect(run("INSERT INTO pens (farm_id, name) VALUES (1, '1番')")).rejects.toThrow(/UNIQUE/);
    await run("INSERT INTO pens (farm_id, name) VALUES (2, '1番')");
    // farm_counts' row of farm 1 came with its animals (the insert trigger of migration 0000).
    const version = async () =>
      (await all<{ v: number }>('SELECT roster_version AS v FROM farm_counts WHERE farm_id = 1'))[0].v;
    const start = await version();
    await run('UPDATE cattle SET pen_id = 1 WHERE cattle_id = 1');
    expect(await version()).toBe(start + 1);
    // The same pen again is no change.
    await run('UPDATE cattle SET pen_id = 1 WHERE cattle_id = 1');
    expect(await version()).toBe(start + 1);
    await run("UPDATE pens SET name = '2番' WHERE pen_id = 1");
    expect(await version()).toBe(start + 2);
    expect(await all('SELECT pen_id, sort_order, capacity, barn FROM pens ORDER BY pen_id')).toEqual([
      { pen_id: 1, sort_order: 0, capacity: null, barn: null },
      { pen_id: 2, sort_order: 0, capacity: null, barn: null },
    ]);
  });
});
