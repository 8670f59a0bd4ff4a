import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0023 (the roster carries the breeding state, §20 turn 4, decision 059) on a shard seeded in the
 * schema before it: three triggers, no table rebuilt, so every animal, breeding state and event stays as it was and
 * every farm keeps its roster version; then a change of a field the roster carries is a new version of that animal's
 * farm only, and a write of anything else (the engine's day counts, the memo, the row's version) is not.
 */
const { db, before, migration, run, all } = migrationDb('0023', 'shard');

const snapshot = async () => ({
  cattle: await all('SELECT cattle_id, farm_id, name, status FROM cattle ORDER BY cattle_id'),
  breeding: await all(
    `SELECT cattle_id, parity, last_calving_date, last_insemination_date, conception_date, expected_calving_date,
       withdrawal_meat_until, days_open, version FROM breeding_status ORDER BY cattle_id`,
  ),
  events: await all('SELECT event_id, cattle_id, event_type FROM events ORDER BY event_id'),
  counts: await all('SELECT farm_id, cattle, roster_version FROM farm_counts ORDER BY farm_id'),
});
let seeded: Awaited<ReturnType<typeof snapshot>>;

const version = async (farmId: number) =>
  (await all<{ v: number }>('SELECT roster_version AS v FROM farm_counts WHERE farm_id = ?', farmId))[0].v;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, name, gender, growth_stage, status) VALUES
         (10, 1, 1, 'ゆり', '雌', 'MULTI_PAROUS', 'PREGNANT'), (11, 1, 1, 'はな', '雌', 'MULTI_PAROUS', 'HEALTHY'),
         (20, 2, 1, 'もも', '雌', 'MULTI_PAROUS', 'HEALTHY')`,
    ),
    db.prepare(
      `INSERT INTO breeding_status (cattle_id, initial_parity, parity, last_calving_date, last_insemination_date,
         conception_date, expected_calving_date, days_open, version) VALUES
         (10, 1, 2, '2026-03-01', '2026-05-20', '2026-05-20', '2027-03-01', 80, 4),
         (11, 0, 1, '2026-08-01', NULL, NULL, NULL, 100, 2),
         (20, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0)`,
    ),
    db.prepare(
      `INSERT INTO events (event_id, cattle_id, farm_id, created_by, event_type, event_datetime) VALUES
         (1, 10, 1, 1, 'CALVING', '2026-02-28T21:00:00.000Z'), (2, 10, 1, 1, 'INSEMINATION', '2026-05-20T00:00:00.000Z'),
         (3, 11, 1, 1, 'CALVING', '2026-07-31T21:00:00.000Z')`,
    ),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0023 (the roster carries the breeding state)', () => {
  it('keeps every animal, breeding state, event and roster version as it was', async () => {
    expect(seeded.cattle).toHaveLength(3);
    expect(seeded.breeding).toHaveLength(3);
    expect(seeded.events).toHaveLength(3);
    // Each animal inserted was a new roster version of its farm (migration 0000's trigger): 2 and 1.
    expect(seeded.counts).toEqual([
      { farm_id: 1, cattle: 2, roster_version: 2 },
      { farm_id: 2, cattle: 1, roster_version: 1 },
    ]);
    expect(await snapshot()).toEqual(seeded);
    expect(seeded.breeding[0]).toMatchObject({ cattle_id: 10, parity: 2, expected_calving_date: '2027-03-01' });
    const triggers = await all(
      `SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'breeding_status' AND name LIKE 'roster%'
       ORDER BY name`,
    );
    expect(triggers.map((t) => t.name)).toEqual([
      'roster_version_on_breeding_delete',
      'roster_version_on_breeding_insert',
      'roster_version_on_breeding_update',
    ]);
  });

  it('counts a change of each field the roster carries, on its animal’s farm — and nothing else', async () => {
    const steps: [string, string, number, number][] = [
      // [what, statement, farm 1's bump, farm 2's bump]
      [
        'day counts, memo, version',
        `UPDATE breeding_status SET days_open = 81, breeding_memo = 'x', version = 5 WHERE cattle_id = 10`,
        0,
        0,
      ],
      ['parity as it was', 'UPDATE breeding_status SET parity = 2 WHERE cattle_id = 10', 0, 0],
      [
        'a calving (parity, last calving)',
        `UPDATE breeding_status SET parity = 2, last_calving_date = '2026-11-01' WHERE cattle_id = 11`,
        1,
        0,
      ],
      ['a service', `UPDATE breeding_status SET last_insemination_date = '2026-11-20' WHERE cattle_id = 11`, 1, 0],
      ['a conception', `UPDATE breeding_status SET conception_date = '2026-11-20' WHERE cattle_id = 11`, 1, 0],
      ['a due date', `UPDATE breeding_status SET expected_calving_date = '2027-09-01' WHERE cattle_id = 11`, 1, 0],
      ['a withdrawal', `UPDATE breeding_status SET withdrawal_meat_until = '2026-12-05' WHERE cattle_id = 11`, 1, 0],
      [
        'milk withdrawal only',
        `UPDATE breeding_status SET withdrawal_milk_until = '2026-12-05' WHERE cattle_id = 11`,
        0,
        0,
      ],
      ['unknown parity known', 'UPDATE breeding_status SET parity = 3, initial_parity = 3 WHERE cattle_id = 20', 0, 1],
    ];
    for (const [what, statement, north, south] of steps) {
      const before = [await version(1), await version(2)];
      await run(statement);
      expect({ what, bumps: [(await version(1)) - before[0], (await version(2)) - before[1]] }).toEqual({
        what,
        bumps: [north, south],
      });
    }
  });

  it('counts a breeding state inserted or deleted on its own', async () => {
    await run(`INSERT INTO cattle (cattle_id, farm_id, created_by, name, gender) VALUES (12, 1, 1, 'さくら', '雌')`);
    const start = await version(1);
    await run('INSERT INTO breeding_status (cattle_id, parity) VALUES (12, 0)');
    expect(await version(1)).toBe(start + 1);
    await run('DELETE FROM breeding_status WHERE cattle_id = 12');
    expect(await version(1)).toBe(start + 2);
    // An animal deleted takes its breeding state with it: a new version, by the animal's own trigger.
    await run('DELETE FROM cattle WHERE cattle_id = 11');
    expect(await version(1)).toBeGreaterThan(start + 2);
    expect(await all('SELECT cattle_id FROM breeding_status ORDER BY cattle_id')).toEqual([
      { cattle_id: 10 },
      { cattle_id: 20 },
    ]);
  });
});
