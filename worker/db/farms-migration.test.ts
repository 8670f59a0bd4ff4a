import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0006 (farms) on a database seeded in the schema before it: no row is lost, every user owns one farm
 * whose id is theirs, every farm-data row keeps its owner as its farm and as created_by, alert ids stay the same,
 * and the counters and the per-farm unique index work on the new column.
 */
const db = env.MIGRATION_DB;
const before = env.TEST_MIGRATIONS.filter((m) => m.name < '0006');
const farms = env.TEST_MIGRATIONS.filter((m) => m.name.startsWith('0006'));
const TABLES = [
  'users',
  'sessions',
  'cattle',
  'events',
  'breeding_status',
  'breeding_summary',
  'bloodline',
  'mother_info',
  'cattle_status_history',
  'alerts',
  'alert_history',
  'shipments',
  'shipment_plans',
] as const;

const run = (sql: string, ...values: unknown[]) =>
  db
    .prepare(sql)
    .bind(...values)
    .run();
const all = async <T>(sql: string, ...values: unknown[]) =>
  (
    await db
      .prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;
async function counts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    out[table] = (await all<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0].n;
  }
  return out;
}

async function seedOldSchema() {
  // Three users: a farmer with a herd, a second farmer, and an unfinished registration.
  await run(`INSERT INTO users (id, user_name, email, password_hash, is_verified) VALUES
    (1, '北 太郎', 'north@example.jp', 'x', 1), (2, '南 花子', 'south@example.jp', 'x', 1), (3, '仮登録ユーザー', 'new@example.jp', NULL, 0)`);
  await run(`INSERT INTO sessions (id, user_id, expires_at) VALUES ('s1', 1, '2099-01-01T00:00:00Z')`);
  for (const [owner, id, number] of [
    [1, 10, 1000000010],
    [1, 11, 1000000011],
    [2, 20, 1000000020],
  ]) {
    await run(
      `INSERT INTO cattle (cattle_id, owner_user_id, identification_number, ear_tag_number, name, gender, status)
       VALUES (?, ?, ?, ?, ?, '雌', 'PREGNANT')`,
      id,
      owner,
      number,
      number % 10000,
      `牛${id}`,
    );
    await run('INSERT INTO breeding_status (cattle_id, parity) VALUES (?, 2)', id);
    await run('INSERT INTO breeding_summary (cattle_id) VALUES (?)', id);
    await run(
      `INSERT INTO events (cattle_id, owner_user_id, event_type, event_datetime, details)
      VALUES (?, ?, 'INSEMINATION', '2026-01-10T00:00:00.000Z', '{"sireName":"安福久"}')`,
      id,
      owner,
    );
    await run(
      `INSERT INTO cattle_status_history (cattle_id, old_status, new_status, changed_by) VALUES (?, 'HEALTHY', 'PREGNANT', ?)`,
      id,
      String(owner),
    );
  }
  await run(`INSERT INTO bloodline (cattle_id, father_cattle_name) VALUES (11, '美国桜')`);
  await run(`INSERT INTO mother_info (cattle_id, mother_cattle_id, mother_name) VALUES (11, 10, '牛10')`);
  await run(`INSERT INTO alerts (id, type, severity, status, cattle_id, message, memo, owner_user_id)
    VALUES ('alert-a', 'CALVING_OVERDUE', 'high', 'acknowledged', 10, '分娩予定日を2日超過', '夜に見回る', 1)`);
  await run(`INSERT INTO alert_history (alert_id, action, new_status, changed_by) VALUES ('alert-a', 'created', 'active', 'system'),
    ('alert-a', 'acknowledged', 'acknowledged', '1')`);
  await run(
    `INSERT INTO shipments (shipment_id, cattle_id, owner_user_id, shipment_date, price) VALUES ('ship-1', 20, 2, '2026-02-01', 650000)`,
  );
  await run(
    `INSERT INTO shipment_plans (plan_id, cattle_id, owner_user_id, planned_shipment_month) VALUES ('plan-1', 11, 1, '2027-01')`,
  );
}

