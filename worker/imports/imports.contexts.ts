/**
 * The breeding contexts (worker/breeding/recompute.ts) of many animals of one farm, found by 個体識別番号, read in one
 * round trip of three queries — what loadBreedingContext reads for one animal — so an import records the history
 * of thousands of animals without a read per animal. Each event keeps its notes: an import tells its own by them.
 */
import { sql } from 'drizzle-orm';
import type { AnimalForBreeding, AnimalLine, BreedingContext } from '../breeding/recompute';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';
import type { EngineEvent } from '../domain/breeding';

export type ImportContext = BreedingContext & { events: (EngineEvent & { notes: string | null })[] };

/** An animal as the breeding engine takes it (recompute.ts), its line flat as the query reads it, with its version. */
type AnimalRow = Omit<AnimalForBreeding, 'line' | 'identificationNumber'> &
  AnimalLine & { identificationNumber: string; version: number };

interface EventRow {
  cattleId: number;
  eventId: number;
  eventType: string;
  eventDatetime: string;
  details: string | null;
  notes: string | null;
}

/** The contexts of the farm's animals with these numbers, by number; numbers not on the farm are absent. */
export async function loadImportContexts(
  db: Db,
  farmId: number,
  identificationNumbers: readonly string[],
): Promise<Map<string, ImportContext>> {
  if (identificationNumbers.length === 0) return new Map();
  const ids = sql`(select c.cattle_id from json_each(${JSON.stringify(identificationNumbers)}) j
    cross join cattle c on c.farm_id = ${farmId} and c.identification_number = j.value)`;
  const [animalResult, eventResult, changeResult] = await runBatch(db, [
    sql`
      select c.cattle_id as cattleId, c.farm_id as farmId, c.name, c.identification_number as identificationNumber,
        c.ear_tag_number as earTagNumber, c.gender, c.birthday, c.breed, c.status, c.growth_stage as growthStage,
        c.weight, c.score, case when bs.cattle_id is null then 0 else bs.initial_parity end as initialParity, coalesce(bs.version, 0) as version,
        bl.father_cattle_name as fatherCattleName, bl.mother_father_cattle_name as motherFatherCattleName,
        bl.mother_grand_father_cattle_name as motherGrandFatherCattleName
      from cattle c
      left join breeding_status bs on bs.cattle_id = c.cattle_id
      left join bloodline bl on bl.cattle_id = c.cattle_id
      where c.cattle_id in ${ids}`,
    sql`
      select e.cattle_id as cattleId, e.event_id as eventId, e.event_type as eventType,
        e.event_datetime as eventDatetime, e.details, e.notes
      from events e where e.cattle_id in ${ids} and e.farm_id = ${farmId}
      order by e.cattle_id, e.event_datetime, e.event_id`,
    sql`
      select h.cattle_id as cattleId, h.old_status as oldStatus, h.new_status as newStatus
      from cattle_status_history h
      where h.cattle_id in ${ids} and h.history_id = (select h2.history_id from cattle_status_history h2
        where h2.cattle_id = h.cattle_id order by h2.changed_at desc, h2.history_id desc limit 1)`,
  ]);
  const animals = animalResult.results as AnimalRow[];
  const eventRows = eventResult.results as EventRow[];
  const lastChanges = changeResult.results as { cattleId: number; oldStatus: string | null; newStatus: string }[];
  const eventsOf = new Map<number, ImportContext['events']>();
  for (const { cattleId, details, ...event } of eventRows) {
    const list = eventsOf.get(cattleId) ?? [];
    list.push({ ...event, details: details ? JSON.parse(details) : null });
    eventsOf.set(cattleId, list);
  }
  const lastChangeOf = new Map(lastChanges.map((h) => [h.cattleId, h]));
  return new Map(
    animals.map((row) => {
      const { fatherCattleName, motherFatherCattleName, motherGrandFatherCattleName, version, ...animal } = row;
      const last = lastChangeOf.get(row.cattleId);
      const context: ImportContext = {
        animal: {
          ...animal,
          initialParity: animal.initialParity === null ? null : Number(animal.initialParity),
          line: { fatherCattleName, motherFatherCattleName, motherGrandFatherCattleName },
        },
        events: eventsOf.get(row.cattleId) ?? [],
        statusBeforeLastChange: last && last.newStatus === row.status ? last.oldStatus : null,
        version: Number(version),
      };
      return [row.identificationNumber, context];
    }),
  );
}
