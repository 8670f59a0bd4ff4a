/**
 * Writing events together with everything they cause: the calves a CALVING registers and the recomputed
 * breeding state. Shared by the event routes and the demo-farm seeder.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type AnimalForBreeding, type BreedingContext, recomputeStatements } from '../breeding/recompute';
import { newestAnimalSql, registerCattleStatements } from '../cattle/cattle.service';
import type { Statement } from '../db/batch';
import type { Scope } from '../db/scope';

import { type EngineEvent, type ServiceOfBirth, serviceBefore } from '../domain/breeding';
import { jstDate, jstStartOfDay } from '../domain/calendar';
import type { StoredCalf } from '../domain/event-types';
import { firstImpossibleEvent, type ImpossibleEvent } from '../domain/event-validity';
import { calfOfService } from '../domain/gestation';
import { fieldErrors } from '../lib/errors';

/** Who writes: the farm's database, the user recorded as created_by, and the actor of status histories. */
type Writer = Pick<Scope, 'db' | 'userId' | 'actor'>;

export interface NewEvent {
  eventType: string;
  /** ISO instant. */
  eventDatetime: string;
  details?: Record<string, unknown> | null;
  notes?: string | null;
}

/** The 400 of an event the animal cannot have (§6), on its field. */
export const impossibleEventError = (reason: ImpossibleEvent) =>
  fieldErrors([{ path: [reason.field], message: reason.message }]);

/** Engine id for an event not inserted yet: larger than any stored id. */
export const PENDING_EVENT_ID = Number.MAX_SAFE_INTEGER;

/** The calves a calving's details carry (stored as `calves`, §6). */
export const calvesOf = (details: unknown): StoredCalf[] => {
  const calves = (details as { calves?: unknown } | null | undefined)?.calves;
  return Array.isArray(calves) ? (calves as StoredCalf[]) : [];
};

/** The cattle ids of the calves a calving has registered, in the order of its calves. */
export const registeredCalfIds = (details: unknown): number[] =>
  calvesOf(details)
    .map((c) => c.cattleId)
    .filter((id): id is number => typeof id === 'number');

/** The live calves of a CALVING not registered yet, with their place in `details.calves`. */
export const calvesToRegister = (eventType: string, details: unknown): { index: number; calf: StoredCalf }[] =>
  eventType === 'CALVING'
    ? calvesOf(details)
        .map((calf, index) => ({ index, calf }))
        .filter(({ calf }) => calf.stillborn !== true && typeof calf.cattleId !== 'number')
    : [];

/**
 * Registers a calf born to `mother` on `birthday` through the herd register's own statements: growth stage CALF,
 * the breed the service makes (§6: the dam's, 交雑種 for a sire of another breed, the embryo's for ET), mother_info
 * pointing at her, and a bloodline of the sire over the mother's line. Its 個体識別番号 stays empty ('未登録') until
 * the farmer enters the tag's.
 */
export function calfStatements(
  scope: Writer,
  mother: AnimalForBreeding,
  calf: StoredCalf,
  birthday: string,
  service: ServiceOfBirth | null,
  now: string,
): Statement[] {
  return registerCattleStatements(
    { db: scope.db, farmId: mother.farmId, userId: scope.userId },
    {
      identificationNumber: calf.identificationNumber ?? null,
      earTagNumber: calf.earTagNumber,
      name: calf.name ?? null,
      growthStage: 'CALF',
      birthday,
      gender: calf.gender,
      weight: calf.weightKg ?? null,
      breed: calfOfService(mother.breed, service?.facts).breed,
      status: 'HEALTHY',
      motherInfo: {
        motherCattleId: mother.cattleId,
        motherName: mother.name,
        motherIdentificationNumber: mother.identificationNumber,
        motherScore: mother.score,
      },
      bloodline: {
        fatherCattleName: service?.sireName ?? null,
        motherFatherCattleName: mother.line.fatherCattleName,
        motherGrandFatherCattleName: mother.line.motherFatherCattleName,
        motherGreatGrandFatherCattleName: mother.line.motherGrandFatherCattleName,
      },
    },
    now,
  );
}

/**
 * The statements registering a calving's new calves, one after another, and the details JSON that names each
 * calf's new cattle id. Inside the batch the calves are the farm's newest animals, in order: the last one is the
 * newest, the one before it one less (AUTOINCREMENT ids follow each other within one batch).
 */
