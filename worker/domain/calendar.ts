/**
 * Calendar logic in Japan time. Calendar dates are ISO `YYYY-MM-DD` strings; arithmetic on them is done on
 * UTC midnights, which has no daylight saving, so a day is always 86,400,000 ms.
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

export type IsoDate = string;

/** The JST calendar date of an instant. */
export function jstDate(instant: Date | string | number = new Date()): IsoDate {
  const ms = new Date(instant).getTime();
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 10);
}

export const todayJst = (now: Date = new Date()): IsoDate => jstDate(now);

/** `YYYY-MM` of the JST month of an instant. */
export const jstMonth = (now: Date = new Date()): string => jstDate(now).slice(0, 7);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` date, in integer arithmetic (H. Hinnant's days_from_civil): the demo
 * farm's plan and the KPIs do this thousands of times, and a Date round trip costs microseconds each.
 */
function dayNumber(date: IsoDate): number {
  const m = Number(date.slice(5, 7));
  const y = Number(date.slice(0, 4)) - (m <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + Number(date.slice(8, 10)) - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/** The `YYYY-MM-DD` date of a day number (civil_from_days). */
function dateOfDayNumber(dayNo: number): IsoDate {
  const z = dayNo + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** A date the integer arithmetic covers; anything else takes the Date path, as before (and throws where it threw). */
const isPlainDate = (date: IsoDate) => {
  if (!ISO_DATE.test(date)) return false;
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  return m >= 1 && m <= 12 && d >= 1 && d <= 31;
};

export function addDays(date: IsoDate, days: number): IsoDate {
  if (Number.isInteger(days) && isPlainDate(date)) return dateOfDayNumber(dayNumber(date) + days);
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  if (isPlainDate(from) && isPlainDate(to)) return dayNumber(to) - dayNumber(from);
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The same calendar day `years` later or earlier (29 February becomes 28 February in a common year). */
export function addYears(date: IsoDate, years: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number);
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The instant at which a JST calendar date begins. */
export const jstStartOfDay = (date: IsoDate): Date => new Date(Date.parse(`${date}T00:00:00Z`) - JST_OFFSET_MS);

export const isIsoDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The first and last calendar dates of a `YYYY-MM` month. */
export const monthRange = (month: string): { from: IsoDate; to: IsoDate } => ({
  from: `${month}-01`,
  to: addDays(`${addMonths(month, 1)}-01`, -1),
});

/** `YYYY/MM/DD`, the way dates are shown in the app. */
export const formatDateJa = (date: IsoDate | null | undefined): string => (date ? date.replaceAll('-', '/') : '');

/** `HH:mm` of an instant in Japan time. */
export const jstTime = (instant: Date | string | number): string =>
  new Date(new Date(instant).getTime() + JST_OFFSET_MS).toISOString().slice(11, 16);

/**
 * The time an event shows beside its date, `HH:mm` in Japan time; null for an event recorded for a day without a time,
 * stored as 00:00 JST (a date-only entry, a shipment record's SHIPMENT event, an import's arrival), which would
 * otherwise read as "at midnight".
 */
export const eventTimeLabel = (instant: string): string | null => {
  const time = jstTime(instant);
  return time === '00:00' ? null : time;
};

/**
 * `YYYY/MM/DD`: the JST calendar date of an instant, the way every screen shows the date of an event, an alert,
 * a change or an invitation (2025-03-31T22:00:00Z is 2025/04/01). Empty for no instant.
 */
export const formatInstantJa = (instant: Date | string | number | null | undefined): string =>
  instant === null || instant === undefined || instant === '' ? '' : formatDateJa(jstDate(instant));

/** `YYYY/MM/DD HH:mm` in Japan time, for screens that show the time as well. Empty for no instant. */
export const formatInstantTimeJa = (instant: Date | string | number | null | undefined): string =>
  instant === null || instant === undefined || instant === '' ? '' : `${formatInstantJa(instant)} ${jstTime(instant)}`;
