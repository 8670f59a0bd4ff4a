/**
 * The one way an event is written (decision 037): eventStatements builds, for one animal, the statements of events
 * added, corrected or removed together with everything they cause — the calves a CALVING registers and the breeding
 * state recomputed over all its events (worker/breeding/recompute.ts) — for one D1 batch. The event routes, the
 * shipments' SHIPMENT event, the seeders and the import all write events through it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { filingAlertStatements } from '../alerts/filing-alerts';
import { type AlertAnimal, alertChanges, ruleEventsOf, type StoredAlert } from '../alerts/regenerate';
import {
  type AnimalForBreeding,
  type BreedingContext,
  type BreedingRows,
  breedingRowStatements,
  type RecomputeOutput,
  recomputeStatements,
} from '../breeding/recompute';
import { newestAnimalSql, registerCattleStatements } from '../cattle/cattle.statements';
import type { Statement } from '../db/batch';
import { events } from '../db/schema';
import type { Scope } from '../db/scope';
import { type EngineEvent, type ServiceOfBirth, serviceBefore } from '../domain/breeding';
import { type IsoDate, jstDate, todayJst } from '../domain/calendar';
import type { StoredCalf } from '../domain/event-details';
import type { EventSource } from '../domain/event-source';
import { firstImpossibleEvent, type ImpossibleEvent, impossibleEvent } from '../domain/event-validity';
import { calfOfService } from '../domain/gestation';
import { MOVE_PEN, moveDetails } from '../domain/pens';
import { filingStatementsOfChange } from '../filings/filings.statements';
import { fieldErrors } from '../lib/errors';
import { programmeStatementsOnEvents } from '../programmes/programmes.statements';
import { ownedEvent } from './events.queries';

/** Who writes: the farm's database, the user recorded as created_by, and the actor of status histories. */
type Writer = Pick<Scope, 'db' | 'userId' | 'actor'>;

export interface NewEvent {
  eventType: string;
  /** ISO instant. */
  eventDatetime: string;
  details?: Record<string, unknown> | null;
  notes?: string | null;
  /** Where it came from (§25); null when the writer does not say (a shipment record's event). */
  source?: EventSource;
}

/** The 400 of an event the animal cannot have (§6), on its field. */
const impossibleEventError = (reason: ImpossibleEvent) =>
  fieldErrors([{ path: [reason.field], message: reason.message }]);

