import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Migration 0013 (withdrawal and carcass) on a database seeded in the schema before it: no row is lost, shipments
 * keep their values with empty carcass results, and every animal's stored withdrawal ends are computed from its
 * MEDICATION and VACCINATION events (JST date + days; 0 days and other event types do not count).
 */
const { db, before, migration, run, all } = migrationDb('0013');
const TABLES = ['users', 'farms', 'cattle', 'events', 'breeding_status', 'shipments'] as const;

async function counts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = (await all<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0].n;
  return out;
}

async function seed() {
  await run(
    `INSERT INTO users (id, user_name, email, password_hash, is_verified) VALUES (1, '北 太郎', 'n@example.jp', 'x', 1)`,
  );
  await run(`INSERT INTO farms (id, name) VALUES (1, '北牧場')`);
  for (const id of [10, 11, 12, 13]) {
    await run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, name, gender, status)
       VALUES (?, 1, 1, ?, ?, '去勢', 'HEALTHY')`,
      id,
      String(1_000_000_000 + id),
      `牛${id}`,
    );
    await run('INSERT INTO breeding_status (cattle_id, parity) VALUES (?, 0)', id);
  }
  const event = (cattleId: number, type: string, at: string, details: string | null) =>
    run(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details) VALUES (?, 1, 1, ?, ?, ?)`,
      cattleId,
      type,
      at,
      details,
    );
  // 10: 2026-03-01 JST (2026-02-28T15:00Z) meat 30 → 03-31, milk 5 → 03-06; 2026-03-10 JST vaccination meat 7 → 03-17.
  await event(
    10,
    'MEDICATION',
    '2026-02-28T15:00:00.000Z',
    '{"product":"抗生物質","withdrawalMeatDays":30,"withdrawalMilkDays":5}',
  );
  await event(10, 'VACCINATION', '2026-03-10T01:00:00.000Z', '{"withdrawalMeatDays":7,"withdrawalMilkDays":0}');
  // 11: a treatment without days, and 0 days: no restriction.
  await event(11, 'MEDICATION', '2026-03-01T01:00:00.000Z', '{"product":"整腸剤","dose":"5g"}');
  await event(11, 'MEDICATION', '2026-03-02T01:00:00.000Z', '{"withdrawalMeatDays":0}');
  // 12: days on a type that is not a treatment do not count; milk only 2026-01-31 JST + 30 = 03-02.
  await event(12, 'DIAGNOSIS', '2026-03-01T01:00:00.000Z', '{"withdrawalMeatDays":90}');
  await event(12, 'MEDICATION', '2026-01-31T03:00:00.000Z', '{"withdrawalMilkDays":30}');
  // 13: no events at all; a shipment.
  await run(
    `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price, weight)
     VALUES ('ship-1', 13, 1, 1, '2026-02-01', 650000, 290.5)`,
  );
}

describe('migration 0013: withdrawal and carcass', () => {
  let beforeCounts: Record<string, number>;

  beforeAll(async () => {
    await applyD1Migrations(db, before);
    await seed();
    beforeCounts = await counts();
    await applyD1Migrations(db, migration);
  });

  it('keeps every row', async () => {
    expect(beforeCounts).toEqual({ users: 1, farms: 1, cattle: 4, events: 6, breeding_status: 4, shipments: 1 });
    expect(await counts()).toEqual(beforeCounts);
  });

  it('computes each animal’s withdrawal ends from its treatments', async () => {
    expect(
      await all(
        'SELECT cattle_id, withdrawal_meat_until, withdrawal_milk_until FROM breeding_status ORDER BY cattle_id',
      ),
    ).toEqual([
      { cattle_id: 10, withdrawal_meat_until: '2026-03-31', withdrawal_milk_until: '2026-03-06' },
      { cattle_id: 11, withdrawal_meat_until: null, withdrawal_milk_until: null },
      { cattle_id: 12, withdrawal_meat_until: null, withdrawal_milk_until: '2026-03-02' },
      { cattle_id: 13, withdrawal_meat_until: null, withdrawal_milk_until: null },
    ]);
  });

  it('keeps shipments as they were, with no carcass results', async () => {
    expect(await all('SELECT * FROM shipments')).toEqual([
      expect.objectContaining({
        shipment_id: 'ship-1',
        cattle_id: 13,
        shipment_date: '2026-02-01',
        price: 650000,
        weight: 290.5,
        carcass_weight_kg: null,
        carcass_yield_grade: null,
        carcass_quality_grade: null,
        carcass_bms: null,
        carcass_notes: null,
      }),
    ]);
  });
});
