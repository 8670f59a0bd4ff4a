import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type CarcassTotals, carcassRollup } from '../domain/carcass';
import type { SireStat } from './shipments.schemas';

/** The name shipped calves without a known sire are grouped under. */
const UNKNOWN_SIRE = '不明';

/** Best first: the higher 4・5等級率, then BMS, then more calves; unknown sires last (§9.3). */
function sortSireStats(rows: SireStat[]): SireStat[] {
  const desc = (a: number | null, b: number | null) => (b ?? -1) - (a ?? -1);
  return [...rows].sort(
    (a, b) =>
      Number(a.sireName === UNKNOWN_SIRE) - Number(b.sireName === UNKNOWN_SIRE) ||
      desc(a.grade45Rate, b.grade45Rate) ||
      desc(a.meanBms, b.meanBms) ||
      b.calves - a.calves ||
      a.sireName.localeCompare(b.sireName, 'ja'),
  );
}

/**
 * The farm's shipped calves by sire (GET /shipments/sire-stats), in one statement: the sire is the calf's bloodline
 * father, else the sireName of its dam's service 250–320 days before its birth (the conceiving service, the window
 * the mothers list uses), else 不明. Only calves count: an animal shipped with neither a recorded sire nor a dam on the
 * farm (a cull cow, a steer bought in) says nothing of any sire and is left out (decision 058). Sums and counts per sire come from SQL; the means and rate from the domain, each
 * with the count of calves behind it.
 */
export async function sireStats(db: Db, farmId: number): Promise<SireStat[]> {
  const rows = await db.all<CarcassTotals & { sireName: string }>(sql`
    WITH calves AS (
      SELECT s.price, s.carcass_weight_kg AS w, s.carcass_quality_grade AS q, s.carcass_bms AS bms,
        COALESCE(
          NULLIF(TRIM(b.father_cattle_name), ''),
          (SELECT NULLIF(TRIM(json_extract(e.details, '$.sireName')), '') FROM events e
            WHERE e.cattle_id = mi.mother_cattle_id AND +e.farm_id = ${farmId} AND e.event_type = 'INSEMINATION'
              AND e.event_datetime >= date(c.birthday, '-321 days') AND e.event_datetime < date(c.birthday, '-248 days')
              AND date(e.event_datetime, '+9 hours') BETWEEN date(c.birthday, '-320 days') AND date(c.birthday, '-250 days')
            ORDER BY e.event_datetime DESC LIMIT 1),
          ${UNKNOWN_SIRE}) AS sire
      FROM shipments s
      JOIN cattle c ON c.cattle_id = s.cattle_id AND c.farm_id = ${farmId}
      LEFT JOIN bloodline b ON b.cattle_id = c.cattle_id
      LEFT JOIN mother_info mi ON mi.cattle_id = c.cattle_id
      WHERE s.farm_id = ${farmId}
        AND (NULLIF(TRIM(b.father_cattle_name), '') IS NOT NULL OR mi.mother_cattle_id IS NOT NULL)
    )
    SELECT sire AS sireName, COUNT(*) AS calves, SUM(price) AS priceSum,
      COALESCE(SUM(w), 0) AS weightSum, COUNT(w) AS weightCount, COALESCE(SUM(bms), 0) AS bmsSum,
      COUNT(bms) AS bmsCount, COUNT(q) AS graded, COALESCE(SUM(q >= 4), 0) AS grade45
    FROM calves GROUP BY sire`);
  return sortSireStats(
    rows.map(({ sireName, ...totals }) => ({
      sireName,
      ...carcassRollup(totals),
      weighedCalves: totals.weightCount,
      bmsCalves: totals.bmsCount,
      gradedCalves: totals.graded,
    })),
  );
}
