/**
 * The event write use cases, one function each: record, correct and remove an event. Each reads the animal's
 * history and version (with what the write checks) in one D1 round trip, then writes the event with everything it
 * causes — a calf a calving registers, the animal's recomputed breeding state and status, its alerts — in one
 * version-guarded batch, re-read and retried when another write came first (docs/product.md §3, §6; decision 037).
 */

import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { filingAlertsOfNewCalves } from '../alerts/filing-alerts';
import { type StoredAlert, storedAlertsQuery } from '../alerts/regenerate';
import { auditStatement } from '../audit/audit.statements';
import { breedingContextsOf, breedingContextsQueries, cattleIdsSql } from '../breeding/breeding-contexts.queries';
import {
  type BreedingContext,
  breedingContextOf,
  breedingContextQueries,
  loadBreedingContext,
} from '../breeding/recompute';
import { isGuardFailure, runBatchThenRead, type Statement } from '../db/batch';
import type { Db } from '../db/client';
import { isForeignKeyViolation, runGuardedBatch, withFreshState } from '../db/guarded-batch';
import { cattle, events, pens, shipments } from '../db/schema';
import type { Scope } from '../db/scope';
import { isUniqueViolation } from '../db/unique-violation';
import type { EngineEvent } from '../domain/breeding';
import { type IsoDate, jstDate, todayJst } from '../domain/calendar';
import { parseEventDetails } from '../domain/event-details';
import type { EventSource } from '../domain/event-source';
import type { EventType } from '../domain/event-types';
import { AppError, conflict, fieldErrors, notFound } from '../lib/errors';
import { PEN_GONE, penGoneGuard } from '../pens/pens.statements';
import { trashEventStatement } from '../trash/trash.statements';
import { eventNotFound, eventQuery, ownedEvent, toView } from './events.queries';
import { type AnimalState, type CreateEvent, EVENT_MESSAGES, type EventView, type UpdateEvent } from './events.schemas';
import {
  type AnimalAfter,
  alertStatementsAfter,
  calvesOf,
  calvesToRegister,
  eventStatements,
  type LeftRows,
  leftStatements,
  type NewEvent,
  registeredCalfIds,
  type StoredEventRow,
} from './events.statements';

const cattleNotFound = () => notFound(EVENT_MESSAGES.cattleNotFound, 'CATTLE_NOT_FOUND');
const duplicateCalf = (index = 0) =>
  conflict(
    'この個体識別番号は既に登録されています',
    'DUPLICATE_IDENTIFICATION_NUMBER',
    `details.calves.${index}.identificationNumber`,
  );

/** What an event write answers: the event and the animal's state after it. */
export interface EventWrite {
  event: EventView;
  animal: AnimalState;
}

/** The 個体識別番号 of the calves a calving would register, with their places in `details.calves`. */
function numberedCalves(eventType: string, details: unknown) {
  return calvesToRegister(eventType, details)
    .filter(({ calf }) => !!calf.identificationNumber)
    .map(({ index, calf }) => ({ index, number: calf.identificationNumber as string }));
}

/** Every calf number a correction's details name, as the details schema reads them (before it knows the type). */
function calfNumbersIn(details: unknown): string[] {
  if (details === undefined) return [];
  const parsed = parseEventDetails('CALVING', details);
  return parsed.success
    ? calvesOf(parsed.details).flatMap((c) => (c.identificationNumber ? [c.identificationNumber] : []))
    : [];
}

/** The read of which of these calf numbers the farm has already (an empty answer when none are given). */
const takenNumbersQuery = (db: Db, farmId: number, numbers: readonly string[]) =>
  db
    .select({ number: cattle.identificationNumber })
    .from(cattle)
    .where(and(eq(cattle.farmId, farmId), inArray(cattle.identificationNumber, numbers.length ? [...numbers] : [''])));

/** The calves a calving registers must carry numbers the farm does not have yet, nor share one between them. */
function assertCalfNumbersFree(calves: ReturnType<typeof numberedCalves>, taken: readonly { number: string | null }[]) {
  const numbers = calves.map((c) => c.number);
  const twice = numbers.findIndex((n, i) => numbers.indexOf(n) !== i);
  if (twice >= 0) throw duplicateCalf(calves[twice].index);
  const onFarm = new Set(taken.map((t) => t.number));
  const first = numbers.findIndex((n) => onFarm.has(n));
  if (first >= 0) throw duplicateCalf(calves[first].index);
}