describe('migration 0006: farms', () => {
  let beforeCounts: Record<string, number>;
  let ownerCounts: { owner_user_id: number; cattle: number; events: number; shipments: number }[];

  beforeAll(async () => {
    await applyD1Migrations(db, before);
    await seedOldSchema();
    beforeCounts = await counts();
    ownerCounts = await all('SELECT owner_user_id, cattle, events, shipments FROM owner_counts ORDER BY owner_user_id');
    await applyD1Migrations(db, farms);
  });

  it('keeps every row of every table', async () => {
    expect(beforeCounts).toMatchObject({ users: 3, cattle: 3, events: 3, alerts: 1, alert_history: 2, shipments: 1 });
    expect(await counts()).toEqual(beforeCounts);
  });

  it('gives every user one farm named after them, owned by them, as their default', async () => {
    expect(await all('SELECT id, name FROM farms ORDER BY id')).toEqual([
      { id: 1, name: '北 太郎の牧場' },
      { id: 2, name: '南 花子の牧場' },
      { id: 3, name: '仮登録ユーザーの牧場' },
    ]);
    expect(await all('SELECT farm_id, user_id, role FROM farm_members ORDER BY farm_id')).toEqual([
      { farm_id: 1, user_id: 1, role: 'owner' },
      { farm_id: 2, user_id: 2, role: 'owner' },
      { farm_id: 3, user_id: 3, role: 'owner' },
    ]);
    expect(await all('SELECT id, default_farm_id FROM users ORDER BY id')).toEqual([
      { id: 1, default_farm_id: 1 },
      { id: 2, default_farm_id: 2 },
      { id: 3, default_farm_id: 3 },
    ]);
  });

  it('puts every farm-data row in its owner’s farm, recorded by its owner', async () => {
    for (const table of ['cattle', 'events', 'alerts', 'shipments', 'shipment_plans']) {
      const rows = await all<{ farm_id: number; created_by: number }>(`SELECT farm_id, created_by FROM ${table}`);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) expect(row.farm_id, table).toBe(row.created_by);
    }
    expect(await all('SELECT cattle_id, farm_id FROM cattle ORDER BY cattle_id')).toEqual([
      { cattle_id: 10, farm_id: 1 },
      { cattle_id: 11, farm_id: 1 },
      { cattle_id: 20, farm_id: 2 },
    ]);
  });

  it('keeps alert ids, status, memo and history', async () => {
    expect(await all('SELECT id, status, memo, farm_id FROM alerts')).toEqual([
      { id: 'alert-a', status: 'acknowledged', memo: '夜に見回る', farm_id: 1 },
    ]);
    expect(await all("SELECT action FROM alert_history WHERE alert_id = 'alert-a' ORDER BY id")).toEqual([
      { action: 'created' },
      { action: 'acknowledged' },
    ]);
  });

  it('carries the counters over to farm_counts and keeps them with the triggers', async () => {
    expect(
      await all('SELECT farm_id AS owner_user_id, cattle, events, shipments FROM farm_counts ORDER BY farm_id'),
    ).toEqual(ownerCounts);
    await run(
      `INSERT INTO cattle (farm_id, created_by, identification_number, gender) VALUES (2, 2, 1000000099, '雌')`,
    );
    expect(await all('SELECT cattle FROM farm_counts WHERE farm_id = 2')).toEqual([{ cattle: 2 }]);
  });

  it('makes an identification number unique per farm, not per user', async () => {
    // The same ear tag in another farm is another animal; twice in one farm is refused.
    await run(
      `INSERT INTO cattle (farm_id, created_by, identification_number, gender) VALUES (2, 1, 1000000010, '雌')`,
    );
    await expect(
      run(`INSERT INTO cattle (farm_id, created_by, identification_number, gender) VALUES (1, 2, 1000000010, '雌')`),
    ).rejects.toThrow(/UNIQUE/);
  });
});

describe('migration 0009: updated_by', () => {
  it('adds an empty updated_by to cattle, events and shipments and keeps every row', async () => {
    const later = env.TEST_MIGRATIONS.filter((m) => m.name > '0006' && m.name <= '0009_updated_by.sql');
    const before = await counts();
    await applyD1Migrations(db, later);
    expect(await counts()).toEqual(before);
    for (const table of ['cattle', 'events', 'shipments']) {
      const rows = await all<{ updated_by: number | null }>(`SELECT updated_by FROM ${table}`);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(
        rows.every((r) => r.updated_by === null),
        table,
      ).toBe(true);
    }
  });
});

