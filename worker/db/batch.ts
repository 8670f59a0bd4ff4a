import { getTableColumns, is, SQL, sql, type Table } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';
import { PreparedRead } from './prepared';

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

/**
 * Runs writes and then reads as one atomic D1 batch — one round trip for a write and the answer that shows it. The
 * reads are drizzle selects, mapped as `db.batch` maps them, or reads built once (`preparedReads`, worker/db/prepared.ts);
 * they see the writes before them.
 */
export async function runBatchThenRead<const Q extends readonly (BatchItem<'sqlite'> | PreparedRead<unknown>)[]>(
  db: Db,
  writes: readonly Statement[],
  reads: Q,
): Promise<{
  written: D1Result[];
  read: { -readonly [K in keyof Q]: Q[K] extends PreparedRead<infer T> ? T : Awaited<Q[K]> };
}> {
  const d1 = db.$client;
  const prepared = reads.map((query) => {
    if (query instanceof PreparedRead) return query;
    const built = (
      query as unknown as { _prepare(): { getQuery(): Compiled; mapResult(r: unknown, batch: boolean): unknown } }
    )._prepare();
    const { sql, params } = built.getQuery();
    return new PreparedRead(sql, params, (result) => built.mapResult(result, true));
  });
  const results = await d1.batch([
    ...writes.map((statement) => {
      const { sql, params } = compile(statement);
      return d1.prepare(sql).bind(...params);
    }),
    ...prepared.map((read) => d1.prepare(read.sql).bind(...read.params)),
  ]);
  const read = prepared.map((p, i) => p.map(results[writes.length + i]));
  return {
    written: results.slice(0, writes.length),
    read: read as { -readonly [K in keyof Q]: Q[K] extends PreparedRead<infer T> ? T : Awaited<Q[K]> },
  };
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

type ColumnsOf<T extends Table> = T['_']['columns'];

/**
 * A table's columns selected under `prefix_`-ed names, for one batched select that joins tables sharing column
 * names (a D1 batch gives rows as objects keyed by name, so two `cattle_id`s would collide). Values keep their
 * column's mapping; a left-joined table with no row gives every field null (see `joinedRow`).
 */
export function prefixedColumns<T extends Table>(table: T, prefix: string) {
  const selection: Record<string, SQL.Aliased> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    selection[key] = sql`${column}`.mapWith(column).as(`${prefix}_${column.name}`);
  }
  return selection as { [K in keyof ColumnsOf<T>]: SQL.Aliased<ColumnsOf<T>[K]['_']['data'] | null> };
}

/** A left-joined row selected with prefixedColumns: null when its key column is null (no such row). */
export function joinedRow<T extends Table>(
  row: Record<string, unknown>,
  key: keyof ColumnsOf<T> & string,
): T['$inferSelect'] | null {
  return row[key] === null ? null : (row as T['$inferSelect']);
}

const GUARD = 'GUARD:';

/**
 * A check inside an atomic batch that would otherwise cost a read before it: the statement fails the whole batch
 * when `condition` holds, with `code` in the error (isGuardFailure). SQLite has no raise() outside triggers; a JSON
 * path that is not one fails its statement with the path in the message, and is only read when the condition holds.
 */
export const guardStatement = (code: string, condition: SQL): Statement =>
  sql`select json_extract('{}', case when ${condition} then ${`${GUARD}${code}`} else '$' end)`;

/** Whether a batch failed on the guard of `code`. */
export const isGuardFailure = (err: unknown, code: string) =>
  `${(err as Error)?.message ?? err} ${(err as { cause?: Error })?.cause?.message ?? ''}`.includes(`${GUARD}${code}`);
