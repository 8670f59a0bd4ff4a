import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Migration 0015 (idempotency keys) on a database seeded in the schema before it: no user, farm or animal is lost
 * or changed, and the new table is there, empty, keyed by (user, key), and emptied with its user.
 */
const { db, before, migration: idempotency, all } = migrationDb('0015');

const snapshot = async () => ({
  users: await all('SELECT id, email, user_name, password_hash, default_farm_id FROM users ORDER BY id'),
  farms: await all('SELECT id, name FROM farms ORDER BY id'),
  members: await all('SELECT farm_id, user_id, role FROM farm_members ORDER BY farm_id, user_id'),
  cattle: await all('SELECT cattle_id, farm_id, identification_number, name, status FROM cattle ORDER BY cattle_id'),
});

let seeded: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO users (id, user_name, email, password_hash, is_verified) VALUES (1, '北 太郎', 'north@example.jp', '$2a$10$x', 1)`,
    ),
    db.prepare(
      `INSERT INTO users (id, user_name, email, password_hash, is_verified) VALUES (2, '南 花子', 'south@example.jp', '$2a$10$y', 1)`,
    ),
    db.prepare(`INSERT INTO farms (id, name) VALUES (10, '北 太郎の牧場')`),
    db.prepare(`INSERT INTO farm_members (farm_id, user_id, role) VALUES (10, 1, 'owner'), (10, 2, 'staff')`),
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, status)
       VALUES (100, 10, 1, '1234567890', '6789', 'はなこ', '雌', 'HEALTHY')`,
    ),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, idempotency);
});

describe('migration 0015 (idempotency keys)', () => {
  it('keeps users, farms, members and cattle as they were', async () => {
    expect(seeded.users).toHaveLength(2);
    expect(seeded.members).toHaveLength(2);
    expect(seeded.cattle).toHaveLength(1);
    expect(await snapshot()).toEqual(seeded);
  });

  it('adds idempotency_keys, empty, one row per user and key, deleted with its user', async () => {
    expect(await all('SELECT count(*) AS n FROM idempotency_keys')).toEqual([{ n: 0 }]);
    const insert = (user: number, key: string) =>
      db
        .prepare(
          "INSERT INTO idempotency_keys (user_id, key, fingerprint, state, created_at) VALUES (?, ?, 'f', 'in_flight', '2026-11-25T00:00:00.000Z')",
        )
        .bind(user, key);
    await db.batch([insert(1, 'k'), insert(2, 'k')]);
    await expect(insert(1, 'k').run()).rejects.toThrow(/UNIQUE|constraint/i);
    await db.prepare('DELETE FROM farm_members WHERE user_id = 2').run();
    await db.prepare('DELETE FROM users WHERE id = 2').run();
    expect(await all('SELECT user_id, key FROM idempotency_keys')).toEqual([{ user_id: 1, key: 'k' }]);
    const indexes = await all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'idempotency_keys'",
    );
    expect(indexes.map((i) => i.name)).toContain('idempotency_keys_created_idx');
  });
});
