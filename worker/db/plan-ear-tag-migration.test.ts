import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Migration 0019 (each shipment plan carries its animal's ear tag) on a database seeded in the schema before it:
 * every plan kept with its values and its animal's ear tag copied, triggers keeping the copy, and the board's
 * page read in index order (no sort of the farm's plans).
 */
const { db, before, migration: planEarTag, run, all, userAndTwoFarms } = migrationDb('0019');

const PLAN_COLUMNS = 'plan_id, cattle_id, farm_id, created_by, planned_shipment_month, created_at, updated_at';
const plans = () => all(`SELECT ${PLAN_COLUMNS} FROM shipment_plans ORDER BY plan_id`);
const tags = () => all('SELECT plan_id, ear_tag_number FROM shipment_plans ORDER BY plan_id');

let seeded: unknown[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    ...userAndTwoFarms(),
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, gender)
       VALUES (10, 1, 1, '0812345675', '0099', '去勢'), (11, 1, 1, '0812345683', '9', '去勢'),
              (12, 1, 1, '0812345691', NULL, '雌'), (20, 2, 1, '0812345705', '100', '雄'),
              (13, 1, 1, '0812345713', '7', '去勢')`,
    ),
    db.prepare(
      `INSERT INTO shipment_plans (plan_id, cattle_id, farm_id, created_by, planned_shipment_month, created_at, updated_at)
       VALUES ('p-10', 10, 1, 1, '2026-12', '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'),
              ('p-11', 11, 1, 1, '2026-12', '2026-11-03T00:00:00.000Z', '2026-11-03T00:00:00.000Z'),
              ('p-12', 12, 1, 1, '2027-01', '2026-11-04T00:00:00.000Z', '2026-11-04T00:00:00.000Z'),
              ('p-20', 20, 2, 1, '2026-12', '2026-11-05T00:00:00.000Z', '2026-11-05T00:00:00.000Z')`,
    ),
  ]);
  seeded = await plans();
  await applyD1Migrations(db, planEarTag);
});

describe('migration 0019 (plans carry their animal’s ear tag)', () => {
  it('keeps every plan and its values, and copies each animal’s ear tag', async () => {
    expect(seeded).toHaveLength(4);
    expect(await plans()).toEqual(seeded);
    expect(await tags()).toEqual([
      { plan_id: 'p-10', ear_tag_number: '0099' },
      { plan_id: 'p-11', ear_tag_number: '9' },
      { plan_id: 'p-12', ear_tag_number: null },
      { plan_id: 'p-20', ear_tag_number: '100' },
    ]);
    expect(await all('SELECT count(*) AS n FROM cattle')).toEqual([{ n: 5 }]);
  });

  it('keeps the copy by triggers: a new plan takes its animal’s tag, a renumbered animal’s plan follows', async () => {
    await run(
      `INSERT INTO shipment_plans (plan_id, cattle_id, farm_id, created_by, planned_shipment_month)
       VALUES ('p-13', 13, 1, 1, '2026-12')`,
    );
    await run(`UPDATE cattle SET ear_tag_number = '0100' WHERE cattle_id = 10`);
    await run(`UPDATE cattle SET name = 'はな' WHERE cattle_id = 11`);
    expect(await tags()).toEqual([
      { plan_id: 'p-10', ear_tag_number: '0100' },
      { plan_id: 'p-11', ear_tag_number: '9' },
      { plan_id: 'p-12', ear_tag_number: null },
      { plan_id: 'p-13', ear_tag_number: '7' },
      { plan_id: 'p-20', ear_tag_number: '100' },
    ]);
  });

  it('reads the board’s page in index order: no temporary sort of the farm’s plans', async () => {
    const plan = await all<{ detail: string }>(
      `EXPLAIN QUERY PLAN
       SELECT sp.plan_id FROM shipment_plans sp JOIN cattle c ON c.cattle_id = sp.cattle_id
       WHERE sp.farm_id = 1 AND +c.farm_id = 1
       ORDER BY sp.planned_shipment_month, cast(sp.ear_tag_number as integer), sp.ear_tag_number, sp.cattle_id
       LIMIT 20`,
    );
    const details = plan.map((p) => p.detail).join(' | ');
    expect(details).toContain('shipment_plans_farm_month_ear_tag_idx');
    expect(details).not.toContain('TEMP B-TREE');
    const page = await all(
      `SELECT sp.cattle_id FROM shipment_plans sp WHERE sp.farm_id = 1
       ORDER BY sp.planned_shipment_month, cast(sp.ear_tag_number as integer), sp.ear_tag_number, sp.cattle_id`,
    );
    expect(page).toEqual([{ cattle_id: 13 }, { cattle_id: 11 }, { cattle_id: 10 }, { cattle_id: 12 }]);
  });

  it('still removes an animal’s plan with the animal', async () => {
    await run('DELETE FROM cattle WHERE cattle_id = 13');
    expect(await all(`SELECT plan_id FROM shipment_plans WHERE plan_id = 'p-13'`)).toEqual([]);
  });
});
