import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { joinedRow, prefixedColumns } from '../db/batch';
import type { Db } from '../db/client';
import { byEarTag } from '../db/ear-tag-order';
import { preparedBatch, preparedReads } from '../db/prepared';
import {
  alerts,
  bloodline,
  breedingStatus,
  breedingSummary,
  cattle,
  cattleGrams,
  cattleStatusHistory,
  events,
  farmCounts,
  farmStatusCounts,
  motherInfo,
} from '../db/schema';
import { ownedCattle, ownedCattleIds } from '../db/scope';
import { ageFromBirthday, latestBirthdayFor } from '../domain/ages';
import { dayCountsAsOf } from '../domain/breeding';
import { nextExpectedEstrus } from '../domain/breeding-schedule';
import { todayJst } from '../domain/calendar';
import { CATTLE_STATUSES } from '../domain/cattle-enums';
import { earTagWarnings, type TagHolder } from '../domain/ear-tags';
import { digitsOf } from '../domain/input';
import { decodeCursor, encodeCursor } from '../lib/cursor';
import { DETAIL_EVENTS, type listCattleQuerySchema } from './cattle.schemas';
import { newestAnimalSql } from './cattle.statements';

export type ListCattleParams = z.output<typeof listCattleQuerySchema>;
const SEVERITIES = ['low', 'medium', 'high'] as const;
const ACTIVE_ALERT_STATUSES = ['active', 'acknowledged'] as const;

/** An alert's severity as a number, so the highest can be taken with max(): 1 low … 3 high. */
const severityRank = sql<number>`case ${alerts.severity} when 'high' then 3 when 'medium' then 2 else 1 end`;
const activeAlertsOf = (farmId: number) =>
  and(eq(alerts.farmId, farmId), inArray(alerts.status, [...ACTIVE_ALERT_STATUSES]));

/** Active (or acknowledged) alerts per animal: count and highest severity (1 low … 3 high). */
function activeAlertsByCattle(db: Db, farmId: number) {
  return db
    .select({
      cattleId: alerts.cattleId,
      alertCount: count().as('alert_count'),
      severityRank: sql<number>`max(${severityRank})`.as('severity_rank'),
    })
    .from(alerts)
    .where(activeAlertsOf(farmId))
    .groupBy(alerts.cattleId)
    .as('active_alerts');
}

/**
 * The same summary for one animal of a row already selected (`cattle.cattle_id`), as two correlated subqueries:
 * for a page of rows this reads only their alerts, where activeAlertsByCattle groups the whole herd's.
 */
function activeAlertsOfRow(farmId: number) {
  const where = and(eq(alerts.cattleId, cattle.cattleId), activeAlertsOf(farmId));
  return {
    alertCount: sql<number | null>`(select count(*) from ${alerts} where ${where})`,
    severityRank: sql<number | null>`(select max(${severityRank}) from ${alerts} where ${where})`,
  };
}

const alertSummary = (alertCount: number | null, severityRank: number | null) => ({
  hasActiveAlerts: Boolean(alertCount),
  alertCount: alertCount ?? 0,
  highestSeverity: severityRank ? SEVERITIES[severityRank - 1] : null,
});

/** Days open as of today: growing while open after a calving, fixed at conception. SQL twin of the engine rule. */
const daysOpenSql = (today: string) =>
  sql<number>`(case when ${breedingStatus.lastCalvingDate} is not null and ${breedingStatus.conceptionDate} is null
    then cast(julianday(${today}) - julianday(${breedingStatus.lastCalvingDate}) as integer)
    else coalesce(${breedingStatus.daysOpen}, -1) end)`;

function sortExpression(sortBy: ListCattleParams['sortBy'], sortOrder: 'asc' | 'desc', today: string) {
  switch (sortBy) {
    case 'name':
      return { expr: sql<string>`coalesce(${cattle.name}, '')`, dir: sortOrder };
    case 'days_old':
      // Older animals have earlier birthdays; unknown birthdays sort last either way.
      return sortOrder === 'desc'
        ? { expr: sql<string>`coalesce(${cattle.birthday}, '9999-12-31')`, dir: 'asc' as const }
        : { expr: sql<string>`coalesce(${cattle.birthday}, '0000-01-01')`, dir: 'desc' as const };
    case 'days_open':
      return { expr: daysOpenSql(today), dir: sortOrder };
    case 'due_date':
      // The expected calving date; animals without one last either way.
      return sortOrder === 'asc'
        ? { expr: sql<string>`coalesce(${breedingStatus.expectedCalvingDate}, '9999-12-31')`, dir: 'asc' as const }
        : { expr: sql<string>`coalesce(${breedingStatus.expectedCalvingDate}, '0000-01-01')`, dir: 'desc' as const };
    case 'ear_tag':
      // Without leading zeros and right-aligned in 10 characters, ear tags sort as numbers ('9' < '0099' < '100');
      // untagged first.
      return { expr: sql<string>`printf('%10s', ltrim(coalesce(${cattle.earTagNumber}, ''), '0'))`, dir: sortOrder };
    case 'pen':
      return { expr: penSortSql, dir: sortOrder };
    default:
      return { expr: sql<number>`${cattle.cattleId}`, dir: sortOrder };
  }
}

