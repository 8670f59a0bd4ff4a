/**
 * Shipment and plan write use cases, one function each (docs/product.md §9). Recording a shipment sets the animal
 * SHIPPED (with history) and removes its plan; a plan marks the animal SCHEDULED_FOR_SHIPMENT when nothing more
 * important shows. Seeders use the same statement builders in bulk.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { regenerateAlerts } from '../alerts/regenerate';
import { runBatch } from '../db/batch';
import { breedingStatus, cattle, cattleStatusHistory, shipmentPlans, shipments } from '../db/schema';
import type { Scope } from '../db/scope';
import { isUniqueViolation } from '../db/unique-violation';
import { monthsOldAt } from '../domain/ages';
import { carcassColumns, withCarcass } from '../domain/carcass';
import { planStatusChange, statusBeforeShipping } from '../domain/shipment-status';
import { shipmentRefusal } from '../domain/withdrawal';
import { conflict, notFound, validationError } from '../lib/errors';
import { statusChangeStatements } from '../status/status-history';
import type { CreateShipment, UpdateShipment } from './shipments.schemas';

const SHIPPED_REASON = '出荷';
const SHIPMENT_DELETED_REASON = '出荷記録の削除';

export const cattleNotFound = () => notFound('指定された牛が見つかりません', 'CATTLE_NOT_FOUND');
const shipmentNotFound = () => notFound('出荷記録が見つかりません', 'SHIPMENT_NOT_FOUND');
export const planNotFound = (cattleId: number) =>
  notFound(`牛ID ${cattleId} の出荷予定が見つかりません`, 'SHIPMENT_PLAN_NOT_FOUND');
const invalidShipment = (message: string, field: string) => validationError(message, field, 'INVALID_SHIPMENT_DATA');
const duplicatePlan = () => conflict('この牛の出荷予定は既に登録されています', 'DUPLICATE_SHIPMENT_PLAN', 'cattleId');

/** The animal a shipment or plan is for: its id, status and birthday. */
export interface ShippableAnimal {
  cattleId: number;
  status: string;
  birthday: string | null;
  /** The end of its meat withdrawal (§16), stored with its breeding state. */
  meatUntil?: string | null;
}

async function findOwnedCattle(scope: Scope, cattleId: number): Promise<ShippableAnimal> {
  const [animal] = await scope.db
    .select({
      cattleId: cattle.cattleId,
      status: cattle.status,
      birthday: cattle.birthday,
      meatUntil: breedingStatus.withdrawalMeatUntil,
    })
    .from(cattle)
    .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
    .where(and(eq(cattle.cattleId, cattleId), eq(cattle.farmId, scope.farmId)))
    .limit(1);
  if (!animal) throw cattleNotFound();
  return animal;
}

/** An animal can be shipped (or planned) once, and not after it died. */
async function assertShippable(scope: Scope, animal: ShippableAnimal) {
  if (animal.status === 'DEAD') throw conflict('死亡した牛は出荷できません', 'CATTLE_DEAD', 'cattleId');
  const [shipped] = await scope.db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(eq(shipments.cattleId, animal.cattleId))
    .limit(1);
  if (shipped) throw conflict('この牛の出荷は既に記録されています', 'SHIPMENT_ALREADY_RECORDED', 'cattleId');
}

function assertAfterBirth(shipmentDate: string, birthday: string | null) {
  if (birthday && shipmentDate < birthday) {
    throw invalidShipment('出荷日は誕生日以降である必要があります', 'shipmentDate');
  }
}

/** Not on or before the end of the animal's meat withdrawal (§16). */
function assertNotWithdrawn(shipmentDate: string, meatUntil: string | null | undefined) {
  const refusal = shipmentRefusal(shipmentDate, meatUntil);
  if (refusal) throw invalidShipment(refusal, 'shipmentDate');
}

async function recentStatusHistory(scope: Scope, cattleId: number) {
  return scope.db
    .select({ oldStatus: cattleStatusHistory.oldStatus, newStatus: cattleStatusHistory.newStatus })
    .from(cattleStatusHistory)
    .where(eq(cattleStatusHistory.cattleId, cattleId))
    .orderBy(desc(cattleStatusHistory.changedAt), desc(cattleStatusHistory.historyId))
    .limit(20);
}

/**
 * The statements that record a shipment: its row (returned), the animal's plan removed, its status set SHIPPED
 * with history. The first statement returns the inserted row.
 */
export function recordShipmentStatements(
  scope: Pick<Scope, 'db' | 'farmId' | 'userId' | 'actor'>,
  animal: ShippableAnimal,
  input: Omit<CreateShipment, 'cattleId'>,
  now = new Date().toISOString(),
) {
  const { db, farmId } = scope;
  const rest: BatchItem<'sqlite'>[] = [
    db.delete(shipmentPlans).where(and(eq(shipmentPlans.cattleId, animal.cattleId), eq(shipmentPlans.farmId, farmId))),
    ...statusChangeStatements(db, {
      cattleId: animal.cattleId,
      oldStatus: animal.status,
      newStatus: 'SHIPPED',
      changedBy: scope.actor,
      reason: SHIPPED_REASON,
    }),
  ];
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
      notes: input.notes,
      ...carcassColumns(input.carcass),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return [insert, ...rest] as const;
}

