import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countingD1 } from '../lib/d1-counter';
import { testEnv } from '../test/api';
import { batchedReads } from './read-batch';

const counted = () => {
  const counter = { n: 0 };
  return { counter, db: batchedReads(countingD1(testEnv.DB, counter)) };
};

describe('batchedReads', () => {
  it('sends reads started together as one D1 batch, each getting its own answer', async () => {
    const { counter, db } = counted();
    const [one, two, both] = await Promise.all([
      db.all<{ n: number }>(sql`select 1 as n`),
      db.get<{ n: number }>(sql`select 2 as n`),
      db.batch([db.run(sql`select 3 as n`), db.values(sql`select 4 as a, 5 as b`)]),
    ]);
    expect(one).toEqual([{ n: 1 }]);
    expect(two).toEqual({ n: 2 });
    expect(both[1]).toEqual([[4, 5]]);
    expect(counter.n).toBe(1);
  });

  it('sends a read that waits for another in a later batch', async () => {
    const { counter, db } = counted();
    const first = await db.get<{ n: number }>(sql`select 1 as n`);
    const second = await db.get<{ n: number }>(sql`select ${(first?.n ?? 0) + 1} as n`);
    expect(second).toEqual({ n: 2 });
    expect(counter.n).toBe(2);
  });

  it('fails every read of a batch when one of its statements fails', async () => {
    const { db } = counted();
    const results = await Promise.allSettled([db.all(sql`select 1`), db.all(sql`select * from no_such_table`)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
