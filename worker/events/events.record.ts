/**
 * Writing events together with everything they cause: the calf a CALVING registers and the recomputed
 * breeding state. Shared by the event routes and the demo-farm seeder.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type AnimalForBreeding, type BreedingContext, recomputeStatements } from '../breeding/recompute';
import { newestAnimalSql, registerCattleStatements } from '../cattle/cattle.service';
import type { Statement } from '../db/batch';
import type { Scope } from '../db/scope';

/** Who writes: the farm's database, the user recorded as created_by, and the actor of status histories. */
type Writer = Pick<Scope, 'db' | 'userId' | 'actor'>;

import { chronological, type EngineEvent } from '../domain/breeding';
import { jstDate } from '../domain/calendar';
import type { CalfDetails } from '../domain/event-types';
import { firstImpossibleEvent, type ImpossibleEvent } from '../domain/event-validity';
import { fieldErrors } from '../lib/errors';

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

const calfOf = (details: unknown): (CalfDetails & { cattleId?: number }) | null => {
  const calf = (details as { calf?: unknown } | null | undefined)?.calf;
  return calf && typeof calf === 'object' ? (calf as CalfDetails & { cattleId?: number }) : null;
};

/** The calf's cattle id once registered (stored in details.calf.cattleId). */
export const registeredCalfId = (details: unknown): number | null => {
  const id = calfOf(details)?.cattleId;
  return typeof id === 'number' ? id : null;
};

/** The calf a CALVING registers, if its details carry one that is not registered yet. */
export const calfToRegister = (eventType: string, details: unknown): CalfDetails | null => {
  const calf = calfOf(details);
  return eventType === 'CALVING' && calf && registeredCalfId(details) === null ? calf : null;
};

/** The sire of the insemination that led to a calving: the last AI with a sire name before it. */
export function sireOfCalving(events: readonly EngineEvent[], calvingDatetime: string): string | null {
  const before = chronological(events).filter(
    (e) => e.eventType === 'INSEMINATION' && Date.parse(e.eventDatetime) < Date.parse(calvingDatetime),
  );
  const sire = (before.at(-1)?.details as { sireName?: unknown } | null | undefined)?.sireName;
  return typeof sire === 'string' && sire ? sire : null;
}

/**
 * Registers a calf born to `mother` on `birthday` through the herd register's own statements: growth stage CALF,
 * the mother's breed, mother_info pointing at her, and a bloodline of the sire over the mother's line. Its
 * 個体識別番号 stays empty ('未登録') until the farmer enters the tag's. The event statement that follows finds it
 * as the farm's newest animal, so they run in one batch.
 */
export function calfStatements(
  scope: Writer,
  mother: AnimalForBreeding,
  calf: CalfDetails,
  birthday: string,
  sireName: string | null,
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
      breed: mother.breed,
      status: 'HEALTHY',
      motherInfo: {
        motherCattleId: mother.cattleId,
        motherName: mother.name,
        motherIdentificationNumber: mother.identificationNumber,
        motherScore: mother.score,
      },
      bloodline: {
        fatherCattleName: sireName,
        motherFatherCattleName: mother.line.fatherCattleName,
        motherGrandFatherCattleName: mother.line.motherFatherCattleName,
        motherGreatGrandFatherCattleName: mother.line.motherGrandFatherCattleName,
      },
    },
    now,
  );
}

/**
 * The details JSON to store: with a calf registered just before in the batch, its new cattle id (the farm's
 * newest animal) is written into details.calf.
 */
export function detailsSql(details: Record<string, unknown> | null, farmId: number, registersCalf: boolean): SQL {
  if (!details) return sql`null`;
  const json = JSON.stringify(details);
  if (!registersCalf) return sql`${json}`;
  return sql`json_set(${json}, '$.calf.cattleId', ${newestAnimalSql(farmId)})`;
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

export function insertEventSql(
  scope: Writer,
  animal: AnimalForBreeding,
  event: NewEvent,
  registersCalf: boolean,
  now: string,
): SQL {
  return sql`insert into events (cattle_id, farm_id, created_by, event_type, event_datetime, details, notes, created_at, updated_at)
    values (${animal.cattleId}, ${animal.farmId}, ${scope.userId}, ${event.eventType}, ${event.eventDatetime},
      ${detailsSql(event.details ?? null, animal.farmId, registersCalf)}, ${event.notes ?? null}, ${now}, ${now})
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
    const calf = calfToRegister(event.eventType, event.details);
    if (calf) {
      const birthday = jstDate(event.eventDatetime);
      const sire = sireOfCalving(allEvents, event.eventDatetime);
      statements.push(...calfStatements(scope, context.animal, calf, birthday, sire, now));
    }
    statements.push(insertEventSql(scope, context.animal, event, calf !== null, now));
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