async function runEventBatch(scope: Scope, statements: Statement[]) {
  try {
    return await runGuardedBatch(scope.db, statements);
  } catch (err) {
    if (isUniqueViolation(err, 'cattle.')) throw duplicateCalf();
    // The animal was deleted between the read and the write (§3: a request racing a delete answers 404).
    if (isForeignKeyViolation(err)) throw cattleNotFound();
    // A move's pen is not the farm's, or was deleted since it was read (§26).
    if (isGuardFailure(err, PEN_GONE))
      throw fieldErrors([{ path: ['details', 'toPenId'], message: EVENT_MESSAGES.penNotFound }]);
    throw err;
  }
}

const animalState = ({ context, recomputed }: AnimalAfter, calfCattleIds: number[]): AnimalState => ({
  cattleId: context.animal.cattleId,
  status: recomputed.status,
  growthStage: recomputed.growthStage,
  weight: recomputed.weight,
  breedingStatus: recomputed.result.breedingStatus,
  breedingSummary: recomputed.result.breedingSummary,
  calfCattleId: calfCattleIds[0] ?? null,
  calfCattleIds,
});

/** An event row a batch's RETURNING gave back, as the API shows it, on `animal`, recorded by `recordedBy`. */
function storedView(
  row: StoredEventRow,
  animal: BreedingContext['animal'],
  recordedBy: { recordedById: number | null; recordedByName: string | null },
): EventView {
  return toView({
    eventId: row.event_id,
    cattleId: row.cattle_id,
    eventType: row.event_type,
    eventDatetime: row.event_datetime,
    details: row.details,
    notes: row.notes,
    cattleName: animal.name,
    cattleEarTagNumber: animal.earTagNumber,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...recordedBy,
  });
}

/** The event rows a batch inserted (RETURNING), in the order of their inserts. */
const storedEventRows = (results: readonly D1Result[]) =>
  results
    .flatMap((r) => (r.results ?? []) as Partial<StoredEventRow>[])
    .filter((row): row is StoredEventRow => row.event_id !== undefined && row.event_type !== undefined);

/**
 * The writes' one read: the animal's context (by id, or as the animal of an event), with its stored alerts and, when
 * given, calf numbers to check — one D1 batch.
 */
function _contextReads(scope: Scope, animal: number | SQL, today: IsoDate, calfNumbers: readonly string[] = []) {
  const { db, farmId } = scope;
  return [
    ...breedingContextQueries(db, farmId, animal),
    storedAlertsQuery(db, [farmId], [animal], today),
    takenNumbersQuery(db, farmId, calfNumbers),
  ] as const;
}

/** The animals an event is recorded on: by id (one for POST /events, up to 500 for a group), or a pen's (§26). */
type EventAnimals = readonly number[] | { penId: number };

/** One event recorded on each of some animals: the one use case of POST /events and POST /events/bulk. */
export interface EventOnAnimals {
  animals: EventAnimals;
  event: NewEvent & { eventType: EventType };
  /** An animal's own details (a group's weights, §26); throws the AppError that refuses the animal. */
  detailsOf?: (cattleId: number) => Record<string, unknown> | null;
  /** A group's refusal names the animal it refuses: '0381 しおり：…' (§26). */
  namesRefused?: boolean;
  /** Where the event came from (§25): 'web' or 'api' by the request's X-Client header, 'line' for a LINE message. */
  source?: EventSource;
}

const penAnimalsSql = (farmId: number, penId: number) =>
  sql`(select c.cattle_id from cattle c where c.farm_id = ${farmId} and c.pen_id = ${penId})`;

/** The farm's pen of this id (none: id 0 finds nothing), read with the write's other reads. */
const penQuery = (db: Db, farmId: number, penId: number) =>
  db
    .select({ id: pens.penId })
    .from(pens)
    .where(and(eq(pens.farmId, farmId), eq(pens.penId, penId)));

/** A rule's refusal of one animal of a group, naming it: '0381 しおり：…'. */
function namedRefusal(animal: BreedingContext['animal'], err: unknown): unknown {
  if (!(err instanceof AppError) || err.status !== 400) return err;
  const label = [animal.earTagNumber ?? animal.identificationNumber, animal.name].filter(Boolean).join(' ');
  const message = `${label}：${err.message}`;
  return new AppError({
    status: 400,
    code: err.code,
    message,
    field: err.field,
    issues: err.issues?.map((issue, i) => (i === 0 ? { ...issue, message } : issue)),
    data: { cattleId: animal.cattleId },
  });
}

/**
 * Records one event on an owned animal (POST /events, and a LINE message's 記録する, §25); re-read and retried when
 * another write came first. `source` is where it came from ('web' or 'api' by the request's X-Client header).
 */
