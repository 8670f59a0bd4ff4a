import type { Db } from '../db/client';
import { ageFromBirthday } from '../domain/ages';
import { todayJst } from '../domain/calendar';
import {
  type CattleStatus,
  GENDER_LABELS,
  type Gender,
  GROWTH_STAGE_LABELS,
  type GrowthStage,
  STATUS_LABELS,
} from '../domain/cattle-enums';
import type { Column, Sheet } from '../lib/xlsx';
import { registerForExport } from './cattle.queries';

/** The register's columns, in order: the CSV's header and the .xlsx's typed cells (§10). */
const CATTLE_EXPORT_COLUMNS: readonly Column[] = [
  { header: '個体識別番号', kind: 'text' },
  { header: '耳標番号', kind: 'text' },
  { header: '名前', kind: 'text' },
  { header: '性別', kind: 'text' },
  { header: '成長段階', kind: 'text' },
  { header: '生年月日', kind: 'date' },
  { header: '月齢', kind: 'number' },
  { header: '品種', kind: 'text' },
  { header: '状態', kind: 'text' },
  { header: '牛舎', kind: 'text' },
  { header: '牛房', kind: 'text' },
  { header: '体重(kg)', kind: 'number' },
  { header: '評価', kind: 'number' },
  { header: '生産者', kind: 'text' },
  { header: '育種価', kind: 'text' },
  { header: '産次', kind: 'number' },
  { header: '分娩予定日', kind: 'date' },
  { header: '父牛', kind: 'text' },
  { header: '母の父', kind: 'text' },
  { header: '母の祖父', kind: 'text' },
  { header: '母の曾祖父', kind: 'text' },
  { header: '母牛名', kind: 'text' },
  { header: '母牛個体識別番号', kind: 'text' },
  { header: '備考', kind: 'text' },
];

/**
 * The owner's whole register, one row per animal with Japanese labels and the day's ages: the one source of
 * GET /cattle/export.csv and GET /cattle/export.xlsx.
 */
export async function cattleExport(db: Db, farmId: number, today = todayJst()) {
  const rows = await registerForExport(db, farmId);
  const sheet: Sheet = {
    name: '牛台帳',
    columns: CATTLE_EXPORT_COLUMNS,
    rows: rows.map(({ row, penName, breeding, bloodline: b, mother }) => {
      const age = ageFromBirthday(row.birthday, today);
      return [
        row.identificationNumber,
        row.earTagNumber,
        row.name,
        row.gender ? (GENDER_LABELS[row.gender as Gender]?.ja ?? row.gender) : null,
        row.growthStage ? (GROWTH_STAGE_LABELS[row.growthStage as GrowthStage]?.ja ?? row.growthStage) : null,
        row.birthday?.replaceAll('-', '/'),
        age.monthsOld,
        row.breed,
        STATUS_LABELS[row.status as CattleStatus]?.ja ?? row.status,
        row.barn,
        penName,
        row.weight,
        row.score,
        row.producerName,
        row.breedingValue,
        breeding?.parity,
        breeding?.expectedCalvingDate?.replaceAll('-', '/'),
        b?.fatherCattleName,
        b?.motherFatherCattleName,
        b?.motherGrandFatherCattleName,
        b?.motherGreatGrandFatherCattleName,
        mother?.motherName,
        mother?.motherIdentificationNumber,
        row.notes,
      ];
    }),
  };
  return {
    csvFilename: `牛台帳_${today}.csv` as const,
    xlsxFilename: `牛台帳_${today.replaceAll('-', '')}.xlsx` as const,
    sheet,
  };
}