/** Records an animal's shipment (POST /shipments); returns the stored row. */
export async function recordShipment(scope: Scope, input: CreateShipment) {
  const animal = await findOwnedCattle(scope, input.cattleId);
  await assertShippable(scope, animal);
  assertAfterBirth(input.shipmentDate, animal.birthday);
  assertNotWithdrawn(input.shipmentDate, animal.meatUntil);
  const [inserted] = await scope.db.batch(recordShipmentStatements(scope, animal, input));
  await regenerateAlerts(scope.db, scope.farmId, [animal.cattleId]);
  return withCarcass(inserted[0]);
}

/** The farm's shipment with its animal's status and birthday; another farm's answers 404 like a missing one. */
async function findShipment(scope: Scope, shipmentId: string) {
  const [row] = await scope.db
    .select({
      shipment: shipments,
      farmId: cattle.farmId,
      status: cattle.status,
      birthday: cattle.birthday,
      meatUntil: breedingStatus.withdrawalMeatUntil,
    })
    .from(shipments)
    .innerJoin(cattle, eq(cattle.cattleId, shipments.cattleId))
    .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
    .where(eq(shipments.shipmentId, shipmentId))
    .limit(1);
  // Another farm's shipment answers 404 exactly like one that does not exist (docs/product.md §3).
  if (!row || row.farmId !== scope.farmId || row.shipment.farmId !== scope.farmId) throw shipmentNotFound();
  return row;
}

/** Corrects a shipment (PUT /shipments/{id}); the age at shipment follows a new date unless given. */
export async function updateShipment(scope: Scope, shipmentId: string, input: UpdateShipment) {
  const found = await findShipment(scope, shipmentId);
  const shipmentDate = input.shipmentDate ?? found.shipment.shipmentDate;
  assertAfterBirth(shipmentDate, found.birthday);
  // A corrected date is checked again; a record kept on its date is not refused for a treatment entered later.
  if (input.shipmentDate) assertNotWithdrawn(input.shipmentDate, found.meatUntil);
  const dateMoved = input.shipmentDate && input.shipmentDate !== found.shipment.shipmentDate && found.birthday;
  const ageAtShipment =
    input.ageAtShipment !== undefined
      ? input.ageAtShipment
      : dateMoved
        ? monthsOldAt(found.birthday, shipmentDate)
        : undefined;
  const [updated] = await scope.db
    .update(shipments)
    .set({
      shipmentDate: input.shipmentDate,
      price: input.price,
      weight: input.weight,
      ageAtShipment,
      buyer: input.buyer,
      notes: input.notes,
      ...(input.carcass !== undefined ? carcassColumns(input.carcass) : {}),
      updatedBy: scope.userId,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(shipments.shipmentId, shipmentId), eq(shipments.farmId, scope.farmId)))
    .returning();
  return withCarcass(updated);
}

/** Deletes a shipment (DELETE /shipments/{id}); a SHIPPED animal gets back the status it had before. */
export async function removeShipment(scope: Scope, shipmentId: string) {
  const { db, farmId } = scope;
  const found = await findShipment(scope, shipmentId);
  const cattleId = found.shipment.cattleId;
  const restore =
    found.status === 'SHIPPED'
      ? statusChangeStatements(db, {
          cattleId,
          oldStatus: found.status,
          newStatus: statusBeforeShipping(await recentStatusHistory(scope, cattleId)),
          changedBy: scope.actor,
          reason: SHIPMENT_DELETED_REASON,
        })
      : [];
  await runBatch(db, [
    db.delete(shipments).where(and(eq(shipments.shipmentId, shipmentId), eq(shipments.farmId, farmId))),
    ...restore,
  ]);
  if (restore.length) await regenerateAlerts(db, farmId, [cattleId]);
}

const planColumns = {
  planId: shipmentPlans.planId,
  cattleId: shipmentPlans.cattleId,
  plannedShipmentMonth: shipmentPlans.plannedShipmentMonth,
  createdAt: shipmentPlans.createdAt,
  updatedAt: shipmentPlans.updatedAt,
};

/** The statements that plan an animal's shipment for a month: the plan (returned first) and its status change. */
export function planShipmentStatements(
  scope: Pick<Scope, 'db' | 'farmId' | 'userId' | 'actor'>,
  animal: Pick<ShippableAnimal, 'cattleId' | 'status'>,
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

/** Plans an animal's shipment for a month (POST /shipments/plans); one plan per animal. */
export async function planShipment(scope: Scope, input: { cattleId: number; plannedShipmentMonth: string }) {
  const animal = await findOwnedCattle(scope, input.cattleId);
  await assertShippable(scope, animal);
  const [existing] = await scope.db
    .select({ id: shipmentPlans.planId })
    .from(shipmentPlans)
    .where(eq(shipmentPlans.cattleId, animal.cattleId))
    .limit(1);
  if (existing) throw duplicatePlan();
  try {
    const [inserted] = await scope.db.batch(planShipmentStatements(scope, animal, input.plannedShipmentMonth));
    return inserted[0];
  } catch (err) {
    // Two plans for one animal at the same moment: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err, 'shipment_plans.')) throw duplicatePlan();
    throw err;
  }
}

/** Moves a plan to another month (PUT /shipments/plans/{cattleId}). */
export async function movePlan(scope: Scope, cattleId: number, plannedShipmentMonth: string) {
  const [updated] = await scope.db
    .update(shipmentPlans)
    .set({ plannedShipmentMonth, updatedAt: new Date().toISOString() })
    .where(and(eq(shipmentPlans.cattleId, cattleId), eq(shipmentPlans.farmId, scope.farmId)))
    .returning(planColumns);
  if (!updated) throw planNotFound(cattleId);
  return updated;
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
  ]);
}