/** The sort value of a row, exactly as the sort expression computes it. */
function cursorValue(
  params: ListCattleParams,
  dir: 'asc' | 'desc',
  r: { row: typeof cattle.$inferSelect; daysOpen: number; expectedCalvingDate: string | null; penSort: string },
): string | number {
  switch (params.sortBy) {
    case 'pen':
      return r.penSort;
    case 'name':
      return r.row.name ?? '';
    case 'days_old':
      return r.row.birthday ?? (dir === 'asc' ? '9999-12-31' : '0000-01-01');
    case 'days_open':
      return r.daysOpen;
    case 'due_date':
      return r.expectedCalvingDate ?? (dir === 'asc' ? '9999-12-31' : '0000-01-01');
    case 'ear_tag':
      return (r.row.earTagNumber ?? '').replace(/^0+/, '').padStart(10, ' ');
    default:
      return r.row.cattleId;
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The digits of a search term when it is a number (`０１０７`, `01-07`), else null: numbers match anywhere (§20). */
const searchDigits = (search: string | undefined) => {
  const digits = search ? digitsOf(search) : '';
  return /^\d+$/.test(digits) ? digits : null;
};

/**
 * How well an animal matches a number (§20): 0 its ear tag is the number, 1 its ear tag contains it, 2 its
 * 個体識別番号 does, 3 only its name. `relevanceOf` is the same rule for a row already read (the cursor's value).
 */
const relevanceSql = (digits: string) =>
  sql<number>`(case when ${cattle.earTagNumber} = ${digits} then 0
    when instr(${cattle.earTagNumber}, ${digits}) > 0 then 1
    when instr(${cattle.identificationNumber}, ${digits}) > 0 then 2 else 3 end)`;
const relevanceOf = (row: typeof cattle.$inferSelect, digits: string) =>
  row.earTagNumber === digits
    ? 0
    : row.earTagNumber?.includes(digits)
      ? 1
      : row.identificationNumber?.includes(digits)
        ? 2
        : 3;

/** The length of the pieces cattle_grams keeps (shard migration 0006). */
const GRAM = 4;
const lastPiece = (text: string) => Array.from(text).slice(-GRAM).join('');

/**
 * A number of 4 or more digits is looked up in cattle_grams by its last 4 characters — the digits for the ear tag and
 * 個体識別番号, the term as typed for the name — so only the animals holding that piece are read (the filters then
 * check the whole term). The last piece, because IDs are issued in runs that share their first digits. The owner is
 * checked with `+farm_id`, which keeps SQLite from walking the farm's index instead of the few ids.
 */
function gramFilters(db: Db, farmId: number, search: string | undefined, digits: string | null): SQL[] | null {
  if (!search || !digits || digits.length < GRAM) return null;
  const grams = [...new Set([lastPiece(digits), lastPiece(search)])];
  return [
    sql`+${cattle.farmId} = ${farmId}`,
    inArray(
      cattle.cattleId,
      db
        .select({ id: cattleGrams.cattleId })
        .from(cattleGrams)
        .where(and(eq(cattleGrams.farmId, farmId), inArray(cattleGrams.gram, grams))),
    ),
  ];
}

/**
 * The matches of a term that is exactly one 4-digit piece, with no other filter: the animals holding that piece in
 * cattle_grams, counted off its primary key without reading an animal. An animal holds a piece once (the key), and it
 * holds it exactly when its ear tag, 個体識別番号 or name contains it — the search's own rule for such a term.
 */
const gramCount = (db: Db, farmId: number, gram: string) =>
  db
    .select({ total: count() })
    .from(cattleGrams)
    .where(and(eq(cattleGrams.farmId, farmId), eq(cattleGrams.gram, gram)));

/** The name of the animal's pen (§26), as a column of the animal's select. */
const penNameSql = () =>
  sql<string | null>`(select p.name from pens p where p.pen_id = ${cattle.penId} and p.farm_id = ${cattle.farmId})`.as(
    'pen_name',
  );

/** The herd list's sort by pen (§26): the pens' order, then name; animals in no pen after them. */
const penSortSql = sql<string>`coalesce((select printf('%04d', p.sort_order) || p.name from pens p
  where p.pen_id = ${cattle.penId} and p.farm_id = ${cattle.farmId}), '~')`;

/** What a list row shows besides the animal: its pen, its breeding columns and alert summary. */
const pageFields = (farmId: number, today: string) => ({
  row: cattle,
  penName: penNameSql(),
  penSort: sql<string>`${penSortSql}`.as('pen_sort'),
  parity: breedingStatus.parity,
  expectedCalvingDate: breedingStatus.expectedCalvingDate,
  meatUntil: breedingStatus.withdrawalMeatUntil,
  milkUntil: breedingStatus.withdrawalMilkUntil,
  daysOpen: daysOpenSql(today),
  ...activeAlertsOfRow(farmId),
});

/** A number searched rank by rank: its digits, the name pattern and the pieces each rank is read through. */
interface RankedTerm {
  digits: string;
  /** `%term%` for the name, as typed. */
  like: string;
  /** The digits' last piece (ranks 2), marked for the ear tag (ranks 0–1), the term's own for the name (rank 3). */
  gram: string;
  tagGram: string;
  nameGram: string;
}

const rankedTerm = (search: string, digits: string): RankedTerm => ({
  digits,
  like: `%${escapeLike(search)}%`,
  gram: lastPiece(digits),
  tagGram: `#${lastPiece(digits)}`,
  nameGram: lastPiece(search),
});

/**
 * The rows of a ranked page (`rankedPage`) with what the list shows, in page order; `total` the count's subquery (a
 * first page) or 0.
 */
const rankedRows = (
  db: Db,
  farmId: number,
  today: string,
  page: SQL,
  total: SQLWrapper | null,
  sortOrder: 'asc' | 'desc',
) =>
  db
    .select({
      ...pageFields(farmId, today),
      // Named: D1 hands a batch's rows as objects, and a column named `0` would come first in one.
      total: (total ? sql<number>`(${total})` : sql<number>`0`).as('total'),
    })
    .from(sql`(${page}) as "page"`)
    .innerJoin(cattle, eq(cattle.cattleId, sql`"page"."cattle_id"`))
    .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
    .orderBy(sql`"page"."sort_value"`, (sortOrder === 'desc' ? desc : asc)(cattle.cattleId));

/**
 * The page of a number's matches in the default order (§20), rank by rank, each rank walked through its own pieces in
 * id order and stopped once the page is full — never reading, ranking and sorting every match: ranks 0 and 1 (the
 * ear tag is or holds the number) from the ear tag's marked pieces ('#0107', shard migration 0010), rank 2 (the
 * 個体識別番号 holds it, the ear tag does not) and rank 3 (only the name holds the term) from the plain pieces. SQLite
 * runs the members of the UNION ALL in order and stops at its LIMIT, so a later rank is read only when the earlier
 * ones did not fill the page (a term held by all 20,000 animals of the bench farm: 0.03 ms, against 23 ms).
 * `cattle_id` and `sort_value` (the rank) of at most `size` rows, in page order; null for a cursor that is no rank.
 */
function rankedPage(
  db: Db,
  farmId: number,
  term: RankedTerm,
  rowFilters: (SQL | undefined)[],
  cursor: { v: unknown; id: number } | null,
  sortOrder: 'asc' | 'desc',
  size: number,
): SQL | null {
  if (cursor && typeof cursor.v !== 'number') return null;
  const { digits } = term;
  const byId = sortOrder === 'desc' ? desc : asc;
  const idAfter = sortOrder === 'desc' ? lt : gt;
  const lacks = (column: typeof cattle.earTagNumber | typeof cattle.identificationNumber) =>
    sql`coalesce(instr(${column}, ${digits}), 0) = 0`;
  const rank = (
    rankExpr: SQL,
    highest: number,
    gram: string,
    match: SQL | undefined,
    orderByRank: boolean,
  ): SQL | null => {
    if (cursor && (cursor.v as number) > highest) return null;
    const afterCursor = cursor
      ? or(sql`${rankExpr} > ${cursor.v}`, and(sql`${rankExpr} = ${cursor.v}`, idAfter(cattle.cattleId, cursor.id)))
      : undefined;
    const query = db
      .select({ cattleId: cattle.cattleId, sortValue: sql<number>`${rankExpr}`.as('sort_value') })
      .from(cattleGrams)
      .innerJoin(cattle, eq(cattle.cattleId, cattleGrams.cattleId))
      .where(
        and(
          eq(cattleGrams.farmId, farmId),
          eq(cattleGrams.gram, gram),
          sql`+${cattle.farmId} = ${farmId}`,
          match,
          ...rowFilters,
          afterCursor,
        ),
      )
      .orderBy(...(orderByRank ? [asc(rankExpr)] : []), byId(cattleGrams.cattleId))
      .limit(size);
    return sql`select * from (${query})`;
  };
  const ranks = [
    rank(
      sql`(case when ${cattle.earTagNumber} = ${digits} then 0 else 1 end)`,
      1,
      term.tagGram,
      sql`instr(${cattle.earTagNumber}, ${digits}) > 0`,
      true,
    ),
    rank(
      sql`2`,
      2,
      term.gram,
      and(sql`instr(${cattle.identificationNumber}, ${digits}) > 0`, lacks(cattle.earTagNumber)),
      false,
    ),
    rank(
      sql`3`,
      3,
      term.nameGram,
      and(
        sql`${cattle.name} like ${term.like} escape '\\'`,
        lacks(cattle.earTagNumber),
        lacks(cattle.identificationNumber),
      ),
      false,
    ),
  ].filter((q): q is SQL => q !== null);
  if (!ranks.length) return sql`select 0 as cattle_id, 0 as sort_value where 0`;
  return sql`${sql.join(ranks, sql` union all `)} limit ${size}`;
}

/**
 * The search a farmer makes most — the four digits of a tag typed as digits, in the default order, no other filter,
 * its first page — with its SQL built once per isolate (db/prepared.ts): drizzle takes about 1 ms of JS to build this
 * statement on every call (Node, machine loaded), more than SQLite takes to answer it. Same statement, same rows.
 */
const quickSearches = { asc: quickSearch('asc'), desc: quickSearch('desc') };

function quickSearch(sortOrder: 'asc' | 'desc') {
  return preparedBatch(
    ['farmId', 'digits', 'like', 'gram', 'tagGram', 'size', 'today'],
    (db, values: Record<string, number | string>) => {
      const v = values as unknown as RankedTerm & { farmId: number; size: number; today: string };
      const term = { digits: v.digits, like: v.like, gram: v.gram, tagGram: v.tagGram, nameGram: v.gram };
      const page = rankedPage(db, v.farmId, term, [], null, sortOrder, v.size) as SQL;
      return [rankedRows(db, v.farmId, v.today, page, gramCount(db, v.farmId, v.gram), sortOrder)] as const;
    },
  );
}

const isQuickSearch = (params: ListCattleParams, digits: string | null): boolean =>
  digits !== null &&
  digits.length === GRAM &&
  params.search === digits &&
  params.sortBy === 'id' &&
  !params.cursor &&
  !params.gender.length &&
  !params.growth_stage.length &&
  !params.status.length &&
  [params.has_alert, params.restricted, params.minAge, params.maxAge, params.barn, params.breed, params.penId].every(
    (filter) => filter === undefined,
  );

export async function listCattle(db: Db, farmId: number, params: ListCattleParams, today = todayJst()) {
  const digits = searchDigits(params.search);
  if (digits && isQuickSearch(params, digits)) {
    const values = { farmId, digits, like: `%${digits}%`, gram: digits, tagGram: `#${digits}`, size: params.limit + 1 };
    const [rows] = await quickSearches[params.sortOrder](db, { ...values, today });
    return listAnswer(rows, rows[0]?.total ?? 0, params.limit, today, (last) => relevanceOf(last.row, digits));
  }
  const activeAlerts = activeAlertsByCattle(db, farmId);
  const grams = gramFilters(db, farmId, params.search, digits);
  const filters: (SQL | undefined)[] = grams ? [...grams] : [ownedCattle(farmId)];
  if (params.search) {
    // The name contains the term; either number contains its digits (§20: `０１０７` finds 1234501075).
    filters.push(
      or(
        sql`${cattle.name} like ${`%${escapeLike(params.search)}%`} escape '\\'`,
        digits ? sql`instr(${cattle.earTagNumber}, ${digits}) > 0` : undefined,
        digits ? sql`instr(${cattle.identificationNumber}, ${digits}) > 0` : undefined,
      ),
    );
  }
  if (params.gender.length) filters.push(inArray(cattle.gender, params.gender));
  if (params.growth_stage.length) filters.push(inArray(cattle.growthStage, params.growth_stage));
  if (params.status.length) filters.push(inArray(cattle.status, params.status));
  if (params.has_alert === 'true') filters.push(isNotNull(activeAlerts.cattleId));
  if (params.has_alert === 'false') filters.push(isNull(activeAlerts.cattleId));
  // age (whole calendar years) ≥ minAge ⇔ born on or before the latest birthday ⌈minAge⌉ years back (§18).
  if (params.minAge !== undefined) {
    filters.push(lte(cattle.birthday, latestBirthdayFor(12 * Math.ceil(params.minAge), today)));
  }
  // age ≤ maxAge ⇔ not yet ⌊maxAge⌋ + 1 whole years old.
  if (params.maxAge !== undefined) {
    filters.push(gt(cattle.birthday, latestBirthdayFor(12 * (Math.floor(params.maxAge) + 1), today)));
  }
  if (params.restricted === 'true') {
    filters.push(
      inArray(
        cattle.cattleId,
        db
          .select({ id: breedingStatus.cattleId })
          .from(breedingStatus)
          .where(or(gte(breedingStatus.withdrawalMeatUntil, today), gte(breedingStatus.withdrawalMilkUntil, today))),
      ),
    );
  }
  if (params.barn) filters.push(eq(cattle.barn, params.barn));
  if (params.penId === 'none') filters.push(isNull(cattle.penId));
  else if (params.penId !== undefined) filters.push(eq(cattle.penId, params.penId));
  if (params.breed) filters.push(eq(cattle.breed, params.breed));

  // A number searched in the default order comes best match first (§20), newest first within each kind.
  const relevance = digits && params.sortBy === 'id';
  const { expr, dir } = relevance
    ? { expr: relevanceSql(digits), dir: 'asc' as const }
    : sortExpression(params.sortBy, params.sortOrder, today);
  const idDir = relevance ? params.sortOrder : dir;
  const cursor = decodeCursor(params.cursor);
  const pageFilters = [...filters];
  if (cursor) {
    const after = dir === 'desc' ? lt : gt;
    const idAfter = idDir === 'desc' ? lt : gt;
    pageFilters.push(
      params.sortBy === 'id' && !relevance
        ? after(cattle.cattleId, cursor.id)
        : or(after(expr, sql`${cursor.v}`), and(sql`${expr} = ${cursor.v}`, idAfter(cattle.cattleId, cursor.id))),
    );
  }
  const order = dir === 'desc' ? desc : asc;
  const idOrder = idDir === 'desc' ? desc : asc;

  // The page is chosen first (ids and sort values only), then only its rows are read with their breeding
  // columns and alert summary: the owner's alerts are not aggregated for the whole herd (issue 10).
  // A search matches few animals: in id order it is cheaper to read them all from the covering search index and
  // sort them than to walk every row in id order (`+id` keeps SQLite off cattle_owner_idx; same values).
  const orderExpr = params.search && params.sortBy === 'id' && !relevance ? sql`+${cattle.cattleId}` : expr;
  const countBase = db.select({ total: count() }).from(cattle);
  // The filters other than the owner and the search.
  const rowFilters = filters.slice((grams ? grams.length : 1) + (params.search ? 1 : 0));
  const onlySearch = rowFilters.length === 0;
  // Without filters the total is the owner's animal count kept by triggers (owner_counts).
  const countQuery =
    !params.search && filters.length === 1
      ? db.select({ total: farmCounts.cattle }).from(farmCounts).where(eq(farmCounts.farmId, farmId))
      : onlySearch && digits && params.search === digits && digits.length === GRAM
        ? gramCount(db, farmId, digits)
        : (params.has_alert
            ? countBase.leftJoin(activeAlerts, eq(activeAlerts.cattleId, cattle.cattleId))
            : countBase
          ).where(and(...filters));

  // A search's first page counts its matches in the same statement. One that reads the farm's whole search index (no
  // gram lookup: 1–3 digits, words) counts them in that scan (a window over the filtered rows, before the limit): once
  // is enough. Through the grams a window would keep every match to sort and count them (1,012 matches: 3.1 ms in
  // SQLite, against 1.6 ms for the page and 0.5 for a count; 20,000: 35 against 26 + 1.6): the count is a subquery of
  // its own, evaluated once, and a term that is a single piece is counted off the grams' index alone (`gramCount`).
  // Later pages count in a second statement of the same batch.
  const totalInPage = !params.search || cursor ? null : grams ? 'subquery' : 'window';
  const pageBase = db
    .select({
      cattleId: cattle.cattleId,
      sortValue: sql`${expr}`.as('sort_value'),
      total: (totalInPage === 'window' ? sql<number>`count(*) over ()` : sql<number>`0`).as('total'),
    })
    .from(cattle)
    .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId));
  const pageIds = (
    params.has_alert ? pageBase.leftJoin(activeAlerts, eq(activeAlerts.cattleId, cattle.cattleId)) : pageBase
  )
    .where(and(...pageFilters))
    .orderBy(order(orderExpr), idOrder(cattle.cattleId))
    .limit(params.limit + 1)
    .as('page');
  const pageQuery = db
    .select({
      ...pageFields(farmId, today),
      total: totalInPage === 'subquery' ? sql<number>`(${countQuery})` : pageIds.total,
    })
    .from(pageIds)
    .innerJoin(cattle, eq(cattle.cattleId, pageIds.cattleId))
    .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
    .orderBy(order(pageIds.sortValue), idOrder(cattle.cattleId));
  // A number of 4 or more digits in the default order reads its page rank by rank (`rankedPage`).
  const ranked =
    relevance && grams && params.search && !params.has_alert
      ? rankedPage(
          db,
          farmId,
          rankedTerm(params.search, digits),
          rowFilters,
          cursor,
          params.sortOrder,
          params.limit + 1,
        )
      : null;
  const query = ranked
    ? rankedRows(db, farmId, today, ranked, totalInPage ? countQuery : null, params.sortOrder)
    : pageQuery;
  const [rows, totalRows] = totalInPage ? [await query, null] : await db.batch([query, countQuery]);
  const total = (totalInPage ? rows[0]?.total : totalRows?.[0]?.total) ?? 0;
  return listAnswer(rows, total, params.limit, today, (last) =>
    relevance ? relevanceOf(last.row, digits) : cursorValue(params, dir, last),
  );
}

