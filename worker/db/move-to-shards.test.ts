import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECTORY_TABLES,
  moveToShard,
  SHARD_TABLES,
  shardOnlyColumns,
  snapshot,
  tablesOf,
} from '../../scripts/move-to-shards-core.mjs';

/**
 * The single-database move (decision 034): a database migrated through migrations/0000–0020 and seeded with rows in
 * EVERY table becomes the directory, its farm data moves to a shard, and every table's rows are the same after.
 * No farm is created through the API in this file, so FARM_DB_1 is an empty, migrated shard.
 */
const source = env.MIGRATION_DB;
const shard = env.FARM_DB_1;

const seed = [
  `INSERT INTO farms (id, name) VALUES (1, '北牧場'), (2, '南牧場')`,
  `INSERT INTO users (id, user_name, email, password_hash, is_verified, google_id, line_id, oauth_provider, default_farm_id, digest_channel)
   VALUES (1, '北 太郎', 'north@example.jp', 'hash', 1, 'g-1', 'U1', 'email', 1, 'both'),
          (2, '南 花子', 'south@example.jp', NULL, 1, NULL, NULL, 'google', 2, 'mail')`,
  `INSERT INTO farm_members (farm_id, user_id, role) VALUES (1, 1, 'owner'), (2, 2, 'owner'), (1, 2, 'staff')`,
  `INSERT INTO sessions (id, user_id, expires_at) VALUES ('s1', 1, '2099-01-01T00:00:00.000Z'), ('s2', 2, '2099-01-01T00:00:00.000Z')`,
  `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('reset-1', 1, '2099-01-01T00:00:00.000Z')`,
  `INSERT INTO farm_invitations (farm_id, email, role, token_hash, invited_by, expires_at)
   VALUES (1, 'new@example.jp', 'viewer', 'inv-1', 1, '2099-01-01T00:00:00.000Z')`,
  `INSERT INTO registrations (email, referral_source, status, locale, created_at, updated_at)
   VALUES ('wait@example.jp', 'friend', 'pending', 'ja', 1700000000, 1700000000)`,
  `INSERT INTO email_logs (email, type, http_status, resend_id) VALUES ('north@example.jp', 'verification', 200, 'r-1')`,
  `INSERT INTO dev_outbox ("to", subject, text, html) VALUES ('north@example.jp', '件名', '本文', '<p>本文</p>')`,
  `INSERT INTO rate_limit_hits (key, created_at) VALUES ('login:north', 1700000000000)`,
  `INSERT INTO idempotency_keys (user_id, key, fingerprint, state, status, body, content_type, created_at)
   VALUES (1, 'k-1', 'fp', 'done', 201, '{"ok":true}', 'application/json', '2026-11-26T00:00:00.000Z')`,
  `INSERT INTO line_friends (line_user_id, following, event_at) VALUES ('U1', 1, 1700000000000)`,
  `INSERT INTO line_webhook_events (webhook_event_id, type, line_user_id) VALUES ('w-1', 'follow', 'U1')`,
  `INSERT INTO line_push_logs (line_user_id, user_id, type, attempt, retry_key, http_status) VALUES ('U1', 1, 'digest', 1, 'rk', 200)`,
  `INSERT INTO line_dev_outbox ("to", text) VALUES ('U1', 'おはよう')`,
  `INSERT INTO daily_runs (run_date, after_owner_id, invocations, finished_at) VALUES ('2026-11-26', 2, 3, '2026-11-25T21:30:00.000Z')`,
  `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday, status, weight, notes)
   VALUES (1, 1, 1, '1234567890', '12', 'はなこ', '雌', '2020-04-01', 'PREGNANT', 512.5, 'おとなしい'),
          (2, 1, 1, '1234567891', '13', 'たろう', '去勢', '2024-05-01', 'SHIPPED', NULL, NULL),
          (3, 2, 2, '2234567890', '1', 'さくら', '雌', '2025-06-01', 'HEALTHY', NULL, NULL)`,
  `INSERT INTO bloodline (cattle_id, father_cattle_name, mother_father_cattle_name) VALUES (2, '百合茂', '安福久')`,
  `INSERT INTO mother_info (cattle_id, mother_cattle_id, mother_name, mother_identification_number) VALUES (2, 1, 'はなこ', '1234567890')`,
  `INSERT INTO breeding_status (cattle_id, parity, expected_calving_date, last_insemination_date, version, withdrawal_meat_until)
   VALUES (1, 2, '2027-03-01', '2026-05-25', 4, '2026-12-01'), (3, 0, NULL, NULL, 0, NULL)`,
  `INSERT INTO breeding_summary (cattle_id, total_insemination_count, average_days_open) VALUES (1, 3, 85.5)`,
  `INSERT INTO events (event_id, cattle_id, farm_id, created_by, event_type, event_datetime, details, notes)
   VALUES (1, 1, 1, 1, 'INSEMINATION', '2026-05-25T00:00:00.000Z', '{"sire":"百合茂"}', NULL),
          (2, 2, 1, 1, 'SHIPMENT', '2026-10-01T00:00:00.000Z', NULL, '出荷'),
          (3, 3, 2, 2, 'ARRIVAL', '2025-06-01T00:00:00.000Z', NULL, NULL)`,
  `INSERT INTO cattle_status_history (cattle_id, old_status, new_status, changed_by, reason) VALUES (2, 'HEALTHY', 'SHIPPED', '1', '出荷')`,
  `INSERT INTO alerts (id, farm_id, type, severity, status, cattle_id, cattle_name, cattle_ear_tag_number, due_at, message, created_by)
   VALUES ('a-1', 1, 'CALVING_WITHIN_60', 'medium', 'active', 1, 'はなこ', '12', '2027-03-01', '分娩予定まで', 1)`,
  `INSERT INTO alert_history (alert_id, action, previous_status, new_status, changed_by) VALUES ('a-1', 'status', 'active', 'acknowledged', '1')`,
  `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price, weight, carcass_bms, event_id)
   VALUES ('sh-1', 2, 1, 1, '2026-10-01', 650000, 720.5, 8, 2)`,
  `INSERT INTO shipment_plans (plan_id, cattle_id, farm_id, created_by, planned_shipment_month) VALUES ('p-1', 3, 2, 2, '2027-01')`,
];

