import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Migration 0018 (every shipment record has its SHIPMENT event) on a database seeded in the schema before it: the
 * records keep every value, those whose animal had a SHIPMENT event point at its first one, the others get one
 * written on their date, and nothing else is touched.
 */
const { db, before, migration: shipmentEvent, all } = migrationDb('0018');

const SHIPMENT_COLUMNS =
  'shipment_id, cattle_id, farm_id, created_by, shipment_date, price, weight, buyer, notes, carcass_bms, created_at';
const shipmentRows = () => all(`SELECT ${SHIPMENT_COLUMNS} FROM shipments ORDER BY shipment_id`);
const eventRows = () =>
  all(
    'SELECT event_id, cattle_id, farm_id, created_by, event_type, event_datetime, notes FROM events ORDER BY event_id',
  );
const counts = () => all('SELECT farm_id, cattle, events, shipments FROM farm_counts ORDER BY farm_id');

let seeded: { shipments: unknown[]; events: Record<string, unknown>[]; counts: unknown[] };

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO users (id, user_name, email, is_verified)
       VALUES (1, '北 太郎', 'north@example.jp', 1), (2, '南 花子', 'south@example.jp', 1)`,
    ),
    db.prepare(`INSERT INTO farms (id, name) VALUES (1, '北牧場'), (2, '南牧場')`),
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, gender, birthday, status)
       VALUES (10, 1, 1, '0812345675', '雌', '2020-04-01', 'PREGNANT'),
              (11, 1, 1, '0812345683', '去勢', '2024-04-01', 'SHIPPED'),
              (12, 1, 1, '0812345691', '去勢', '2024-05-01', 'SHIPPED'),
              (13, 1, 1, '0812345705', '雌', '2024-06-01', 'SHIPPED'),
              (20, 2, 2, '0812345713', '雄', '2024-07-01', 'SHIPPED')`,
    ),
    db.prepare(
      `INSERT INTO events (event_id, cattle_id, farm_id, created_by, event_type, event_datetime, notes)
       VALUES (100, 10, 1, 1, 'INSEMINATION', '2026-05-01T00:00:00.000Z', NULL),
              (101, 11, 1, 1, 'WEIGHT_MEASURED', '2026-05-02T00:00:00.000Z', NULL),
              (102, 12, 1, 1, 'SHIPMENT', '2026-06-09T23:00:00.000Z', '市場へ'),
              (103, 13, 1, 1, 'SHIPMENT', '2026-06-20T05:00:00.000Z', '二度目'),
              (104, 13, 1, 1, 'SHIPMENT', '2026-06-20T01:00:00.000Z', '一度目')`,
    ),
    db.prepare(
      `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price, weight, buyer, notes,
         carcass_bms, created_at)
       VALUES ('s-1', 11, 1, 1, '2026-06-01', 900000, 300.5, '中央市場', 'メモ', NULL, '2026-06-01T09:00:00.000Z'),
              ('s-2', 12, 1, 1, '2026-06-10', 850000, NULL, NULL, NULL, 9, '2026-06-11T09:00:00.000Z'),
              ('s-3', 13, 1, 1, '2026-06-20', 700000, NULL, NULL, NULL, NULL, '2026-06-21T09:00:00.000Z'),
              ('s-4', 20, 2, 2, '2026-07-15', 780000, 290, '南市場', NULL, NULL, '2026-07-16T01:00:00.000Z')`,
    ),
  ]);
  seeded = { shipments: await shipmentRows(), events: await eventRows(), counts: await counts() };
  await applyD1Migrations(db, shipmentEvent);
});

describe('migration 0018 (every shipment record has its SHIPMENT event)', () => {
  it('keeps every shipment record and its values', async () => {
    expect(seeded.shipments).toHaveLength(4);
    expect(await shipmentRows()).toEqual(seeded.shipments);
  });

  it('points records at their animal’s first SHIPMENT event, and writes one for the others on their date', async () => {
    const links = await all<{ shipment_id: string; event_id: number }>(
      'SELECT shipment_id, event_id FROM shipments ORDER BY shipment_id',
    );
    const written = (await eventRows()).filter((e) => Number(e.event_id) > 104);
    expect(written).toEqual([
      // 2026-06-01 00:00 JST is 2026-05-31 15:00 UTC; by the record's author.
      {
        event_id: 105,
        cattle_id: 11,
        farm_id: 1,
        created_by: 1,
        event_type: 'SHIPMENT',
        event_datetime: '2026-05-31T15:00:00.000Z',
        notes: null,
      },
      {
        event_id: 106,
        cattle_id: 20,
        farm_id: 2,
        created_by: 2,
        event_type: 'SHIPMENT',
        event_datetime: '2026-07-14T15:00:00.000Z',
        notes: null,
      },
    ]);
    expect(links).toEqual([
      { shipment_id: 's-1', event_id: 105 },
      { shipment_id: 's-2', event_id: 102 },
      { shipment_id: 's-3', event_id: 104 },
      { shipment_id: 's-4', event_id: 106 },
    ]);
    const [created] = await all('SELECT created_at, updated_at FROM events WHERE event_id = 106');
    expect(created).toEqual({ created_at: '2026-07-16T01:00:00.000Z', updated_at: '2026-07-16T01:00:00.000Z' });
  });

  it('leaves the events that were there as they were, and counts the new ones in each farm', async () => {
    expect((await eventRows()).filter((e) => Number(e.event_id) <= 104)).toEqual(seeded.events);
    expect(seeded.counts).toEqual([
      { farm_id: 1, cattle: 4, events: 5, shipments: 3 },
      { farm_id: 2, cattle: 1, events: 0, shipments: 1 },
    ]);
    expect(await counts()).toEqual([
      { farm_id: 1, cattle: 4, events: 6, shipments: 3 },
      { farm_id: 2, cattle: 1, events: 1, shipments: 1 },
    ]);
  });

  it('never deletes a record with its event, nor an event with its record', async () => {
    await db.prepare('DELETE FROM events WHERE event_id = 105').run();
    expect(await all(`SELECT event_id FROM shipments WHERE shipment_id = 's-1'`)).toEqual([{ event_id: null }]);
    await db.prepare(`DELETE FROM shipments WHERE shipment_id = 's-2'`).run();
    expect(await all('SELECT event_id FROM events WHERE event_id = 102')).toEqual([{ event_id: 102 }]);
  });
});
