/**
 * The event write use cases, one function each: record, correct and remove an event. Each writes the event with
 * everything it causes — a calf a calving registers, the animal's recomputed breeding state and status — in one
 * D1 batch, then regenerates the animal's alerts (docs/product.md §6).
 */

import { and, eq, inArray } from 'drizzle-orm';
import { regenerateAlerts } from '../alerts/regenerate';
import { isForeignKeyViolation, runGuardedBatch, withFreshState } from '../breeding/fresh-state';
import {
  type BreedingContext,
  loadBreedingContext,
  newAnimalContext,
  type RecomputeOutput,
  recomputeStatements,
} from '../breeding/recompute';
import type { RegisterCattleInput } from '../cattle/cattle.service';
import type { Statement } from '../db/batch';
import { cattle, events, shipments } from '../db/schema';
import type { Scope } from '../db/scope';
import { isUniqueViolation } from '../db/unique-violation';
import type { EngineEvent } from '../domain/breeding';
import { type IsoDate, jstDate } from '../domain/calendar';
import { type EventType, parseEventDetails } from '../domain/event-types';
import { impossibleEvent } from '../domain/event-validity';
import { conflict, fieldErrors, notFound } from '../lib/errors';
import { findEvent, ownedEvent, toView } from './events.queries';
import {
  calvesOf,
  calvesToRegister,
  calvingStatements,
  type InsertedEventRow,
  impossibleEventError,
  type NewEvent,
  recordEventsStatements,
  registeredCalfIds,
} from './events.record';
import { type AnimalState, type CreateEvent, EVENT_MESSAGES, type EventView, type UpdateEvent } from './events.schemas';

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

async function requireContext(scope: Scope, cattleId: number): Promise<BreedingContext> {
  const context = await loadBreedingContext(scope.db, scope.farmId, cattleId);
  if (!context) throw cattleNotFound();
  return context;
}

/** The calves a calving registers must carry numbers the farm does not have yet, nor share one between them. */
async function assertCalfNumbersFree(scope: Scope, eventType: string, details: unknown) {
  const numbered = calvesToRegister(eventType, details).filter(({ calf }) => !!calf.identificationNumber);
  if (numbered.length === 0) return;
  const numbers = numbered.map(({ calf }) => calf.identificationNumber as string);
  const twice = numbers.findIndex((n, i) => numbers.indexOf(n) !== i);
  if (twice >= 0) throw duplicateCalf(numbered[twice].index);
  const [taken] = await scope.db
    .select({ number: cattle.identificationNumber })
    .from(cattle)
    .where(and(eq(cattle.farmId, scope.farmId), inArray(cattle.identificationNumber, numbers)))
    .limit(1);
  if (taken) throw duplicateCalf(numbered[numbers.indexOf(taken.number as string)].index);
}

async function runEventBatch(scope: Scope, statements: Statement[]) {
  try {
    return await runGuardedBatch(scope.db, statements);
  } catch (err) {
    if (isUniqueViolation(err, 'cattle.')) throw duplicateCalf();
    // The animal was deleted between the read and the write (§3: a request racing a delete answers 404).
    if (isForeignKeyViolation(err)) throw cattleNotFound();
    throw err;
  }
}

const animalState = (cattleId: number, out: RecomputeOutput, calfCattleIds: number[]): AnimalState => ({
  cattleId,
  status: out.status,
  growthStage: out.growthStage,
  weight: out.weight,
  breedingStatus: out.result.breedingStatus,
  breedingSummary: out.result.breedingSummary,
  calfCattleId: calfCattleIds[0] ?? null,
  calfCattleIds,
});

/** Records one event on an owned animal (POST /events); re-read and retried when another write came first. */
export const recordEvent = (scope: Scope, input: CreateEvent) => withFreshState(() => recordEventOnce(scope, input));

