import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Migration 0012 (LINE) on a database seeded in the schema before it: no user is lost or changed, every user's
 * digest channel is mail, and the new tables are there, empty, with their keys.
 */
const { db, before, migration: line, all } = migrationDb('0012');

const users = () =>
  all<Record<string, unknown>>(
    'SELECT id, email, user_name, line_id, google_id, oauth_provider, password_hash FROM users ORDER BY id',
  );

let seeded: Record<string, unknown>[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO users (id, user_name, email, password_hash, is_verified) VALUES (1, '北 太郎', 'north@example.jp', '$2a$10$x', 1)`,
    ),
    db.prepare(
      `INSERT INTO users (id, user_name, email, password_hash, is_verified, oauth_provider, line_id)
       VALUES (2, 'LINE 花子', 'uabc@line.invalid', '!oauth-only', 1, 'line', 'Uabc')`,
    ),
    db.prepare(
      `INSERT INTO users (id, user_name, email, is_verified) VALUES (3, '仮登録ユーザー', 'new@example.jp', 0)`,
    ),
    db.prepare(
      `INSERT INTO email_logs (email, type, resend_id) VALUES ('north@example.jp', 'alert_digest', 'dev-outbox')`,
    ),
  ]);
  seeded = await users();
  await applyD1Migrations(db, line);
});

describe('migration 0012 (LINE)', () => {
  it('keeps every user as it was, with the digest by mail', async () => {
    expect(seeded).toHaveLength(3);
    expect(await users()).toEqual(seeded);
    expect(await all('SELECT id, digest_channel FROM users ORDER BY id')).toEqual([
      { id: 1, digest_channel: 'mail' },
      { id: 2, digest_channel: 'mail' },
      { id: 3, digest_channel: 'mail' },
    ]);
    expect(await all('SELECT count(*) AS n FROM email_logs')).toEqual([{ n: 1 }]);
  });

  it('adds the LINE tables, empty, with their keys', async () => {
    for (const table of ['line_friends', 'line_webhook_events', 'line_push_logs', 'line_dev_outbox']) {
      expect(await all(`SELECT count(*) AS n FROM ${table}`), table).toEqual([{ n: 0 }]);
    }
    await db.prepare("INSERT INTO line_webhook_events (webhook_event_id, type) VALUES ('e1', 'follow')").run();
    await expect(
      db.prepare("INSERT INTO line_webhook_events (webhook_event_id, type) VALUES ('e1', 'follow')").run(),
    ).rejects.toThrow(/UNIQUE/);
    await db.prepare("INSERT INTO line_friends (line_user_id, following, event_at) VALUES ('Uabc', 1, 1)").run();
    expect(await all('SELECT u.id FROM users u JOIN line_friends f ON f.line_user_id = u.line_id')).toEqual([
      { id: 2 },
    ]);
    const indexes = await all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'line_%'",
    );
    expect(indexes.map((i) => i.name).sort()).toEqual(['line_dev_outbox_to_idx', 'line_push_logs_user_idx']);
  });

  it('gives a user created after it the mail default', async () => {
    await db.prepare("INSERT INTO users (user_name, email) VALUES ('新規', 'later@example.jp')").run();
    expect(await all("SELECT digest_channel FROM users WHERE email = 'later@example.jp'")).toEqual([
      { digest_channel: 'mail' },
    ]);
  });
});
