import { addDays, formatDateJa, type IsoDate, jstDate } from './calendar';

/**
 * Withdrawal periods (休薬期間, docs/product.md §16): a MEDICATION or VACCINATION with `withdrawalMeatDays` or
 * `withdrawalMilkDays` restricts the animal until its JST date + the days; 0 days is no restriction. The animal's
 * restriction is the latest end over its treatments, and a shipment dated on or before the meat end is refused.
 */
const WITHDRAWAL_EVENT_TYPES: ReadonlySet<string> = new Set(['MEDICATION', 'VACCINATION']);

export interface Withdrawal {
  meatUntil: IsoDate | null;
  milkUntil: IsoDate | null;
}

interface Treatment {
  eventType: string;
  /** ISO instant. */
  eventDatetime: string;
  details?: unknown;
}

const daysOf = (details: unknown, key: 'withdrawalMeatDays' | 'withdrawalMilkDays'): number => {
  const value = (details as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
};

/** The end of one treatment's restriction: its JST date + days, or null for 0 days. */
export const treatmentEnd = (eventDatetime: string, days: number): IsoDate | null =>
  days > 0 ? addDays(jstDate(eventDatetime), days) : null;

const later = (a: IsoDate | null, b: IsoDate | null) => (a === null ? b : b === null || a >= b ? a : b);

/** The animal's restriction: the latest meat and milk ends over its treatments (null: none). */
export function withdrawalOf(events: readonly Treatment[]): Withdrawal {
  let meatUntil: IsoDate | null = null;
  let milkUntil: IsoDate | null = null;
  for (const e of events) {
    if (!WITHDRAWAL_EVENT_TYPES.has(e.eventType)) continue;
    meatUntil = later(meatUntil, treatmentEnd(e.eventDatetime, daysOf(e.details, 'withdrawalMeatDays')));
    milkUntil = later(milkUntil, treatmentEnd(e.eventDatetime, daysOf(e.details, 'withdrawalMilkDays')));
  }
  return { meatUntil, milkUntil };
}

/** Whether the animal is restricted on `today` (meat or milk): '出荷制限中'. */
export const isRestricted = (w: Withdrawal | null | undefined, today: IsoDate): boolean =>
  !!w && ((w.meatUntil !== null && w.meatUntil >= today) || (w.milkUntil !== null && w.milkUntil >= today));

/** Whether a shipment planned for `month` (YYYY-MM) falls, for some day, inside the meat withdrawal. */
export const restrictedInMonth = (month: string, meatUntil: IsoDate | null | undefined): boolean =>
  !!meatUntil && meatUntil >= `${month}-01`;

export const withdrawalMessage = (meatUntil: IsoDate) =>
  `休薬期間中のため出荷できません（${formatDateJa(meatUntil)}まで）`;

/** Why a shipment on `shipmentDate` (JST date) is refused, or null when it may be: on or before the meat end. */
export const shipmentRefusal = (shipmentDate: IsoDate, meatUntil: IsoDate | null | undefined): string | null =>
  meatUntil && shipmentDate <= meatUntil ? withdrawalMessage(meatUntil) : null;
