import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** A sliding window of hits per key, kept in D1 so every isolate sees the same count. */
export function rateLimiter(db: Db, key: string, limit: number, windowSeconds: number) {
  const windowStart = () => Date.now() - windowSeconds * 1000;
  return {
    /** Seconds until the next attempt is allowed, or 0 when under the limit. */
    async retryAfter(): Promise<number> {
      const [row] = await db
        .select({ hits: count(), oldest: min(rateLimitHits.createdAt) })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, windowStart())));
      if (!row || row.hits < limit || row.oldest === null) return 0;
      return Math.max(1, Math.ceil((Number(row.oldest) + windowSeconds * 1000 - Date.now()) / 1000));
    },
    hit: () => db.insert(rateLimitHits).values({ key, createdAt: Date.now() }),
    reset: () => db.delete(rateLimitHits).where(eq(rateLimitHits.key, key)),
    prune: () =>
      db.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lt(rateLimitHits.createdAt, windowStart()))),
  };
}
