/**
 * Pure rules of the home screen (docs/product.md §14): which calvings it lists, and the greeting of the hour.
 */
import { addDays, daysBetween, type IsoDate } from './calendar';

/** How far ahead the home screen lists expected calvings. */
export const CALVING_HORIZON_DAYS = 30;

interface ScheduleItem {
  date: IsoDate;
  kind: string;
}

/**
 * The expected calvings due by `today` + 30 days (overdue ones included, as the schedule keeps them), soonest first,
 * with the days left (negative when overdue).
 */
export function upcomingCalvings<T extends ScheduleItem>(items: readonly T[], today: IsoDate) {
  const limit = addDays(today, CALVING_HORIZON_DAYS);
  return items
    .filter((item) => item.kind === 'EXPECTED_CALVING' && item.date <= limit)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((item) => ({ ...item, daysLeft: daysBetween(today, item.date) }));
}

export type Greeting = 'morning' | 'day' | 'evening';

/** The greeting of the hour in Japan: おはようございます before 11:00, こんにちは until 18:00, こんばんは after. */
export function greetingOf(now: Date): Greeting {
  const hour = (now.getUTCHours() + 9) % 24;
  if (hour < 11) return 'morning';
  if (hour < 18) return 'day';
  return 'evening';
}