let before: Awaited<ReturnType<typeof snapshot>>;
let tables: string[];

beforeAll(async () => {
  await applyD1Migrations(source, env.TEST_MIGRATIONS);
  await source.batch(seed.map((sql) => source.prepare(sql)));
  tables = await tablesOf(source);
  before = await snapshot(source, tables);
});

describe('npm run db:move-to-shards', () => {
  it('is seeded with rows in every table of the single database, and knows every table', () => {
    expect(tables.filter((t) => before[t].count === 0)).toEqual([]);
    expect([...tables].sort()).toEqual([...SHARD_TABLES, ...DIRECTORY_TABLES].sort());
  });

  it('moves the farm data to the shard and keeps every row of every table, value for value', async () => {
    const added = await shardOnlyColumns(source, shard);
    const counts = await moveToShard(source, shard, { shardNumber: 1 });
    expect(counts.cattle).toBe(3);
    // Columns later shard migrations added are left to their defaults (shipments' buyer code and name, shard 0004;
    // an animal's pen, 0018; an event's source, 0019: null, as for a row from before them).
    expect(added).toEqual({ cattle: ['pen_id'], events: ['source'], shipments: ['to_farmer_code', 'to_name'] });
    const onShard = await snapshot(shard, SHARD_TABLES, added);
    for (const table of SHARD_TABLES) expect(onShard[table], table).toEqual(before[table]);
    const directoryTables = tables.filter((t) => !SHARD_TABLES.includes(t));
    const after = await snapshot(source, directoryTables, { farms: ['shard'] });
    for (const table of directoryTables) expect(after[table], table).toEqual(before[table]);
    // Nothing of the farm data is left in the directory, every farm is on the shard, and the directory is at its init.
    expect((await tablesOf(source)).sort()).toEqual([...DIRECTORY_TABLES].sort());
    expect((await source.prepare('SELECT DISTINCT shard FROM farms').all()).results).toEqual([{ shard: 1 }]);
    expect(
      await source.prepare("SELECT count(*) AS n FROM d1_migrations WHERE name = '0000_directory.sql'").first('n'),
    ).toBe(1);
    // Then `npm run db:migrate` applies the directory's later migrations, and the directory has the same columns as
    // one migrated from migrations/directory.
    await applyD1Migrations(
      source,
      env.DIRECTORY_MIGRATIONS.filter((m) => m.name !== '0000_directory.sql'),
    );
    for (const table of DIRECTORY_TABLES) {
      const columns = async (db: D1Database) =>
        (await db.prepare(`SELECT name FROM pragma_table_info('${table}') ORDER BY name`).all()).results;
      expect(await columns(source), table).toEqual(await columns(env.DB));
    }
  });

  it('keeps the moved farms working on the shard: the triggers count and guard as before', async () => {
    await shard
      .prepare(
        "INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (1, 1, 1, 'ESTRUS', '2026-11-01T00:00:00.000Z')",
      )
      .run();
    const counts = await shard.prepare('SELECT events, kpi_version FROM farm_counts WHERE farm_id = 1').first();
    const was = JSON.parse(before.farm_counts.rows.find((r) => JSON.parse(r).farm_id === 1)!);
    expect(counts).toEqual({ events: was.events + 1, kpi_version: was.kpi_version + 1 });
    await expect(shard.prepare('UPDATE breeding_status SET version = 9 WHERE cattle_id = 1').run()).rejects.toThrow(
      /STALE_BREEDING_STATE/,
    );
  });

  it('refuses to move a database twice', async () => {
    await expect(moveToShard(source, shard)).rejects.toThrow(/directory already/);
  });
});
