import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Directory migration 0002 (docs/product.md §25): users gain a nullable LINE farm, the development outbox a kind, a
 * reply token and message objects, and two tables arrive (link codes, one-use actions). Every user, member, friend
 * and outbox row seeded before it keeps its values; the old outbox rows read as pushes of their text.
 */
const { db, before, migration, all, run, userAndTwoFarms } = migrationDb('0002', 'directory');

const snapshot = async () => ({
  users: await all('SELECT * FROM users ORDER BY id'),
  members: await all('SELECT * FROM farm_members ORDER BY farm_id, user_id'),
  friends: await all('SELECT * FROM line_friends ORDER BY line_user_id'),
  outbox: await all('SELECT * FROM line_dev_outbox ORDER BY id'),
  webhookEvents: await all('SELECT * FROM line_webhook_events ORDER BY webhook_event_id'),
});
let seeded: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    ...userAndTwoFarms(),
    db.prepare(
      `INSERT INTO users (id, user_name, email, is_verified, line_id) VALUES (2, '南 花子', 's@example.jp', 1, 'U2')`,
    ),
    db.prepare(
      `INSERT INTO farm_members (farm_id, user_id, role) VALUES (1, 1, 'owner'), (2, 2, 'owner'), (1, 2, 'staff')`,
    ),
    db.prepare(`INSERT INTO line_friends (line_user_id, following, event_at) VALUES ('U2', 1, 1700000000000)`),
    db.prepare(`INSERT INTO line_webhook_events (webhook_event_id, type, line_user_id) VALUES ('E1', 'follow', 'U2')`),
    db.prepare(`INSERT INTO line_dev_outbox ("to", text) VALUES ('U2', 'おはよう'), ('U2', '北牧場：高 2件')`),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('directory migration 0002 (LINE links)', () => {
  it('keeps every row and value; users have no LINE farm; old outbox rows are pushes without message objects', async () => {
    expect(seeded.users).toHaveLength(2);
    expect(seeded.members).toHaveLength(3);
    expect(seeded.outbox).toHaveLength(2);
    const after = await snapshot();
    expect(after.users.map(({ line_farm_id, ...rest }) => rest)).toEqual(seeded.users);
    expect(after.users.map((u) => u.line_farm_id)).toEqual([null, null]);
    expect(after.members).toEqual(seeded.members);
    expect(after.friends).toEqual(seeded.friends);
    expect(after.webhookEvents).toEqual(seeded.webhookEvents);
    expect(after.outbox.map(({ kind, reply_token, messages, ...rest }) => rest)).toEqual(seeded.outbox);
    expect(after.outbox.map((o) => [o.kind, o.reply_token, o.messages])).toEqual([
      ['push', null, null],
      ['push', null, null],
    ]);
  });

  it('keeps one live code per user, a unique hash, and actions that go with their user', async () => {
    await run(`INSERT INTO line_link_codes (user_id, code_hash, expires_at) VALUES (1, 'h1', '2030-01-01T00:00:00Z')`);
    await expect(
      run(`INSERT INTO line_link_codes (user_id, code_hash, expires_at) VALUES (2, 'h1', '2030-01-01T00:00:00Z')`),
    ).rejects.toThrow(/UNIQUE/);
    await run(
      `INSERT INTO line_actions (id, line_user_id, user_id, kind, payload, expires_at) VALUES ('a1', 'U2', 2, 'task', '{}', '2030-01-01T00:00:00Z')`,
    );
    await run('UPDATE users SET line_farm_id = 2 WHERE id = 2');
    // A farm deleted: the LINE farm falls back to none (the default farm).
    await run('PRAGMA foreign_keys = ON');
    await run('DELETE FROM farm_members WHERE farm_id = 2');
    await run('DELETE FROM farms WHERE id = 2');
    expect(await all('SELECT line_farm_id FROM users WHERE id = 2')).toEqual([{ line_farm_id: null }]);
    await run('DELETE FROM users WHERE id = 2');
    expect(await all('SELECT count(*) AS n FROM line_actions')).toEqual([{ n: 0 }]);
    expect(await all('SELECT user_id FROM line_link_codes')).toEqual([{ user_id: 1 }]);
  });
});
