import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Migration 0017 (the farms' KPI version) on a database seeded in the schema before it: every farm's counts stay
 * as they were, the version starts at 0, and its triggers count only what the breeding KPIs read.
 */
const { db, before, migration: kpiVersion, run, all, userAndTwoFarms } = migrationDb('0017');

const counts = () => all('SELECT farm_id, cattle, events, shipments FROM farm_counts ORDER BY farm_id');
const version = async (farmId: number) =>
  (await db.prepare('SELECT kpi_version AS v FROM farm_counts WHERE farm_id = ?').bind(farmId).first<{ v: number }>())
    ?.v;

let seeded: unknown[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    ...userAndTwoFarms(),
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, gender, birthday)
       VALUES (10, 1, 1, '0812345675', '雌', '2020-04-01'), (11, 1, 1, '0812345683', '去勢', '2024-04-01'),
              (20, 2, 1, '0812345691', '雌', '2021-04-01')`,
    ),
    db.prepare('INSERT INTO breeding_status (cattle_id, initial_parity, parity) VALUES (10, 2, 2), (20, 0, 0)'),
    db.prepare(
      `INSERT INTO events (event_id, cattle_id, farm_id, created_by, event_type, event_datetime)
       VALUES (100, 10, 1, 1, 'INSEMINATION', '2026-05-01T00:00:00.000Z'), (101, 11, 1, 1, 'WEIGHT', '2026-05-02T00:00:00.000Z')`,
    ),
    db.prepare(
      `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price)
       VALUES ('s-1', 11, 1, 1, '2026-06-01', 900000)`,
    ),
  ]);
  seeded = await counts();
  await applyD1Migrations(db, kpiVersion);
});

describe('migration 0017 (the farms’ KPI version)', () => {
  it('keeps every farm’s counts and starts their versions at 0', async () => {
    expect(seeded).toEqual([
      { farm_id: 1, cattle: 2, events: 2, shipments: 1 },
      { farm_id: 2, cattle: 1, events: 0, shipments: 0 },
    ]);
    expect(await counts()).toEqual(seeded);
    expect(await version(1)).toBe(0);
    expect(await version(2)).toBe(0);
  });

  it('counts breeding events, female animals, initial parity and shipments — and nothing else', async () => {
    const steps: [string, number][] = [
      [
        `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime)
        VALUES (11, 1, 1, 'WEIGHT', '2026-07-01T00:00:00.000Z')`,
        0,
      ],
      [`UPDATE events SET notes = 'x' WHERE event_id = 101`, 0],
      [
        `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime)
        VALUES (10, 1, 1, 'ESTRUS', '2026-07-01T00:00:00.000Z')`,
        1,
      ],
      [`UPDATE events SET event_datetime = '2026-05-02T00:00:00.000Z' WHERE event_id = 100`, 1],
      ['DELETE FROM events WHERE event_id = 100', 1],
      [`UPDATE cattle SET notes = 'x' WHERE cattle_id = 10`, 0],
      [`UPDATE cattle SET birthday = '2020-04-02' WHERE cattle_id = 10`, 1],
      [`UPDATE cattle SET birthday = '2024-04-02' WHERE cattle_id = 11`, 0],
      ['UPDATE breeding_status SET initial_parity = 3 WHERE cattle_id = 10', 1],
      ['UPDATE breeding_status SET parity = 4 WHERE cattle_id = 10', 0],
      [`UPDATE shipments SET price = 1 WHERE shipment_id = 's-1'`, 0],
      [`UPDATE shipments SET shipment_date = '2026-06-02' WHERE shipment_id = 's-1'`, 1],
      [`DELETE FROM shipments WHERE shipment_id = 's-1'`, 1],
      [`INSERT INTO cattle (farm_id, created_by, identification_number, gender) VALUES (1, 1, '0812345705', '雄')`, 0],
      [`INSERT INTO cattle (farm_id, created_by, identification_number, gender) VALUES (1, 1, '0812345713', '雌')`, 1],
    ];
    for (const [sql, bump] of steps) {
      const was = await version(1);
      await run(sql);
      expect({ sql, bump: (await version(1))! - was! }).toEqual({ sql, bump });
    }
    expect(await version(2)).toBe(0);
  });
});
