import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Directory migration 0003 (farm moves, decision 055): the farms and members seeded before it keep every value, and
 * every farm gains an empty moving_to (not moving) that takes a shard afterwards.
 */
const { db, before, migration, all, run, userAndTwoFarms } = migrationDb('0003', 'directory');

let seeded: { farms: Record<string, unknown>[]; members: unknown[] };
const snapshot = async () => ({
  farms: await all('SELECT * FROM farms ORDER BY id'),
  members: await all('SELECT * FROM farm_members ORDER BY farm_id, user_id'),
});

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    ...userAndTwoFarms(),
    db.prepare(`UPDATE farms SET shard = 1, farmer_code = '0123456789' WHERE id = 2`),
    db.prepare(`INSERT INTO farm_members (farm_id, user_id, role) VALUES (1, 1, 'owner'), (2, 1, 'staff')`),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('directory migration 0003 (farm moves)', () => {
  it('keeps every farm and member with its values, none of them moving', async () => {
    expect(seeded.farms).toHaveLength(2);
    expect(seeded.members).toHaveLength(2);
    const after = await snapshot();
    expect(after.farms.map(({ moving_to, ...rest }) => rest)).toEqual(seeded.farms);
    expect(after.farms.map((f) => [f.id, f.shard, f.farmer_code, f.moving_to])).toEqual([
      [1, 0, null, null],
      [2, 1, '0123456789', null],
    ]);
    expect(after.members).toEqual(seeded.members);
  });

  it('takes the shard a move goes to', async () => {
    await run('UPDATE farms SET moving_to = 0 WHERE id = 2');
    expect(await all('SELECT id, shard, moving_to FROM farms ORDER BY id')).toEqual([
      { id: 1, shard: 0, moving_to: null },
      { id: 2, shard: 1, moving_to: 0 },
    ]);
  });
});
