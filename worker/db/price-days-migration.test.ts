import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0022 (price statistics from kept figures, decision 057) on a shard seeded in the schema before it:
 * every shipment kept as it was; `shipment_days` filled from them, one row per farm and day with the sums written out
 * below (a shipment of no farm in none); then the triggers keep the rows on insert, update and delete.
 */
const { db, before, migration, run, all } = migrationDb('0022', 'shard');

const shipmentRows = () =>
  all('SELECT shipment_id, cattle_id, farm_id, shipment_date, price FROM shipments ORDER BY shipment_id');
const days = () =>
  all('SELECT farm_id, day, shipments, revenue, max_price, min_price FROM shipment_days ORDER BY farm_id, day');
const counted = () =>
  all(
    `SELECT farm_id, shipment_date AS day, count(*) AS shipments, sum(price) AS revenue, max(price) AS max_price,
       min(price) AS min_price
     FROM shipments WHERE farm_id IS NOT NULL GROUP BY farm_id, shipment_date ORDER BY farm_id, shipment_date`,
  );
const day = (farm: number, d: string, shipments: number, revenue: number, max: number, min: number) => ({
  farm_id: farm,
  day: d,
  shipments,
  revenue,
  max_price: max,
  min_price: min,
});

let seeded: unknown[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await run(
    `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, gender, status)
     VALUES (11, 1, 1, '0812345675', '去勢', 'SHIPPED'), (12, 1, 1, '0812345683', '去勢', 'SHIPPED'),
            (13, 1, 1, '0812345691', '雌', 'SHIPPED'), (14, 1, 1, '0812345705', '去勢', 'SHIPPED'),
            (20, 2, 2, '0812345713', '雄', 'SHIPPED'), (30, 3, 3, '0812345721', '去勢', 'SHIPPED')`,
  );
  await run(
    `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price)
     VALUES ('s-1', 11, 1, 1, '2026-06-01', 900000), ('s-2', 12, 1, 1, '2026-06-01', 850000),
            ('s-3', 13, 1, 1, '2026-06-20', 700000), ('s-4', 20, 2, 2, '2026-06-01', 780000),
            ('s-5', 30, NULL, 3, '2026-06-01', 123456)`,
  );
  seeded = await shipmentRows();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0022 (shipments kept summed per day)', () => {
  it('keeps every shipment as it was', async () => {
    expect(seeded).toHaveLength(5);
    expect(await shipmentRows()).toEqual(seeded);
  });

  it('fills a row per farm and day from the shipments already recorded, none for a shipment of no farm', async () => {
    expect(await days()).toEqual([
      day(1, '2026-06-01', 2, 1_750_000, 900_000, 850_000), // 900,000 + 850,000
      day(1, '2026-06-20', 1, 700_000, 700_000, 700_000),
      day(2, '2026-06-01', 1, 780_000, 780_000, 780_000),
    ]);
  });

  it('adds an insert to its farm and day only', async () => {
    await run(
      `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price)
       VALUES ('s-6', 14, 1, 1, '2026-06-01', 1000000)`,
    );
    expect(await days()).toEqual([
      day(1, '2026-06-01', 3, 2_750_000, 1_000_000, 850_000),
      day(1, '2026-06-20', 1, 700_000, 700_000, 700_000),
      day(2, '2026-06-01', 1, 780_000, 780_000, 780_000),
    ]);
  });

  it('counts the days of an update again: the old day loses it, the new day gains it', async () => {
    await run(`UPDATE shipments SET shipment_date = '2026-06-20', price = 650000 WHERE shipment_id = 's-6'`);
    expect(await days()).toEqual([
      day(1, '2026-06-01', 2, 1_750_000, 900_000, 850_000),
      day(1, '2026-06-20', 2, 1_350_000, 700_000, 650_000),
      day(2, '2026-06-01', 1, 780_000, 780_000, 780_000),
    ]);
    await run(`UPDATE shipments SET notes = 'メモ' WHERE shipment_id = 's-1'`);
    expect(await days()).toEqual(await counted());
  });

  it('takes a delete away, the highest price counted again, and drops a day left with none', async () => {
    await run(`DELETE FROM shipments WHERE shipment_id = 's-1'`);
    await run(`DELETE FROM shipments WHERE shipment_id = 's-4'`);
    expect(await days()).toEqual([
      day(1, '2026-06-01', 1, 850_000, 850_000, 850_000),
      day(1, '2026-06-20', 2, 1_350_000, 700_000, 650_000),
    ]);
    expect(await days()).toEqual(await counted());
  });

  it('reads a period of a farm by its primary key', async () => {
    const plan = await all<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT sum(shipments) FROM shipment_days
       WHERE farm_id = 1 AND day BETWEEN '2026-01-01' AND '2026-12-31'`,
    );
    expect(plan.map((p) => p.detail).join(' ')).toMatch(
      /SEARCH shipment_days USING PRIMARY KEY \(farm_id=\? AND day>\? AND day<\?\)/,
    );
  });
});