type ListRow = {
  row: typeof cattle.$inferSelect;
  penName: string | null;
  penSort: string;
  parity: number | null;
  expectedCalvingDate: string | null;
  meatUntil: string | null;
  milkUntil: string | null;
  daysOpen: number;
  alertCount: number | null;
  severityRank: number | null;
};

/** A page of the list from its rows (one more than the limit when there is a next page) and the count. */
function listAnswer(
  rows: ListRow[],
  total: number,
  limit: number,
  today: string,
  cursorValueOf: (last: ListRow) => string | number,
) {
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    results: page.map((r) => ({
      ...toCattleView(r.row, today, r.penName),
      breeding: {
        // null: 産次不明 (§5), never shown as 0.
        parity: r.parity,
        daysOpen: r.daysOpen < 0 ? null : r.daysOpen,
        expectedCalvingDate: r.expectedCalvingDate,
      },
      alerts: alertSummary(r.alertCount, r.severityRank),
      withdrawal: { meatUntil: r.meatUntil, milkUntil: r.milkUntil },
    })),
    nextCursor: hasNext && last ? encodeCursor({ v: cursorValueOf(last), id: last.row.cattleId }) : null,
    hasNext,
    totalCount: total,
  };
}

function toCattleView(row: typeof cattle.$inferSelect, today = todayJst(), penName: string | null = null) {
  const { farmId: _owner, ...rest } = row;
  const pen = row.penId !== null && penName !== null ? { id: row.penId, name: penName } : null;
  return { ...rest, pen, ...ageFromBirthday(row.birthday, today) };
}