/** Engine id for an event not inserted yet: larger than any stored id. */
const PENDING_EVENT_ID = Number.MAX_SAFE_INTEGER;

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
function calfStatements(
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
function calvingStatements(
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

/** An event row as a write's RETURNING gives it back (snake_case, details as JSON text). */
export interface StoredEventRow {
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
function insertEventSql(scope: Writer, animal: AnimalForBreeding, event: NewEvent, details: SQL, now: string): SQL {
  return sql`insert into events (cattle_id, farm_id, created_by, event_type, event_datetime, details, notes, source, created_at, updated_at)
    values (${animal.cattleId}, ${animal.farmId}, ${scope.userId}, ${event.eventType}, ${event.eventDatetime},
      ${details}, ${event.notes ?? null}, ${event.source ?? null}, ${now}, ${now})
    returning event_id, cattle_id, event_type, event_datetime, details, notes, created_at, updated_at`;
}

/**
 * What happens to one animal's events: some added (a form's one, a seeder's or an import's many), one corrected
 * (its type, moment, details, notes — or moved `onto` another animal's context), or one removed.
 */
export type EventChange =
  | { add: readonly NewEvent[] }
  | { correct: EngineEvent; to: EngineEvent; notes?: string | null; onto?: BreedingContext }
  | { remove: EngineEvent };

/** An animal a write recomputed: its context as read, its events after the write, and the state stored. */
export interface AnimalAfter {
  context: BreedingContext;
  eventsAfter: readonly EngineEvent[];
  recomputed: RecomputeOutput;
}

export interface EventStatements {
  statements: Statement[];
  /** The state of the animal the events are on after the write (a moved event's new animal). */
  recomputed: RecomputeOutput;
  /** Every animal recomputed: one, or the one an event left and the one it joined. */
  animals: AnimalAfter[];
  /** With `rows: 'leave'`: what the statements left out, for leftStatements to write with other animals'. */
  left: LeftRows;
}

/** What a write with `rows: 'leave'` leaves to its caller: the animals' breeding rows and the events that enrol. */
export interface LeftRows {
  rows: BreedingRows[];
  enrolments: { cattleId: number; added: readonly NewEvent[] }[];
}

/**
 * The statements of what many writes with `rows: 'leave'` left out (an import's chunk of histories), for the end of
 * their batch: the same builders a single write uses, a few statements whatever the number of animals.
 */
export function leftStatements(
  scope: Pick<Scope, 'userId' | 'farmId'>,
  left: readonly LeftRows[],
  now: string,
  options: { enrols?: boolean } = {},
): Statement[] {
  return [
    ...breedingRowStatements(left.flatMap((l) => l.rows)),
    // An import's events stop protocols but never enrol (§22 turn 4): the herd's past is taken as done. A group's
    // event (§26) enrols as one event does.
    ...programmeStatementsOnEvents(
      scope,
      scope.farmId,
      left.flatMap((l) => l.enrolments),
      now,
      { enrols: options.enrols === true },
    ),
  ];
}

/**
 * The events as recorded: a MOVE_PEN's `fromPenId` is the pen the animal is in when the move is recorded (§26), the
 * product's to fill — the pen it left, or the pen of the move before it in the same write.
 */
function withPenOrigins(penId: number | null, added: readonly NewEvent[]): NewEvent[] {
  let current = penId;
  return added.map((event) => {
    if (event.eventType !== MOVE_PEN) return event;
    const toPenId = Number(event.details?.toPenId);
    const filled = { ...event, details: moveDetails(toPenId, current) };
    current = toPenId;
    return filled;
  });
}

const asEngineEvent = ({ eventId, eventType, eventDatetime, details }: EngineEvent): EngineEvent => ({
  eventId,
  eventType,
  eventDatetime,
  details,
});

export interface EventStatementOptions {
  today?: string;
  now?: string;
  filings?: boolean;
  /**
   * 'leave': the caller writes, for many animals at once (an import's chunk of histories), what every animal's write
   * has: the breeding state rows each recompute returns (breedingRowStatements) and the programme enrolments of the
   * added events (programmeStatementsOnEvents).
   */
  rows?: 'write' | 'leave';
  /** false: the events stop protocols but enrol in none (a seeder's history, as an import's; §22 turn 4). */
  enrols?: boolean;
  /** The enrolment whose task done records the event: its own protocol is not stopped by it (§22 turn 4). */
  ownEnrolment?: number;
}

/**
 * The statements of one change to an animal's events, with its breeding state recomputed once over all of them
 * (version-guarded: run them with runGuardedBatch inside withFreshState). An event the animal cannot have is a 400
 * (§6). `context` comes from loadBreedingContext or, for an animal registered in the same run, newAnimalContext.
 */
export function eventStatements(
  scope: Writer,
  context: BreedingContext,
  change: EventChange,
  options: EventStatementOptions = {},
): EventStatements {
  const now = options.now ?? new Date().toISOString();
  // NLBC filings (§21) follow the events in the same batch; an import's events create none (decision 041).
  const filings =
    options.filings === false
      ? []
      : filingStatementsOfChange(context.animal.farmId, context.animal.cattleId, change, now);
  const recompute = (of: BreedingContext, eventsAfter: readonly EngineEvent[], touched: readonly EngineEvent[]) => {
    const recomputed = recomputeStatements(scope.db, {
      context: of,
      eventsAfter,
      touched,
      changedBy: scope.actor,
      today: options.today,
      rows: options.rows,
    });
    return { context: of, eventsAfter, recomputed };
  };
  const leave = options.rows === 'leave';
  const done = (statements: Statement[], animals: AnimalAfter[], added: readonly NewEvent[] = []): EventStatements => ({
    statements: [...statements, ...animals.flatMap((a) => a.recomputed.statements), ...filings],
    recomputed: (animals.at(-1) as AnimalAfter).recomputed,
    animals,
    left: {
      rows: leave ? animals.map((a) => a.recomputed.rows) : [],
      enrolments: leave && added.length ? [{ cattleId: context.animal.cattleId, added }] : [],
    },
  });

  if ('add' in change) {
    const added = withPenOrigins(context.animal.penId, change.add);
    const impossible = firstImpossibleEvent(context.animal, context.events, added);
    if (impossible) throw impossibleEventError(impossible.reason);
    const pending: EngineEvent[] = added.map((e, i) => ({
      eventId: PENDING_EVENT_ID - added.length + i,
      eventType: e.eventType,
      eventDatetime: e.eventDatetime,
      details: e.details ?? null,
    }));
    const eventsAfter = [...context.events, ...pending];
    const statements = added.flatMap((event) => {
      const details = event.details ?? null;
      const calving = calvingStatements(
        scope,
        context.animal,
        details,
        event.eventType,
        event.eventDatetime,
        eventsAfter,
        now,
      );
      return [...calving.statements, insertEventSql(scope, context.animal, event, calving.details, now)];
    });
    // Programmes (§22): an event that matches a stopWhen stops the animal's protocol; an event of a trigger's type
    // enrols her (a DEATH or SHIPMENT cancels her open tasks through the status it sets); an import's chunk writes
    // them for all its animals at once ('leave').
    if (!leave)
      statements.push(
        ...programmeStatementsOnEvents(
          scope,
          context.animal.farmId,
          [{ cattleId: context.animal.cattleId, added }],
          now,
          {
            enrols: options.enrols !== false,
            ownEnrolment: options.ownEnrolment,
          },
        ),
      );
    return done(statements, [recompute(context, eventsAfter, pending)], added);
  }

  if ('remove' in change) {
    const removed = asEngineEvent(change.remove);
    const eventsAfter = context.events.filter((e) => e.eventId !== removed.eventId);
    const remove = scope.db.delete(events).where(ownedEvent(context.animal.farmId, removed.eventId));
    return done([remove], [recompute(context, eventsAfter, [removed])]);
  }

  const previous = asEngineEvent(change.correct);
  const updated = asEngineEvent(change.to);
  const target = change.onto ?? context;
  const others = target.events.filter((e) => e.eventId !== previous.eventId);
  const impossible = impossibleEvent(target.animal, others, updated);
  if (impossible) throw impossibleEventError(impossible);
  const calving = calvingStatements(
    scope,
    target.animal,
    updated.details as Record<string, unknown> | null,
    updated.eventType,
    updated.eventDatetime,
    [...others, updated],
    now,
  );
  const update = scope.db
    .update(events)
    .set({
      cattleId: target.animal.cattleId,
      eventType: updated.eventType,
      eventDatetime: updated.eventDatetime,
      details: calving.details,
      ...(change.notes !== undefined ? { notes: change.notes } : {}),
      updatedBy: scope.userId,
      updatedAt: now,
    })
    .where(ownedEvent(context.animal.farmId, previous.eventId))
    .returning();
  const statements = [...calving.statements, update];
  if (target === context) {
    // A note-only correction does not re-decide the status.
    const factsChanged =
      updated.eventType !== previous.eventType ||
      updated.eventDatetime !== previous.eventDatetime ||
      JSON.stringify(updated.details) !== JSON.stringify(previous.details);
    const eventsAfter = context.events.map((e) => (e.eventId === updated.eventId ? updated : e));
    // An event corrected into one that matches a stopWhen stops the protocol as a new one would (§22 turn 4).
    if (factsChanged) statements.push(...stopStatements(scope, target.animal, updated, now));
    return done(statements, [recompute(context, eventsAfter, factsChanged ? [previous, updated] : [])]);
  }
  statements.push(...stopStatements(scope, target.animal, updated, now));
  return done(statements, [
    recompute(
      context,
      context.events.filter((e) => e.eventId !== previous.eventId),
      [previous],
    ),
    recompute(target, [...others, updated], [updated]),
  ]);
}

/** The stop of an animal's protocols by a corrected event (no enrolment: a correction is not a new event). */
const stopStatements = (scope: Writer, animal: AnimalForBreeding, event: EngineEvent, now: string) =>
  programmeStatementsOnEvents(scope, animal.farmId, [{ cattleId: animal.cattleId, added: [event] }], now, {
    enrols: false,
  });

/** An animal after a write, as the alert rules judge it (what regeneration would read back from its rows). */
function alertAnimalAfter({ context, eventsAfter, recomputed }: AnimalAfter, today: IsoDate): AlertAnimal {
  const { animal } = context;
  const breeding = recomputed.result.breedingStatus;
  return {
    cattleId: animal.cattleId,
    farmId: animal.farmId,
    name: animal.name,
    earTagNumber: animal.earTagNumber,
    status: recomputed.status,
    gender: animal.gender,
    breed: animal.breed,
    birthday: animal.birthday,
    growthStage: recomputed.growthStage,
    // An unknown parity (§5) counts as none here: her calving or her cow's stage says she has calved.
    parity: Math.max(breeding.parity ?? 0, animal.initialParity ?? 0),
    breeding: {
      lastCalvingDate: breeding.lastCalvingDate,
      lastInseminationDate: breeding.lastInseminationDate,
      conceptionDate: breeding.conceptionDate,
      lastEstrusDate: breeding.lastEstrusDate,
      expectedCalvingDate: breeding.expectedCalvingDate,
      scheduledPregnancyCheckDate: breeding.scheduledPregnancyCheckDate,
    },
    events: ruleEventsOf(eventsAfter, today),
  };
}

/**
 * The statements that bring the alerts of the animals a write recomputed in line with their new state, for the same
 * batch (§7: regenerated after every write): `stored` are their alerts as read before the write.
 */
export async function alertStatementsAfter(
  animals: readonly AnimalAfter[],
  stored: readonly StoredAlert[],
  options: { today?: IsoDate; now?: string } = {},
): Promise<SQL[]> {
  const today = options.today ?? todayJst();
  const now = options.now ?? new Date().toISOString();
  const { groups } = await alertChanges(
    animals.map((a) => alertAnimalAfter(a, today)),
    stored,
    { today, now },
  );
  // FILING_OVERDUE of the filings the write left past due (§21), read from the filings as the batch leaves them.
  const filingAlerts = await filingAlertStatements(
    animals.map(({ context, eventsAfter }) => ({
      farmId: context.animal.farmId,
      cattleId: context.animal.cattleId,
      eventsBefore: context.events,
      eventsAfter,
    })),
    { today, now },
  );
  return [...groups.flat(), ...filingAlerts];
}
