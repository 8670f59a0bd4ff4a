import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0008 (the mothers list's kept groups, decision 036's addendum) on a shard seeded in the schema
 * before it: every row and value kept, no farm starts fresh (its first read groups its shipments), and each change
 * the groups depend on takes a farm's fresh mark away — its own farm's only.
 */
const { db, before, migration, run, all } = migrationDb('0008', 'shard');
const TABLES = ['cattle', 'mother_info', 'shipments'] as const;

async function snapshot() {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) out[table] = (await all<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0].n;
  out.shipments_rows = await all('SELECT shipment_id, cattle_id, farm_id, price, weight FROM shipments ORDER BY 1');
  out.mothers = await all('SELECT cattle_id, mother_cattle_id, mother_name FROM mother_info ORDER BY 1');
  return out;
}

async function seed() {
  // Farm 1: mother 10 with calves 11 and 12 shipped; farm 2: calf 21 of a mother known by name, shipped.
  const animal = (id: number, farm: number, name: string) =>
    run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, name, gender, status)
       VALUES (?, ?, 1, ?, ?, '雌', 'HEALTHY')`,
      id,
      farm,
      String(1_000_000_000 + id),
      name,
    );
  await animal(10, 1, 'はなこ');
  await animal(11, 1, 'はなこ1');
  await animal(12, 1, 'はなこ2');
  await animal(21, 2, '導入牛');
  await run('INSERT INTO mother_info (cattle_id, mother_cattle_id) VALUES (11, 10), (12, 10)');
  await run(`INSERT INTO mother_info (cattle_id, mother_name) VALUES (21, 'さくら')`);
  for (const [id, cattle, farm, price] of [
    ['s-11', 11, 1, 700000],
    ['s-12', 12, 1, 650001],
    ['s-21', 21, 2, 800000],
  ] as const)
    await run(
      `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price, weight)
       VALUES (?, ?, ?, 1, '2025-10-25', ?, 300)`,
      id,
      cattle,
      farm,
      price,
    );
}

const freshFarms = async () =>
  (await all<{ farm_id: number }>('SELECT farm_id FROM mother_groups_fresh ORDER BY farm_id')).map((r) => r.farm_id);
const markBoth = () => run('INSERT OR IGNORE INTO mother_groups_fresh (farm_id) VALUES (1), (2)');

describe('shard migration 0008: kept mother groups', () => {
  let beforeSnapshot: Record<string, unknown>;

  beforeAll(async () => {
    await applyD1Migrations(db, before);
    await seed();
    beforeSnapshot = await snapshot();
    await applyD1Migrations(db, migration);
  });

  it('keeps every row and value, and starts with no kept groups and no farm fresh', async () => {
    expect(beforeSnapshot).toMatchObject({ cattle: 4, mother_info: 3, shipments: 3 });
    expect(await snapshot()).toEqual(beforeSnapshot);
    expect(await all('SELECT * FROM mother_groups')).toEqual([]);
    expect(await freshFarms()).toEqual([]);
  });

  it.each([
    [
      'a shipment inserted',
      `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price)
      VALUES ('s-10', 10, 1, 1, '2026-01-01', 1)`,
    ],
    ['a shipment updated', `UPDATE shipments SET price = 700001 WHERE shipment_id = 's-11'`],
    ['a shipment deleted', `DELETE FROM shipments WHERE shipment_id = 's-10'`],
    ['a mother record inserted', 'INSERT INTO mother_info (cattle_id, mother_name) VALUES (10, NULL)'],
    ['a mother record updated', `UPDATE mother_info SET mother_name = 'はな' WHERE cattle_id = 11`],
    ['a mother record deleted', 'DELETE FROM mother_info WHERE cattle_id = 10'],
    ['an animal renamed', `UPDATE cattle SET name = 'はなこ改' WHERE cattle_id = 10`],
  ])('takes only farm 1 out of fresh on %s', async (_what, statement) => {
    await markBoth();
    await run(statement);
    expect(await freshFarms()).toEqual([2]);
  });

  it('keeps the farm fresh when an animal changes in a way the groups do not read', async () => {
    await markBoth();
    await run(`UPDATE cattle SET status = 'PREGNANT' WHERE cattle_id = 10`);
    expect(await freshFarms()).toEqual([1, 2]);
  });

  it('takes both farms out when an animal moves between them, and its farm when it is deleted', async () => {
    await markBoth();
    await run('UPDATE cattle SET farm_id = 2 WHERE cattle_id = 12');
    expect(await freshFarms()).toEqual([]);
    await markBoth();
    await run('DELETE FROM cattle WHERE cattle_id = 21');
    expect(await freshFarms()).toEqual([1]);
  });
});
