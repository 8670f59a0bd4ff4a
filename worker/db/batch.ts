import { is, SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

const dialect = new SQLiteAsyncDialect();

type Compilable = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * One atomic D1 batch mixing drizzle queries and raw `sql` templates (e.g. `insert … select` that refers to a row
 * inserted earlier in the same batch, which drizzle's own batch cannot express).
 */
export function batchStatements(d1: D1Database, queries: Compilable[]) {
  return d1.batch(
    queries.map((query) => {
      const { sql, params } = is(query, SQL) ? dialect.sqlToQuery(query) : (query as Exclude<Compilable, SQL>).toSQL();
      return d1.prepare(sql).bind(...params);
    }),
  );
}
