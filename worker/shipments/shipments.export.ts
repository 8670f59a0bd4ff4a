import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { cattle, motherInfo, shipments } from '../db/schema';
import { todayJst } from '../domain/calendar';
import type { Column, Sheet } from '../lib/xlsx';

/** The shipments' columns, in order: the CSV's header and the .xlsx's typed cells (§10). */
const SHIPMENT_EXPORT_COLUMNS: readonly Column[] = [
  { header: '出荷日', kind: 'date' },
  { header: '個体識別番号', kind: 'text' },
  { header: '耳標番号', kind: 'text' },
  { header: '名号', kind: 'text' },
  { header: '性別', kind: 'text' },
  { header: '出荷時月齢', kind: 'number' },
  { header: '体重(kg)', kind: 'number' },
  { header: '価格(円)', kind: 'number' },
  { header: '出荷先', kind: 'text' },
  { header: '母牛', kind: 'text' },
  { header: '備考', kind: 'text' },
  { header: '枝肉重量(kg)', kind: 'number' },
  { header: '歩留等級', kind: 'text' },
  { header: '肉質等級', kind: 'number' },
  { header: 'BMS', kind: 'number' },
  { header: '枝肉備考', kind: 'text' },
];

/**
 * The owner's shipments in a period (all of them without one), oldest first: the one source of
 * GET /shipments/export.csv and GET /shipments/export.xlsx.
 */
export async function shipmentsExport(db: Db, farmId: number, period: { from?: string; to?: string }) {
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
      carcassWeightKg: shipments.carcassWeightKg,
      carcassYieldGrade: shipments.carcassYieldGrade,
      carcassQualityGrade: shipments.carcassQualityGrade,
      carcassBms: shipments.carcassBms,
      carcassNotes: shipments.carcassNotes,
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
  const day = todayJst().replaceAll('-', '');
  const sheet: Sheet = {
    name: '出荷記録',
    columns: SHIPMENT_EXPORT_COLUMNS,
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
      r.carcassWeightKg,
      r.carcassYieldGrade,
      r.carcassQualityGrade,
      r.carcassBms,
      r.carcassNotes,
    ]),
  };
  return { csvFilename: `shipments-${day}.csv` as const, xlsxFilename: `出荷記録_${day}.xlsx` as const, sheet };
}
