import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Migration 0021 (the dawn run's per-farm, per-day rows) on a database seeded in the schema before it: the farms,
 * their alerts and the day's progress row stay as they were, and the new table starts empty with its key and check.
 */
const { db, before, migration, run, all, userAndTwoFarms } = migrationDb('0021');

const farms = () => all('SELECT id, name FROM farms ORDER BY id');
const alerts = () => all('SELECT id, farm_id, cattle_id, type, severity, status, message FROM alerts ORDER BY id');
const progress = () => all('SELECT run_date, after_owner_id, invocations, finished_at FROM daily_runs');

let seeded: { farms: unknown[]; alerts: unknown[]; progress: unknown[] };

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    ...userAndTwoFarms(),
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌'), (20, 2, 1, '0812345691', '4569', 'はな', '雌')`,
    ),
    db.prepare(
      `INSERT INTO alerts (id, farm_id, created_by, cattle_id, type, severity, status, due_at, message)
       VALUES ('a1', 1, 1, 10, 'OPEN_DAYS_OVER60_NO_AI', 'high', 'active', '2026-11-20', '分娩後66日経過・未授精'),
              ('a2', 2, 1, 20, 'HEIFER_NOT_BRED', 'medium', 'acknowledged', '2026-10-01', '15か月齢・未授精')`,
    ),
    db.prepare(
      `INSERT INTO daily_runs (run_date, after_owner_id, invocations, finished_at)
       VALUES ('2026-11-26', 2, 1, '2026-11-25T21:00:01.000Z')`,
    ),
  ]);
  seeded = { farms: await farms(), alerts: await alerts(), progress: await progress() };
  await applyD1Migrations(db, migration);
});

describe('migration 0021 (dawn_farm_runs)', () => {
  it('keeps every farm, alert and progress row as it was', async () => {
    expect(seeded.farms).toHaveLength(2);
    expect(seeded.alerts).toHaveLength(2);
    expect(seeded.progress).toEqual([
      { run_date: '2026-11-26', after_owner_id: 2, invocations: 1, finished_at: '2026-11-25T21:00:01.000Z' },
    ]);
    expect(await farms()).toEqual(seeded.farms);
    expect(await alerts()).toEqual(seeded.alerts);
    expect(await progress()).toEqual(seeded.progress);
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