export const recordEvent = async (
  scope: Scope,
  input: CreateEvent,
  source: EventSource = 'api',
): Promise<EventWrite> => {
  const { cattleId, ...event } = input;
  const [written] = await recordEventOnAnimals(scope, { animals: [cattleId], event, source });
  return written;
};

/**
 * Records the same event on each animal (§26: up to 500, or a pen's), all or nothing: each animal's event through
 * eventStatements as one event is (its breeding state, alerts, withdrawal, filings, programme triggers), the
 * animals' contexts read in one round trip and everything written in one version-guarded batch.
 */
export const recordEventOnAnimals = (scope: Scope, input: EventOnAnimals) =>
  withFreshState(() => recordOnAnimalsOnce(scope, input));

async function recordOnAnimalsOnce(scope: Scope, input: EventOnAnimals): Promise<EventWrite[]> {
  const { db, farmId } = scope;
  const today = todayJst();
  const event = { ...input.event, source: input.source ?? 'api' };
  const ids = Array.isArray(input.animals)
    ? cattleIdsSql(farmId, input.animals as number[])
    : penAnimalsSql(farmId, (input.animals as { penId: number }).penId);
  const calves = numberedCalves(event.eventType, event.details);
  const toPenId = event.eventType === 'MOVE_PEN' ? Number(event.details?.toPenId) : 0;
  // One round trip: the animals' contexts (raw rows), their stored alerts, calf numbers taken and the pen moved to.
  const { written: contextRows, read } = await runBatchThenRead(db, breedingContextsQueries(farmId, ids), [
    storedAlertsQuery(db, [farmId], ids, today),
    takenNumbersQuery(
      db,
      farmId,
      calves.map((c) => c.number),
    ),
    penQuery(db, farmId, toPenId),
  ] as const);
  const [alerts, taken, pen] = read;
  const contexts = breedingContextsOf(contextRows.map((r) => r.results));
  const wanted = Array.isArray(input.animals) ? (input.animals as number[]) : [...contexts.keys()];
  if (wanted.length === 0) throw fieldErrors([{ path: ['penId'], message: EVENT_MESSAGES.emptyPen }]);
  if (wanted.some((id) => !contexts.has(id))) throw cattleNotFound();
  if (toPenId && pen.length === 0)
    throw fieldErrors([{ path: ['details', 'toPenId'], message: EVENT_MESSAGES.penNotFound }]);
  assertCalfNumbersFree(calves, taken);
  const now = new Date().toISOString();
  const many = wanted.length > 1;
  const statements: Statement[] = [];
  const left: LeftRows[] = [];
  const animals: AnimalAfter[] = [];
  const recorded: NewEvent[] = [];
  for (const id of wanted) {
    const context = contexts.get(id) as BreedingContext;
    try {
      const one: NewEvent = input.detailsOf ? { ...event, details: input.detailsOf(id) } : event;
      const written = eventStatements(scope, context, { add: [one] }, { today, now, rows: many ? 'leave' : 'write' });
      statements.push(...written.statements);
      left.push(written.left);
      animals.push(written.animals[0]);
      recorded.push(one);
    } catch (err) {
      throw input.namesRefused ? namedRefusal(context.animal, err) : err;
    }
  }
  const alertStatements = await alertStatementsAfter(animals, alerts as StoredAlert[], { today, now });
  // Inside the batch the farm's newest events are the ones just inserted, in order (ids only grow, a batch runs
  // alone), read from the end of the table: max() by the farm's index read every event of the farm.
  const audits = wanted.map((cattleId, k) =>
    auditStatement(scope, {
      action: 'create',
      entity: 'event',
      entityId: sql`(select event_id from events where +farm_id = ${farmId} order by event_id desc limit 1 offset ${wanted.length - 1 - k})`,
      changes: { before: null, after: { cattleId, ...recorded[k] } },
      at: now,
    }),
  );
  const results = await runEventBatch(scope, [
    // A move's pen deleted since it was read refuses the whole batch (§26).
    ...(toPenId ? [penGoneGuard(farmId, toPenId)] : []),
    ...statements,
    ...leftStatements(scope, left, now, { enrols: true }),
    ...alertStatements,
    ...audits,
  ]);
  // The inserted rows come back from the batch (RETURNING); the animals' names and ear tags are known already.
  const recordedBy = { recordedById: scope.userId, recordedByName: scope.userName };
  const views = storedEventRows(results).map((row, k) => storedView(row, animals[k].context.animal, recordedBy));
  if (!many) {
    // The calves it registered have their ids now: a birth recorded late gets its FILING_OVERDUE at once (§21).
    await filingAlertsOfNewCalves(scope.db, scope.farmId, views[0], registeredCalfIds(views[0].details), today);
  }
  return views.map((view, k) => ({ event: view, animal: animalState(animals[k], registeredCalfIds(view.details)) }));
}

