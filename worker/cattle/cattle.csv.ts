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
import { registerForExport } from './cattle.queries';

export const CATTLE_CSV_HEADERS = [
  '個体識別番号',
  '耳標番号',
  '名前',
  '性別',
  '成長段階',
  '生年月日',
  '月齢',
  '品種',
  '状態',
  '牛舎',
  '体重(kg)',
  '評価',
  '生産者',
  '育種価',
  '産次',
  '分娩予定日',
  '父牛',
  '母の父',
  '母の祖父',
  '母の曾祖父',
  '母牛名',
  '母牛個体識別番号',
  '備考',
];

/** The owner's whole register as CSV cells, with Japanese labels and the day's ages (GET /cattle/export.csv). */
export async function cattleCsv(db: Db, farmId: number, today = todayJst()) {
  const rows = await registerForExport(db, farmId);
  return {
    filename: `牛台帳_${today}.csv`,
    headers: CATTLE_CSV_HEADERS,
    rows: rows.map(({ row, breeding, bloodline: b, mother }) => {
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
}