async function recordEventOnce(scope: Scope, input: CreateEvent): Promise<EventWrite> {
  const context = await requireContext(scope, input.cattleId);
  await assertCalfNumbersFree(scope, input.eventType, input.details);
  const event: NewEvent = {
    eventType: input.eventType,
    eventDatetime: input.eventDatetime,
    details: input.details,
    notes: input.notes,
  };
  const { statements, recomputed } = recordEventsStatements(scope, context, [event]);
  const results = await runEventBatch(scope, statements);
  await regenerateAlerts(scope.db, scope.farmId, [context.animal.cattleId]);
  // The inserted row comes back from the batch (RETURNING); the animal's name and ear tag are known already.
  const inserted = results.find(
    (r) => (r.results?.[0] as Partial<InsertedEventRow> | undefined)?.event_id !== undefined,
  )?.results[0] as InsertedEventRow;
  const view = toView({
    eventId: inserted.event_id,
    cattleId: inserted.cattle_id,
    eventType: inserted.event_type,
    eventDatetime: inserted.event_datetime,
    details: inserted.details,
    notes: inserted.notes,
    cattleName: context.animal.name,
    cattleEarTagNumber: context.animal.earTagNumber,
    createdAt: inserted.created_at,
    updatedAt: inserted.updated_at,
    recordedById: scope.userId,
    recordedByName: scope.userName,
  });
  return { event: view, animal: animalState(context.animal.cattleId, recomputed, registeredCalfIds(view.details)) };
}

/**
 * Records many events on one owned animal in one batch (a herd's history brought in at once), with the breeding
 * state recomputed once over all of them. Alerts are regenerated unless the caller regenerates the herd's after.
 */
export async function recordEvents(
  scope: Scope,
  cattleId: number,
  newEvents: readonly NewEvent[],
  options: { today?: IsoDate; regenerate?: boolean } = {},
) {
  const recomputed = await withFreshState(async () => {
    const context = await requireContext(scope, cattleId);
    const batch = recordEventsStatements(scope, context, newEvents, { today: options.today });
    await runEventBatch(scope, batch.statements);
    return batch.recomputed;
  });
  if (options.regenerate !== false) await regenerateAlerts(scope.db, scope.farmId, [cattleId]);
  return recomputed;
}

/**
 * For herds written in bulk (the benchmark's generator): the statements recording the first events of an animal
 * just registered with `input` as `cattleId`, to run in the same batch as other animals'.
 */
