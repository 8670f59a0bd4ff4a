import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0020 (decision 054): audit_log rebuilt so an invitation can be audited when sent ('invite'). Every
 * row stays as it was, with its id; the id sequence is kept (a shard's ids start above its floor, decision 051); the
 * indexes come back; the check still refuses an unknown action.
 */
const { db, before, migration, run, all } = migrationDb('0020', 'shard');

const rows = () => all('SELECT * FROM audit_log ORDER BY id');
let seeded: unknown[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO audit_log (id, farm_id, at, user_id, user_name, action, entity, entity_id, changes) VALUES
        (1000000000001, 1, '2026-11-01T00:00:00.000Z', 1, '北 太郎', 'create', 'cattle', '10', '{"name":[null,"ゆり"]}'),
        (1000000000002, 1, '2026-11-02T00:00:00.000Z', 2, '南 花子', 'update', 'task', '7', '{"status":["open","done"]}'),
        (1000000000003, 2, '2026-11-03T00:00:00.000Z', null, null, 'import', 'import', 'x', '{}')`,
    ),
    db.prepare(`UPDATE sqlite_sequence SET seq = 1000000000050 WHERE name = 'audit_log'`),
  ]);
  seeded = await rows();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0020 (audit_log takes invite)', () => {
  it('keeps every row with its id and values', async () => {
    expect(seeded).toHaveLength(3);
    expect(await rows()).toEqual(seeded);
    expect(await all('SELECT farm_id, count(*) n FROM audit_log GROUP BY farm_id ORDER BY farm_id')).toEqual([
      { farm_id: 1, n: 2 },
      { farm_id: 2, n: 1 },
    ]);
  });

  it('keeps the id sequence and the indexes, and takes invite but no unknown action', async () => {
    await run(
      `INSERT INTO audit_log (farm_id, at, user_id, user_name, action, entity, entity_id, changes)
       VALUES (1, '2026-11-04T00:00:00.000Z', 1, '北 太郎', 'invite', 'member', '3', '{"role":[null,"staff"]}')`,
    );
    // The next id is above the raised sequence (1000000000050), not after the highest row (…003).
    expect(await all(`SELECT id, action FROM audit_log WHERE action = 'invite'`)).toEqual([
      { id: 1000000000051, action: 'invite' },
    ]);
    await expect(
      run(`INSERT INTO audit_log (farm_id, at, action, entity, entity_id) VALUES (1, 'x', 'edit', 'cattle', '10')`),
    ).rejects.toThrow(/CHECK/);
    const indexes = await all(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_log' ORDER BY name`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      'audit_log_farm_at_idx',
      'audit_log_farm_entity_idx',
      'audit_log_farm_user_idx',
    ]);
    expect(await all(`SELECT name FROM sqlite_master WHERE name = 'audit_log_new'`)).toEqual([]);
  });
});
