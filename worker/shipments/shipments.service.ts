/**
 * Shipment and plan write use cases, one function each (docs/product.md §9). Recording a shipment writes its
 * SHIPMENT event in the same batch (the event history stays the one source of the animal's state, so the breeding
 * engine sets it SHIPPED with history) and removes its plan; correcting the record's date moves the event, deleting
 * the record deletes it (docs/decisions/031-shipment-event.md). A plan marks the animal SCHEDULED_FOR_SHIPMENT when
 * nothing more important shows. Seeders use the same statement builders (shipments.statements.ts) in bulk.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { regenerateAlerts } from '../alerts/regenerate';
import { auditStatement, pick } from '../audit/audit.statements';
import { type BreedingContext, loadBreedingContext } from '../breeding/recompute';
import { rowOf, runBatch, type Statement } from '../db/batch';
import { isForeignKeyViolation, runGuardedBatch, withFreshState } from '../db/guarded-batch';
import { cattle, cattleStatusHistory, shipmentPlans, shipments } from '../db/schema';
import type { Scope } from '../db/scope';
import { isUniqueViolation } from '../db/unique-violation';
import { monthsOldAt } from '../domain/ages';
import type { EngineEvent } from '../domain/breeding';
import { jstDate } from '../domain/calendar';
import { carcassColumns, withCarcass } from '../domain/carcass';
import { IMPOSSIBLE_EVENT, impossibleEvent } from '../domain/event-validity';
import { planStatusChange, statusBeforeShipping } from '../domain/shipment-status';
import { eventStatements, type NewEvent } from '../events/events.statements';
import { conflict, notFound, validationError } from '../lib/errors';
import { statusChangeStatements } from '../status/status.statements';
import type { CreateShipment, UpdateShipment } from './shipments.schemas';
import {
  moveEventStatements,
  planColumns,
  planShipmentStatements,
  shipmentEvent,
  shipmentInstant,
  shipmentRowStatements,
} from './shipments.statements';

const SHIPMENT_DELETED_REASON = '出荷記録の削除';

const cattleNotFound = () => notFound('指定された牛が見つかりません', 'CATTLE_NOT_FOUND');
const shipmentNotFound = () => notFound('出荷記録が見つかりません', 'SHIPMENT_NOT_FOUND');
const planNotFound = (cattleId: number) =>
  notFound(`牛ID ${cattleId} の出荷予定が見つかりません`, 'SHIPMENT_PLAN_NOT_FOUND');
const invalidShipment = (message: string, field: string) => validationError(message, field, 'INVALID_SHIPMENT_DATA');
const duplicatePlan = () => conflict('この牛の出荷予定は既に登録されています', 'DUPLICATE_SHIPMENT_PLAN', 'cattleId');

/** The animal a plan is for: its id, status and birthday. */
export interface ShippableAnimal {
  cattleId: number;
  status: string;
  birthday: string | null;
}

async function findOwnedCattle(scope: Scope, cattleId: number): Promise<ShippableAnimal> {
  const [animal] = await scope.db
    .select({ cattleId: cattle.cattleId, status: cattle.status, birthday: cattle.birthday })
    .from(cattle)
    .where(and(eq(cattle.cattleId, cattleId), eq(cattle.farmId, scope.farmId)))
    .limit(1);
  if (!animal) throw cattleNotFound();
  return animal;
}

/** Whether the animal has a shipment record already (it is shipped once). */
async function hasShipment(scope: Scope, cattleId: number) {
  const [shipped] = await scope.db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(eq(shipments.cattleId, cattleId))
    .limit(1);
  return shipped !== undefined;
}

/** An animal can be shipped (or planned) once, and not after it died. */
function assertShippable(animal: { status: string }, shipped: boolean) {
  if (animal.status === 'DEAD') throw conflict('死亡した牛は出荷できません', 'CATTLE_DEAD', 'cattleId');
  if (shipped) throw conflict('この牛の出荷は既に記録されています', 'SHIPMENT_ALREADY_RECORDED', 'cattleId');
}

/**
 * The shipment's event can happen to the animal (§6: on or after its birth, not after it died, not inside a meat
 * withdrawal §16); refused on the record's own field, a date before the birthday in the record's own words.
 */
function assertEventPossible(context: BreedingContext, others: readonly EngineEvent[], event: EngineEvent | NewEvent) {
  const refusal = impossibleEvent(context.animal, others, event);
  if (refusal === IMPOSSIBLE_EVENT.beforeBirth) {
    throw invalidShipment('出荷日は誕生日以降である必要があります', 'shipmentDate');
  }
  if (refusal) throw invalidShipment(refusal.message, 'shipmentDate');
}

