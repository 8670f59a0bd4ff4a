import { daysBetween, jstDate } from './calendar';
import {
  BREEDING_EVENT_TYPES,
  type BreedingEventRow,
  CALVING_INTERVAL_WINDOW,
  DAYS_OPEN_WINDOW,
  EMPTY_TOTALS,
  type Period,
  type PeriodTotals,
} from './kpi';

/** Hand-computed KPI fixtures and a reference implementation, shared by the unit tests and the route tests. */

/** An event at 09:00 JST on a calendar date, unless a full instant is given. */
export const ev = (cattleId: number, eventType: string, when: string): BreedingEventRow => ({
  cattleId,
  eventType,
  eventDatetime: when.length === 10 ? `${when}T00:00:00.000Z` : when,
});

/**
 * A herd whose 2026 KPIs are worked out by hand (day counts between the dates in the comments):
 * days open 85 ✓, 1 ✓ (inside 1–364), 0 ✗, 364 ✓, 365 ✗ → (85 + 1 + 364) / 3 = 150
 * calving intervals 384 ✓, 201 ✓ (inside 201–499), 500 ✗, 499 ✓, 200 ✗ → (384 + 201 + 499) / 3 = 361.33 → 361
 * 6 inseminations, 7 calvings → 116.7 % capped at 100; 6 / 7 = 0.86 AI per conception, at least 1.
 */
export const herd2026: BreedingEventRow[] = [
  ev(1, 'CALVING', '2025-12-01'),
  ev(1, 'INSEMINATION', '2026-02-24'), // 85 days after calving
  ev(1, 'INSEMINATION', '2026-03-17'), // a repeat: not a days-open gap
  ev(1, 'PREGNANCY_CHECK', '2026-04-20'),
  ev(1, 'CALVING', '2026-12-20'), // 384 days after 2025-12-01
  ev(2, 'CALVING', '2026-01-10'),
  ev(2, 'INSEMINATION', '2026-01-11'), // 1 day: just inside
  ev(2, 'CALVING', '2026-07-30'), // 201 days: just inside
  ev(2, 'INSEMINATION', '2026-07-30T01:00:00.000Z'), // 0 days: just outside
  ev(3, 'CALVING', '2025-03-01'),
  ev(3, 'INSEMINATION', '2026-02-28'), // 364 days: just inside
  ev(4, 'CALVING', '2025-03-01'),
  ev(4, 'INSEMINATION', '2026-03-01'), // 365 days: just outside
  ev(4, 'CALVING', '2026-07-14'), // 500 days: just outside
  ev(5, 'CALVING', '2025-03-01'),
  ev(5, 'CALVING', '2026-07-13'), // 499 days: just inside
  ev(6, 'CALVING', '2026-01-10'),
  ev(6, 'CALVING', '2026-07-29'), // 200 days: just outside
  ev(6, 'ESTRUS', '2026-09-01'),
];
/** herd2026's totals for the year 2026, from the day counts above. */
export const herd2026Totals: PeriodTotals = {
  events: 15,
  inseminations: 6,
  calvings: 7,
  cattle: 6,
  daysOpenSum: 85 + 1 + 364,
  daysOpenGaps: 3,
  calvingIntervalSum: 384 + 201 + 499,
  calvingIntervals: 3,
};

/**
 * Four months across the new year, worked out by hand:
 *   2025-11: 1 insemination (D), 1 calving (A) → 100.0 %, 1.0 回
 *   2025-12: 2 inseminations (B), 1 calving (C, 321 days after 2025-02-10) → 50.0 %, 2.0 回, interval 321
 *   2026-01: 1 insemination (A, 56 days after calving), 1 calving (B at 00:30 JST on 1 Jan) → 100.0 %, 1.0 回, open 56
 *   2026-02: 2 inseminations (A's repeat, C 54 days after calving), no calving → 0.0 %, open 54
 */
export const acrossNewYear: BreedingEventRow[] = [
  ev(1, 'CALVING', '2025-11-20'),
  ev(1, 'INSEMINATION', '2026-01-15'),
  ev(1, 'INSEMINATION', '2026-02-05'),
  ev(2, 'INSEMINATION', '2025-12-05'),
  ev(2, 'INSEMINATION', '2025-12-26'),
  ev(2, 'CALVING', '2025-12-31T15:30:00.000Z'),
  ev(3, 'CALVING', '2025-02-10'),
  ev(3, 'CALVING', '2025-12-28'),
  ev(3, 'INSEMINATION', '2026-02-20'),
  ev(4, 'INSEMINATION', '2025-11-03'),
  ev(4, 'PREGNANCY_CHECK', '2025-12-03'),
];

/**
 * The KPI rules written the plain way, as a test oracle for the SQL in kpi.queries.ts: each animal's events in
 * time order (then insertion order); a calving opens a days-open gap that the first insemination after it closes,
 * and a calving interval from the previous calving. Gaps and events belong to the period of their JST date.
 */
export function referenceTotals(rows: readonly BreedingEventRow[], period: Period): PeriodTotals {
  const inPeriod = (date: string) => date >= period.from && date <= period.to;
  const within = (days: number, window: { min: number; max: number }) => days >= window.min && days <= window.max;
  const totals: PeriodTotals = { ...EMPTY_TOTALS };
  const cattle = new Set<number>();
  const byAnimal = new Map<number, { row: BreedingEventRow; order: number; at: number }[]>();
  rows.forEach((row, order) => {
    const list = byAnimal.get(row.cattleId) ?? [];
    list.push({ row, order, at: Date.parse(row.eventDatetime) });
    byAnimal.set(row.cattleId, list);
  });
  for (const events of byAnimal.values()) {
    events.sort((a, b) => a.at - b.at || a.order - b.order);
    let lastCalving: string | null = null;
    let awaitingInsemination: string | null = null;
    for (const { row, at } of events) {
      const date = jstDate(at);
      if (inPeriod(date) && (BREEDING_EVENT_TYPES as readonly string[]).includes(row.eventType)) {
        totals.events++;
        cattle.add(row.cattleId);
        if (row.eventType === 'INSEMINATION') totals.inseminations++;
        if (row.eventType === 'CALVING') totals.calvings++;
      }
      if (row.eventType === 'CALVING') {
        if (lastCalving) {
          const days = daysBetween(lastCalving, date);
          if (inPeriod(date) && within(days, CALVING_INTERVAL_WINDOW)) {
            totals.calvingIntervalSum += days;
            totals.calvingIntervals++;
          }
        }
        lastCalving = date;
        awaitingInsemination = date;
      } else if (row.eventType === 'INSEMINATION' && awaitingInsemination) {
        const days = daysBetween(awaitingInsemination, date);
        if (inPeriod(date) && within(days, DAYS_OPEN_WINDOW)) {
          totals.daysOpenSum += days;
          totals.daysOpenGaps++;
        }
        awaitingInsemination = null;
      }
    }
  }
  totals.cattle = cattle.size;
  return totals;
}
