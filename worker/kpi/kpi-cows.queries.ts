/**
 * The KPI drill-down a page at a time (§8, decision 057): the cows behind a period's figures in the order of one
 * column, 50 a page by a cursor, with the total beside. The farm's last few periods are kept (`kpi_kept_periods`,
 * `kpi_cow_rows`, shard migration 0022): the first read of a period fills its rows from the kept figures in its own
 * batch, and triggers on `kpi_figures` keep them from then on, so a page is read from an index of the column and stops
 * after its rows, whatever the herd. Stale cows (decision 036) are left out of the kept rows and counted from their
 * events read in the same batch, merged into the page in the same order.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { KpiCowSort } from '../domain/kpi';
import { type CowKpiRow, cowKpiRowOf, cowsBehindKpi, dayNumber, type Period } from '../domain/kpi';
import { type Cursor, decodeCursor, encodeCursor } from '../lib/cursor';
import { validationError } from '../lib/errors';
import { type KeptRead, readKept } from './kept-figures.statements';

/** The periods a farm keeps rows for: the newest registered stay (the last 365 days, this year, one picked). */
const KEPT_PERIODS = 3;

/** A column's order: text A→Z and figures largest first unless asked otherwise (the web's first order). */
export interface CowOrder {
  sort: KpiCowSort;
  order: 'asc' | 'desc';
}

const TEXT_SORTS: readonly KpiCowSort[] = ['earTag', 'name'];
export const firstOrder = (sort: KpiCowSort): 'asc' | 'desc' => (TEXT_SORTS.includes(sort) ? 'asc' : 'desc');

/** A day figure's mean over the period, rounded as the API shows it (null when she has none). */
const mean = (sum: string, n: string) => `CAST(round(r.${sum} * 1.0 / r.${n}) AS INTEGER)`;

/**
 * Each column's sort key in SQL over `kpi_cow_rows r` joined with `cattle c` and, for a figure, its index of migration
 * 0022 (the same expression), which holds the period's counted rows in its order: a page is read from it and stops
 * after its rows. An ear tag sorts by its number, then as written ('9' before '10', as the shipment plans); the ear
 * tag and name orders read the period's rows (no index: the tiles open a figure's order).
 */
const KEYS: Record<KpiCowSort, { sql: string; index?: string; nullable: boolean }> = {
  earTag: { sql: `printf('%010d', CAST(c.ear_tag_number AS INTEGER)) || '|' || c.ear_tag_number`, nullable: true },
  name: { sql: 'c.name', nullable: true },
  services: { sql: 'r.services', index: 'kpi_cow_rows_services_idx', nullable: false },
  pregnant: { sql: 'r.pregnant', index: 'kpi_cow_rows_pregnant_idx', nullable: false },
  open: { sql: 'r.open', index: 'kpi_cow_rows_open_idx', nullable: false },
  daysOpen: { sql: mean('days_open_sum', 'days_open_n'), index: 'kpi_cow_rows_days_open_idx', nullable: true },
  daysToFirstService: {
    sql: mean('days_to_first_sum', 'days_to_first_n'),
    index: 'kpi_cow_rows_days_to_first_idx',
    nullable: true,
  },
  calvingInterval: { sql: mean('interval_sum', 'interval_n'), index: 'kpi_cow_rows_interval_idx', nullable: true },
};

/** The same key of a row, for the stale cows merged into a page and for the next page's cursor. */
function keyOf(row: CowKpiRow, sort: KpiCowSort): string | number | null {
  if (sort === 'earTag') {
    const tag = row.earTagNumber;
    return tag === null ? null : `${String(Number.parseInt(tag, 10) || 0).padStart(10, '0')}|${tag}`;
  }
  return sort === 'name' ? row.name : row[sort];
}

const compareKeys = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * The page's order: rows with a value by it, then rows without one; ties in the order the cows were registered (by
 * id). Largest first is the figure's index read forwards; smallest first reads it backwards, each tie sorted.
 */
function comparator({ sort, order }: CowOrder) {
  const sign = order === 'asc' ? 1 : -1;
  return (a: CowKpiRow, b: CowKpiRow) => {
    const x = keyOf(a, sort);
    const y = keyOf(b, sort);
    if (x === null || y === null) return x === y ? a.cattleId - b.cattleId : x === null ? 1 : -1;
    return sign * compareKeys(x, y) || a.cattleId - b.cattleId;
  };
}

/** The cursor of the row a page ended with; its value must be of the column's kind. */
function cursorFor(raw: string | undefined, sort: KpiCowSort): Cursor | null {
  const cursor = decodeCursor(raw);
  const kind = TEXT_SORTS.includes(sort) ? 'string' : 'number';
  if (cursor && cursor.v !== null && typeof cursor.v !== kind) throw validationError('カーソルが不正です', 'cursor');
  return cursor;
}

