import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/api';
import { farmDbOf, shardOf } from '../test/shards';
import type { Db } from './client';
import { preparedBatch } from './prepared';
import { breedingStatus, cattle, events } from './schema';

let north: Awaited<ReturnType<typeof signUp>>;
let south: Awaited<ReturnType<typeof signUp>>;
const ids: Record<string, number> = {};

async function animal(member: typeof north, key: string, name: string) {
  const row = await (await shardOf(member.farmId))
    .prepare(
      `INSERT INTO cattle (farm_id, created_by, identification_number, name, gender, birthday)
     VALUES (?, ?, ?, ?, '雌', '2022-04-01') RETURNING cattle_id`,
    )
    .bind(member.farmId, member.userId, String(1_900_000_000 + Object.keys(ids).length), name)
    .first<{ cattle_id: number }>();
  ids[key] = row!.cattle_id;
}

beforeAll(async () => {
  north = await signUp();
  south = await signUp();
  await animal(north, 'n1', 'はな');
  await animal(north, 'n2', 'ゆき');
  await animal(south, 's1', 'さくら');
});

let builds = 0;
const build = (db: Db, { farmId, cattleId }: { farmId: number; cattleId: number }) => {
  builds++;
  return [
    db
      .select({ id: cattle.cattleId, name: cattle.name, isFemale: eq(cattle.gender, '雌') })
      .from(cattle)
      .where(and(eq(cattle.farmId, farmId), eq(cattle.cattleId, cattleId))),
    db.select({ n: count() }).from(cattle).where(eq(cattle.farmId, farmId)),
  ] as const;
};
const reads = preparedBatch(['farmId', 'cattleId'], build);

describe('preparedBatch', () => {
  it('builds its statements once and binds each call’s own values', async () => {
    const before = builds;
    const first = await reads(await farmDbOf(north.farmId), { farmId: north.farmId, cattleId: ids.n1 });
    const second = await reads(await farmDbOf(south.farmId), { farmId: south.farmId, cattleId: ids.s1 });
    const scoped = await reads(await farmDbOf(north.farmId), { farmId: north.farmId, cattleId: ids.s1 });
    expect(builds - before).toBe(1);
    expect(first[0]).toEqual([{ id: ids.n1, name: 'はな', isFemale: expect.anything() }]);
    expect(first[1]).toEqual([{ n: 2 }]);
    expect(second[0]).toMatchObject([{ id: ids.s1, name: 'さくら' }]);
    expect(second[1]).toEqual([{ n: 1 }]);
    // Another farm's animal through this farm's values: nothing.
    expect(scoped[0]).toEqual([]);
  });

  it('answers exactly what db.batch answers for the same values, mapped the same way', async () => {
    const db = await farmDbOf(north.farmId);
    const values = { farmId: north.farmId, cattleId: ids.n2 };
    expect(await reads(db, values)).toEqual(await db.batch(build(db, values)));
  });
});

describe('preparedBatch row mapping', () => {
  // Each row mapped once per statement's worked-out columns (rowMapper) must be drizzle's own mapping of it.
  const joined = (db: Db, { farmId, cattleId }: { farmId: number; cattleId: number }) =>
    [
      // Columns as objects with a left-joined table's as another: the joined one is null when its row is missing.
      // (A batch's rows come as objects keyed by column name, so no two columns may share one: the app selects
      // joined tables with prefixedColumns.)
      db
        .select({
          animal: { cattleId: cattle.cattleId, name: cattle.name },
          breeding: { parity: breedingStatus.parity, due: breedingStatus.expectedCalvingDate },
          tagged: eq(cattle.earTagNumber, '1'),
        })
        .from(cattle)
        .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
        .where(eq(cattle.farmId, farmId))
        .orderBy(cattle.cattleId),
      // A JSON column (events.details) and plain columns.
      db.select().from(events).where(eq(events.cattleId, cattleId)).orderBy(events.eventId),
    ] as const;
  const joinedReads = preparedBatch(['farmId', 'cattleId'], joined);

  it('maps joined objects, missing joins, JSON columns and SQL fields as db.batch does', async () => {
    const shard = await shardOf(north.farmId);
    await shard
      .prepare(
        `INSERT INTO breeding_status (cattle_id, parity, expected_calving_date, version) VALUES (?, 2, '2027-01-05', 1)`,
      )
      .bind(ids.n1)
      .run();
    await shard
      .prepare(
        `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details)
         VALUES (?, ?, ?, 'INSEMINATION', '2026-11-01T09:00:00.000Z', '{"bullName":"安福久","straws":1}'),
                (?, ?, ?, 'ESTRUS', '2026-10-10T09:00:00.000Z', NULL)`,
      )
      .bind(ids.n1, north.farmId, north.userId, ids.n1, north.farmId, north.userId)
      .run();
    const db = await farmDbOf(north.farmId);
    const values = { farmId: north.farmId, cattleId: ids.n1 };
    const [animals, rows] = await joinedReads(db, values);
    expect([animals, rows]).toEqual(await db.batch(joined(db, values)));
    // What drizzle answers, written out: n1 with its breeding row, n2 without one (null), the JSON parsed.
    expect(animals.map((a) => [a.animal.cattleId, a.breeding?.parity ?? null])).toEqual([
      [ids.n1, 2],
      [ids.n2, null],
    ]);
    expect(animals[1].breeding).toBeNull();
    expect(rows.map((r) => r.details)).toEqual([{ bullName: '安福久', straws: 1 }, null]);
  });
});