/**
 * The farm's animals per status, from the counts triggers keep (shard migration 0011): a few rows whatever the herd,
 * where counting the animals walked every one the farm ever had.
 */
function statusCounts(db: Db, farmId: number) {
  return db
    .select({ status: farmStatusCounts.status, count: farmStatusCounts.n })
    .from(farmStatusCounts)
    .where(eq(farmStatusCounts.farmId, farmId));
}

/** The animal with its one-to-one rows (breeding state, bloodline, mother, summary) and its alert summary. */
function animalRowQuery(db: Db, farmId: number, cattleId: number | SQL) {
  const mother = alias(cattle, 'm');
  return db
    .select({
      row: cattle,
      breedingStatus: prefixedColumns(breedingStatus, 'bs'),
      bloodline: prefixedColumns(bloodline, 'bl'),
      motherInfo: prefixedColumns(motherInfo, 'mi'),
      motherEarTagNumber: sql<string | null>`${mother.earTagNumber}`.as('mother_ear_tag_number'),
      penName: penNameSql(),
      breedingSummary: prefixedColumns(breedingSummary, 'sm'),
      ...activeAlertsOfRow(farmId),
    })
    .from(cattle)
    .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
    .leftJoin(bloodline, eq(bloodline.cattleId, cattle.cattleId))
    .leftJoin(motherInfo, eq(motherInfo.cattleId, cattle.cattleId))
    .leftJoin(mother, and(eq(mother.cattleId, motherInfo.motherCattleId), eq(mother.farmId, farmId)))
    .leftJoin(breedingSummary, eq(breedingSummary.cattleId, cattle.cattleId))
    .where(and(eq(cattle.cattleId, cattleId), ownedCattle(farmId)))
    .limit(1);
}

