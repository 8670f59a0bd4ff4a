/** Ages of animals, in JST calendar days. */
import { daysBetween, type IsoDate, todayJst } from './calendar';

/** Age of an animal from its birthday: 365.25-day years and 30.44-day months, as of today in JST. */
export function ageFromBirthday(birthday: IsoDate | null | undefined, today: IsoDate = todayJst()) {
  if (!birthday) return { daysOld: null, monthsOld: null, age: null };
  const daysOld = daysBetween(birthday, today);
  return { daysOld, monthsOld: Math.floor(daysOld / 30.44), age: Math.floor(daysOld / 365.25) };
}

/** Whole months of age on a date (30.44-day months, as everywhere in the app). */
export const monthsOldAt = (birthday: IsoDate | null | undefined, date: IsoDate): number | null => {
  const months = ageFromBirthday(birthday, date).monthsOld;
  return months !== null && months > 0 ? months : null;
};