async function recentStatusHistory(scope: Scope, cattleId: number) {
  return scope.db
    .select({ oldStatus: cattleStatusHistory.oldStatus, newStatus: cattleStatusHistory.newStatus })
    .from(cattleStatusHistory)
    .where(eq(cattleStatusHistory.cattleId, cattleId))
    .orderBy(desc(cattleStatusHistory.changedAt), desc(cattleStatusHistory.historyId))
    .limit(20);
}

/** The moment a shipment's SHIPMENT event is dated: 00:00 JST of the shipment day, as import arrivals are. */
/**
 * The statements that record a shipment of the animal `context` describes: its SHIPMENT event (or, when the
 * animal has one already — entered in the barn before the market's statement came — that one, moved to the
 * record's day), the breeding state and status it causes, the shipment row (the first statement returns it) and
 * the plan removed. Checks the event can happen; run with runGuardedBatch.
 */
function recordShipmentStatements(
  scope: Pick<Scope, 'db' | 'farmId' | 'userId' | 'actor'>,
  context: BreedingContext,
  input: Omit<CreateShipment, 'cattleId'>,
  options: { today?: string; now?: string } = {},
): Statement[] {
  const now = options.now ?? new Date().toISOString();
  const [row, removePlan] = shipmentRowStatements(scope, context.animal, input, now);
  const existing = context.events.find((e) => e.eventType === 'SHIPMENT');
  const event = shipmentEvent(input.shipmentDate);
  assertEventPossible(
    context,
    context.events.filter((e) => e !== existing),
    event,
  );
  if (!existing) {
    return [
      ...eventStatements(scope, context, { add: [event] }, { today: options.today, now }).statements,
      row,
      removePlan,
    ];
  }
  const moved =
    jstDate(existing.eventDatetime) === input.shipmentDate
      ? []
      : moveEventStatements(scope, context, existing, event.eventDatetime, now);
  return [...moved, row, removePlan];
}

async function runShipmentBatch(scope: Scope, statements: readonly Statement[]) {
  try {
    return await runGuardedBatch(scope.db, statements);
  } catch (err) {
    // The animal was deleted between the read and the write (§3: a request racing a delete answers 404).
    if (isForeignKeyViolation(err)) throw cattleNotFound();
    throw err;
  }
}

/** The shipment row a batch's RETURNING gave back. */
const storedShipment = (results: { results?: unknown[] }[]) => {
  const raw = results.find((r) => (r.results?.[0] as { shipment_id?: string } | undefined)?.shipment_id)?.results?.[0];
  return withCarcass(rowOf(shipments, raw as Record<string, unknown>));
};

/** What the change history records of a deleted shipment. */
const SHIPMENT_FIELDS = ['cattleId', 'shipmentDate', 'price', 'weight', 'buyer', 'notes'];

/** Records an animal's shipment (POST /shipments) with its SHIPMENT event; returns the stored row. */
export const recordShipment = (scope: Scope, input: CreateShipment) =>
  withFreshState(async () => {
    const [context, shipped] = await Promise.all([
      loadBreedingContext(scope.db, scope.farmId, input.cattleId),
      hasShipment(scope, input.cattleId),
    ]);
    if (!context) throw cattleNotFound();
    assertShippable(context.animal, shipped);
    const audit = auditStatement(scope, {
      action: 'create',
      entity: 'shipment',
      entityId: sql`(select shipment_id from shipments where cattle_id = ${input.cattleId} and farm_id = ${scope.farmId})`,
      changes: { before: null, after: input },
    });
    const results = await runShipmentBatch(scope, [...recordShipmentStatements(scope, context, input), audit]);
    await regenerateAlerts(scope.db, scope.farmId, [context.animal.cattleId]);
    return storedShipment(results);
  });

/** The farm's shipment with its animal's status and birthday; another farm's answers 404 like a missing one. */
async function findShipment(scope: Scope, shipmentId: string) {
  const [row] = await scope.db
    .select({ shipment: shipments, farmId: cattle.farmId, status: cattle.status, birthday: cattle.birthday })
    .from(shipments)
    .innerJoin(cattle, eq(cattle.cattleId, shipments.cattleId))
    .where(eq(shipments.shipmentId, shipmentId))
    .limit(1);
  // Another farm's shipment answers 404 exactly like one that does not exist (docs/product.md §3).
  if (!row || row.farmId !== scope.farmId || row.shipment.farmId !== scope.farmId) throw shipmentNotFound();
  return row;
}