/**
 * Everything about one owned animal in one round trip; null when it is not the owner's (or does not exist). Three
 * statements: the animal with its one-to-one rows (breeding state, bloodline, mother, summary) and its alert
 * summary, its latest events (DETAIL_EVENTS), its calves. Each statement of a D1 batch costs about 0.1 ms; one per
 * table made eight (issue 24).
 */
export function cattleDetailQueries(db: Db, farmId: number, cattleId: number | SQL) {
  return [
    animalRowQuery(db, farmId, cattleId),
    db
      .select()
      .from(events)
      // `+owner` keeps SQLite on events_cattle_time_idx instead of scanning the owner's events by time (issue 10).
      .where(and(eq(events.cattleId, cattleId), sql`+${events.farmId} = ${farmId}`))
      .orderBy(desc(events.eventDatetime), desc(events.eventId))
      .limit(DETAIL_EVENTS),
    db
      .select({
        cattleId: cattle.cattleId,
        name: cattle.name,
        earTagNumber: cattle.earTagNumber,
        birthday: cattle.birthday,
        gender: cattle.gender,
        status: cattle.status,
      })
      .from(motherInfo)
      .innerJoin(cattle, eq(cattle.cattleId, motherInfo.cattleId))
      // `+owner` keeps SQLite on mother_info_mother_idx (the mother's few calves) instead of walking the whole
      // herd in birthday order: 39 ms → under 1 ms at 8,000 head (issue 10).
      .where(and(eq(motherInfo.motherCattleId, cattleId), sql`+${cattle.farmId} = ${farmId}`))
      .orderBy(desc(cattle.birthday)),
  ] as const;
}

