/** The breeding calendar (docs/product.md §11 /schedule): what is due for an animal, from its breeding_status row. */
import { addDays, type IsoDate } from './calendar';

export const SCHEDULE_KINDS = ['EXPECTED_ESTRUS', 'PREGNANCY_CHECK', 'EXPECTED_CALVING'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** A heat returns about every 21 days: the next one is watched for after an estrus or an insemination. */
export const ESTRUS_CYCLE_DAYS = 21;

export interface ScheduleRow {
  status: string;
  lastEstrusDate: IsoDate | null;
  lastInseminationDate: IsoDate | null;
  conceptionDate: IsoDate | null;
  scheduledPregnancyCheckDate: IsoDate | null;
  expectedCalvingDate: IsoDate | null;
}

/** The animal's due dates within `from`…`to` (inclusive). Dead or shipped animals have none. */
export function scheduleDates(row: ScheduleRow, from: IsoDate, to: IsoDate): { kind: ScheduleKind; date: IsoDate }[] {
  if (row.status === 'DEAD' || row.status === 'SHIPPED') return [];
  const items: { kind: ScheduleKind; date: IsoDate }[] = [];
  const lastHeat = [row.lastEstrusDate, row.lastInseminationDate].filter(Boolean).sort().at(-1);
  if (lastHeat && !row.conceptionDate && row.status !== 'PREGNANT') {
    items.push({ kind: 'EXPECTED_ESTRUS', date: addDays(lastHeat, ESTRUS_CYCLE_DAYS) });
  }
  if (row.scheduledPregnancyCheckDate) items.push({ kind: 'PREGNANCY_CHECK', date: row.scheduledPregnancyCheckDate });
  if (row.expectedCalvingDate) items.push({ kind: 'EXPECTED_CALVING', date: row.expectedCalvingDate });
  return items.filter((i) => i.date >= from && i.date <= to);
}