/** The animal's state and the shipment's event in it; the event is null when it is no longer stored. */
async function shipmentContext(scope: Scope, cattleId: number, eventId: number | null) {
  const context = await loadBreedingContext(scope.db, scope.farmId, cattleId);
  if (!context) throw shipmentNotFound();
  return { context, event: context.events.find((e) => e.eventId === eventId) ?? null };
}

/**
 * Corrects a shipment (PUT /shipments/{id}); the age at shipment follows a new date unless given, and so does its
 * SHIPMENT event (checked again as a new one would be: a record kept on its day is not refused for a treatment
 * entered later).
 */
export const updateShipment = (scope: Scope, shipmentId: string, input: UpdateShipment) =>
  withFreshState(async () => {
    const found = await findShipment(scope, shipmentId);
    const shipmentDate = input.shipmentDate ?? found.shipment.shipmentDate;
    const dateMoved = shipmentDate !== found.shipment.shipmentDate;
    const now = new Date().toISOString();
    const moveEvent: Statement[] = [];
    if (dateMoved) {
      const { context, event } = await shipmentContext(scope, found.shipment.cattleId, found.shipment.eventId);
      const moved = { eventType: 'SHIPMENT', eventDatetime: shipmentInstant(shipmentDate) };
      assertEventPossible(
        context,
        context.events.filter((e) => e !== event),
        moved,
      );
      if (event) moveEvent.push(...moveEventStatements(scope, context, event, moved.eventDatetime, now));
    }
    const ageAtShipment =
      input.ageAtShipment !== undefined
        ? input.ageAtShipment
        : dateMoved && found.birthday
          ? monthsOldAt(found.birthday, shipmentDate)
          : undefined;
    const update = scope.db
      .update(shipments)
      .set({
        shipmentDate: input.shipmentDate,
        price: input.price,
        weight: input.weight,
        ageAtShipment,
        buyer: input.buyer,
        toFarmerCode: input.toFarmerCode,
        toName: input.toName,
        notes: input.notes,
        ...(input.carcass !== undefined ? carcassColumns(input.carcass) : {}),
        updatedBy: scope.userId,
        updatedAt: now,
      })
      .where(and(eq(shipments.shipmentId, shipmentId), eq(shipments.farmId, scope.farmId)))
      .returning();
    const before = found.shipment as Record<string, unknown>;
    const audit = auditStatement(scope, {
      action: 'update',
      entity: 'shipment',
      entityId: shipmentId,
      changes: { before: pick(before, Object.keys(input)), after: input },
      at: now,
    });
    const results = await runShipmentBatch(scope, [...moveEvent, update, audit]);
    if (moveEvent.length) await regenerateAlerts(scope.db, scope.farmId, [found.shipment.cattleId]);
    return storedShipment(results);
  });

/**
 * Deletes a shipment (DELETE /shipments/{id}) and its SHIPMENT event; the animal's state is recomputed without it
 * and, when that leaves no status of its own, it gets back the one it had before it was planned or shipped.
 */
export const removeShipment = (scope: Scope, shipmentId: string) =>
  withFreshState(async () => {
    const { db, farmId } = scope;
    const found = await findShipment(scope, shipmentId);
    const cattleId = found.shipment.cattleId;
    const [{ context, event }, history] = await Promise.all([
      shipmentContext(scope, cattleId, found.shipment.eventId),
      recentStatusHistory(scope, cattleId),
    ]);
    const statusBefore = statusBeforeShipping(history);
    const deleteRow = db
      .delete(shipments)
      .where(and(eq(shipments.shipmentId, shipmentId), eq(shipments.farmId, farmId)));
    const rest: Statement[] = event
      ? eventStatements(scope, { ...context, statusBeforeLastChange: statusBefore }, { remove: event }).statements
      : found.status === 'SHIPPED'
        ? [
            ...statusChangeStatements(db, {
              cattleId,
              oldStatus: found.status,
              newStatus: statusBefore,
              changedBy: scope.actor,
              reason: SHIPMENT_DELETED_REASON,
            }),
          ]
        : [];
    const audit = auditStatement(scope, {
      action: 'delete',
      entity: 'shipment',
      entityId: shipmentId,
      changes: { before: pick(found.shipment, SHIPMENT_FIELDS), after: null },
    });
    await runShipmentBatch(scope, [deleteRow, ...rest, audit]);
    await regenerateAlerts(db, farmId, [cattleId]);
  });

