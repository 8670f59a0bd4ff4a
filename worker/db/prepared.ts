/**
 * Reads whose SQL is built once per isolate and run as one D1 batch with each request's values (issue 24).
 * Drizzle builds a query's SQL from its builder on every call — for the animal page's three statements about
 * 0.4 ms of the request, measured in Node — while the statements of a hot read differ only in their values.
 * `preparedBatch` builds them once, with named placeholders where the values go, and keeps the SQL text, its
 * parameter list and drizzle's own row mapping; each call binds the values and maps the rows exactly as
 * `db.batch` would.
 */
import { fillPlaceholders, sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { Db } from './client';

/** What drizzle's query builders give `db.batch` (drizzle-orm 0.45, d1/session.js). */
interface PreparedQuery {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

interface Compiled {
  sql: string;
  params: unknown[];
  map: (result: unknown) => unknown;
}

/**
 * A batch of reads built once by `build`, whose values are placeholders named in `names`. The placeholders are
 * typed as the values they stand for (numbers), so the app's query helpers take them unchanged.
 */
export function preparedBatch<
  P extends string,
  const Q extends readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
>(names: readonly P[], build: (db: Db, values: Record<P, number>) => Q) {
  const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<
    P,
    number
  >;
  let compiled: Compiled[] | null = null;
  return async (db: Db, values: Record<P, number>): Promise<BatchResponse<Q>> => {
    compiled ??= build(db, placeholders).map((query) => {
      const prepared = (query as unknown as { _prepare(): PreparedQuery })._prepare();
      const { sql: text, params } = prepared.getQuery();
      return { sql: text, params, map: (result: unknown) => prepared.mapResult(result, true) };
    });
    const client = db.$client;
    const statements = compiled.map((c) => client.prepare(c.sql).bind(...fillPlaceholders(c.params, values)));
    const results = await client.batch(statements);
    return results.map((result, i) => (compiled as Compiled[])[i].map(result)) as BatchResponse<Q>;
  };
}
