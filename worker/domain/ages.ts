/** Ages of animals as calendar ages in JST (docs/product.md §18): whole months and years, never 30.44-day months. */
import { daysBetween, type IsoDate, todayJst } from './calendar';

const parts = (date: IsoDate) => date.split('-').map(Number) as [number, number, number];
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Whole calendar months from `from` to `to`: a month completes on the same day of a later month, or on that month's
 * last day when the day does not exist there (born 01-31: one month on 02-29 in a leap year, two on 03-31).
 */
export function calendarMonths(from: IsoDate, to: IsoDate): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  const months = (ty - fy) * 12 + (tm - fm);
  const completesOn = Math.min(fd, daysInMonth(ty, tm));
  return td >= completesOn ? months : months - 1;
}

/** Age of an animal from its birthday as of `today` (JST): days, whole calendar months (月齢) and whole years. */
export function ageFromBirthday(birthday: IsoDate | null | undefined, today: IsoDate = todayJst()) {
  if (!birthday) return { daysOld: null, monthsOld: null, age: null };
  const monthsOld = calendarMonths(birthday, today);
  return { daysOld: daysBetween(birthday, today), monthsOld, age: Math.floor(monthsOld / 12) };
}

/** 月齢 on a date (a shipment's age): whole calendar months; null before one month or without a birthday. */
export const monthsOldAt = (birthday: IsoDate | null | undefined, date: IsoDate): number | null => {
  const months = ageFromBirthday(birthday, date).monthsOld;
  return months !== null && months > 0 ? months : null;
};

/**
 * The latest birthday that is at least `months` whole calendar months old on `today`: an animal is that old exactly
 * when its birthday is on or before this date (for SQL filters on the birthday column).
 */
export function latestBirthdayFor(months: number, today: IsoDate): IsoDate {
  const [y, m, d] = parts(today);
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  // On a month's last day, every later day of the target month completes its month too.
  const day = d === daysInMonth(y, m) ? last : Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date an animal born on `birthday` completes `months` whole calendar months (the month-end rule of §18). */
export function monthBirthday(birthday: IsoDate, months: number): IsoDate {
  const [year, month, day] = monthBirthdayParts(birthday, months);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The same date as days since 1970-01-01, without building a string (the KPIs ask it of every cow). */
export function monthBirthdayDay(birthday: IsoDate, months: number): number {
  const [year, month, day] = monthBirthdayParts(birthday, months);
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

function monthBirthdayParts(birthday: IsoDate, months: number): [number, number, number] {
  const [y, m, d] = parts(birthday);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return [year, month, Math.min(d, daysInMonth(year, month))];
}
