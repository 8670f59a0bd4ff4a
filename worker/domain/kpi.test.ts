import { describe, expect, it } from 'vitest';
import {
  compareMetric,
  compareMonths,
  computeMetrics,
  conceptionRateInsight,
  daysOpenInsight,
  EMPTY_TOTALS,
  monthlyTrend,
  monthsEndingWith,
  nextReliabilityStep,
  type PeriodTotals,
  reliabilityOf,
  summarizeBreedingKpi,
} from './kpi';
import { acrossNewYear, herd2026, herd2026Totals, referenceTotals } from './kpi.fixtures';

const year2026 = { from: '2026-01-01', to: '2026-12-31' };
const totals = (values: Partial<PeriodTotals>): PeriodTotals => ({ ...EMPTY_TOTALS, ...values });
/** `days` as the sum and count of gaps. */
const gapTotals = (daysOpen: number[], intervals: number[]) =>
  totals({
    daysOpenSum: daysOpen.reduce((a, b) => a + b, 0),
    daysOpenGaps: daysOpen.length,
    calvingIntervalSum: intervals.reduce((a, b) => a + b, 0),
    calvingIntervals: intervals.length,
  });

// The SQL that produces the totals is tested against the same fixtures and this reference in kpi.test.ts.
describe('the reference rules on the hand-computed herd', () => {
  it('finds the gaps worked out by hand', () => {
    expect(referenceTotals(herd2026, year2026)).toEqual(herd2026Totals);
  });
});

describe('summarizeBreedingKpi on the hand-computed herd', () => {
  const kpi = summarizeBreedingKpi(referenceTotals(herd2026, year2026), year2026);

  it('averages the days-open gaps and calving intervals, rounded to whole days', () => {
    expect(kpi.avgDaysOpen).toBe(150);
    expect(kpi.counts.daysOpenGaps).toBe(3);
    expect(kpi.avgCalvingInterval).toBe(361);
    expect(kpi.counts.calvingIntervals).toBe(3);
  });

  it('caps the conception rate at 100 and keeps AI per conception at least 1', () => {
    expect(kpi.counts).toMatchObject({ inseminations: 6, calvings: 7 });
    expect(kpi.conceptionRate).toBe(100);
    expect(kpi.aiPerConception).toBe(1);
  });

  it('reports the counts and how reliable they are', () => {
    expect(kpi.counts).toMatchObject({ events: 15, cattle: 6 });
    expect(kpi.reliability).toBe('low');
    expect(kpi.nextReliability).toEqual({ level: 'medium', needs: { events: 15, cattle: 0, calvings: 0 } });
    expect(kpi.message).toBeNull();
    expect(kpi.period).toEqual(year2026);
  });

  it('words the insights by the current thresholds and says the data is thin', () => {
    expect(kpi.insights).toEqual([
      { metric: 'conceptionRate', level: 'excellent', message: '受胎率が優秀です（80%以上）' },
      { metric: 'avgDaysOpen', level: 'poor', message: '空胎日数の短縮が必要です（120日超）' },
      {
        metric: 'data',
        level: 'info',
        message: 'データが不足しています。授精・分娩の記録を増やすと数値の信頼性が上がります',
      },
    ]);
  });
});

describe('the empty period', () => {
  it('has null metrics, low reliability and the documented message', () => {
    const kpi = summarizeBreedingKpi(EMPTY_TOTALS, { from: '2024-01-01', to: '2024-12-31' });
    expect(kpi).toMatchObject({
      conceptionRate: null,
      avgDaysOpen: null,
      avgCalvingInterval: null,
      aiPerConception: null,
      reliability: 'low',
      message: 'No breeding events found in the specified period',
      counts: { inseminations: 0, calvings: 0, cattle: 0, events: 0, daysOpenGaps: 0, calvingIntervals: 0 },
    });
    expect(kpi.insights).toEqual([
      { metric: 'data', level: 'info', message: '指定した期間に繁殖イベントの記録がありません' },
    ]);
  });
});

