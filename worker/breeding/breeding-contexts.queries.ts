/**
 * The breeding contexts (recompute.ts) of many animals of one farm, read in one round trip of three queries — what
 * loadBreedingContext reads for one animal — so a write on hundreds of animals (an import's chunk, a group's event,
 * §26) reads them without a read per animal. The animals are given as a subquery of cattle ids (a JSON list of ids or
 * numbers, a pen). Each event keeps its notes: an import tells its own by them.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { EngineEvent } from '../domain/breeding';
import type { AnimalForBreeding, AnimalLine, BreedingContext } from './recompute';

export type ManyContext = BreedingContext & { events: (EngineEvent & { notes: string | null })[] };

/** An animal as the breeding engine takes it, its line flat as the query reads it, with its version. */
type AnimalRow = Omit<AnimalForBreeding, 'line'> & AnimalLine & { version: number };

interface EventRow {
  cattleId: number;
  eventId: number;
  eventType: string;
  eventDatetime: string;
  details: string | null;
  notes: string | null;
}

/** The farm's animals with these ids, as a subquery: `ids` a JSON array of cattle ids. */
export const cattleIdsSql = (farmId: number, ids: readonly number[]) =>
  sql`(select c.cattle_id from json_each(${JSON.stringify(ids)}) j
    cross join cattle c on c.cattle_id = j.value and c.farm_id = ${farmId})`;

/** The three reads, for a D1 batch with a write's other reads: the animals, their events, their last status change. */
export function breedingContextsQueries(farmId: number, ids: SQL): SQL[] {
  return [
    sql`
      select c.cattle_id as cattleId, c.farm_id as farmId, c.name, c.identification_number as identificationNumber,
        c.ear_tag_number as earTagNumber, c.gender, c.birthday, c.breed, c.status, c.growth_stage as growthStage,
        c.weight, c.score, c.pen_id as penId,
        case when bs.cattle_id is null then 0 else bs.initial_parity end as initialParity,
        coalesce(bs.version, 0) as version,
        bl.father_cattle_name as fatherCattleName, bl.mother_father_cattle_name as motherFatherCattleName,
        bl.mother_grand_father_cattle_name as motherGrandFatherCattleName
      from cattle c
      left join breeding_status bs on bs.cattle_id = c.cattle_id
      left join bloodline bl on bl.cattle_id = c.cattle_id
      where c.cattle_id in ${ids} and c.farm_id = ${farmId}`,
    // `+e.farm_id`: the animals' events by events_cattle_time_idx, already in order. With the farm's index open to
    // it SQLite read every event of the farm to find an animal's (1.5 s at 8,000 head, issue 51).
    sql`
      select e.cattle_id as cattleId, e.event_id as eventId, e.event_type as eventType,
        e.event_datetime as eventDatetime, e.details, e.notes
      from events e where e.cattle_id in ${ids} and +e.farm_id = ${farmId}
      order by e.cattle_id, e.event_datetime, e.event_id`,
    sql`
      select h.cattle_id as cattleId, h.old_status as oldStatus, h.new_status as newStatus
      from cattle_status_history h
      where h.cattle_id in ${ids} and h.history_id = (select h2.history_id from cattle_status_history h2
        where h2.cattle_id = h.cattle_id order by h2.changed_at desc, h2.history_id desc limit 1)`,
  ];
}

/** The contexts the three reads' rows describe, by cattle id, in the order the animals were read. */
export function breedingContextsOf([animalRows, eventRows, changeRows]: readonly (readonly unknown[])[]): Map<
  number,
  ManyContext
> {
  const animals = animalRows as AnimalRow[];
  const eventsOf = new Map<number, ManyContext['events']>();
  for (const { cattleId, details, ...event } of eventRows as EventRow[]) {
    const list = eventsOf.get(cattleId) ?? [];
    list.push({ ...event, details: details ? JSON.parse(details) : null });
    eventsOf.set(cattleId, list);
  }
  const lastChanges = changeRows as { cattleId: number; oldStatus: string | null; newStatus: string }[];
  const lastChangeOf = new Map(lastChanges.map((h) => [h.cattleId, h]));
  return new Map(
    animals.map((row) => {
      const { fatherCattleName, motherFatherCattleName, motherGrandFatherCattleName, version, ...animal } = row;
      const last = lastChangeOf.get(row.cattleId);
      const context: ManyContext = {
        animal: {
          ...animal,
          initialParity: animal.initialParity === null ? null : Number(animal.initialParity),
          line: { fatherCattleName, motherFatherCattleName, motherGrandFatherCattleName },
        },
        events: eventsOf.get(row.cattleId) ?? [],
        statusBeforeLastChange: last && last.newStatus === row.status ? last.oldStatus : null,
        version: Number(version),
      };
      return [row.cattleId, context];
    }),
  );
}
