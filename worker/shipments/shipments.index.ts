import { OpenAPIHono } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { ZodError } from 'zod';
import { regenerateAlerts } from '../alerts/regenerate';
import { statusChangeStatements } from '../cattle/status-history';
import { type Db, getDb } from '../db/client';
import { cattle, cattleStatusHistory, ownerCounts, shipmentPlans, shipments } from '../db/schema';
import type { AppEnv } from '../env';
import { csvResponse } from '../lib/csv';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { toValidationError } from '../lib/http';
import { addMonths, todayJst } from '../lib/jst';
import { loadMotherGroups } from './mothers-list';
import { defaultStatsPeriod, fillMonthlyStats, monthsOldAt, summarizeMonths } from './shipment-stats';
import { planStatusChange, statusBeforeShipping } from './shipment-status';
import { shipmentsCsv } from './shipments.csv';
import * as routes from './shipments.routes';

const SHIPPED_REASON = '出荷';
const SHIPMENT_DELETED_REASON = '出荷記録の削除';

export const cattleNotFound = () => notFound('指定された牛が見つかりません', 'CATTLE_NOT_FOUND');
const shipmentNotFound = () => notFound('出荷記録が見つかりません', 'SHIPMENT_NOT_FOUND');
const planNotFound = (cattleId: number) =>
  notFound(`牛ID ${cattleId} の出荷予定が見つかりません`, 'SHIPMENT_PLAN_NOT_FOUND');
const notYourShipment = () => forbidden('Access denied: You can only update/delete shipments for your own cattle');
const invalidShipment = (message: string, field: string) => new AppError(400, 'INVALID_SHIPMENT_DATA', message, field);

/** Body errors on shipment calls carry the SPEC's INVALID_SHIPMENT_DATA code; query errors stay VALIDATION_ERROR. */
function createShipmentsRouter() {
  return new OpenAPIHono<AppEnv>({
    strict: false,
    defaultHook: (result) => {
      if (result.success) return;
      const error = toValidationError(result.error as ZodError);
      if (result.target !== 'json') throw error;
      const shipmentError = invalidShipment(error.message, error.field ?? '');
      Object.assign(shipmentError, { field: error.field, issues: (error as AppError & { issues?: unknown }).issues });
      throw shipmentError;
    },
  });
}

async function findOwnedCattle(db: Db, ownerUserId: number, cattleId: number) {
  const [animal] = await db
    .select({ cattleId: cattle.cattleId, status: cattle.status, birthday: cattle.birthday })
    .from(cattle)
    .where(and(eq(cattle.cattleId, cattleId), eq(cattle.ownerUserId, ownerUserId)))
    .limit(1);
  if (!animal) throw cattleNotFound();
  return animal;
}

/** An animal can be shipped (or planned) once, and not after it died. */
async function assertShippable(db: Db, animal: { cattleId: number; status: string }) {
  if (animal.status === 'DEAD') throw conflict('死亡した牛は出荷できません', 'CATTLE_DEAD', 'cattleId');
  const [shipped] = await db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(eq(shipments.cattleId, animal.cattleId))
    .limit(1);
  if (shipped) throw conflict('この牛の出荷は既に記録されています', 'SHIPMENT_ALREADY_RECORDED', 'cattleId');
}

function assertAfterBirth(shipmentDate: string, birthday: string | null) {
  if (birthday && shipmentDate < birthday)
    throw invalidShipment('出荷日は誕生日以降である必要があります', 'shipmentDate');
}

async function statusHistory(db: Db, cattleId: number) {
  return db
    .select({ oldStatus: cattleStatusHistory.oldStatus, newStatus: cattleStatusHistory.newStatus })
    .from(cattleStatusHistory)
    .where(eq(cattleStatusHistory.cattleId, cattleId))
    .orderBy(desc(cattleStatusHistory.changedAt), desc(cattleStatusHistory.historyId))
    .limit(20);
}

/** The shipment joined with its animal, wherever it belongs: the caller decides between 403 and 404. */
async function findShipment(db: Db, shipmentId: string) {
  const [row] = await db
    .select({
      shipment: shipments,
      ownerUserId: cattle.ownerUserId,
      status: cattle.status,
      birthday: cattle.birthday,
    })
    .from(shipments)
    .innerJoin(cattle, eq(cattle.cattleId, shipments.cattleId))
    .where(eq(shipments.shipmentId, shipmentId))
    .limit(1);
  return row;
}

const cattleColumns = {
  cattleName: cattle.name,
  earTagNumber: cattle.earTagNumber,
  identificationNumber: cattle.identificationNumber,
  gender: cattle.gender,
  growthStage: cattle.growthStage,
};

