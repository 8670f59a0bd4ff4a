import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { breedingStatus, cattle, farmCounts, shipmentDays, shipmentPlans, shipments } from '../db/schema';
import { monthsOldAt } from '../domain/ages';
import { addMonths, todayJst } from '../domain/calendar';
import { withCarcass } from '../domain/carcass';
import { defaultStatsPeriod, fillMonthlyStats, summarizeMonths } from '../domain/shipment-stats';
import type { ListPlansQuery, ListShipmentsQuery, PriceStatsQuery } from './shipments.schemas';

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

/** A page of the owner's shipments, newest first (GET /shipments). */
export async function listShipments(db: Db, farmId: number, query: ListShipmentsQuery) {
  const { from, to, cattleId, page, limit } = query;
  const conditions: SQL[] = [eq(shipments.farmId, farmId), eq(cattle.farmId, farmId)];
  if (from) conditions.push(gte(shipments.shipmentDate, from));
  if (to) conditions.push(lte(shipments.shipmentDate, to));
  if (cattleId) conditions.push(eq(shipments.cattleId, cattleId));
  const where = and(...conditions);
  // Without filters the total is the owner's shipment count kept by triggers (owner_counts): one row, however
  // many years of shipments the farm has.
  const unfiltered = !from && !to && !cattleId;
  const [totalRows, results] = await db.batch([
    unfiltered
      ? db.select({ total: farmCounts.shipments }).from(farmCounts).where(eq(farmCounts.farmId, farmId))
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
        toFarmerCode: shipments.toFarmerCode,
        toName: shipments.toName,
        notes: shipments.notes,
        carcassWeightKg: shipments.carcassWeightKg,
        carcassYieldGrade: shipments.carcassYieldGrade,
        carcassQualityGrade: shipments.carcassQualityGrade,
        carcassBms: shipments.carcassBms,
        carcassNotes: shipments.carcassNotes,
        eventId: shipments.eventId,
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
  return { results: results.map(withCarcass), total: totalRows[0]?.total ?? 0, page, limit };
}

/** A page of the owner's shipment plans, by month then ear tag (GET /shipments/plans). */
export async function listPlans(db: Db, farmId: number, query: ListPlansQuery) {
  const { month, cattleId, page, limit } = query;
  const plansOfFarm = and(
    eq(shipmentPlans.farmId, farmId),
    month ? eq(shipmentPlans.plannedShipmentMonth, month) : undefined,
    cattleId ? eq(shipmentPlans.cattleId, cattleId) : undefined,
  );
  // A plan is only made for an animal of its farm (createPlan finds the animal in the farm) and animals never move
  // farms, so the count reads the plans' own index alone: joining each plan's animal made it grow with the herd
  // (issue 24). The page itself still checks the animal's farm; `+` keeps SQLite on the farm's plans instead of
  // walking every animal of the herd to find the few with a plan (issue 10).
  const where = and(plansOfFarm, sql`+${cattle.farmId} = ${farmId}`);
  const [[{ total }], rows] = await db.batch([
    db.select({ total: count() }).from(shipmentPlans).where(plansOfFarm),
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
        withdrawalMeatUntil: breedingStatus.withdrawalMeatUntil,
      })
      .from(shipmentPlans)
      .innerJoin(cattle, eq(cattle.cattleId, shipmentPlans.cattleId))
      .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
      .where(where)
      // The plan's copy of the ear tag, in the order of shipment_plans_farm_month_ear_tag_idx: the page is read in
      // index order and stops after its rows (migration 0019).
      .orderBy(
        asc(shipmentPlans.plannedShipmentMonth),
        sql`cast(${shipmentPlans.earTagNumber} as integer)`,
        asc(shipmentPlans.earTagNumber),
        asc(shipmentPlans.cattleId),
      )
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const results = rows.map((r) => ({
    ...r,
    monthsOldAtPlannedMonth: monthsOldAt(r.birthday, `${r.plannedShipmentMonth}-01`),
  }));
  return { results, total, page, limit };
}

/**
 * Price statistics of a period, month by month (GET /shipments/price-stats), from the farm's shipments kept summed
 * per day (`shipment_days`, decision 057): at most a row per day of the period, whatever the herd.
 */
export async function priceStats(db: Db, farmId: number, query: PriceStatsQuery) {
  const { from, to } = statsPeriod(query);
  const month = sql<string>`substr(${shipmentDays.day}, 1, 7)`;
  const rows = await db
    .select({
      month: month.as('month'),
      count: sql<number>`sum(${shipmentDays.shipments})`,
      totalRevenue: sql<number>`sum(${shipmentDays.revenue})`,
      maxPrice: sql<number>`max(${shipmentDays.maxPrice})`,
      minPrice: sql<number>`min(${shipmentDays.minPrice})`,
    })
    .from(shipmentDays)
    .where(and(eq(shipmentDays.farmId, farmId), gte(shipmentDays.day, from), lte(shipmentDays.day, to)))
    .groupBy(month);
  return { from, to, ...summarizeMonths(rows), monthlyStats: fillMonthlyStats(rows, from, to) };
}
