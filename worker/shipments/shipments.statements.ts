/**
 * The D1 statements of shipments and plans (docs/product.md §9): the SHIPMENT event a record writes, the shipment row
 * that points at it, an event moved to the record's corrected day, and a plan with the status it causes. The use cases
 * in shipments.service.ts run them after their checks; seeders write them in bulk.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { BreedingContext } from '../breeding/recompute';
import type { Statement } from '../db/batch';
import { events, shipmentPlans, shipments } from '../db/schema';
import type { Scope } from '../db/scope';
import { monthsOldAt } from '../domain/ages';
import type { EngineEvent } from '../domain/breeding';
import { jstStartOfDay } from '../domain/calendar';
import { carcassColumns } from '../domain/carcass';
import { planStatusChange } from '../domain/shipment-status';
import { eventStatements, type NewEvent } from '../events/events.statements';
import { statusChangeStatements } from '../status/status.statements';
import type { CreateShipment } from './shipments.schemas';

export const shipmentInstant = (shipmentDate: string) => jstStartOfDay(shipmentDate).toISOString();

/** The SHIPMENT event a shipment record writes. */
export const shipmentEvent = (shipmentDate: string): NewEvent => ({
  eventType: 'SHIPMENT',
  eventDatetime: shipmentInstant(shipmentDate),
  details: null,
  notes: null,
});

/** The animal's first SHIPMENT event (as migration 0018 chose it): the one its shipment record points at. */
const firstShipmentEventSql = (cattleId: number) =>
  sql`(select ${events.eventId} from ${events} where ${events.cattleId} = ${cattleId} and ${events.eventType} = 'SHIPMENT'
    order by ${events.eventDatetime}, ${events.eventId} limit 1)`;

/**
 * The shipment row (returned) pointing at the animal's SHIPMENT event, written earlier in the same batch, and the
 * animal's plan removed. For the use case below and for seeders that write the event with the animal's others.
 */
export function shipmentRowStatements(
  scope: Pick<Scope, 'db' | 'farmId' | 'userId'>,
  animal: { cattleId: number; birthday: string | null },
  input: Omit<CreateShipment, 'cattleId'>,
  now = new Date().toISOString(),
) {
  const { db, farmId } = scope;
  const insert = db
    .insert(shipments)
    .values({
      shipmentId: crypto.randomUUID(),
      cattleId: animal.cattleId,
      farmId,
      createdBy: scope.userId,
      shipmentDate: input.shipmentDate,
      price: input.price,
      weight: input.weight ?? null,
      ageAtShipment: input.ageAtShipment ?? monthsOldAt(animal.birthday, input.shipmentDate),
      buyer: input.buyer,
      toFarmerCode: input.toFarmerCode ?? null,
      toName: input.toName ?? null,
      notes: input.notes,
      ...carcassColumns(input.carcass),
      eventId: firstShipmentEventSql(animal.cattleId),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const removePlan = db
    .delete(shipmentPlans)
    .where(and(eq(shipmentPlans.cattleId, animal.cattleId), eq(shipmentPlans.farmId, farmId)));
  return [insert, removePlan] as const;
}

/**
 * The statements that move an animal's stored event to another moment, with its breeding state and status
 * recomputed, as PATCH /events/{id} corrects one (version-guarded: run with runGuardedBatch inside withFreshState).
 */
export function moveEventStatements(
  scope: Pick<Scope, 'db' | 'farmId' | 'userId' | 'actor'>,
  context: BreedingContext,
  event: EngineEvent,
  eventDatetime: string,
  now: string,
): Statement[] {
  return eventStatements(scope, context, { correct: event, to: { ...event, eventDatetime } }, { now }).statements;
}

export const planColumns = {
  planId: shipmentPlans.planId,
  cattleId: shipmentPlans.cattleId,
  plannedShipmentMonth: shipmentPlans.plannedShipmentMonth,
  createdAt: shipmentPlans.createdAt,
  updatedAt: shipmentPlans.updatedAt,
};

/** The statements that plan an animal's shipment for a month: the plan (returned first) and its status change. */
export function planShipmentStatements(
  scope: Pick<Scope, 'db' | 'farmId' | 'userId' | 'actor'>,
  animal: { cattleId: number; status: string },
  plannedShipmentMonth: string,
  now = new Date().toISOString(),
) {
  const { db, farmId } = scope;
  const change = planStatusChange(animal.status, 'planned');
  const insert = db
    .insert(shipmentPlans)
    .values({
      planId: crypto.randomUUID(),
      cattleId: animal.cattleId,
      farmId,
      createdBy: scope.userId,
      plannedShipmentMonth,
      createdAt: now,
      updatedAt: now,
    })
    .returning(planColumns);
  const statusChange: BatchItem<'sqlite'>[] = change
    ? [
        ...statusChangeStatements(db, {
          cattleId: animal.cattleId,
          oldStatus: animal.status,
          newStatus: change.newStatus,
          changedBy: scope.actor,
          reason: change.reason,
        }),
      ]
    : [];
  return [insert, ...statusChange] as const;
}