/** A plan as a raw RETURNING row of planColumns gives it (runBatch answers snake_case). */
function planOf(raw: Record<string, unknown>) {
  const { planId, cattleId, plannedShipmentMonth, createdAt, updatedAt } = rowOf(shipmentPlans, raw);
  return { planId, cattleId, plannedShipmentMonth, createdAt, updatedAt };
}

/** Plans an animal's shipment for a month (POST /shipments/plans); one plan per animal. */
export async function planShipment(scope: Scope, input: { cattleId: number; plannedShipmentMonth: string }) {
  const [animal, shipped] = await Promise.all([
    findOwnedCattle(scope, input.cattleId),
    hasShipment(scope, input.cattleId),
  ]);
  assertShippable(animal, shipped);
  const [existing] = await scope.db
    .select({ id: shipmentPlans.planId })
    .from(shipmentPlans)
    .where(eq(shipmentPlans.cattleId, animal.cattleId))
    .limit(1);
  if (existing) throw duplicatePlan();
  try {
    const audit = auditStatement(scope, {
      action: 'create',
      entity: 'plan',
      entityId: animal.cattleId,
      changes: { plannedShipmentMonth: [null, input.plannedShipmentMonth] },
    });
    const [inserted] = await runBatch(scope.db, [
      ...planShipmentStatements(scope, animal, input.plannedShipmentMonth),
      audit,
    ]);
    return planOf(inserted.results[0] as Record<string, unknown>);
  } catch (err) {
    // Two plans for one animal at the same moment: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err, 'shipment_plans.')) throw duplicatePlan();
    // The animal was deleted between the read and the write: the same 404 as a missing one (§3).
    if (isForeignKeyViolation(err)) throw cattleNotFound();
    throw err;
  }
}

/** Moves a plan to another month (PUT /shipments/plans/{cattleId}). */
export async function movePlan(scope: Scope, cattleId: number, plannedShipmentMonth: string) {
  const plan = and(eq(shipmentPlans.cattleId, cattleId), eq(shipmentPlans.farmId, scope.farmId));
  const was = sql`(select planned_shipment_month from shipment_plans where cattle_id = ${cattleId} and farm_id = ${scope.farmId})`;
  // The audit row reads the month before the update, in the same batch; none when there is no plan.
  const audit = auditStatement(scope, {
    action: 'update',
    entity: 'plan',
    entityId: cattleId,
    changes: sql`json_object('plannedShipmentMonth', json_array(${was}, ${plannedShipmentMonth}))`,
    when: sql`${was} is not null and ${was} <> ${plannedShipmentMonth}`,
  });
  const [, written] = await runBatch(scope.db, [
    audit,
    scope.db
      .update(shipmentPlans)
      .set({ plannedShipmentMonth, updatedAt: new Date().toISOString() })
      .where(plan)
      .returning(planColumns),
  ]);
  const updated = written.results[0] as Record<string, unknown> | undefined;
  if (!updated) throw planNotFound(cattleId);
  return planOf(updated);
}

/** Cancels a plan (DELETE /shipments/plans/{cattleId}); a planned animal gets back its earlier status. */
export async function cancelPlan(scope: Scope, cattleId: number) {
  const { db, farmId } = scope;
  const [plan] = await db
    .select({ planId: shipmentPlans.planId, status: cattle.status })
    .from(shipmentPlans)
    .innerJoin(cattle, eq(cattle.cattleId, shipmentPlans.cattleId))
    .where(and(eq(shipmentPlans.cattleId, cattleId), eq(shipmentPlans.farmId, farmId), eq(cattle.farmId, farmId)))
    .limit(1);
  if (!plan) throw planNotFound(cattleId);
  const change = planStatusChange(plan.status, 'cancelled', await recentStatusHistory(scope, cattleId));
  const statusChange = change
    ? statusChangeStatements(db, {
        cattleId,
        oldStatus: plan.status,
        newStatus: change.newStatus,
        changedBy: scope.actor,
        reason: change.reason,
      })
    : [];
  await runBatch(db, [
    db.delete(shipmentPlans).where(and(eq(shipmentPlans.planId, plan.planId), eq(shipmentPlans.farmId, farmId))),
    ...statusChange,
    auditStatement(scope, { action: 'delete', entity: 'plan', entityId: cattleId, changes: {} }),
  ]);
}
