import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0001 (the dawn run's per-farm, per-day rows; decision 035) on a farm-data shard seeded in the schema
 * before it: the animals and their alerts stay as they were, and the new table starts empty with its key and check.
 */
const { db, before, migration, run, all } = migrationDb('0001', 'shard');

const animals = () => all('SELECT cattle_id, farm_id, name FROM cattle ORDER BY cattle_id');
const alerts = () => all('SELECT id, farm_id, cattle_id, type, severity, status, message FROM alerts ORDER BY id');

let seeded: { animals: unknown[]; alerts: unknown[] };

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌'), (20, 2, 1, '0812345691', '4569', 'はな', '雌')`,
    ),
    db.prepare(
      `INSERT INTO alerts (id, farm_id, created_by, cattle_id, type, severity, status, due_at, message)
       VALUES ('a1', 1, 1, 10, 'OPEN_DAYS_OVER60_NO_AI', 'high', 'active', '2026-11-20', '分娩後66日経過・未授精'),
              ('a2', 2, 1, 20, 'HEIFER_NOT_BRED', 'medium', 'acknowledged', '2026-10-01', '15か月齢・未授精')`,
    ),
  ]);
  seeded = { animals: await animals(), alerts: await alerts() };
  await applyD1Migrations(db, migration);
});

describe('shard migration 0001 (dawn_farm_runs)', () => {
  it('keeps every animal and alert as it was', async () => {
    expect(seeded.animals).toHaveLength(2);
    expect(seeded.alerts).toHaveLength(2);
    expect(await animals()).toEqual(seeded.animals);
    expect(await alerts()).toEqual(seeded.alerts);
  });

  it('starts empty, keeps one row per farm and JST date, and takes only the four statuses', async () => {
    expect(await all('SELECT * FROM dawn_farm_runs')).toEqual([]);
    await run(`INSERT INTO dawn_farm_runs (run_date, farm_id, status, tries) VALUES ('2026-11-27', 1, 'working', 1)`);
    await run(`INSERT INTO dawn_farm_runs (run_date, farm_id, status) VALUES ('2026-11-28', 1, 'done')`);
    await expect(
      run(`INSERT INTO dawn_farm_runs (run_date, farm_id, status) VALUES ('2026-11-27', 1, 'done')`),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      run(`INSERT INTO dawn_farm_runs (run_date, farm_id, status) VALUES ('2026-11-27', 2, 'lost')`),
    ).rejects.toThrow(/CHECK/);
    expect(await all('SELECT run_date, farm_id, status, tries FROM dawn_farm_runs ORDER BY run_date')).toEqual([
      { run_date: '2026-11-27', farm_id: 1, status: 'working', tries: 1 },
      { run_date: '2026-11-28', farm_id: 1, status: 'done', tries: 0 },
    ]);
  });
});
