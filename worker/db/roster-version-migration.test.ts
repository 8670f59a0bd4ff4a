import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Migration 0020 (the farms' roster version) on a database seeded in the schema before it: every farm's counts and
 * animals stay as they were, the version starts at 0, and its triggers count exactly the roster's fields.
 */
const { db, before, migration: rosterVersion, run, all, userAndTwoFarms } = migrationDb('0020');

const counts = () => all('SELECT farm_id, cattle, events, shipments, kpi_version FROM farm_counts ORDER BY farm_id');
const herd = () => all('SELECT cattle_id, farm_id, identification_number, ear_tag_number, name FROM cattle');
const version = async (farmId: number) =>
  (
    await db
      .prepare('SELECT roster_version AS v FROM farm_counts WHERE farm_id = ?')
      .bind(farmId)
      .first<{ v: number }>()
  )?.v;

let seeded: { counts: unknown[]; herd: unknown[] };

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    ...userAndTwoFarms(),
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌'), (11, 1, 1, '0812345683', '0010', NULL, '去勢'),
              (20, 2, 1, '0812345691', '4569', 'はな', '雌')`,
    ),
  ]);
  seeded = { counts: await counts(), herd: await herd() };
  await applyD1Migrations(db, rosterVersion);
});

describe('migration 0020 (the farms’ roster version)', () => {
  it('keeps every farm’s counts and animals and starts their versions at 0', async () => {
    expect(seeded.counts).toEqual([
      { farm_id: 1, cattle: 2, events: 0, shipments: 0, kpi_version: 1 },
      { farm_id: 2, cattle: 1, events: 0, shipments: 0, kpi_version: 1 },
    ]);
    expect(seeded.herd).toHaveLength(3);
    expect(await counts()).toEqual(seeded.counts);
    expect(await herd()).toEqual(seeded.herd);
    expect(await version(1)).toBe(0);
    expect(await version(2)).toBe(0);
  });

  it('counts animals added and removed and changes of the roster’s fields — and nothing else', async () => {
    const steps: [string, number][] = [
      [`UPDATE cattle SET notes = 'x', barn = '北' WHERE cattle_id = 10`, 0],
      [`UPDATE cattle SET name = 'ゆり' WHERE cattle_id = 10`, 0],
      [`UPDATE cattle SET name = 'ゆりこ' WHERE cattle_id = 10`, 1],
      [`UPDATE cattle SET name = 'まる' WHERE cattle_id = 11`, 1],
      [`UPDATE cattle SET ear_tag_number = '0011' WHERE cattle_id = 11`, 1],
      [`UPDATE cattle SET identification_number = '0812345705' WHERE cattle_id = 11`, 1],
      [`UPDATE cattle SET status = 'SHIPPED' WHERE cattle_id = 11`, 1],
      [`UPDATE cattle SET growth_stage = 'FATTENING', birthday = '2024-01-01' WHERE cattle_id = 10`, 1],
      [`UPDATE cattle SET gender = '雌', breed = '黒毛和種' WHERE cattle_id = 10`, 1],
      [`INSERT INTO cattle (farm_id, created_by, identification_number, gender) VALUES (1, 1, '0812345713', '雌')`, 1],
      ['DELETE FROM cattle WHERE cattle_id = 11', 1],
    ];
    for (const [sql, bump] of steps) {
      const was = await version(1);
      await run(sql);
      expect({ sql, bump: (await version(1))! - was! }).toEqual({ sql, bump });
    }
    expect(await version(2)).toBe(0);
  });

  it('counts an animal moved to another farm on both farms', async () => {
    const [one, two] = [await version(1), await version(2)];
    await run('UPDATE cattle SET farm_id = 2 WHERE cattle_id = 10');
    expect([(await version(1))! - one!, (await version(2))! - two!]).toEqual([1, 1]);
  });
});