const cattleDetailReads = preparedBatch(['farmId', 'cattleId'], (db, { farmId, cattleId }) =>
  cattleDetailQueries(db, farmId, cattleId),
);

export type DetailRows = Awaited<ReturnType<typeof cattleDetailReads>>;

/**
 * A newly registered animal's page as its registration's batch reads it: its row alone, and the animals sharing its
 * ear tag (§5's warnings). It has no events and no calves yet — no event names it, and a mother is linked only to an
 * animal that exists, never to an id still to come (ids are never reused) — so those two reads are known to be empty
 * and are not made. Built once (worker/db/prepared.ts): drizzle built their SQL for every registration, 0.57 ms in
 * Node. In the batch that registers it the animal is the farm's newest; after it, it is named by its id.
 */
const newAnimalQueries = (db: Db, farmId: number, cattleId: number | SQL) =>
  [animalRowQuery(db, farmId, cattleId), earTagSharingQuery(db, farmId, cattleId)] as const;
const newestAnimalReads = preparedReads(['farmId'], (db, { farmId }) =>
  newAnimalQueries(db, farmId, newestAnimalSql(farmId)),
);
const newAnimalReadsById = preparedReads(['farmId', 'cattleId'], (db, { farmId, cattleId }) =>
  newAnimalQueries(db, farmId, cattleId),
);

