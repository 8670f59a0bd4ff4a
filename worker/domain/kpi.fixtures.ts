/** A hand-computed herd for the KPI tests (domain and route): the arithmetic is in worker/domain/kpi.test.ts. */
import { dayNumber, type KpiCowRow } from './kpi';

/** A cow as the KPI query reads her: `events` as [code, JST date]. */
export function cowRow(
  cattleId: number,
  events: [string, string][],
  extra: Partial<Omit<KpiCowRow, 'cattleId' | 'timeline'>> = {},
): KpiCowRow {
  return {
    cattleId,
    name: `牛${cattleId}`,
    earTagNumber: String(cattleId).padStart(4, '0'),
    birthday: '2020-04-01',
    initialParity: 0,
    calvedBefore: false,
    leftBefore: false,
    timeline: events.map(([code, date]) => `${code}${dayNumber(date)}`).join(',') || null,
    ...extra,
  };
}

/**
 * The hand-computed herd of 2026 (period 2026-01-01 … 2026-12-31):
 * - cow 1 calved 2024-11-20 and 2025-12-01; served 01-20 (first, 50 days after calving), a heat 02-10 (21 days:
 *   open) and served again 02-10, pregnant at the 03-20 check (days open 71); calved 11-22 (interval 356).
 * - cow 2, a heifer born 2024-10-01: two straws 01-05 and 01-06 (one service, her first ever), OPEN at 02-15;
 *   served 03-01, no result yet (pending).
 * - cow 3 calved before her timeline (parity 2 at registration): served 05-01 and again 05-10 (the first open),
 *   aborted 08-01 (the second conceived). Her calving date is unknown: no day figures, not a first service.
 * - cow 4 calved 2025-01-05 and 2026-02-01 (interval 392) with a stillborn twin recorded 02-02 (the same birth);
 *   served 03-25 (first, 52 days), a heat at 16 days changes nothing, pregnant 05-05 (days open 52).
 */
export const herd2026: KpiCowRow[] = [
  cowRow(1, [
    ['C', '2024-11-20'],
    ['C', '2025-12-01'],
    ['I', '2026-01-20'],
    ['E', '2026-02-10'],
    ['I', '2026-02-10'],
    ['P', '2026-03-20'],
    ['C', '2026-11-22'],
  ]),
  cowRow(
    2,
    [
      ['I', '2026-01-05'],
      ['I', '2026-01-06'],
      ['O', '2026-02-15'],
      ['I', '2026-03-01'],
    ],
    { birthday: '2024-10-01' },
  ),
  cowRow(
    3,
    [
      ['I', '2026-05-01'],
      ['I', '2026-05-10'],
      ['A', '2026-08-01'],
    ],
    { initialParity: 2 },
  ),
  cowRow(4, [
    ['C', '2025-01-05'],
    ['C', '2026-02-01'],
    ['S', '2026-02-02'],
    ['I', '2026-03-25'],
    ['E', '2026-04-10'],
    ['P', '2026-05-05'],
  ]),
];
