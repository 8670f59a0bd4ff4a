/**
 * Reads whose SQL is built once per isolate and run as one D1 batch with each request's values (issue 24).
 * Drizzle builds a query's SQL from its builder on every call — for the animal page's three statements about
 * 0.4 ms of the request, measured in Node — while the statements of a hot read differ only in their values.
 * `preparedBatch` builds them once, with named placeholders where the values go, and keeps the SQL text, its
 * parameter list and its row mapping (drizzle's, worked out once per statement: `rowMapper`); each call binds the
 * values and maps the rows exactly as `db.batch` would.
 */
import { Column, fillPlaceholders, getTableName, is, SQL, Subquery, sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { Db } from './client';

/** What drizzle's query builders give `db.batch` (drizzle-orm 0.45, d1/session.js). */
interface PreparedQuery {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
  /** A select's fields in column order (orderSelectedFields), and which of its tables are never null (joins). */
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** The decoder drizzle's mapResultRow takes for a selected field (`decoder` is drizzle's internal). */
function decoderOf(field: unknown): Decoder {
  const decoder = (of: unknown) => (of as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder((field as unknown as { _: { sql: SQL } })._.sql);
  return decoder((field as SQL.Aliased).sql);
}

/**
 * drizzle's mapping of a select's batch result (mapAllResult and mapResultRow, drizzle-orm 0.45) worked out once per
 * statement: each column's decoder and place in the nested row, and the joined table each top-level object stands
 * for. drizzle works them out again for every column of every row (entity checks, path walks): its mapping of the
 * animal page's 58 rows was 0.34 ms of the request in workerd (the same read unmapped, alternated); worked out once,
 * the page's mapping and view take 282 µs against 403 in Node (decision 030, fourth addendum). Same rows, same rule: a
 * joined table's object is null when its first column is (and the table may be missing), as drizzle decides it.
 * Null when drizzle maps the statement another way (no fields, a custom mapper): it then maps it itself.
 */
function rowMapper(prepared: PreparedQuery): ((result: unknown) => unknown[]) | null {
  const { fields, joinsNotNullableMap: joins } = prepared;
  if (!fields || prepared.customResultMapper) return null;
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1],
    decoder: decoderOf(field),
    // The joined table of a table's column selected as an object (`{ row: cattle }`), for the null rule.
    table: joins && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
    object: path[0],
  }));
  return (result) =>
    (result as { results: Record<string, unknown>[] }).results.map((row) => {
      const values = Object.values(row);
      const out: Record<string, unknown> = {};
      let nullable: Record<string, string | false> | null = null;
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i];
        const raw = values[i];
        const value = raw === null ? null : column.decoder.mapFromDriverValue(raw);
        let node = out;
        for (const part of column.parents) {
          if (!(part in node)) node[part] = {};
          node = node[part] as Record<string, unknown>;
        }
        node[column.key] = value;
        if (column.table !== null) {
          nullable ??= {};
          const seen = nullable[column.object];
          if (seen === undefined) nullable[column.object] = value === null ? column.table : false;
          else if (typeof seen === 'string' && seen !== column.table) nullable[column.object] = false;
        }
      }
      if (nullable)
        for (const [object, table] of Object.entries(nullable))
          if (typeof table === 'string' && !joins?.[table]) out[object] = null;
      return out;
    });
}

interface Compiled {
  sql: string;
  params: unknown[];
  map: (result: unknown) => unknown;
}

/**
 * One read built once (`preparedReads`) with a request's values bound: a statement `runBatchThenRead` takes beside a
 * write's statements, its rows mapped as drizzle would map them.
 */
export class PreparedRead<T> {
  constructor(
    readonly sql: string,
    readonly params: unknown[],
    readonly map: (result: unknown) => T,
  ) {}
}

/**
 * Reads built once by `build`, whose values are placeholders named in `names`; each call binds a request's values.
 * The placeholders are typed as the values they stand for (numbers), so the app's query helpers take them unchanged.
 */
export function preparedReads<
  P extends string,
  const Q extends readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
  V extends number | string = number,
>(names: readonly P[], build: (db: Db, values: Record<P, V>) => Q) {
  const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<
    P,
    V
  >;
  let compiled: Compiled[] | null = null;
  return (db: Db, values: Record<P, V>) => {
    compiled ??= build(db, placeholders).map((query) => {
      const prepared = (query as unknown as { _prepare(): PreparedQuery })._prepare();
      const { sql: text, params } = prepared.getQuery();
      return { sql: text, params, map: rowMapper(prepared) ?? ((result: unknown) => prepared.mapResult(result, true)) };
    });
    return compiled.map((c) => new PreparedRead(c.sql, fillPlaceholders(c.params, values), c.map)) as {
      -readonly [K in keyof Q]: PreparedRead<Awaited<Q[K]>>;
    };
  };
}

/** The reads of `preparedReads` run as one D1 batch: their rows, mapped. */
export function preparedBatch<
  P extends string,
  const Q extends readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
  V extends number | string = number,
>(names: readonly P[], build: (db: Db, values: Record<P, V>) => Q) {
  const reads = preparedReads<P, Q, V>(names, build);
  return async (db: Db, values: Record<P, V>): Promise<BatchResponse<Q>> => {
    const bound: PreparedRead<unknown>[] = reads(db, values);
    const client = db.$client;
    const results = await client.batch(bound.map((read) => client.prepare(read.sql).bind(...read.params)));
    return results.map((result, i) => bound[i].map(result)) as BatchResponse<Q>;
  };
}
