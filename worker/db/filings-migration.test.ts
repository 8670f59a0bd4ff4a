import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBatch } from '../db/batch';
import { clientOf } from '../db/client';
import { filingStatements } from '../filings/filings.statements';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0004 (filings) on a farm-data shard seeded in the schema before it: every table's rows and values
 * stay as they were, shipments gain an empty counterparty, no filing is created for the herd's past events (decision
 * 041: taken as filed), and the new table takes the filings of an event written after it.
 */
const { db, before, migration, all } = migrationDb('0004', 'shard');

const tables = ['cattle', 'events', 'shipments', 'mother_info', 'farm_counts'];
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(tables.map(async (t) => [t, await all(`SELECT * FROM ${t} ORDER BY rowid`)] as const)),
  );
let seeded: Record<string, Record<string, unknown>[]>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  const event = (id: number, cattleId: number, type: string, at: string, details: string | null = null) =>
    db
      .prepare(
        `INSERT INTO events (event_id, cattle_id, farm_id, created_by, event_type, event_datetime, details) VALUES (?, ?, 1, 1, ?, ?, ?)`,
      )
      .bind(id, cattleId, type, at, details);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌', '2021-04-01'),
              (11, 1, 1, NULL, '0010', NULL, '雌', '2026-03-01'),
              (12, 1, 1, '0812345691', '0011', 'さくら', '去勢', '2024-01-10'),
              (20, 2, 1, '0812345705', '4569', 'はな', '雌', '2020-05-05')`,
    ),
    db.prepare(
      `INSERT INTO mother_info (cattle_id, mother_cattle_id, mother_identification_number) VALUES (11, 10, '0812345675')`,
    ),
    event(1, 10, 'ARRIVAL', '2025-01-10T00:00:00.000Z'),
    event(
      2,
      10,
      'CALVING',
      '2026-02-28T16:00:00.000Z',
      '{"calves":[{"gender":"雌","earTagNumber":"0010","cattleId":11}]}',
    ),
    event(3, 12, 'SHIPMENT', '2026-04-30T15:00:00.000Z'),
    event(4, 20, 'DEATH', '2026-05-01T00:00:00.000Z'),
    db.prepare(
      `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price, buyer, event_id)
       VALUES ('ship-1', 12, 1, 1, '2026-05-01', 1200000, '東京食肉市場', 3)`,
    ),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0004 (filings)', () => {
  it('keeps every table’s rows and values; shipments gain an empty counterparty', async () => {
    expect(seeded.cattle).toHaveLength(4);
    expect(seeded.events).toHaveLength(4);
    expect(seeded.shipments).toHaveLength(1);
    const after = await snapshot();
    expect({ ...after, shipments: after.shipments.map(({ to_farmer_code, to_name, ...rest }) => rest) }).toEqual(
      seeded,
    );
    expect(after.shipments[0]).toMatchObject({ to_farmer_code: null, to_name: null, buyer: '東京食肉市場' });
  });

  it('creates no filing for the events already recorded', async () => {
    expect(await all('SELECT count(*) AS n FROM filings')).toEqual([{ n: 0 }]);
  });

  it('takes the filings of events written after it, with JST dates and due dates', async () => {
    const drizzle = clientOf(db);
    const now = '2026-11-26T00:00:00.000Z';
    await runBatch(drizzle, [
      ...filingStatements(1, { eventId: 2 }, now),
      ...filingStatements(1, { cattleId: 12, added: 1 }, now),
    ]);
    // The calving at 2026-02-28 16:00 UTC is 2026-03-01 01:00 JST: due 2026-03-01 + 7 = 2026-03-08.
    // The shipment at 2026-04-30 15:00 UTC is 2026-05-01 00:00 JST: due 2026-05-08.
    expect(
      await all(
        'SELECT farm_id, cattle_id, kind, event_id, event_date, due_date, status FROM filings ORDER BY cattle_id',
      ),
    ).toEqual([
      {
        farm_id: 1,
        cattle_id: 11,
        kind: 'BIRTH',
        event_id: 2,
        event_date: '2026-03-01',
        due_date: '2026-03-08',
        status: 'pending',
      },
      {
        farm_id: 1,
        cattle_id: 12,
        kind: 'MOVE_OUT',
        event_id: 3,
        event_date: '2026-05-01',
        due_date: '2026-05-08',
        status: 'pending',
      },
    ]);
    // Written again, the same (animal, kind) stays one row.
    await runBatch(drizzle, filingStatements(1, { eventId: 2 }, now));
    expect(await all('SELECT count(*) AS n FROM filings')).toEqual([{ n: 2 }]);
  });
});
