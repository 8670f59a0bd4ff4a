import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/api';
import { farmDbOf, shardOf } from '../test/shards';
import { runBatch } from './batch';
import { breedingStatus } from './schema';
import { upsertRowsStatement } from './upsert-rows';

let farmer: Awaited<ReturnType<typeof signUp>>;
const cows: number[] = [];

beforeAll(async () => {
  farmer = await signUp();
  for (const [i, name] of ['はな', 'ゆき', 'さくら'].entries()) {
    const row = await (await shardOf(farmer.farmId))
      .prepare(
        `INSERT INTO cattle (farm_id, created_by, identification_number, name, gender, birthday)
         VALUES (?, ?, ?, ?, '雌', '2022-04-01') RETURNING cattle_id`,
      )
      .bind(farmer.farmId, farmer.userId, String(1_800_000_000 + i), name)
      .first<{ cattle_id: number }>();
    cows.push(row!.cattle_id);
  }
});

const stored = async () =>
  (
    await (
      await shardOf(farmer.farmId)
    )
      .prepare(
        `SELECT cattle_id AS cow, initial_parity AS initialParity, parity, expected_calving_date AS expected,
         is_difficult_birth AS difficult, version, created_at AS createdAt, updated_at AS updatedAt
         FROM breeding_status WHERE cattle_id IN (?, ?, ?) ORDER BY cattle_id`,
      )
      .bind(...cows)
      .all<Record<string, unknown>>()
  ).results;

describe('upsertRowsStatement: many rows as one statement', () => {
  it('inserts every row, then updates only the named columns of the stored ones and inserts the new', async () => {
    const db = await farmDbOf(farmer.farmId);
    const first = (cow: number, parity: number) => ({
      cattleId: cow,
      initialParity: 1,
      parity,
      expectedCalvingDate: parity === 2 ? '2026-12-24' : null,
      isDifficultBirth: parity === 2,
      version: 1,
      createdAt: 'T1',
      updatedAt: 'T1',
    });
    const update = ['parity', 'expectedCalvingDate', 'isDifficultBirth', 'version', 'updatedAt'] as const;
    await runBatch(db, [
      upsertRowsStatement(breedingStatus, [first(cows[0], 1), first(cows[1], 2)], 'cattleId', update),
    ]);
    expect(await stored()).toEqual([
      {
        cow: cows[0],
        initialParity: 1,
        parity: 1,
        expected: null,
        difficult: 0,
        version: 1,
        createdAt: 'T1',
        updatedAt: 'T1',
      },
      {
        cow: cows[1],
        initialParity: 1,
        parity: 2,
        expected: '2026-12-24',
        difficult: 1,
        version: 1,
        createdAt: 'T1',
        updatedAt: 'T1',
      },
    ]);

    // The second write: cow 0 and 1 stored (their initial parity and creation time stay), cow 2 new.
    const second = (cow: number, parity: number) => ({
      ...first(cow, parity),
      initialParity: 5,
      version: 2,
      createdAt: 'T2',
      updatedAt: 'T2',
    });
    await runBatch(db, [
      upsertRowsStatement(
        breedingStatus,
        [second(cows[0], 2), second(cows[1], 3), second(cows[2], 1)],
        'cattleId',
        update,
      ),
    ]);
    expect(await stored()).toEqual([
      {
        cow: cows[0],
        initialParity: 1,
        parity: 2,
        expected: '2026-12-24',
        difficult: 1,
        version: 2,
        createdAt: 'T1',
        updatedAt: 'T2',
      },
      {
        cow: cows[1],
        initialParity: 1,
        parity: 3,
        expected: null,
        difficult: 0,
        version: 2,
        createdAt: 'T1',
        updatedAt: 'T2',
      },
      {
        cow: cows[2],
        initialParity: 5,
        parity: 1,
        expected: null,
        difficult: 0,
        version: 2,
        createdAt: 'T2',
        updatedAt: 'T2',
      },
    ]);
  });

  it('refuses the whole statement when one row fails the version guard: no row of it is written', async () => {
    const db = await farmDbOf(farmer.farmId);
    const before = await stored();
    const row = (cow: number, version: number) => ({ cattleId: cow, parity: 9, version, updatedAt: 'T3' });
    await expect(
      runBatch(db, [
        // cow 0 is at version 2: 3 is its next; cow 1's 5 skips versions and the guard refuses it
        upsertRowsStatement(breedingStatus, [row(cows[0], 3), row(cows[1], 5)], 'cattleId', [
          'parity',
          'version',
          'updatedAt',
        ]),
      ]),
    ).rejects.toThrow(/STALE_BREEDING_STATE/);
    expect(await stored()).toEqual(before);
  });
});
