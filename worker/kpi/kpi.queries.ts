/**
 * What the breeding KPIs are computed from (docs/product.md §8), read in one statement (one D1 round trip): every
 * female animal of the farm with her breeding timeline since the look-back day, as compact `code + day` entries
 * (worker/domain/kpi.ts parses them). A service's outcome needs the events after it, so the timeline runs to the
 * present whatever the period; the look-back covers the longest gap a figure reaches back over.
 *
 * The timeline is one correlated group_concat per cow over events_cattle_type_time_idx; a day is the JST calendar
 * day of the stored UTC instant, as days since 1970-01-01 (julianday + 9 h, less the epoch's Julian day).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jstStartOfDay } from '../domain/calendar';
import type { KpiCowRow } from '../domain/kpi';

const TIMELINE_TYPES = [
  'INSEMINATION',
  'PREGNANCY_CHECK',
  'ESTRUS',
  'CALVING',
  'STILLBIRTH',
  'ABORTION',
  'SHIPMENT',
  'DEATH',
  'ARRIVAL',
] as const;

interface Row {
  cattleId: number;
  name: string | null;
  earTagNumber: string | null;
  birthday: string | null;
  initialParity: number | null;
  calvedBefore: number;
  leftBefore: number;
  timeline: string | null;
}

export async function loadKpiCows(db: Db, farmId: number, lookBack: string): Promise<KpiCowRow[]> {
  const since = jstStartOfDay(lookBack).toISOString();
  const types = sql.join(
    TIMELINE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const rows = await db.all<Row>(sql`
    SELECT c.cattle_id AS cattleId, c.name AS name, c.ear_tag_number AS earTagNumber, c.birthday AS birthday,
      bs.initial_parity AS initialParity,
      EXISTS (SELECT 1 FROM events p WHERE p.cattle_id = c.cattle_id AND p.event_type IN ('CALVING', 'STILLBIRTH')
        AND p.event_datetime < ${since}) AS calvedBefore,
      EXISTS (SELECT 1 FROM events p WHERE p.cattle_id = c.cattle_id AND p.event_type IN ('SHIPMENT', 'DEATH')
        AND p.event_datetime < ${since}) AS leftBefore,
      (SELECT group_concat(
          CASE e.event_type
            WHEN 'INSEMINATION' THEN 'I' WHEN 'ESTRUS' THEN 'E' WHEN 'CALVING' THEN 'C' WHEN 'STILLBIRTH' THEN 'S'
            WHEN 'ABORTION' THEN 'A' WHEN 'ARRIVAL' THEN 'R' WHEN 'PREGNANCY_CHECK' THEN
              CASE json_extract(e.details, '$.result') WHEN 'PREGNANT' THEN 'P' WHEN 'OPEN' THEN 'O' ELSE '?' END
            ELSE 'X' END
          || (CAST(julianday(e.event_datetime) + 0.875 AS INTEGER) - 2440588), ',')
        FROM events e
        WHERE e.cattle_id = c.cattle_id AND e.event_type IN (${types}) AND e.event_datetime >= ${since}) AS timeline
    FROM cattle c LEFT JOIN breeding_status bs ON bs.cattle_id = c.cattle_id
    WHERE c.farm_id = ${farmId} AND c.gender = '雌'
  `);
  return rows.map((r) => ({
    cattleId: Number(r.cattleId),
    name: r.name,
    earTagNumber: r.earTagNumber,
    birthday: r.birthday,
    initialParity: Number(r.initialParity ?? 0),
    calvedBefore: Boolean(r.calvedBefore),
    leftBefore: Boolean(r.leftBefore),
    timeline: r.timeline,
  }));
}