/** True when the row comes after the cursor's row in the page order. */
function isAfter(row: CowKpiRow, cursor: Cursor, order: CowOrder): boolean {
  const sign = order.order === 'asc' ? 1 : -1;
  const x = keyOf(row, order.sort);
  if (cursor.v === null) return x === null && row.cattleId > cursor.id;
  if (x === null) return true;
  return sign * compareKeys(x, cursor.v) > 0 || (x === cursor.v && row.cattleId > cursor.id);
}

/** The period's kept id, as a subquery. */
const periodId = (farmId: number, from: number, to: number) =>
  sql`(SELECT period_id FROM kpi_kept_periods WHERE farm_id = ${farmId} AND from_day = ${from} AND to_day = ${to})`;

/**
 * The statements that make sure the period is kept, first in the read's batch: registered (the farm's oldest beyond
 * KEPT_PERIODS let go with their rows) and, the first time, filled from the kept figures of every cow — the stale ones' too, as the
 * triggers take a figure's share back out when it is rewritten. The fill reads the period's row first (CROSS JOIN
 * keeps that order): once it is filled nothing else is read. As `(SELECT filled …) = 0` the guard was tested on every
 * figure of the period's days, about 1 ms a read at 8,000 head (the drill-down grew with the herd).
 */
function keepPeriod(farmId: number, from: number, to: number): SQL[] {
  const beyond = sql`SELECT period_id FROM kpi_kept_periods WHERE farm_id = ${farmId}
    ORDER BY period_id DESC LIMIT -1 OFFSET ${KEPT_PERIODS}`;
  return [
    sql`INSERT INTO kpi_kept_periods (farm_id, from_day, to_day) VALUES (${farmId}, ${from}, ${to})
      ON CONFLICT (farm_id, from_day, to_day) DO NOTHING`,
    sql`DELETE FROM kpi_cow_rows WHERE period_id IN (${beyond})`,
    sql`DELETE FROM kpi_kept_periods WHERE period_id IN (${beyond})`,
    sql`INSERT INTO kpi_cow_rows (farm_id, period_id, cattle_id, services, pregnant, open, days_open_sum, days_open_n,
        days_to_first_sum, days_to_first_n, interval_sum, interval_n, events)
      SELECT ${farmId}, k.period_id, m.cattle_id, sum(m.kind = 'S'), sum(m.kind = 'S' AND m.flags & 2 > 0),
        sum(m.kind = 'S' AND m.flags & 4 > 0), coalesce(sum(CASE WHEN m.kind = 'S' THEN m.a END), 0),
        count(CASE WHEN m.kind = 'S' THEN m.a END), coalesce(sum(CASE WHEN m.kind = 'S' THEN m.b END), 0),
        count(CASE WHEN m.kind = 'S' THEN m.b END), coalesce(sum(CASE WHEN m.kind = 'B' THEN m.a END), 0),
        count(CASE WHEN m.kind = 'B' THEN m.a END), sum(CASE WHEN m.kind = 'D' THEN m.flags ELSE 0 END)
      FROM kpi_kept_periods k CROSS JOIN kpi_figures m
      WHERE k.farm_id = ${farmId} AND k.from_day = ${from} AND k.to_day = ${to} AND k.filled = 0
        AND m.farm_id = ${farmId} AND m.kind IN ('S', 'B', 'D') AND m.day BETWEEN ${from} AND ${to}
        AND (m.left_day IS NULL OR m.left_day >= ${from})
      GROUP BY m.cattle_id`,
    sql`UPDATE kpi_kept_periods SET filled = 1
      WHERE farm_id = ${farmId} AND from_day = ${from} AND to_day = ${to} AND filled = 0`,
  ];
}

/** The period's kept rows that count: a cow with events in it, not stale. */
const countedRows = (farmId: number, id: SQL, index?: string) => sql`FROM kpi_cow_rows r
  ${sql.raw(index ? `INDEXED BY ${index}` : '')} JOIN cattle c ON c.cattle_id = r.cattle_id
  WHERE r.period_id = ${id} AND r.events > 0
    AND r.cattle_id NOT IN (SELECT s.cattle_id FROM kpi_stale s WHERE s.farm_id = ${farmId})`;

const ROW_COLUMNS = `r.cattle_id AS cattleId, c.name AS name, c.ear_tag_number AS earTagNumber, r.services AS services,
  r.pregnant AS pregnant, r.open AS open, r.days_open_sum AS daysOpenSum, r.days_open_n AS daysOpenN,
  r.days_to_first_sum AS daysToFirstSum, r.days_to_first_n AS daysToFirstN, r.interval_sum AS intervalSum,
  r.interval_n AS intervalN`;

/**
 * A page after the cursor, in index order: the rows with a value by the column, then — for a column a cow may have no
 * value of — those without one, by id; each part stops after `limit` rows.
 */