export function calvingStatements(
  scope: Writer,
  mother: AnimalForBreeding,
  details: Record<string, unknown> | null,
  eventType: string,
  eventDatetime: string,
  history: readonly EngineEvent[],
  now: string,
): { statements: Statement[]; details: SQL } {
  const toRegister = calvesToRegister(eventType, details);
  if (!details || toRegister.length === 0)
    return { statements: [], details: details ? sql`${JSON.stringify(details)}` : sql`null` };
  const birthday = jstDate(eventDatetime);
  const service = serviceBefore(history, eventDatetime);
  const statements = toRegister.flatMap(({ calf }) => calfStatements(scope, mother, calf, birthday, service, now));
  let json: SQL = sql`${JSON.stringify(details)}`;
  toRegister.forEach(({ index }, k) => {
    const fromNewest = toRegister.length - 1 - k;
    json = sql`json_set(${json}, ${`$.calves[${index}].cattleId`}, ${newestAnimalSql(mother.farmId)} - ${fromNewest})`;
  });
  return { statements, details: json };
}

/** The row insertEventSql returns. */
export interface InsertedEventRow {
  event_id: number;
  cattle_id: number;
  event_type: string;
  event_datetime: string;
  details: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

/** The event's insert; `details` is the JSON to store (calvingStatements' when it registers calves). */
export function insertEventSql(
  scope: Writer,
  animal: AnimalForBreeding,
  event: NewEvent,
  details: SQL,
  now: string,
): SQL {
  return sql`insert into events (cattle_id, farm_id, created_by, event_type, event_datetime, details, notes, created_at, updated_at)
    values (${animal.cattleId}, ${animal.farmId}, ${scope.userId}, ${event.eventType}, ${event.eventDatetime},
      ${details}, ${event.notes ?? null}, ${now}, ${now})
    returning event_id, cattle_id, event_type, event_datetime, details, notes, created_at, updated_at`;
}

/**
 * For the demo-farm seeder and bulk imports: the statements that insert `newEvents` for one animal (with the
 * calves their CALVING details register) and store its breeding state once, recomputed over all its events.
 * `context` comes from loadBreedingContext, or for a freshly created animal
 * `{ animal, events: [], statusBeforeLastChange: null }`. Run the statements with runBatch.
 */
export function recordEventsStatements(
  scope: Writer,
  context: BreedingContext,
  newEvents: readonly NewEvent[],
  options: { today?: string } = {},
) {
  const { db } = scope;
  const impossible = firstImpossibleEvent(context.animal, context.events, newEvents);
  if (impossible) throw impossibleEventError(impossible.reason);
  const now = new Date().toISOString();
  const statements: Statement[] = [];
  const pending: EngineEvent[] = newEvents.map((e, i) => ({
    eventId: PENDING_EVENT_ID - newEvents.length + i,
    eventType: e.eventType,
    eventDatetime: e.eventDatetime,
    details: e.details ?? null,
  }));
  const allEvents = [...context.events, ...pending];
  for (const event of newEvents) {
    const calving = calvingStatements(
      scope,
      context.animal,
      event.details ?? null,
      event.eventType,
      event.eventDatetime,
      allEvents,
      now,
    );
    statements.push(...calving.statements, insertEventSql(scope, context.animal, event, calving.details, now));
  }
  const recomputed = recomputeStatements(db, {
    context,
    eventsAfter: allEvents,
    touched: pending,
    changedBy: scope.actor,
    today: options.today,
  });
  return { statements: [...statements, ...recomputed.statements], recomputed };
}

/**
 * Arrivals (導入) of animals brought in by an import, found by 個体識別番号, dated 00:00 JST of the day; one that is
 * on record already is not written twice. An arrival decides no breeding state, status or stage, so nothing is
 * recomputed; the import checked each date against the birthday.
 */
export function arrivalEventsStatements(
  scope: Writer & { farmId: number },
  arrivals: readonly { identificationNumber: string; date: string }[],
  now = new Date().toISOString(),
): Statement[] {
  const statements: Statement[] = [];
  for (let start = 0; start < arrivals.length; start += 200) {
    const rows = arrivals
      .slice(start, start + 200)
      .map((a) => ({ id: a.identificationNumber, at: jstStartOfDay(a.date).toISOString() }));
    statements.push(
      sql`insert into events (cattle_id, farm_id, created_by, event_type, event_datetime, details, notes, created_at, updated_at)
        select c.cattle_id, ${scope.farmId}, ${scope.userId}, 'ARRIVAL', json_extract(j.value, '$.at'), null, null, ${now}, ${now}
        from json_each(${JSON.stringify(rows)}) j
        -- CROSS JOIN keeps the file's rows outside: one index seek per row, not a scan of the herd per row.
        cross join cattle c on c.farm_id = ${scope.farmId} and c.identification_number = json_extract(j.value, '$.id')
        where not exists (select 1 from events e where e.cattle_id = c.cattle_id and e.event_type = 'ARRIVAL'
          and e.event_datetime = json_extract(j.value, '$.at'))`,
    );
  }
  return statements;
}
