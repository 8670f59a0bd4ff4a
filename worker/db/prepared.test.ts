import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/api';
import { farmDbOf, shardOf } from '../test/shards';
import type { Db } from './client';
import { preparedBatch } from './prepared';
import { cattle } from './schema';

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