describe('computeMetrics rounding', () => {
  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [1, 8, 12.5],
    [667, 2000, 33.4], // 33.35 rounds half up
    [0, 5, 0],
    [3, 3, 100],
    [4, 3, 100],
  ])('%i calvings / %i inseminations → %d %%', (calvings, inseminations, rate) => {
    expect(computeMetrics(totals({ calvings, inseminations })).conceptionRate).toBe(rate);
  });

  it('has no conception rate without inseminations', () => {
    expect(computeMetrics(totals({ calvings: 2, inseminations: 0 })).conceptionRate).toBeNull();
  });

  it.each([
    [3, 2, 1.5],
    [7, 3, 2.3],
    [5, 3, 1.7],
    [1, 2, 1],
  ])('%i inseminations / %i calvings → %d AI per conception', (inseminations, calvings, ai) => {
    expect(computeMetrics(totals({ calvings, inseminations })).aiPerConception).toBe(ai);
  });

  it('has no AI per conception without calvings or without inseminations', () => {
    expect(computeMetrics(totals({ calvings: 0, inseminations: 4 })).aiPerConception).toBeNull();
    expect(computeMetrics(totals({ calvings: 2, inseminations: 0 })).aiPerConception).toBeNull();
  });

  it('rounds average days to whole days, half up', () => {
    expect(computeMetrics(gapTotals([85, 86], [365, 366])).avgDaysOpen).toBe(86);
    expect(computeMetrics(gapTotals([85, 86], [365, 366])).avgCalvingInterval).toBe(366);
    expect(computeMetrics(gapTotals([85, 85, 86], [400, 401, 401])).avgDaysOpen).toBe(85);
    expect(computeMetrics(gapTotals([], [])).avgDaysOpen).toBeNull();
  });
});

describe('reliability at its boundaries', () => {
  it.each([
    [{ events: 100, cattle: 20, calvings: 10 }, 'high'],
    [{ events: 99, cattle: 20, calvings: 10 }, 'medium'],
    [{ events: 100, cattle: 19, calvings: 10 }, 'medium'],
    [{ events: 100, cattle: 20, calvings: 9 }, 'medium'],
    [{ events: 30, cattle: 5, calvings: 3 }, 'medium'],
    [{ events: 29, cattle: 5, calvings: 3 }, 'low'],
    [{ events: 30, cattle: 4, calvings: 3 }, 'low'],
    [{ events: 30, cattle: 5, calvings: 2 }, 'low'],
    [{ events: 0, cattle: 0, calvings: 0 }, 'low'],
  ] as const)('%j is %s', (counts, level) => {
    expect(reliabilityOf(counts)).toBe(level);
  });

  it('says what more data would raise it one level', () => {
    expect(nextReliabilityStep({ events: 29, cattle: 5, calvings: 3 })).toEqual({
      level: 'medium',
      needs: { events: 1, cattle: 0, calvings: 0 },
    });
    expect(nextReliabilityStep({ events: 30, cattle: 5, calvings: 3 })).toEqual({
      level: 'high',
      needs: { events: 70, cattle: 15, calvings: 7 },
    });
    expect(nextReliabilityStep({ events: 100, cattle: 20, calvings: 10 })).toBeNull();
  });
});

describe('insight thresholds', () => {
  it.each([
    [80, 'excellent', '受胎率が優秀です（80%以上）'],
    [79.9, 'good', '受胎率が良好です（60%以上）'],
    [60, 'good', '受胎率が良好です（60%以上）'],
    [59.9, 'average', '受胎率は平均的です（40%以上）'],
    [40, 'average', '受胎率は平均的です（40%以上）'],
    [39.9, 'poor', '受胎率の改善が必要です（40%未満）'],
  ])('conception rate %d %% is %s', (rate, level, message) => {
    expect(conceptionRateInsight(rate)).toEqual({ metric: 'conceptionRate', level, message });
  });

  it.each([
    [85, 'excellent', '空胎日数が優秀です（85日以下）'],
    [86, 'good', '空胎日数が良好です（120日以下）'],
    [120, 'good', '空胎日数が良好です（120日以下）'],
    [121, 'poor', '空胎日数の短縮が必要です（120日超）'],
  ])('%i days open is %s', (days, level, message) => {
    expect(daysOpenInsight(days)).toEqual({ metric: 'avgDaysOpen', level, message });
  });
});