export const newAnimalReads = (db: Db, farmId: number, cattleId: number | 'newest') =>
  cattleId === 'newest' ? newestAnimalReads(db, { farmId }) : newAnimalReadsById(db, { farmId, cattleId });

/** The page of a newly registered animal from newAnimalReads' rows. */
export const newAnimalDetailOf = (animalRows: DetailRows[0]) => cattleDetailOf([animalRows, [], []]);

export async function loadCattleDetail(db: Db, farmId: number, cattleId: number) {
  return detailOf(await cattleDetailReads(db, { farmId, cattleId }));
}

function detailOf([animalRows, eventRows, calfRows]: DetailRows) {
  const animal = animalRows[0];
  if (!animal) return null;
  const info = joinedRow<typeof motherInfo>(animal.motherInfo, 'cattleId');
  return {
    row: animal.row,
    penName: animal.penName,
    breedingStatus: joinedRow<typeof breedingStatus>(animal.breedingStatus, 'cattleId'),
    bloodline: joinedRow<typeof bloodline>(animal.bloodline, 'cattleId'),
    motherInfo: info ? { ...info, motherEarTagNumber: animal.motherEarTagNumber } : null,
    breedingSummary: joinedRow<typeof breedingSummary>(animal.breedingSummary, 'cattleId'),
    events: eventRows,
    alerts: alertSummary(animal.alertCount, animal.severityRank),
    calves: calfRows,
  };
}

function statusHistory(db: Db, farmId: number, cattleId: number) {
  return db
    .select()
    .from(cattleStatusHistory)
    .where(inArray(cattleStatusHistory.cattleId, ownedCattleIds(db, farmId, cattleId)))
    .orderBy(desc(cattleStatusHistory.changedAt), desc(cattleStatusHistory.historyId));
}

/** The owner of an animal, to tell "not yours" (403 on change) from "not there" (404). */
export async function cattleOwner(db: Db, cattleId: number) {
  const [row] = await db
    .select({ farmId: cattle.farmId, status: cattle.status, breed: cattle.breed })
    .from(cattle)
    .where(eq(cattle.cattleId, cattleId))
    .limit(1);
  return row ?? null;
}

/** The whole register with breeding, bloodline and mother columns, for the CSV export (one query). */
export function registerForExport(db: Db, farmId: number) {
  return db
    .select({ row: cattle, penName: penNameSql(), breeding: breedingStatus, bloodline, mother: motherInfo })
    .from(cattle)
    .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
    .leftJoin(bloodline, eq(bloodline.cattleId, cattle.cattleId))
    .leftJoin(motherInfo, eq(motherInfo.cattleId, cattle.cattleId))
    .where(ownedCattle(farmId))
    .orderBy(...byEarTag, asc(cattle.cattleId));
}

