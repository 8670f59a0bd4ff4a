import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alertHistory, alerts, farmAlertCounts } from '../db/schema';
import { ALERT_STATUSES, ALERT_TYPES, type AlertStatus, type AlertType, OPEN_ALERT_STATUSES } from '../domain/alerts';
import { addDays, isIsoDate, todayJst } from '../domain/calendar';
import { decodeCursor, encodeCursor } from '../lib/cursor';
import { validationError } from '../lib/errors';
import { DEFAULT_OPEN_LIMIT, DEFAULT_SEARCH_LIMIT, DUE_SOON_DAYS, type ListAlertsParams } from './alerts.schemas';

/** The one scoping condition for every alert query. */
const ownedAlerts = (farmId: number) => eq(alerts.farmId, farmId);

const alertColumns = {
  id: alerts.id,
  /** Written only from ALERT_TYPES (the create rules and the regeneration both check it). */
  type: sql<AlertType>`${alerts.type}`,
  severity: alerts.severity,
  status: alerts.status,
  cattleId: alerts.cattleId,
  cattleName: alerts.cattleName,
  cattleEarTagNumber: alerts.cattleEarTagNumber,
  dueAt: alerts.dueAt,
  message: alerts.message,
  memo: alerts.memo,
  createdAt: alerts.createdAt,
  updatedAt: alerts.updatedAt,
  acknowledgedAt: alerts.acknowledgedAt,
  resolvedAt: alerts.resolvedAt,
};

const severityRank = sql<number>`(case ${alerts.severity} when 'high' then 3 when 'medium' then 2 else 1 end)`;
/** Alerts without a due date sort after every dated one. */
const dueKey = sql<string>`coalesce(${alerts.dueAt}, '9999-12-31')`;

/**
 * The list's order: most severe first, then by due date, then by animal and type — one alert per animal, type and due
 * date (its id is their hash), so the order is total. Never by rowid: a farm's move to another shard renumbers rowids
 * (a page's cursor would name another alert after it), and a restore into another farm gives other ids but keeps the
 * animals' order (decision 062). Shard migration 0024's index reads the open alerts in exactly this order.
 */
const listOrder = [desc(severityRank), asc(dueKey), asc(alerts.cattleId), asc(alerts.type)];

/** The last alert of a page as the cursor carries it: `v` is rank|due|type, `id` the animal. */
function alertCursor(raw: string | undefined) {
  const cursor = decodeCursor(raw);
  if (!cursor) return null;
  const [rank, due, type, ...rest] = String(cursor.v).split('|');
  const valid =
    ['1', '2', '3'].includes(rank) &&
    (due === '9999-12-31' || isIsoDate(due ?? '')) &&
    (ALERT_TYPES as readonly string[]).includes(type ?? '') &&
    rest.length === 0;
  if (!valid) throw validationError('カーソルが不正です', 'cursor');
  return { rank: Number(rank), due: due as string, cattleId: cursor.id, type: type as string };
}

/**
 * The statuses as SQL literals (they are ALERT_STATUSES, checked by the query schema): with literals SQLite can use
 * the open alerts' partial index (shard migration 0012), which a bound list cannot prove.
 */
const statusIn = (statuses: readonly AlertStatus[]) =>
  sql`${alerts.status} in (${sql.raw(
    statuses
      .filter((s) => ALERT_STATUSES.includes(s))
      .map((s) => `'${s}'`)
      .join(', '),
  )})`;

/**
 * Counts over the owner's whole alert list (filters do not apply), per status and severity, from the counts kept by
 * triggers on alerts (shard migration 0013): a few hundred rows a farm (open alerts by due date), where reading every
 * alert grew with the herd (3,625 open at 8,000 head: 1 → 2 ms of SQL from 500 head). Added up in `summaryOf`.
 */
function summaryQuery(db: Db, farmId: number, today: string) {
  const dated = sql`${farmAlertCounts.due} <> ''`;
  return db
    .select({
      status: farmAlertCounts.status,
      severity: farmAlertCounts.severity,
      n: sql<number>`sum(${farmAlertCounts.n})`.mapWith(Number),
      overdue:
        sql<number>`sum(case when ${dated} and ${farmAlertCounts.due} < ${today} then ${farmAlertCounts.n} else 0 end)`.mapWith(
          Number,
        ),
      dueSoon:
        sql<number>`sum(case when ${farmAlertCounts.due} >= ${today} and ${farmAlertCounts.due} <= ${addDays(today, DUE_SOON_DAYS)} then ${farmAlertCounts.n} else 0 end)`.mapWith(
          Number,
        ),
    })
    .from(farmAlertCounts)
    .where(eq(farmAlertCounts.farmId, farmId))
    .groupBy(farmAlertCounts.status, farmAlertCounts.severity);
}

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

