import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Directory migration 0001 (farmer code and licence): the farms and users seeded before it keep every value, and
 * gain an empty farmer_code and inseminator_license that take a value afterwards.
 */
const { db, before, migration, all, run, userAndTwoFarms } = migrationDb('0001', 'directory');

let seeded: { users: Record<string, unknown>[]; farms: Record<string, unknown>[]; members: unknown[] };
const snapshot = async () => ({
  users: await all('SELECT * FROM users ORDER BY id'),
  farms: await all('SELECT * FROM farms ORDER BY id'),
  members: await all('SELECT * FROM farm_members ORDER BY farm_id, user_id'),
});

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    ...userAndTwoFarms(),
    db.prepare(`INSERT INTO users (id, user_name, email, is_verified) VALUES (2, '南 花子', 'south@example.jp', 1)`),
    db.prepare(
      `INSERT INTO farm_members (farm_id, user_id, role) VALUES (1, 1, 'owner'), (2, 2, 'owner'), (1, 2, 'staff')`,
    ),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('directory migration 0001 (farmer code and licence)', () => {
  it('keeps every row and value, with the new columns empty', async () => {
    expect(seeded.users).toHaveLength(2);
    expect(seeded.farms).toHaveLength(2);
    expect(seeded.members).toHaveLength(3);
    const after = await snapshot();
    expect(after.users.map(({ inseminator_license, ...rest }) => rest)).toEqual(seeded.users);
    expect(after.farms.map(({ farmer_code, ...rest }) => rest)).toEqual(seeded.farms);
    expect(after.members).toEqual(seeded.members);
    expect(after.users.map((u) => u.inseminator_license)).toEqual([null, null]);
    expect(after.farms.map((f) => f.farmer_code)).toEqual([null, null]);
  });

  it('takes a farmer code with its leading zero and a licence', async () => {
    await run(`UPDATE farms SET farmer_code = '0123456789' WHERE id = 1`);
    await run(`UPDATE users SET inseminator_license = '北海道 第1234号' WHERE id = 2`);
    expect(await all('SELECT id, farmer_code FROM farms ORDER BY id')).toEqual([
      { id: 1, farmer_code: '0123456789' },
      { id: 2, farmer_code: null },
    ]);
    expect(await all('SELECT inseminator_license FROM users WHERE id = 2')).toEqual([
      { inseminator_license: '北海道 第1234号' },
    ]);
  });
});
