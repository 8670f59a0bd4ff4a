/**
 * The breeding KPI figures of one owner, aggregated by SQLite in one statement (one D1 round trip) for any number
 * of periods: the dashboard asks for one, the delta for two months, the trends for up to 24.
 *
 * The rules (docs/decisions/012-kpi.md), all on JST calendar dates (stored instants are UTC ISO strings of
 * toISOString's fixed form, so text order is time order):
 * - a period counts its breeding events, inseminations, calvings and distinct cattle;
 * - days open: an insemination that is the first after a calving (no insemination in between) closes a gap
 *   of 1–364 days from that calving;
 * - calving interval: a calving closes a gap of 201–499 days from the animal's previous calving;
 * - a gap belongs to the period holding the event that closes it.
 * Each gap is found by looking up the closing event's previous calving and previous insemination: at most two
 * index seeks per insemination or calving in the periods, instead of reading and sorting every calving and
 * insemination of a look-back in the Worker (issue 10).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { addDays, jstStartOfDay } from '../domain/calendar';
import {
  BREEDING_EVENT_TYPES,
  CALVING_INTERVAL_WINDOW,
  DAYS_OPEN_WINDOW,
  EMPTY_TOTALS,
  type Period,
  type PeriodTotals,
} from '../domain/kpi';

interface Row {
  idx: number;
  events: number | null;
  inseminations: number | null;
  calvings: number | null;
  cattle: number | null;
  daysOpenSum: number | null;
  daysOpenGaps: number | null;
  calvingIntervalSum: number | null;
  calvingIntervals: number | null;
}

/**
 * The previous event of `type` of the same animal in (time, id) order, as a key that sorts the same way: its
 * instant (always 24 characters, toISOString) followed by its zero-padded id, so that two events at the same
 * instant still compare by the order they were recorded in. One seek on events_cattle_type_time_idx.
 */
const previous = (type: 'CALVING' | 'INSEMINATION') => sql`(
  SELECT x.event_datetime || printf('%012d', x.event_id) FROM events x
  WHERE x.cattle_id = b.cattle_id AND x.event_type = ${type}
    AND x.event_datetime <= b.event_datetime AND (x.event_datetime < b.event_datetime OR x.event_id < b.event_id)
  ORDER BY x.event_datetime DESC, x.event_id DESC LIMIT 1)`;

/** The JST calendar day of a stored UTC instant, as a Julian day number (so days between are a subtraction). */
const jstDayNumber = (instant: string) => sql.raw(`CAST(julianday(${instant}) + 0.875 AS INTEGER)`);

/** The first instant of a JST calendar date, as stored (UTC ISO): 2026-04-01 → 2026-03-31T15:00:00.000Z. */
const jstStart = (date: string) => jstStartOfDay(date).toISOString();

/** Totals for each period, in the order given. */
export async function loadPeriodTotals(db: Db, farmId: number, periods: readonly Period[]): Promise<PeriodTotals[]> {
  if (!periods.length) return [];
  // Each period as the half-open range of stored instants it covers: events are matched by plain text comparison
  // on events_owner_type_time_cattle_idx, one index range per period and event type, with no date arithmetic.
  const values = sql.join(
    periods.map((p, i) => sql`(${i}, ${jstStart(p.from)}, ${jstStart(addDays(p.to, 1))})`),
    sql`, `,
  );
  const types = sql.join(
    BREEDING_EVENT_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const { min: openMin, max: openMax } = DAYS_OPEN_WINDOW;
  const { min: intervalMin, max: intervalMax } = CALVING_INTERVAL_WINDOW;

  const rows = await db.all<Row>(sql`
    WITH periods(idx, p_start, p_end) AS (VALUES ${values}),
    breeding AS MATERIALIZED (
      SELECT p.idx, e.event_id, e.cattle_id, e.event_type, e.event_datetime
      -- CROSS JOIN keeps the periods outside: without it SQLite reads all of the owner's breeding events.
      FROM periods p CROSS JOIN events e
      WHERE e.event_datetime >= p.p_start AND e.event_datetime < p.p_end
        AND e.farm_id = ${farmId} AND e.event_type IN (${types})
        AND e.cattle_id IN (SELECT cattle_id FROM cattle WHERE farm_id = ${farmId})
    ),
    counts AS (
      SELECT idx, COUNT(*) AS events, SUM(event_type = 'INSEMINATION') AS inseminations,
        SUM(event_type = 'CALVING') AS calvings, COUNT(DISTINCT cattle_id) AS cattle
      FROM breeding GROUP BY idx
    ),
    closing AS MATERIALIZED (
      SELECT b.idx, b.event_type, b.event_datetime,
        ${previous('CALVING')} AS prev_calving,
        CASE WHEN b.event_type = 'INSEMINATION' THEN ${previous('INSEMINATION')} END AS prev_insemination
      FROM breeding b WHERE b.event_type IN ('CALVING', 'INSEMINATION')
    ),
    gaps AS (
      SELECT idx, event_type, ${jstDayNumber('event_datetime')} - ${jstDayNumber('substr(prev_calving, 1, 24)')} AS days
      FROM closing
      WHERE prev_calving IS NOT NULL
        AND (event_type = 'CALVING' OR prev_insemination IS NULL OR prev_insemination < prev_calving)
    ),
    gap_totals AS (
      SELECT idx,
        SUM(days) FILTER (WHERE event_type = 'INSEMINATION' AND days BETWEEN ${openMin} AND ${openMax}) AS open_sum,
        COUNT(*) FILTER (WHERE event_type = 'INSEMINATION' AND days BETWEEN ${openMin} AND ${openMax}) AS open_n,
        SUM(days) FILTER (WHERE event_type = 'CALVING' AND days BETWEEN ${intervalMin} AND ${intervalMax}) AS interval_sum,
        COUNT(*) FILTER (WHERE event_type = 'CALVING' AND days BETWEEN ${intervalMin} AND ${intervalMax}) AS interval_n
      FROM gaps GROUP BY idx
    )
    SELECT p.idx AS idx, c.events AS events, c.inseminations AS inseminations, c.calvings AS calvings, c.cattle AS cattle,
      g.open_sum AS daysOpenSum, g.open_n AS daysOpenGaps, g.interval_sum AS calvingIntervalSum, g.interval_n AS calvingIntervals
    FROM periods p
    LEFT JOIN counts c ON c.idx = p.idx
    LEFT JOIN gap_totals g ON g.idx = p.idx
    ORDER BY p.idx
  `);

  const byIndex = new Map(rows.map((r) => [Number(r.idx), r]));
  return periods.map((_, i) => {
    const r = byIndex.get(i);
    if (!r) return { ...EMPTY_TOTALS };
    return {
      events: Number(r.events ?? 0),
      inseminations: Number(r.inseminations ?? 0),
      calvings: Number(r.calvings ?? 0),
      cattle: Number(r.cattle ?? 0),
      daysOpenSum: Number(r.daysOpenSum ?? 0),
      daysOpenGaps: Number(r.daysOpenGaps ?? 0),
      calvingIntervalSum: Number(r.calvingIntervalSum ?? 0),
      calvingIntervals: Number(r.calvingIntervals ?? 0),
    };
  });
}
