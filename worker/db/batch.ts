import { getTableColumns, is, SQL, type Table } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

const dialect = new SQLiteAsyncDialect();

type Compiled = { sql: string; params: unknown[] };

/** One statement of a write: a drizzle query builder (anything drizzle's own batch takes), or a raw `sql` template. */
export type Statement = SQL | BatchItem<'sqlite'> | { toSQL(): Compiled };

/** Every drizzle query builder compiles itself with toSQL(); raw templates go through the dialect. */
const compile = (statement: Statement): Compiled =>
  is(statement, SQL) ? dialect.sqlToQuery(statement) : (statement as { toSQL(): Compiled }).toSQL();

/**
 * Runs statements as one atomic D1 batch: all are written or none. Mixes drizzle queries and raw `sql` templates
 * (e.g. `insert … select` referring to a row inserted earlier in the same batch, which drizzle's own batch cannot
 * express). Results are D1's raw rows (snake_case columns), one entry per statement.
 */
export async function runBatch(db: Db, statements: readonly Statement[]): Promise<D1Result[]> {
  if (statements.length === 0) return [];
  const d1 = db.$client;
  return d1.batch(
    statements.map((statement) => {
      const { sql, params } = compile(statement);
      return d1.prepare(sql).bind(...params);
    }),
  );
}

/** A raw row (snake_case, as runBatch returns a RETURNING) as drizzle's select would give it: keys and types mapped. */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