/** The home screen's and badge's numbers from the counts per status and severity. */
function summaryOf(rows: readonly SummaryRow[]) {
  const summary = { high: 0, medium: 0, low: 0, urgent: 0, active: 0, resolved: 0, overdue: 0, dueSoon: 0 };
  for (const row of rows) {
    if (row.status === 'resolved') summary.resolved += row.n;
    if (!(OPEN_ALERT_STATUSES as readonly string[]).includes(row.status)) continue;
    summary.active += row.n;
    if (row.severity === 'high' || row.severity === 'medium' || row.severity === 'low') summary[row.severity] += row.n;
    summary.overdue += row.overdue ?? 0;
    summary.dueSoon += row.dueSoon ?? 0;
  }
  summary.urgent = summary.high;
  return summary;
}

/**
 * One page of the owner's alerts, most severe first, then by due date; with the filtered total and the summary.
 * One D1 round trip.
 */
export async function listAlerts(db: Db, farmId: number, params: ListAlertsParams, today = todayJst()) {
  const statuses = params.status.length ? params.status : [...OPEN_ALERT_STATUSES];
  const limit = params.limit ?? (params.status.length ? DEFAULT_SEARCH_LIMIT : DEFAULT_OPEN_LIMIT);
  const filters: (SQL | undefined)[] = [ownedAlerts(farmId), statusIn(statuses)];
  if (params.cattleId) filters.push(eq(alerts.cattleId, params.cattleId));
  if (params.alertType.length) filters.push(inArray(alerts.type, params.alertType));
  if (params.severity.length) filters.push(inArray(alerts.severity, params.severity));
  if (params.startDate) filters.push(gte(alerts.dueAt, params.startDate));
  if (params.endDate) filters.push(lte(alerts.dueAt, params.endDate));

  // Filtered by status alone (the list as it opens): the total is the kept counts' (shard migration 0013).
  const onlyStatus =
    !params.cattleId && !params.alertType.length && !params.severity.length && !params.startDate && !params.endDate;
  const pageFilters = [...filters];
  const cursor = alertCursor(params.cursor);
  if (cursor) {
    const sameDay = [sql`${severityRank} = ${cursor.rank}`, sql`${dueKey} = ${cursor.due}`];
    pageFilters.push(
      or(
        sql`${severityRank} < ${cursor.rank}`,
        and(sql`${severityRank} = ${cursor.rank}`, sql`${dueKey} > ${cursor.due}`),
        and(...sameDay, sql`${alerts.cattleId} > ${cursor.cattleId}`),
        and(...sameDay, eq(alerts.cattleId, cursor.cattleId), sql`${alerts.type} > ${cursor.type}`),
      ),
    );
  }
  const [rows, [{ total }], summaryRows] = await db.batch([
    db
      .select({
        ...alertColumns,
        rank: sql<number>`${severityRank}`.mapWith(Number).as('severity_rank'),
        dueKey: sql<string>`${dueKey}`.as('due_key'),
      })
      .from(alerts)
      .where(and(...pageFilters))
      .orderBy(...listOrder)
      .limit(limit + 1),
    onlyStatus
      ? db
          .select({ total: sql<number>`coalesce(sum(${farmAlertCounts.n}), 0)`.mapWith(Number) })
          .from(farmAlertCounts)
          .where(and(eq(farmAlertCounts.farmId, farmId), inArray(farmAlertCounts.status, statuses)))
      : db
          .select({ total: count() })
          .from(alerts)
          .where(and(...filters)),
    summaryQuery(db, farmId, today),
  ]);
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    results: page.map(({ rank: _rank, dueKey: _due, ...alert }) => alert),
    total,
    summary: summaryOf(summaryRows),
    nextCursor:
      hasNext && last ? encodeCursor({ v: `${last.rank}|${last.dueKey}|${last.type}`, id: last.cattleId }) : null,
    hasNext,
  };
}

/** The alert and its history, oldest first; null when it is not the owner's. One D1 round trip. */
export async function alertWithHistory(db: Db, farmId: number, alertId: string) {
  const [found, history] = await db.batch([
    db
      .select(alertColumns)
      .from(alerts)
      .where(and(eq(alerts.id, alertId), ownedAlerts(farmId)))
      .limit(1),
    db
      .select({
        id: alertHistory.id,
        alertId: alertHistory.alertId,
        action: alertHistory.action,
        previousStatus: alertHistory.previousStatus,
        newStatus: alertHistory.newStatus,
        changedBy: alertHistory.changedBy,
        reason: alertHistory.reason,
        createdAt: alertHistory.createdAt,
      })
      .from(alertHistory)
      .innerJoin(alerts, eq(alerts.id, alertHistory.alertId))
      .where(and(eq(alertHistory.alertId, alertId), ownedAlerts(farmId)))
      .orderBy(asc(alertHistory.createdAt), asc(alertHistory.id)),
  ]);
  return found[0] ? { alert: found[0], history } : null;
}

/** The alert with its farm, for a change: another farm's answers 404 exactly like one that does not exist. */
export async function findAlertForChange(db: Db, alertId: string) {
  const [row] = await db
    .select({ id: alerts.id, status: alerts.status, memo: alerts.memo, farmId: alerts.farmId })
    .from(alerts)
    .where(eq(alerts.id, alertId))
    .limit(1);
  return row ?? null;
}
