import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from './client';
import { rateLimitHits } from './schema';

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

export interface Window {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Several sliding windows read in one round trip: for each, the hits inside it and the seconds until it is under
 * its limit again (0 when it is under already).
 */
export async function readWindows(db: Db, windows: readonly Window[]) {
  if (windows.length === 0) return [];
  const now = Date.now();
  const queries = windows.map((w) =>
    db
      .select({ hits: count(), oldest: min(rateLimitHits.createdAt) })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, w.key), gt(rateLimitHits.createdAt, now - w.windowSeconds * 1000))),
  );
  const results = await db.batch(queries as [(typeof queries)[number], ...(typeof queries)[number][]]);
  return windows.map((w, i) => {
    const row = results[i][0];
    const hits = Number(row?.hits ?? 0);
    const retryAfter =
      hits < w.limit || row?.oldest == null
        ? 0
        : Math.max(1, Math.ceil((Number(row.oldest) + w.windowSeconds * 1000 - now) / 1000));
    return { ...w, hits, retryAfter };
  });
}

/** One hit on each key, in one statement. */
export const hitAll = (db: Db, keys: readonly string[]) =>
  db.insert(rateLimitHits).values(keys.map((key) => ({ key, createdAt: Date.now() })));

/** A hit on each window's key, and the key's hits that have left its window deleted, in one round trip. */
export const hitAndPrune = (db: Db, windows: readonly Window[]) => {
  const now = Date.now();
  return db.batch([
    hitAll(
      db,
      windows.map((w) => w.key),
    ),
    ...windows.map((w) =>
      db
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.key, w.key), lt(rateLimitHits.createdAt, now - w.windowSeconds * 1000))),
    ),
  ]);
};