describe('monthly trend across a year boundary', () => {
  it('lists the months oldest first, across the new year', () => {
    expect(monthsEndingWith('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsEndingWith('2026-01', 1)).toEqual(['2026-01']);
    expect(monthsEndingWith('2026-12', 12)[0]).toBe('2026-01');
  });

  it('computes each month on its own JST calendar days', () => {
    const months = monthsEndingWith('2026-02', 4);
    const trend = monthlyTrend(
      months.map((m) =>
        referenceTotals(acrossNewYear, {
          from: `${m}-01`,
          to: m === '2026-02' ? '2026-02-28' : m === '2025-11' ? '2025-11-30' : `${m}-31`,
        }),
      ),
      months,
    );
    expect(
      trend.map(({ month, period, conceptionRate, avgDaysOpen, avgCalvingInterval, aiPerConception }) => ({
        month,
        period,
        conceptionRate,
        avgDaysOpen,
        avgCalvingInterval,
        aiPerConception,
      })),
    ).toEqual([
      {
        month: '2025-11',
        period: { from: '2025-11-01', to: '2025-11-30' },
        conceptionRate: 100,
        avgDaysOpen: null,
        avgCalvingInterval: null,
        aiPerConception: 1,
      },
      {
        month: '2025-12',
        period: { from: '2025-12-01', to: '2025-12-31' },
        conceptionRate: 50,
        avgDaysOpen: null,
        avgCalvingInterval: 321,
        aiPerConception: 2,
      },
      {
        month: '2026-01',
        period: { from: '2026-01-01', to: '2026-01-31' },
        conceptionRate: 100,
        avgDaysOpen: 56,
        avgCalvingInterval: null,
        aiPerConception: 1,
      },
      {
        month: '2026-02',
        period: { from: '2026-02-01', to: '2026-02-28' },
        conceptionRate: 0,
        avgDaysOpen: 54,
        avgCalvingInterval: null,
        aiPerConception: null,
      },
    ]);
    expect(trend[1].counts).toEqual({
      inseminations: 2,
      calvings: 1,
      cattle: 3,
      events: 4,
      daysOpenGaps: 0,
      calvingIntervals: 1,
    });
  });
});

describe('delta against the previous month', () => {
  const month = (m: string) => {
    const period = { from: `${m}-01`, to: m === '2026-02' ? '2026-02-28' : `${m}-31` };
    return summarizeBreedingKpi(referenceTotals(acrossNewYear, period), period);
  };

  it('January 2026 against December 2025', () => {
    expect(compareMonths(month('2026-01'), month('2025-12'))).toEqual({
      conceptionRate: { current: 100, previous: 50, change: 50, direction: 'improved' },
      avgDaysOpen: { current: 56, previous: null, change: null, direction: null },
      avgCalvingInterval: { current: null, previous: 321, change: null, direction: null },
      aiPerConception: { current: 1, previous: 2, change: -1, direction: 'improved' },
    });
  });

  it('knows that fewer days open is better', () => {
    expect(compareMonths(month('2026-02'), month('2026-01'))).toEqual({
      conceptionRate: { current: 0, previous: 100, change: -100, direction: 'worsened' },
      avgDaysOpen: { current: 54, previous: 56, change: -2, direction: 'improved' },
      avgCalvingInterval: { current: null, previous: null, change: null, direction: null },
      aiPerConception: { current: null, previous: 1, change: null, direction: null },
    });
  });

  it.each([
    ['conceptionRate', 66.7, 50, 16.7, 'improved'],
    ['conceptionRate', 50, 50, 0, 'unchanged'],
    ['avgDaysOpen', 130, 120, 10, 'worsened'],
    ['avgCalvingInterval', 380, 400, -20, 'improved'],
    ['aiPerConception', 1.5, 1.2, 0.3, 'worsened'],
    ['aiPerConception', 1.2, 1.5, -0.3, 'improved'],
  ] as const)('%s %d against %d changes %d: %s', (metric, current, previous, change, direction) => {
    expect(compareMetric(metric, current, previous)).toEqual({ current, previous, change, direction });
  });
});