/**
 * Records many events on one owned animal in one batch (a herd's history brought in at once), with the breeding
 * state recomputed once over all of them. The caller regenerates the herd's alerts after.
 */
export async function recordEvents(
  scope: Scope,
  cattleId: number,
  newEvents: readonly NewEvent[],
  options: { today?: IsoDate } = {},
) {
  return withFreshState(async () => {
    const context = await loadBreedingContext(scope.db, scope.farmId, cattleId);
    if (!context) throw cattleNotFound();
    // A seeder's history is the farm's past, as an import's: it enrols in no programme (§22 turn 4).
    const add = newEvents.map((e) => ({ ...e, source: e.source ?? ('import' as const) }));
    const written = eventStatements(scope, context, { add }, { today: options.today, enrols: false });
    await runEventBatch(scope, written.statements);
    return written.recomputed;
  });
}

/** Details checked against the event's (possibly new) type; a wrong shape is a 400 naming the field. */
function checkedDetails(eventType: EventType, details: unknown) {
  const parsed = parseEventDetails(eventType, details);
  if (parsed.success) return parsed.details;
  throw fieldErrors(parsed.issues);
}

/** The details an update leaves: the new ones, the old ones, or those of the old that fit a new type. */
function detailsAfterUpdate(existing: EventView, eventType: EventType, newDetails: unknown) {
  let details: Record<string, unknown> | null;
  if (newDetails !== undefined) details = checkedDetails(eventType, newDetails);
  else if (eventType === existing.eventType) details = existing.details;
  else {
    // Details of the old type are kept only when they also fit the new one.
    const { calves: _calves, ...rest } = existing.details ?? {};
    const reparsed = parseEventDetails(eventType, rest);
    details = reparsed.success ? reparsed.details : null;
  }
  // Calves registered already stay the same animals, in their places.
  const oldCalves = calvesOf(existing.details);
  if (details && Array.isArray(details.calves)) {
    details = {
      ...details,
      calves: (details.calves as object[]).map((calf, i) => {
        const id = oldCalves[i]?.cattleId;
        return typeof id === 'number' ? { ...calf, cattleId: id } : calf;
      }),
    };
  }
  return details;
}

const asEngineEvent = (e: EventView): EngineEvent => ({
  eventId: e.eventId,
  eventType: e.eventType,
  eventDatetime: e.eventDatetime,
  details: e.details,
});

/** The animal an event is on, as a subquery: its context is read in the same round trip as the event. */
const animalOfEvent = (farmId: number, eventId: number) =>
  sql`(select ${events.cattleId} from ${events} where ${ownedEvent(farmId, eventId)})`;

/** The shipment record holding an event, if any (decision 031). */
const holdingShipmentQuery = (scope: Scope, eventId: number) =>
  scope.db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(and(eq(shipments.eventId, eventId), eq(shipments.farmId, scope.farmId)))
    .limit(1);

/**
 * A SHIPMENT event its shipment record points at changes only with the record (§9; the record moves or deletes
 * it): here its time within the day, details and notes may change, not its type, day or animal, nor may it go.
 */
function assertNotHeldByShipment(
  existing: EventView,
  held: readonly unknown[],
  after?: EngineEvent & { cattleId: number },
) {
  if (existing.eventType !== 'SHIPMENT' || held.length === 0) return;
  const kept =
    after &&
    after.eventType === 'SHIPMENT' &&
    after.cattleId === existing.cattleId &&
    jstDate(after.eventDatetime) === jstDate(existing.eventDatetime);
  if (!kept) throw conflict(EVENT_MESSAGES.heldByShipment, 'SHIPMENT_EVENT_HELD', 'eventId');
}

/** Corrects an event (PATCH /events/{id}): its type, date, details, notes, or the animal it belongs to. */
export const updateEvent = (scope: Scope, eventId: number, body: UpdateEvent) =>
  withFreshState(() => updateEventOnce(scope, eventId, body));

