/**
 * An animal's growth (docs/product.md §26): its weights as points — WEIGHT_MEASURED events, the birth weight its
 * calving recorded, the shipment's live weight — with the DG and the breed's curve (worker/domain/growth.ts). The
 * points of many animals (a pen's) are read in one statement.
 */
import { type SQL, sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';
import { jstDate } from '../domain/calendar';
import { dailyGain, type GrowthPoint, type GrowthSource, sortedPoints, standardCurve } from '../domain/growth';

interface PointRow {
  cattleId: number;
  at: string;
  weightKg: number | null;
  source: GrowthSource;
}

/** The weights of the farm's animals in `ids` (a subquery of cattle ids), as rows of one statement. */
export const growthPointsSql = (farmId: number, ids: SQL) => sql`
  select e.cattle_id as cattleId, e.event_datetime as at, json_extract(e.details, '$.weightKg') as weightKg,
    'weight' as source
  from events e where e.cattle_id in ${ids} and e.farm_id = ${farmId} and e.event_type = 'WEIGHT_MEASURED'
  union all
  select m.cattle_id, e.event_datetime, json_extract(c.value, '$.weightKg'), 'birth'
  from mother_info m
  join events e on e.cattle_id = m.mother_cattle_id and e.farm_id = ${farmId} and e.event_type = 'CALVING'
  join json_each(e.details, '$.calves') c on json_extract(c.value, '$.cattleId') = m.cattle_id
  where m.cattle_id in ${ids}
  union all
  select s.cattle_id, s.shipment_date, s.weight, 'shipment'
  from shipments s where s.cattle_id in ${ids} and s.farm_id = ${farmId}`;

/** The points of each animal, oldest first (an instant's JST date; a shipment's date as it is). */
export function pointsByAnimal(rows: readonly unknown[]): Map<number, GrowthPoint[]> {
  const byAnimal = new Map<number, GrowthPoint[]>();
  for (const row of rows as PointRow[]) {
    const weightKg = Number(row.weightKg);
    if (row.weightKg === null || !(weightKg > 0)) continue;
    const date = row.at.length === 10 ? row.at : jstDate(row.at);
    const list = byAnimal.get(row.cattleId) ?? [];
    list.push({ date, weightKg, source: row.source });
    byAnimal.set(row.cattleId, list);
  }
  for (const [id, points] of byAnimal) byAnimal.set(id, sortedPoints(points));
  return byAnimal;
}

/** GET /cattle/{id}/growth: null when the animal is not the farm's. */
export async function growthOf(db: Db, farmId: number, cattleId: number) {
  const ids = sql`(select ${cattleId})`;
  const [animalResult, pointResult] = await runBatch(db, [
    sql`select breed, gender from cattle where cattle_id = ${cattleId} and farm_id = ${farmId}`,
    growthPointsSql(farmId, ids),
  ]);
  const animal = animalResult.results[0] as { breed: string | null; gender: string | null } | undefined;
  if (!animal) return null;
  const list = pointsByAnimal(pointResult.results).get(cattleId) ?? [];
  return { points: list, dg: dailyGain(list), standard: standardCurve(animal.breed, animal.gender) };
}