function pageRows(farmId: number, id: SQL, { sort, order }: CowOrder, cursor: Cursor | null, limit: number): SQL {
  const { index, nullable } = KEYS[sort];
  const key = sql.raw(KEYS[sort].sql);
  const asc = order === 'asc';
  const dir = sql.raw(asc ? 'ASC' : 'DESC');
  const columns = sql.raw(ROW_COLUMNS);
  const from = countedRows(farmId, id, index);
  const unvalued = sql`SELECT ${columns}, 1 AS part, NULL AS k ${from} AND ${key} IS NULL
    ${cursor?.v === null ? sql`AND r.cattle_id > ${cursor.id}` : sql``}
    ORDER BY r.cattle_id LIMIT ${limit}`;
  // A cursor in the rows without a value: only those are left.
  if (cursor?.v === null) return unvalued;
  const after = !cursor
    ? sql``
    : asc
      ? sql`AND ${key} >= ${cursor.v} AND (${key} > ${cursor.v} OR r.cattle_id > ${cursor.id})`
      : sql`AND ${key} <= ${cursor.v} AND (${key} < ${cursor.v} OR r.cattle_id > ${cursor.id})`;
  const valued = sql`SELECT ${columns}, 0 AS part, ${key} AS k ${from} AND ${key} IS NOT NULL ${after}
    ORDER BY ${key} ${dir}, r.cattle_id LIMIT ${limit}`;
  if (!nullable) return valued;
  return sql`SELECT * FROM (${valued}) UNION ALL SELECT * FROM (${unvalued})
    ORDER BY part, k ${dir}, cattleId LIMIT ${limit}`;
}

/**
 * The period's total: its counted cows (`kpi_kept_periods.cows`, kept by triggers) less the stale cows' kept rows
 * among them (those are counted from their events instead). The stale cows are read first (CROSS JOIN keeps that
 * order), each looking up her row: joined the other way SQLite read every kept row of the period.
 */
const totalOf = (farmId: number, from: number, to: number, id: SQL) => sql`
  SELECT coalesce((SELECT cows FROM kpi_kept_periods WHERE farm_id = ${farmId} AND from_day = ${from} AND to_day = ${to}), 0)
    - (SELECT count(*) FROM kpi_stale s CROSS JOIN kpi_cow_rows r ON r.period_id = ${id} AND r.cattle_id = s.cattle_id
       WHERE s.farm_id = ${farmId} AND r.events > 0) AS total`;

type Row = Record<string, string | number | null>;
const num = (value: string | number | null) => Number(value ?? 0);

const rowOf = (r: Row): CowKpiRow =>
  cowKpiRowOf(
    { cattleId: num(r.cattleId), name: r.name as string | null, earTagNumber: r.earTagNumber as string | null },
    {
      pregnant: num(r.pregnant),
      open: num(r.open),
      daysOpen: { sum: num(r.daysOpenSum), n: num(r.daysOpenN) },
      daysToFirst: { sum: num(r.daysToFirstSum), n: num(r.daysToFirstN) },
      intervals: { sum: num(r.intervalSum), n: num(r.intervalN) },
      counts: { services: num(r.services) },
    },
  );

export interface KpiCowsPage {
  results: CowKpiRow[];
  total: number;
  nextCursor: string | null;
  hasNext: boolean;
}

/** A page of the cows behind the period's figures: one D1 round trip (the period kept on the way, once). */
export async function kpiCowsPage(
  db: Db,
  farmId: number,
  period: Period,
  order: CowOrder,
  page: { cursor?: string; limit: number },
): Promise<KeptRead<KpiCowsPage>> {
  const cursor = cursorFor(page.cursor, order.sort);
  const from = dayNumber(period.from);
  const to = dayNumber(period.to);
  const id = periodId(farmId, from, to);
  const keep = keepPeriod(farmId, from, to);
  const read = await readKept(db, farmId, [
    ...keep,
    totalOf(farmId, from, to, id),
    pageRows(farmId, id, order, cursor, page.limit + 1),
  ]);
  const [total, rows] = read.results.slice(keep.length);
  const compare = comparator(order);
  const stale = cowsBehindKpi(read.stale, period);
  const staleAfter = cursor ? stale.filter((row) => isAfter(row, cursor, order)) : stale;
  const merged = [...(rows as Row[]).map(rowOf), ...staleAfter].sort(compare);
  const results = merged.slice(0, page.limit);
  const hasNext = merged.length > page.limit;
  const end = results.at(-1);
  return {
    value: {
      results,
      total: num(total[0]?.total ?? 0) + stale.length,
      hasNext,
      nextCursor: hasNext && end ? encodeCursor({ v: keyOf(end, order.sort), id: end.cattleId }) : null,
    },
    refresh: read.refresh,
  };
}