async function updateEventOnce(scope: Scope, eventId: number, body: UpdateEvent): Promise<EventWrite> {
  const { db, farmId } = scope;
  const today = todayJst();
  const source = animalOfEvent(farmId, eventId);
  const [found, a, e, h, alerts, held, ta, te, th, taken] = await db.batch([
    eventQuery(db, farmId, eventId),
    ...breedingContextQueries(db, farmId, source),
    storedAlertsQuery(db, [farmId], body.cattleId === undefined ? [source] : [source, body.cattleId], today),
    holdingShipmentQuery(scope, eventId),
    // The animal a correction moves the event onto (none: id 0 finds nothing).
    ...breedingContextQueries(db, farmId, body.cattleId ?? 0),
    takenNumbersQuery(db, farmId, calfNumbersIn(body.details)),
  ] as const);
  if (!found[0]) throw eventNotFound();
  const existing = toView(found[0]);
  const eventType = (body.eventType ?? existing.eventType) as EventType;
  const details = detailsAfterUpdate(existing, eventType, body.details);
  const updated: EngineEvent = {
    eventId,
    eventType,
    eventDatetime: body.eventDatetime ?? existing.eventDatetime,
    details,
  };
  const targetCattleId = body.cattleId ?? existing.cattleId;
  assertNotHeldByShipment(existing, held, { ...updated, cattleId: targetCattleId });
  const from = breedingContextOf([a, e, h]);
  if (!from) throw cattleNotFound();
  const onto = targetCattleId === existing.cattleId ? from : breedingContextOf([ta, te, th]);
  if (!onto) throw cattleNotFound();
  assertCalfNumbersFree(numberedCalves(eventType, details), taken);
  const now = new Date().toISOString();
  const written = eventStatements(
    scope,
    from,
    { correct: asEngineEvent(existing), to: updated, notes: body.notes, onto: onto === from ? undefined : onto },
    { today, now },
  );
  const alertStatements = await alertStatementsAfter(written.animals, alerts as StoredAlert[], { today, now });
  const audit = auditStatement(scope, {
    action: 'update',
    entity: 'event',
    entityId: eventId,
    changes: {
      before: eventFacts(existing),
      after: {
        cattleId: targetCattleId,
        eventType: updated.eventType,
        eventDatetime: updated.eventDatetime,
        details: updated.details,
        notes: body.notes === undefined ? existing.notes : body.notes,
      },
    },
    at: now,
  });
  // A move corrected to a pen the farm does not have (now) refuses the whole batch (§26).
  const penGuard = eventType === 'MOVE_PEN' ? [penGoneGuard(farmId, Number(details?.toPenId))] : [];
  const results = await runEventBatch(scope, [...penGuard, ...written.statements, ...alertStatements, audit]);
  const event = storedView(storedEventRows(results)[0], onto.animal, {
    recordedById: existing.recordedBy?.userId ?? null,
    recordedByName: existing.recordedBy?.userName ?? null,
  });
  const newCalves = registeredCalfIds(event.details).filter((id) => !registeredCalfIds(existing.details).includes(id));
  await filingAlertsOfNewCalves(scope.db, farmId, event, newCalves, today);
  return { event, animal: animalState(written.animals.at(-1) as AnimalAfter, registeredCalfIds(event.details)) };
}

/** Deletes an event (DELETE /events/{id}); the animal's state is recomputed without it. */
export const removeEvent = (scope: Scope, eventId: number) => withFreshState(() => removeEventOnce(scope, eventId));

async function removeEventOnce(scope: Scope, eventId: number) {
  const { db, farmId } = scope;
  const today = todayJst();
  const source = animalOfEvent(farmId, eventId);
  const [found, a, e, h, alerts, held] = await db.batch([
    eventQuery(db, farmId, eventId),
    ...breedingContextQueries(db, farmId, source),
    storedAlertsQuery(db, [farmId], [source], today),
    holdingShipmentQuery(scope, eventId),
  ] as const);
  if (!found[0]) throw eventNotFound();
  const existing = toView(found[0]);
  assertNotHeldByShipment(existing, held);
  const context = breedingContextOf([a, e, h]);
  if (!context) throw cattleNotFound();
  const now = new Date().toISOString();
  const written = eventStatements(scope, context, { remove: asEngineEvent(existing) }, { today, now });
  const alertStatements = await alertStatementsAfter(written.animals, alerts as StoredAlert[], { today, now });
  // §23: the event goes to the trash (copied before its delete) and the delete into the change history.
  const trashed = trashEventStatement(scope, eventId, now);
  const audit = auditStatement(scope, {
    action: 'delete',
    entity: 'event',
    entityId: eventId,
    changes: { before: eventFacts(existing), after: null },
    at: now,
  });
  await runEventBatch(scope, [trashed, ...written.statements, ...alertStatements, audit]);
}

/** What the change history records of an event. */
const eventFacts = (e: EventView) => ({
  cattleId: e.cattleId,
  eventType: e.eventType,
  eventDatetime: e.eventDatetime,
  details: e.details,
  notes: e.notes,
});
