/**
 * What the breeding KPIs are computed from (docs/product.md §8), read in one statement (one D1 round trip): every
 * female animal of the farm with her breeding timeline since the look-back day, as compact `code + day` entries
 * (worker/domain/kpi.ts parses them). A service's outcome needs the events after it, so the timeline runs to the
 * present whatever the period; the look-back covers the longest gap a figure reaches back over.
 *
 * A day is the JST calendar day of the stored UTC instant, as days since 1970-01-01 (julianday + 9 h, less the
 * epoch's Julian day).
 */
import { sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';
import { jstStartOfDay } from '../domain/calendar';
import type { KpiCowRow } from '../domain/kpi';

export const TIMELINE_TYPES = [
  'INSEMINATION',
  'ESTRUS',
  'CALVING',
  'STILLBIRTH',
  'ABORTION',
  'SHIPMENT',
  'DEATH',
  'ARRIVAL',
] as const;

interface CowRow {
  cattleId: number;
  name: string | null;
  earTagNumber: string | null;
  birthday: string | null;
  initialParity: number | null;
}
interface TimelineRow {
  cattleId: number;
  timeline: string;
}
interface BeforeRow {
  cattleId: number;
  calved: number;
  left: number;
}

/** The timeline code of an event row `e`; a PREGNANCY_CHECK's comes from its result (P / O). */
export const CODE = sql.raw(`CASE e.event_type
  WHEN 'INSEMINATION' THEN 'I' WHEN 'ESTRUS' THEN 'E' WHEN 'CALVING' THEN 'C' WHEN 'STILLBIRTH' THEN 'S'
  WHEN 'ABORTION' THEN 'A' WHEN 'ARRIVAL' THEN 'R' ELSE 'X' END`);
export const CHECK_CODE = sql.raw(
  `CASE json_extract(e.details, '$.result') WHEN 'PREGNANT' THEN 'P' WHEN 'OPEN' THEN 'O' ELSE '?' END`,
);
/** The JST calendar day of `e.event_datetime` as days since 1970-01-01. */
export const DAY = sql.raw('(CAST(julianday(e.event_datetime) + 0.875 AS INTEGER) - 2440588)');

/**
 * Four statements in one batch (one round trip), each a range scan of the farm's rows rather than a lookup per cow:
 * the female animals, their timelines since the look-back grouped by animal (the pregnancy checks apart), and
 * whether each calved or left before it. A shipment record is its SHIPMENT event here (§9, decision 031).
 */
export async function loadKpiCows(db: Db, farmId: number, lookBack: string): Promise<KpiCowRow[]> {
  const since = jstStartOfDay(lookBack).toISOString();
  const types = sql.join(
    TIMELINE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const [cows, timelines, checks, before] = await runBatch(db, [
    sql`
      SELECT c.cattle_id AS cattleId, c.name AS name, c.ear_tag_number AS earTagNumber, c.birthday AS birthday,
        CASE WHEN bs.cattle_id IS NULL THEN 0 ELSE bs.initial_parity END AS initialParity
      FROM cattle c LEFT JOIN breeding_status bs ON bs.cattle_id = c.cattle_id
      WHERE c.farm_id = ${farmId} AND c.gender = '雌'`,
    // Everything but the checks from the covering index alone (no table row read)...
    sql`
      SELECT e.cattle_id AS cattleId, group_concat(${CODE} || ${DAY}, ',') AS timeline
      FROM events e
      WHERE e.farm_id = ${farmId} AND e.event_type IN (${types}) AND e.event_datetime >= ${since}
      GROUP BY e.cattle_id`,
    // ...and the pregnancy checks, whose result is in the row's details.
    sql`
      SELECT e.cattle_id AS cattleId, group_concat(${CHECK_CODE} || ${DAY}, ',') AS timeline
      FROM events e
      WHERE e.farm_id = ${farmId} AND e.event_type = 'PREGNANCY_CHECK' AND e.event_datetime >= ${since}
      GROUP BY e.cattle_id`,
    sql`
      SELECT e.cattle_id AS cattleId, max(e.event_type IN ('CALVING', 'STILLBIRTH')) AS calved,
        max(e.event_type IN ('SHIPMENT', 'DEATH')) AS left
      FROM events e
      WHERE e.farm_id = ${farmId} AND e.event_type IN ('CALVING', 'STILLBIRTH', 'SHIPMENT', 'DEATH')
        AND e.event_datetime < ${since}
      GROUP BY e.cattle_id`,
  ]);
  const timelineOf = new Map((timelines.results as TimelineRow[]).map((t) => [Number(t.cattleId), t.timeline]));
  for (const t of checks.results as TimelineRow[]) {
    const id = Number(t.cattleId);
    const rest = timelineOf.get(id);
    timelineOf.set(id, rest ? `${rest},${t.timeline}` : t.timeline);
  }
  const beforeOf = new Map((before.results as BeforeRow[]).map((b) => [Number(b.cattleId), b]));
  return (cows.results as CowRow[]).flatMap((r) => {
    const id = Number(r.cattleId);
    const earlier = beforeOf.get(id);
    // Gone before the look-back (a shipment record wrote its SHIPMENT event, §9): nothing of hers can count.
    if (earlier?.left) return [];
    return [
      {
        cattleId: id,
        name: r.name,
        earTagNumber: r.earTagNumber,
        birthday: r.birthday,
        initialParity: r.initialParity === null ? null : Number(r.initialParity),
        calvedBefore: Boolean(earlier?.calved),
        leftBefore: false,
        timeline: timelineOf.get(id) ?? null,
      },
    ];
  });
}
