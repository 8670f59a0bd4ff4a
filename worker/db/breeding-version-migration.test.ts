import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Migration 0014 (breeding_status.version and its guard, decision 025) on a database seeded before it: no row is
 * lost or changed, every state starts at version 0, and the guard refuses a version that is not the stored one + 1
 * while writes that leave the version alone go through.
 */
const { db, before, migration: guard, run } = migrationDb('0014');

const rows = async (sql: string) => (await db.prepare(sql).all<Record<string, unknown>>()).results;
const snapshot = () =>
  rows(
    'SELECT cattle_id, initial_parity, parity, expected_calving_date, insemination_count, breeding_memo FROM breeding_status ORDER BY cattle_id',
  );

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await run(
    `INSERT INTO users (id, user_name, email, password_hash, is_verified) VALUES (1, '北 太郎', 'n@example.jp', 'x', 1)`,
  );
  await run(`INSERT INTO farms (id, name) VALUES (1, '北牧場')`);
  for (const id of [10, 11, 12]) {
    await run(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, name, gender, status)
       VALUES (?, 1, 1, ?, 'はな', '雌', 'PREGNANT')`,
      id,
      `10000000${id}`,
    );
    await run(
      `INSERT INTO breeding_status (cattle_id, initial_parity, parity, expected_calving_date, insemination_count, breeding_memo)
       VALUES (?, 1, ?, '2026-12-01', ?, 'メモ')`,
      id,
      id - 8,
      id - 9,
    );
  }
});

describe('migration 0014 on seeded data', () => {
  it('keeps every breeding row as it was, at version 0', async () => {
    const old = await snapshot();
    expect(old).toHaveLength(3);
    await applyD1Migrations(db, guard);
    expect(await snapshot()).toEqual(old);
    expect((await rows('SELECT DISTINCT version FROM breeding_status')).map((r) => r.version)).toEqual([0]);
  });

  it('the guard refuses a stale version and lets the next one and version-less writes through', async () => {
    await expect(run('UPDATE breeding_status SET parity = 9, version = 0 WHERE cattle_id = 10')).rejects.toThrow(
      /STALE_BREEDING_STATE/,
    );
    await expect(run('UPDATE breeding_status SET parity = 9, version = 5 WHERE cattle_id = 10')).rejects.toThrow(
      /STALE_BREEDING_STATE/,
    );
    await run('UPDATE breeding_status SET parity = 7, version = 1 WHERE cattle_id = 10');
    await run(`UPDATE breeding_status SET breeding_memo = '新' WHERE cattle_id = 10`);
    expect(await rows('SELECT parity, version, breeding_memo FROM breeding_status WHERE cattle_id = 10')).toEqual([
      { parity: 7, version: 1, breeding_memo: '新' },
    ]);
  });
});
