/** The breeding calendar (docs/product.md §11 /schedule): what is due for an animal, from its breeding_status row. */
import { addDays, daysBetween, type IsoDate } from './calendar';

const SCHEDULE_KINDS = ['EXPECTED_ESTRUS', 'PREGNANCY_CHECK', 'EXPECTED_CALVING'] as const;
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

/** How many coming heats the schedule shows for an open cow. */
const HEATS_AHEAD = 3;

type HeatRow = Pick<ScheduleRow, 'status' | 'lastEstrusDate' | 'lastInseminationDate' | 'conceptionDate'> & {
  expectedCalvingDate?: IsoDate | null;
};

/**
 * The coming heats of an open cow (§6): last heat or service + 21 days, then every 21 days; the first of them on or
 * after `today`, and the `count` - 1 after it. None while pregnant, dead or shipped, or with no heat or service since
 * the last calving.
 */
export function nextHeats(row: HeatRow, today: IsoDate, count = HEATS_AHEAD): IsoDate[] {
  if (row.status === 'DEAD' || row.status === 'SHIPPED' || row.status === 'PREGNANT') return [];
  if (row.conceptionDate || row.expectedCalvingDate) return [];
  const lastHeat = [row.lastEstrusDate, row.lastInseminationDate]
    .filter((d): d is IsoDate => !!d)
    .sort()
    .at(-1);
  if (!lastHeat) return [];
  const cycles = Math.max(1, Math.ceil(daysBetween(lastHeat, today) / ESTRUS_CYCLE_DAYS));
  return Array.from({ length: count }, (_, i) => addDays(lastHeat, (cycles + i) * ESTRUS_CYCLE_DAYS));
}

/** The next heat of an open cow, or null (`breedingStatus.nextExpectedEstrus`). */
export const nextExpectedEstrus = (row: HeatRow, today: IsoDate): IsoDate | null => nextHeats(row, today, 1)[0] ?? null;

/** The animal's due dates within `from`…`to` (inclusive), as of `today`. Dead or shipped animals have none. */
export function scheduleDates(
  row: ScheduleRow,
  from: IsoDate,
  to: IsoDate,
  today: IsoDate,
): { kind: ScheduleKind; date: IsoDate }[] {
  if (row.status === 'DEAD' || row.status === 'SHIPPED') return [];
  const items: { kind: ScheduleKind; date: IsoDate }[] = [];
  for (const date of nextHeats(row, today)) items.push({ kind: 'EXPECTED_ESTRUS', date });
  if (row.scheduledPregnancyCheckDate) items.push({ kind: 'PREGNANCY_CHECK', date: row.scheduledPregnancyCheckDate });
  if (row.expectedCalvingDate) items.push({ kind: 'EXPECTED_CALVING', date: row.expectedCalvingDate });
  return items.filter((i) => i.date >= from && i.date <= to);
}