function statsPeriod(query: { from?: string; to?: string }) {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: todayJst() };
  if (query.to) return { from: `${addMonths(query.to.slice(0, 7), -11)}-01`, to: query.to };
  return defaultStatsPeriod();
}

export const shipmentsRouter = createShipmentsRouter()
  .openapi(routes.createShipment, async (c) => {
    const input = c.req.valid('json');
    const userId = c.get('userId');
    const db = getDb(c.env);
    const animal = await findOwnedCattle(db, userId, input.cattleId);
    await assertShippable(db, animal);
    assertAfterBirth(input.shipmentDate, animal.birthday);
    const now = new Date().toISOString();
    const [inserted] = await db.batch([
      db
        .insert(shipments)
        .values({
          shipmentId: crypto.randomUUID(),
          cattleId: animal.cattleId,
          ownerUserId: userId,
          shipmentDate: input.shipmentDate,
          price: input.price,
          weight: input.weight ?? null,
          ageAtShipment: input.ageAtShipment ?? monthsOldAt(animal.birthday, input.shipmentDate),
          buyer: input.buyer,
          notes: input.notes,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      db
        .delete(shipmentPlans)
        .where(and(eq(shipmentPlans.cattleId, animal.cattleId), eq(shipmentPlans.ownerUserId, userId))),
      ...statusChangeStatements(db, {
        cattleId: animal.cattleId,
        oldStatus: animal.status,
        newStatus: 'SHIPPED',
        changedBy: String(userId),
        reason: SHIPPED_REASON,
      }),
    ]);
    await regenerateAlerts(db, userId, [animal.cattleId]);
    return c.json({ success: true as const, data: inserted[0] }, 201);
  })
  .openapi(routes.listShipments, async (c) => {
    const { from, to, cattleId, page, limit } = c.req.valid('query');
    const db = getDb(c.env);
    const conditions: SQL[] = [eq(shipments.ownerUserId, c.get('userId')), eq(cattle.ownerUserId, c.get('userId'))];
    if (from) conditions.push(gte(shipments.shipmentDate, from));
    if (to) conditions.push(lte(shipments.shipmentDate, to));
    if (cattleId) conditions.push(eq(shipments.cattleId, cattleId));
    const where = and(...conditions);
    // Without filters the total is the owner's shipment count kept by triggers (owner_counts): one row, however
    // many years of shipments the farm has.
    const unfiltered = !from && !to && !cattleId;
    const [totalRows, results] = await db.batch([
      unfiltered
        ? db
            .select({ total: ownerCounts.shipments })
            .from(ownerCounts)
            .where(eq(ownerCounts.ownerUserId, c.get('userId')))
        : db
            .select({ total: count() })
            .from(shipments)
            .innerJoin(cattle, eq(cattle.cattleId, shipments.cattleId))
            .where(where),
      db
        .select({
          shipmentId: shipments.shipmentId,
          cattleId: shipments.cattleId,
          shipmentDate: shipments.shipmentDate,
          price: shipments.price,
          weight: shipments.weight,
          ageAtShipment: shipments.ageAtShipment,
          buyer: shipments.buyer,
          notes: shipments.notes,
          createdAt: shipments.createdAt,
          updatedAt: shipments.updatedAt,
          ...cattleColumns,
        })
        .from(shipments)
        .innerJoin(cattle, eq(cattle.cattleId, shipments.cattleId))
        .where(where)
        .orderBy(desc(shipments.shipmentDate), desc(shipments.createdAt))
        .limit(limit)
        .offset((page - 1) * limit),
    ]);
    return c.json({ data: { results, total: totalRows[0]?.total ?? 0, page, limit } }, 200);
  })
  .openapi(routes.updateShipment, async (c) => {
    const { shipmentId } = c.req.valid('param');
    const input = c.req.valid('json');
    const db = getDb(c.env);
    const found = await findShipment(db, shipmentId);
    if (!found) throw shipmentNotFound();
    if (found.ownerUserId !== c.get('userId') || found.shipment.ownerUserId !== c.get('userId'))
      throw notYourShipment();
    const shipmentDate = input.shipmentDate ?? found.shipment.shipmentDate;
    assertAfterBirth(shipmentDate, found.birthday);
    const ageAtShipment =
      input.ageAtShipment !== undefined
        ? input.ageAtShipment
        : input.shipmentDate && input.shipmentDate !== found.shipment.shipmentDate && found.birthday
          ? monthsOldAt(found.birthday, input.shipmentDate)
          : undefined;
    const [updated] = await db
      .update(shipments)
      .set({
        shipmentDate: input.shipmentDate,
        price: input.price,
        weight: input.weight,
        ageAtShipment,
        buyer: input.buyer,
        notes: input.notes,
        updatedAt: new Date().toISOString(),
      })
      .where(and(eq(shipments.shipmentId, shipmentId), eq(shipments.ownerUserId, c.get('userId'))))
      .returning();
    return c.json({ success: true as const, data: updated }, 200);
  })
  .openapi(routes.deleteShipment, async (c) => {
    const { shipmentId } = c.req.valid('param');
    const userId = c.get('userId');
    const db = getDb(c.env);
    const found = await findShipment(db, shipmentId);
    if (!found) throw shipmentNotFound();
    if (found.ownerUserId !== userId || found.shipment.ownerUserId !== userId) throw notYourShipment();
    const restore =
      found.status === 'SHIPPED'
        ? statusChangeStatements(db, {
            cattleId: found.shipment.cattleId,
            oldStatus: found.status,
            newStatus: statusBeforeShipping(await statusHistory(db, found.shipment.cattleId)),
            changedBy: String(userId),
            reason: SHIPMENT_DELETED_REASON,
          })
        : [];
    await db.batch([
      db.delete(shipments).where(and(eq(shipments.shipmentId, shipmentId), eq(shipments.ownerUserId, userId))),
      ...restore,
    ]);
    if (restore.length) await regenerateAlerts(db, userId, [found.shipment.cattleId]);
    return c.json({ success: true as const, message: '出荷記録を削除しました' }, 200);
  })
  .openapi(routes.createPlan, async (c) => {
    const input = c.req.valid('json');
    const userId = c.get('userId');
    const db = getDb(c.env);
    const animal = await findOwnedCattle(db, userId, input.cattleId);
    await assertShippable(db, animal);
    const duplicate = () => conflict('この牛の出荷予定は既に登録されています', 'DUPLICATE_SHIPMENT_PLAN', 'cattleId');
    const [existing] = await db
      .select({ id: shipmentPlans.planId })
      .from(shipmentPlans)
      .where(eq(shipmentPlans.cattleId, animal.cattleId))
      .limit(1);
    if (existing) throw duplicate();
    const now = new Date().toISOString();
    const change = planStatusChange(animal.status, 'planned');
    try {
      const [inserted] = await db.batch([
        db
          .insert(shipmentPlans)
          .values({
            planId: crypto.randomUUID(),
            cattleId: animal.cattleId,
            ownerUserId: userId,
            plannedShipmentMonth: input.plannedShipmentMonth,
            createdAt: now,
            updatedAt: now,
          })
          .returning({
            planId: shipmentPlans.planId,
            cattleId: shipmentPlans.cattleId,
            plannedShipmentMonth: shipmentPlans.plannedShipmentMonth,
            createdAt: shipmentPlans.createdAt,
            updatedAt: shipmentPlans.updatedAt,
          }),
        ...(change
          ? statusChangeStatements(db, {
              cattleId: animal.cattleId,
              oldStatus: animal.status,
              newStatus: change.newStatus,
              changedBy: String(userId),
              reason: change.reason,
            })
          : []),
      ]);
      return c.json({ success: true as const, data: inserted[0] }, 201);
    } catch (err) {
      // Two plans for one animal at the same moment: the unique index decides, the loser gets the same 409.
      if (String((err as Error)?.message ?? err).includes('UNIQUE')) throw duplicate();
      throw err;
    }
  })
  .openapi(routes.listPlans, async (c) => {
    const { month, cattleId, page, limit } = c.req.valid('query');
    const userId = c.get('userId');
    const db = getDb(c.env);
    const where = and(
      eq(shipmentPlans.ownerUserId, userId),
      // `+owner` keeps SQLite on the owner's plans (then each plan's animal) instead of walking every animal of
      // the herd to find the few with a plan: the count took 7 ms at 8,000 head, now 2 ms (issue 10).
      sql`+${cattle.ownerUserId} = ${userId}`,
      month ? eq(shipmentPlans.plannedShipmentMonth, month) : undefined,
      cattleId ? eq(shipmentPlans.cattleId, cattleId) : undefined,
    );
    const [[{ total }], rows] = await db.batch([
      db
        .select({ total: count() })
        .from(shipmentPlans)
        .innerJoin(cattle, eq(cattle.cattleId, shipmentPlans.cattleId))
        .where(where),
      db
        .select({
          planId: shipmentPlans.planId,
          cattleId: shipmentPlans.cattleId,
          plannedShipmentMonth: shipmentPlans.plannedShipmentMonth,
          createdAt: shipmentPlans.createdAt,
          updatedAt: shipmentPlans.updatedAt,
          ...cattleColumns,
          birthday: cattle.birthday,
          status: cattle.status,
        })
        .from(shipmentPlans)
        .innerJoin(cattle, eq(cattle.cattleId, shipmentPlans.cattleId))
        .where(where)
        .orderBy(asc(shipmentPlans.plannedShipmentMonth), asc(cattle.earTagNumber), asc(cattle.cattleId))
        .limit(limit)
        .offset((page - 1) * limit),
    ]);
    const results = rows.map((r) => ({
      ...r,
      monthsOldAtPlannedMonth: monthsOldAt(r.birthday, `${r.plannedShipmentMonth}-01`),
    }));
    return c.json({ data: { results, total, page, limit } }, 200);
  })
  .openapi(routes.updatePlan, async (c) => {
    const { cattleId } = c.req.valid('param');
    const { plannedShipmentMonth } = c.req.valid('json');
    const [updated] = await getDb(c.env)
      .update(shipmentPlans)
      .set({ plannedShipmentMonth, updatedAt: new Date().toISOString() })
      .where(and(eq(shipmentPlans.cattleId, cattleId), eq(shipmentPlans.ownerUserId, c.get('userId'))))
      .returning({
        planId: shipmentPlans.planId,
        cattleId: shipmentPlans.cattleId,
        plannedShipmentMonth: shipmentPlans.plannedShipmentMonth,
        createdAt: shipmentPlans.createdAt,
        updatedAt: shipmentPlans.updatedAt,
      });
    if (!updated) throw planNotFound(cattleId);
    return c.json({ success: true as const, data: updated }, 200);
  })
  .openapi(routes.deletePlan, async (c) => {
    const { cattleId } = c.req.valid('param');
    const userId = c.get('userId');
    const db = getDb(c.env);
    const [plan] = await db
      .select({ planId: shipmentPlans.planId, status: cattle.status })
      .from(shipmentPlans)
      .innerJoin(cattle, eq(cattle.cattleId, shipmentPlans.cattleId))
      .where(
        and(
          eq(shipmentPlans.cattleId, cattleId),
          eq(shipmentPlans.ownerUserId, userId),
          eq(cattle.ownerUserId, userId),
        ),
      )
      .limit(1);
    if (!plan) throw planNotFound(cattleId);
    const change = planStatusChange(plan.status, 'cancelled', await statusHistory(db, cattleId));
    await db.batch([
      db.delete(shipmentPlans).where(and(eq(shipmentPlans.planId, plan.planId), eq(shipmentPlans.ownerUserId, userId))),
      ...(change
        ? statusChangeStatements(db, {
            cattleId,
            oldStatus: plan.status,
            newStatus: change.newStatus,
            changedBy: String(userId),
            reason: change.reason,
          })
        : []),
    ]);
    return c.json({ success: true as const, message: '出荷予定を取り消しました' }, 200);
  })
  .openapi(routes.priceStats, async (c) => {
    const { from, to } = statsPeriod(c.req.valid('query'));
    const rows = await getDb(c.env)
      .select({
        month: sql<string>`substr(${shipments.shipmentDate}, 1, 7)`.as('month'),
        count: count(),
        totalRevenue: sql<number>`sum(${shipments.price})`,
        maxPrice: sql<number>`max(${shipments.price})`,
        minPrice: sql<number>`min(${shipments.price})`,
      })
      .from(shipments)
      .where(
        and(
          eq(shipments.ownerUserId, c.get('userId')),
          gte(shipments.shipmentDate, from),
          lte(shipments.shipmentDate, to),
        ),
      )
      .groupBy(sql`substr(${shipments.shipmentDate}, 1, 7)`);
    return c.json(
      { data: { from, to, ...summarizeMonths(rows), monthlyStats: fillMonthlyStats(rows, from, to) } },
      200,
    );
  })
  .openapi(routes.mothersList, async (c) => {
    const query = c.req.valid('query');
    const { mothers, total } = await loadMotherGroups(getDb(c.env), c.get('userId'), query);
    return c.json({ data: { mothers, total, page: query.page, limit: query.limit } }, 200);
  })
  .openapi(routes.exportCsv, async (c) => {
    const { from, to } = c.req.valid('query');
    const { filename, headers, rows } = await shipmentsCsv(getDb(c.env), c.get('userId'), { from, to });
    return csvResponse(filename, headers, rows) as never;
  });
