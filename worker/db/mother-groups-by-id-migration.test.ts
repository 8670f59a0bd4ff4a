import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0025 (the mothers list's kept groups name their shipments by id) on a shard seeded in the schema
 * before it, with kept groups and fresh marks: the shipments, animals and mothers stay as they were; the kept groups
 * (which named rowids) and their fresh marks are gone, so each farm's next read groups its shipments again; the
 * column is `shipment_ids`, and a change still takes a farm's fresh mark away.
 */
const { db, before, migration, run, all } = migrationDb('0025', 'shard');

const snapshot = async () => ({
  cattle: await all('SELECT * FROM cattle ORDER BY cattle_id'),
  mothers: await all('SELECT * FROM mother_info ORDER BY cattle_id'),
  shipments: await all('SELECT * FROM shipments ORDER BY shipment_id'),
});
const columns = async () =>
  (await all<{ name: string }>("SELECT name FROM pragma_table_info('mother_groups') ORDER BY cid")).map((c) => c.name);
let seeded: Awaited<ReturnType<typeof snapshot>>;
let columnsBefore: string[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await run(
    `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, name, gender, status) VALUES
       (10, 1, 1, '1000000010', 'はなこ', '雌', 'HEALTHY'), (11, 1, 1, '1000000011', 'はなこ1', '雌', 'HEALTHY'),
       (21, 2, 1, '1000000021', '導入牛', '雄', 'HEALTHY')`,
  );
  await run(
    `INSERT INTO mother_info (cattle_id, mother_cattle_id, mother_name) VALUES (11, 10, NULL), (21, NULL, 'さくら')`,
  );
  await run(
    `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price, weight) VALUES
       ('s-11', 11, 1, 1, '2025-10-25', 700000, 300), ('s-21', 21, 2, 1, '2025-11-01', 800000, 310)`,
  );
  // Kept groups as the list wrote them before: rowids of the shipments; both farms fresh.
  await run(
    `INSERT INTO mother_groups (farm_id, mother_key, group_count, group_revenue, group_latest, group_name,
       group_weighed, group_graded, shipment_rows) VALUES
       (1, 'id:10', 1, 700000, '2025-10-25', 'はなこ', 0, 0, '[1]'),
       (2, 'name:さくら', 1, 800000, '2025-11-01', 'さくら', 0, 0, '[2]')`,
  );
  await run('INSERT INTO mother_groups_fresh (farm_id) VALUES (1), (2)');
  seeded = await snapshot();
  columnsBefore = await columns();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0025 (kept mother groups by shipment id)', () => {
  it('keeps every animal, mother and shipment as it was', async () => {
    expect(seeded.cattle).toHaveLength(3);
    expect(seeded.shipments).toHaveLength(2);
    expect(await snapshot()).toEqual(seeded);
  });

  it('drops the kept groups and their fresh marks: each farm’s next read groups its shipments again', async () => {
    expect(await all('SELECT * FROM mother_groups')).toEqual([]);
    expect(await all('SELECT * FROM mother_groups_fresh')).toEqual([]);
  });

  it('renames shipment_rows to shipment_ids in place; the triggers still take a farm’s fresh mark away', async () => {
    expect(await columns()).toEqual(columnsBefore.map((c) => (c === 'shipment_rows' ? 'shipment_ids' : c)));
    await run('INSERT INTO mother_groups_fresh (farm_id) VALUES (1), (2)');
    await run("UPDATE shipments SET price = 710000 WHERE shipment_id = 's-11'");
    expect(await all('SELECT farm_id FROM mother_groups_fresh')).toEqual([{ farm_id: 2 }]);
  });
});