/** The animal page's data (GET /cattle/{id}, and the answer of every change); null when not the owner's. */
export async function cattleDetail(db: Db, farmId: number, cattleId: number, today = todayJst()) {
  return cattleDetailView(await loadCattleDetail(db, farmId, cattleId), today);
}

/** The animal page's data from cattleDetailQueries' rows, read in a write's own batch; null when none came back. */
const cattleDetailOf = (rows: DetailRows, today = todayJst()) => cattleDetailView(detailOf(rows), today);

function cattleDetailView(detail: ReturnType<typeof detailOf>, today: string) {
  if (!detail) return null;
  const bs = detail.breedingStatus;
  return {
    ...toCattleView(detail.row, today, detail.penName),
    withdrawal: { meatUntil: bs?.withdrawalMeatUntil ?? null, milkUntil: bs?.withdrawalMilkUntil ?? null },
    breedingStatus: bs
      ? {
          ...bs,
          ...dayCountsAsOf(bs, today),
          nextExpectedEstrus: nextExpectedEstrus({ ...bs, status: detail.row.status }, today),
        }
      : null,
    bloodline: detail.bloodline,
    motherInfo: detail.motherInfo,
    breedingSummary: detail.breedingSummary,
    events: detail.events.map((e) => ({
      ...e,
      cattleName: detail.row.name,
      cattleEarTagNumber: detail.row.earTagNumber,
    })),
    alerts: detail.alerts,
    calves: detail.calves,
  };
}

/** One owned animal's row with its ages; null when not the owner's. */
export async function cattleView(db: Db, farmId: number, cattleId: number) {
  const [found] = await db
    .select({ row: cattle, penName: penNameSql() })
    .from(cattle)
    .where(and(eq(cattle.cattleId, cattleId), ownedCattle(farmId)));
  return found ? toCattleView(found.row, todayJst(), found.penName) : null;
}

/** Animals per status, all statuses present (zeros included), and their total. */
export async function statusCountsByStatus(db: Db, farmId: number) {
  const rows = await statusCounts(db, farmId);
  const counts: Record<string, number> = Object.fromEntries(CATTLE_STATUSES.map((s) => [s, 0]));
  for (const row of rows) counts[row.status] = row.count;
  counts.total = rows.reduce((sum, r) => sum + r.count, 0);
  return counts;
}

/** An owned animal's status history, newest first; null when the animal is not the owner's. One round trip. */
export async function statusHistoryOf(db: Db, farmId: number, cattleId: number) {
  const [rows, owned] = await db.batch([
    statusHistory(db, farmId, cattleId),
    db
      .select({ id: cattle.cattleId })
      .from(cattle)
      .where(and(eq(cattle.cattleId, cattleId), ownedCattle(farmId)))
      .limit(1),
  ]);
  return owned.length ? rows : null;
}

/**
 * The animal and every animal of its farm sharing its ear tag, itself included, by the farm's search index (farm,
 * ear tag): what its ear-tag warnings (§5) are judged from. `cattleId` may be a subquery (the animal just registered).
 */
export function earTagSharingQuery(db: Db, farmId: number, cattleId: number | SQL) {
  const tagged = alias(cattle, 'tagged');
  return (
    db
      .select({
        cattleId: cattle.cattleId,
        name: cattle.name,
        identificationNumber: cattle.identificationNumber,
        earTagNumber: cattle.earTagNumber,
        status: cattle.status,
      })
      .from(tagged)
      .innerJoin(cattle, and(eq(cattle.farmId, tagged.farmId), eq(cattle.earTagNumber, tagged.earTagNumber)))
      .where(and(eq(tagged.cattleId, cattleId), eq(tagged.farmId, farmId)))
      // `+`: the few holders of the tag by cattle_farm_search_idx, then sorted; ordered by the id's index SQLite walked
      // every animal of the farm (5 ms of a registration at 8,000 head, issue 51).
      .orderBy(sql`+${cattle.cattleId}`)
  );
}

/** The warnings of `cattleId` from earTagSharingQuery's rows: one per other living animal with its tag. */
export function earTagWarningsFrom(rows: readonly TagHolder[], cattleId: number): string[] {
  const animal = rows.find((o) => o.cattleId === cattleId);
  return animal ? earTagWarnings(animal, rows) : [];
}

/** The ear-tag warnings of an animal just edited (§5), in one read. */
export async function earTagWarningsOf(db: Db, farmId: number, cattleId: number): Promise<string[]> {
  return earTagWarningsFrom(await earTagSharingQuery(db, farmId, cattleId), cattleId);
}