describe('migration 0010: identification numbers as text', () => {
  let before: Record<string, number>;

  beforeAll(async () => {
    // Animals as the integer schema stored them: a number that lost its zero, an ear tag that lost its zero too,
    // and a calf with a provisional negative number.
    await run(`INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender)
      VALUES (30, 1, 1, 871234566, 3456, 'ゼロ始まり', '雌'), (31, 1, 1, 812305675, 567, '耳標ゼロ', '雌'),
        (32, 1, 1, -1700000000123, NULL, NULL, '雄'), (33, 1, 1, 1234567890, 77, '短い耳標', '去勢')`);
    for (const id of [30, 31, 32, 33]) {
      await run('INSERT INTO breeding_status (cattle_id) VALUES (?)', id);
      await run('INSERT INTO breeding_summary (cattle_id) VALUES (?)', id);
    }
    await run(`INSERT INTO mother_info (cattle_id, mother_cattle_id, mother_identification_number)
      VALUES (32, 31, 812305675), (33, NULL, -5)`);
    await run(`INSERT INTO alerts (id, type, severity, status, cattle_id, cattle_ear_tag_number, message, farm_id, created_by)
      VALUES ('alert-b', 'CALVING_WITHIN_60', 'medium', 'active', 31, 567, '分娩予定まで30日', 1, 1)`);
    await run(`INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details) VALUES
      (31, 1, 1, 'CALVING', '2026-03-01T00:00:00.000Z', '{"difficult":false,"calf":{"gender":"雄","identificationNumber":812305676,"earTagNumber":5676,"cattleId":30}}'),
      (31, 1, 1, 'CALVING', '2025-03-01T00:00:00.000Z', '{"calf":{"gender":"雄","identificationNumber":-1700000000123,"cattleId":32}}')`);
    before = await counts();
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name.startsWith('0010')),
    );
  });

  it('keeps every row of every table', async () => {
    expect(before.cattle).toBe(9);
    expect(await counts()).toEqual(before);
  });

  it('pads numbers to 10 digits, turns provisional ones into null, and keeps ear tags as their digits', async () => {
    expect(
      await all(
        'SELECT cattle_id, identification_number, ear_tag_number, name FROM cattle WHERE cattle_id >= 30 ORDER BY cattle_id',
      ),
    ).toEqual([
      { cattle_id: 30, identification_number: '0871234566', ear_tag_number: '3456', name: 'ゼロ始まり' },
      // 567 is the number's digits 6–9 without their zero: the zero comes back.
      { cattle_id: 31, identification_number: '0812305675', ear_tag_number: '0567', name: '耳標ゼロ' },
      { cattle_id: 32, identification_number: null, ear_tag_number: null, name: null },
      { cattle_id: 33, identification_number: '1234567890', ear_tag_number: '77', name: '短い耳標' },
    ]);
    expect(await all('SELECT typeof(identification_number) AS t FROM cattle WHERE cattle_id = 10')).toEqual([
      { t: 'text' },
    ]);
    expect(await all('SELECT identification_number FROM cattle WHERE cattle_id = 10')).toEqual([
      { identification_number: '1000000010' },
    ]);
  });

  it('converts the mother numbers, the alerts’ ear tags and the calves recorded in calvings', async () => {
    expect(
      await all('SELECT cattle_id, mother_cattle_id, mother_identification_number FROM mother_info ORDER BY cattle_id'),
    ).toEqual([
      { cattle_id: 11, mother_cattle_id: 10, mother_identification_number: null },
      { cattle_id: 32, mother_cattle_id: 31, mother_identification_number: '0812305675' },
      { cattle_id: 33, mother_cattle_id: null, mother_identification_number: null },
    ]);
    expect(await all('SELECT id, cattle_ear_tag_number FROM alerts ORDER BY id')).toEqual([
      { id: 'alert-a', cattle_ear_tag_number: '10' },
      { id: 'alert-b', cattle_ear_tag_number: '0567' },
    ]);
    const calves = await all<{ details: string }>(
      "SELECT details FROM events WHERE event_type = 'CALVING' ORDER BY event_datetime",
    );
    expect(calves.map((r) => JSON.parse(r.details).calf)).toEqual([
      { gender: '雄', cattleId: 32 },
      { gender: '雄', identificationNumber: '0812305676', earTagNumber: '5676', cattleId: 30 },
    ]);
  });

  it('keeps the number unique per farm, lets many untagged calves share the farm, and finds by prefix', async () => {
    await expect(
      run(`INSERT INTO cattle (farm_id, created_by, identification_number, gender) VALUES (1, 1, '0871234566', '雌')`),
    ).rejects.toThrow(/UNIQUE/);
    await run(
      `INSERT INTO cattle (farm_id, created_by, identification_number, gender) VALUES (1, 1, NULL, '雌'), (1, 1, NULL, '雄')`,
    );
    expect(await all('SELECT count(*) AS n FROM cattle WHERE farm_id = 1 AND identification_number IS NULL')).toEqual([
      { n: 3 },
    ]);
    expect(
      await all(
        "SELECT cattle_id FROM cattle WHERE farm_id = 1 AND identification_number LIKE '08%' ORDER BY cattle_id",
      ),
    ).toEqual([{ cattle_id: 30 }, { cattle_id: 31 }]);
  });
});

describe('migration 0011: a calving’s calves as a list', () => {
  it('turns the stored calf into a one-element calves list and keeps every row and every other key', async () => {
    await run(`INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details) VALUES
      (31, 1, 1, 'CALVING', '2026-06-01T00:00:00.000Z', NULL),
      (31, 1, 1, 'CALVING', '2026-07-01T00:00:00.000Z', '{"difficult":true}'),
      (31, 1, 1, 'INSEMINATION', '2026-08-01T00:00:00.000Z', '{"sireName":"安福久"}')`);
    const before = await counts();
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name.startsWith('0011')),
    );
    expect(await counts()).toEqual(before);
    const rows = await all<{ event_type: string; details: string | null }>(
      'SELECT event_type, details FROM events WHERE cattle_id = 31 ORDER BY event_datetime',
    );
    expect(rows.map((r) => (r.details === null ? null : JSON.parse(r.details)))).toEqual([
      { calves: [{ gender: '雄', cattleId: 32 }] },
      {
        difficult: false,
        calves: [{ gender: '雄', identificationNumber: '0812305676', earTagNumber: '5676', cattleId: 30 }],
      },
      null,
      { difficult: true },
      { sireName: '安福久' },
    ]);
  });
});
