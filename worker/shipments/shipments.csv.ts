import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { cattle, motherInfo, shipments } from '../db/schema';
import { todayJst } from '../domain/calendar';

export const SHIPMENT_CSV_HEADERS = [
  '出荷日',
  '個体識別番号',
  '耳標番号',
  '名号',
  '性別',
  '出荷時月齢',
  '体重(kg)',
  '価格(円)',
  '出荷先',
  '母牛',
  '備考',
] as const;

/** The owner's shipments in a period (all of them without one), oldest first, as CSV cells. */
export async function shipmentsCsv(db: Db, farmId: number, period: { from?: string; to?: string }) {
  const mother = alias(cattle, 'mother');
  const rows = await db
    .select({
      shipmentDate: shipments.shipmentDate,
      identificationNumber: cattle.identificationNumber,
      earTagNumber: cattle.earTagNumber,
      name: cattle.name,
      gender: cattle.gender,
      ageAtShipment: shipments.ageAtShipment,
      weight: shipments.weight,
      price: shipments.price,
      buyer: shipments.buyer,
      motherName: sql<string | null>`COALESCE(${mother.name}, ${motherInfo.motherName})`,
      notes: shipments.notes,
    })
    .from(shipments)
    .innerJoin(cattle, and(eq(cattle.cattleId, shipments.cattleId), eq(cattle.farmId, farmId)))
    .leftJoin(motherInfo, eq(motherInfo.cattleId, cattle.cattleId))
    .leftJoin(mother, and(eq(mother.cattleId, motherInfo.motherCattleId), eq(mother.farmId, farmId)))
    .where(
      and(
        eq(shipments.farmId, farmId),
        period.from ? gte(shipments.shipmentDate, period.from) : undefined,
        period.to ? lte(shipments.shipmentDate, period.to) : undefined,
      ),
    )
    .orderBy(asc(shipments.shipmentDate), asc(cattle.identificationNumber));
  return {
    filename: `shipments-${todayJst().replaceAll('-', '')}.csv`,
    headers: SHIPMENT_CSV_HEADERS,
    rows: rows.map((r) => [
      r.shipmentDate,
      r.identificationNumber,
      r.earTagNumber,
      r.name,
      r.gender,
      r.ageAtShipment,
      r.weight,
      r.price,
      r.buyer,
      r.motherName,
      r.notes,
    ]),
  };
}
