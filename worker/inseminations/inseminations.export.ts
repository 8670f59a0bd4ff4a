/** The AI register (家畜人工授精簿) as CSV or .xlsx (§10, §21): one row per service, oldest first. */
import { todayJst } from '../domain/calendar';
import { INSEMINATION_METHOD_LABELS } from '../domain/gestation';
import type { Column, Sheet } from '../lib/xlsx';
import type { RegisterRow } from './inseminations.schemas';

const REGISTER_COLUMNS: readonly Column[] = [
  { header: '授精日', kind: 'date' },
  { header: '牧場', kind: 'text' },
  { header: '農家コード', kind: 'text' },
  { header: '個体識別番号', kind: 'text' },
  { header: '耳標番号', kind: 'text' },
  { header: '名号', kind: 'text' },
  { header: '品種', kind: 'text' },
  { header: '生年月日', kind: 'date' },
  { header: '授精方法', kind: 'text' },
  { header: '種雄牛', kind: 'text' },
  { header: '精液ロット', kind: 'text' },
  { header: '受精卵番号', kind: 'text' },
  { header: '授精師', kind: 'text' },
  { header: '免許番号', kind: 'text' },
];

export function registerSheet(rows: readonly RegisterRow[]): { sheet: Sheet; basename: string } {
  return {
    basename: `家畜人工授精簿_${todayJst().replaceAll('-', '')}`,
    sheet: {
      name: '家畜人工授精簿',
      columns: REGISTER_COLUMNS,
      rows: rows.map((r) => [
        r.serviceDate,
        r.farm.name,
        r.farm.farmerCode,
        r.cow.identificationNumber,
        r.cow.earTagNumber,
        r.cow.name,
        r.cow.breed,
        r.cow.birthday,
        INSEMINATION_METHOD_LABELS[r.method].ja,
        r.sireName,
        r.semenLot,
        r.embryoId,
        r.technician.name,
        r.technician.license,
      ]),
    },
  };
}