export function firstEventsStatements(
  scope: Pick<Scope, 'db' | 'farmId' | 'userId' | 'actor'>,
  cattleId: number,
  input: RegisterCattleInput,
  newEvents: readonly NewEvent[],
  options: { today?: IsoDate } = {},
) {
  const context = newAnimalContext({
    cattleId,
    farmId: scope.farmId,
    name: input.name,
    identificationNumber: input.identificationNumber,
    earTagNumber: input.earTagNumber ?? null,
    gender: input.gender,
    birthday: input.birthday ?? null,
    breed: input.breed ?? null,
    status: input.status ?? 'HEALTHY',
    growthStage: input.growthStage,
    weight: input.weight ?? null,
    score: input.score ?? null,
    initialParity: input.breeding?.parity ?? 0,
    line: {
      fatherCattleName: input.bloodline?.fatherCattleName ?? null,
      motherFatherCattleName: input.bloodline?.motherFatherCattleName ?? null,
      motherGrandFatherCattleName: input.bloodline?.motherGrandFatherCattleName ?? null,
    },
  });
  return recordEventsStatements(scope, context, newEvents, { today: options.today });
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

/**
 * The recomputed state of the animals an update touches: its own, or, when the event moves to another animal,
 * both the one it leaves and the one it joins. A note-only correction does not re-decide the status.
 */
export function recomputeAfterUpdate(
  scope: Pick<Scope, 'db' | 'actor'>,
  source: BreedingContext,
  target: BreedingContext,
  previous: EngineEvent,
  updated: EngineEvent,
) {
  const db = scope.db;
  const changedBy = scope.actor;
  if (source === target) {
    const factsChanged =
      updated.eventType !== previous.eventType ||
      updated.eventDatetime !== previous.eventDatetime ||
      JSON.stringify(updated.details) !== JSON.stringify(previous.details);
    const state = recomputeStatements(db, {
      context: source,
      eventsAfter: source.events.map((e) => (e.eventId === updated.eventId ? updated : e)),
      touched: factsChanged ? [previous, updated] : [],
      changedBy,
    });
    return { state, statements: state.statements };
  }
  const left = recomputeStatements(db, {
    context: source,
    eventsAfter: source.events.filter((e) => e.eventId !== previous.eventId),
    touched: [previous],
    changedBy,
  });
  const state = recomputeStatements(db, {
    context: target,
    eventsAfter: [...target.events, updated],
    touched: [updated],
    changedBy,
  });
  return { state, statements: [...left.statements, ...state.statements] };
}

/**
 * A SHIPMENT event its shipment record points at changes only with the record (§9; the record moves or deletes
 * it): here its time within the day, details and notes may change, not its type, day or animal, nor may it go.
 */
async function assertNotHeldByShipment(scope: Scope, existing: EventView, after?: EngineEvent & { cattleId: number }) {
  if (existing.eventType !== 'SHIPMENT') return;
  const kept =
    after &&
    after.eventType === 'SHIPMENT' &&
    after.cattleId === existing.cattleId &&
    jstDate(after.eventDatetime) === jstDate(existing.eventDatetime);
  if (kept) return;
  const [held] = await scope.db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(and(eq(shipments.eventId, existing.eventId), eq(shipments.farmId, scope.farmId)))
    .limit(1);
  if (held) throw conflict(EVENT_MESSAGES.heldByShipment, 'SHIPMENT_EVENT_HELD', 'eventId');
}

/** Corrects an event (PUT /events/{id}): its type, date, details, notes, or the animal it belongs to. */
export const updateEvent = (scope: Scope, eventId: number, body: UpdateEvent) =>
  withFreshState(() => updateEventOnce(scope, eventId, body));

async function updateEventOnce(scope: Scope, eventId: number, body: UpdateEvent): Promise<EventWrite> {
  const { db, farmId } = scope;
  const existing = await findEvent(db, farmId, eventId);
  const eventType = (body.eventType ?? existing.eventType) as EventType;
  const details = detailsAfterUpdate(existing, eventType, body.details);
  const updated: EngineEvent = {
    eventId,
    eventType,
    eventDatetime: body.eventDatetime ?? existing.eventDatetime,
    details,
  };
  const targetCattleId = body.cattleId ?? existing.cattleId;
  await assertNotHeldByShipment(scope, existing, { ...updated, cattleId: targetCattleId });
  const source = await requireContext(scope, existing.cattleId);
  const target = targetCattleId === existing.cattleId ? source : await requireContext(scope, targetCattleId);
  const impossible = impossibleEvent(
    target.animal,
    target.events.filter((e) => e.eventId !== eventId),
    updated,
  );
  if (impossible) throw impossibleEventError(impossible);

  const now = new Date().toISOString();
  const statements: Statement[] = [];
  await assertCalfNumbersFree(scope, eventType, details);
  const targetEvents = [...target.events.filter((e) => e.eventId !== eventId), updated];
  const calving = calvingStatements(scope, target.animal, details, eventType, updated.eventDatetime, targetEvents, now);
  statements.push(...calving.statements);
  statements.push(
    db
      .update(events)
      .set({
        cattleId: targetCattleId,
        eventType,
        eventDatetime: updated.eventDatetime,
        details: calving.details,
        ...(body.notes !== undefined ? { notes: body.notes } : {}),
        updatedBy: scope.userId,
        updatedAt: now,
      })
      .where(ownedEvent(farmId, eventId)),
  );
  const recomputed = recomputeAfterUpdate(scope, source, target, asEngineEvent(existing), updated);
  await runEventBatch(scope, [...statements, ...recomputed.statements]);
  await regenerateAlerts(db, farmId, [existing.cattleId, targetCattleId]);
  const event = await findEvent(db, farmId, eventId);
  return { event, animal: animalState(targetCattleId, recomputed.state, registeredCalfIds(event.details)) };
}

/** Deletes an event (DELETE /events/{id}); the animal's state is recomputed without it. */
export const removeEvent = (scope: Scope, eventId: number) => withFreshState(() => removeEventOnce(scope, eventId));

async function removeEventOnce(scope: Scope, eventId: number) {
  const { db, farmId } = scope;
  const existing = await findEvent(db, farmId, eventId);
  await assertNotHeldByShipment(scope, existing);
  const context = await requireContext(scope, existing.cattleId);
  const recomputed = recomputeStatements(db, {
    context,
    eventsAfter: context.events.filter((e) => e.eventId !== eventId),
    touched: [asEngineEvent(existing)],
    changedBy: scope.actor,
  });
  await runEventBatch(scope, [db.delete(events).where(ownedEvent(farmId, eventId)), ...recomputed.statements]);
  await regenerateAlerts(db, farmId, [existing.cattleId]);
}
