/**
 * Breeding KPIs (docs/product.md §8): pure functions from a period's totals to the figures, reliability and insights the
 * farmer sees, no I/O. The totals come from worker/kpi/kpi.queries.ts, which applies the gap rules in SQL.
 * Decisions on attribution and windows: docs/decisions/012-kpi.md.
 */
import { addMonths, type IsoDate, monthRange } from './calendar';

/** The observed breeding events a KPI period counts (predictions such as EXPECTED_CALVING are not data). */
export const BREEDING_EVENT_TYPES = [
  'ESTRUS',
  'INSEMINATION',
  'PREGNANCY_CHECK',
  'CALVING',
  'ABORTION',
  'STILLBIRTH',
] as const;

export const DAYS_OPEN_WINDOW = { min: 1, max: 364 } as const;
export const CALVING_INTERVAL_WINDOW = { min: 201, max: 499 } as const;

export const RELIABILITY_THRESHOLDS = {
  high: { events: 100, cattle: 20, calvings: 10 },
  medium: { events: 30, cattle: 5, calvings: 3 },
} as const;

export const NO_BREEDING_EVENTS_MESSAGE = 'No breeding events found in the specified period';

export const METRICS = ['conceptionRate', 'avgDaysOpen', 'avgCalvingInterval', 'aiPerConception'] as const;
export type Metric = (typeof METRICS)[number];
/** Lower days open, calving interval and AI per conception are better; a higher conception rate is. */
export const HIGHER_IS_BETTER: Record<Metric, boolean> = {
  conceptionRate: true,
  avgDaysOpen: false,
  avgCalvingInterval: false,
  aiPerConception: false,
};
const DECIMALS: Record<Metric, 0 | 1> = {
  conceptionRate: 1,
  avgDaysOpen: 0,
  avgCalvingInterval: 0,
  aiPerConception: 1,
};

export type Reliability = 'high' | 'medium' | 'low';
export type InsightLevel = 'excellent' | 'good' | 'average' | 'poor' | 'info';
export interface Insight {
  metric: 'conceptionRate' | 'avgDaysOpen' | 'data';
  level: InsightLevel;
  message: string;
}

export interface Period {
  from: IsoDate;
  to: IsoDate;
}

export interface BreedingEventRow {
  cattleId: number;
  eventType: string;
  eventDatetime: string;
}

export interface KpiMetrics {
  conceptionRate: number | null;
  avgDaysOpen: number | null;
  avgCalvingInterval: number | null;
  aiPerConception: number | null;
}

export interface KpiCounts {
  inseminations: number;
  calvings: number;
  cattle: number;
  events: number;
  daysOpenGaps: number;
  calvingIntervals: number;
}

export interface ReliabilityStep {
  level: Exclude<Reliability, 'low'>;
  needs: { events: number; cattle: number; calvings: number };
}

export interface BreedingKpi extends KpiMetrics {
  period: Period;
  counts: KpiCounts;
  reliability: Reliability;
  /** What more data would raise the reliability one level; null when it is already high. */
  nextReliability: ReliabilityStep | null;
  insights: Insight[];
  /** docs/product.md §8: set when the period holds no breeding events at all. */
  message: string | null;
}

/**
 * What one period's KPIs are computed from, aggregated by the database (worker/kpi/kpi.queries.ts): the counts of
 * its breeding events, and the sum and number of the in-window gaps that end in it.
 */
export interface PeriodTotals {
  events: number;
  inseminations: number;
  calvings: number;
  cattle: number;
  daysOpenSum: number;
  daysOpenGaps: number;
  calvingIntervalSum: number;
  calvingIntervals: number;
}

export const EMPTY_TOTALS: PeriodTotals = {
  events: 0,
  inseminations: 0,
  calvings: 0,
  cattle: 0,
  daysOpenSum: 0,
  daysOpenGaps: 0,
  calvingIntervalSum: 0,
  calvingIntervals: 0,
};

/** Rounds a ratio without binary-fraction surprises: the numerator is scaled before dividing. */
const roundRatio = (numerator: number, denominator: number, decimals: 0 | 1) => {
  const scale = decimals === 1 ? 10 : 1;
  return Math.round((numerator * scale) / denominator) / scale;
};

/** The average of `count` whole days summing to `sum`, rounded to a whole day; null without any. */
const averageDays = (sum: number, count: number) => (count > 0 ? roundRatio(sum, count, 0) : null);

export function computeMetrics(totals: PeriodTotals): KpiMetrics {
  const { inseminations, calvings } = totals;
  return {
    conceptionRate: inseminations > 0 ? Math.min(100, roundRatio(calvings * 100, inseminations, 1)) : null,
    avgDaysOpen: averageDays(totals.daysOpenSum, totals.daysOpenGaps),
    avgCalvingInterval: averageDays(totals.calvingIntervalSum, totals.calvingIntervals),
    aiPerConception: calvings > 0 && inseminations > 0 ? Math.max(1, roundRatio(inseminations, calvings, 1)) : null,
  };
}

export function reliabilityOf(counts: Pick<KpiCounts, 'events' | 'cattle' | 'calvings'>): Reliability {
  const meets = (t: { events: number; cattle: number; calvings: number }) =>
    counts.events >= t.events && counts.cattle >= t.cattle && counts.calvings >= t.calvings;
  if (meets(RELIABILITY_THRESHOLDS.high)) return 'high';
  if (meets(RELIABILITY_THRESHOLDS.medium)) return 'medium';
  return 'low';
}

export function nextReliabilityStep(counts: Pick<KpiCounts, 'events' | 'cattle' | 'calvings'>): ReliabilityStep | null {
  const current = reliabilityOf(counts);
  if (current === 'high') return null;
  const level = current === 'medium' ? 'high' : 'medium';
  const target = RELIABILITY_THRESHOLDS[level];
  return {
    level,
    needs: {
      events: Math.max(0, target.events - counts.events),
      cattle: Math.max(0, target.cattle - counts.cattle),
      calvings: Math.max(0, target.calvings - counts.calvings),
    },
  };
}

export function conceptionRateInsight(rate: number): Insight {
  if (rate >= 80) return { metric: 'conceptionRate', level: 'excellent', message: '受胎率が優秀です（80%以上）' };
  if (rate >= 60) return { metric: 'conceptionRate', level: 'good', message: '受胎率が良好です（60%以上）' };
  if (rate >= 40) return { metric: 'conceptionRate', level: 'average', message: '受胎率は平均的です（40%以上）' };
  return { metric: 'conceptionRate', level: 'poor', message: '受胎率の改善が必要です（40%未満）' };
}

export function daysOpenInsight(days: number): Insight {
  if (days <= 85) return { metric: 'avgDaysOpen', level: 'excellent', message: '空胎日数が優秀です（85日以下）' };
  if (days <= 120) return { metric: 'avgDaysOpen', level: 'good', message: '空胎日数が良好です（120日以下）' };
  return { metric: 'avgDaysOpen', level: 'poor', message: '空胎日数の短縮が必要です（120日超）' };
}

export const NO_EVENTS_INSIGHT: Insight = {
  metric: 'data',
  level: 'info',
  message: '指定した期間に繁殖イベントの記録がありません',
};
export const LOW_DATA_INSIGHT: Insight = {
  metric: 'data',
  level: 'info',
  message: 'データが不足しています。授精・分娩の記録を増やすと数値の信頼性が上がります',
};

/** The KPIs of one period (inclusive JST dates). Insights are judged on the rounded values the farmer sees. */
export function summarizeBreedingKpi(totals: PeriodTotals, period: Period): BreedingKpi {
  const counts: KpiCounts = {
    inseminations: totals.inseminations,
    calvings: totals.calvings,
    cattle: totals.cattle,
    events: totals.events,
    daysOpenGaps: totals.daysOpenGaps,
    calvingIntervals: totals.calvingIntervals,
  };
  const metrics = computeMetrics(totals);
  const reliability = reliabilityOf(counts);
  const insights: Insight[] = [];
  if (metrics.conceptionRate !== null) insights.push(conceptionRateInsight(metrics.conceptionRate));
  if (metrics.avgDaysOpen !== null) insights.push(daysOpenInsight(metrics.avgDaysOpen));
  if (counts.events === 0) insights.push(NO_EVENTS_INSIGHT);
  else if (reliability === 'low') insights.push(LOW_DATA_INSIGHT);
  return {
    period,
    ...metrics,
    counts,
    reliability,
    nextReliability: nextReliabilityStep(counts),
    insights,
    message: counts.events === 0 ? NO_BREEDING_EVENTS_MESSAGE : null,
  };
}

/** `count` months ending with `lastMonth`, oldest first. */
export const monthsEndingWith = (lastMonth: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addMonths(lastMonth, i - count + 1));

export interface MonthlyKpi extends KpiMetrics {
  month: string;
  period: Period;
  counts: KpiCounts;
}

/** One row per month; `totals` are the months' totals in the same order. */
export function monthlyTrend(totals: readonly PeriodTotals[], months: readonly string[]): MonthlyKpi[] {
  return months.map((month, i) => {
    const kpi = summarizeBreedingKpi(totals[i] ?? EMPTY_TOTALS, monthRange(month));
    return {
      month,
      period: kpi.period,
      conceptionRate: kpi.conceptionRate,
      avgDaysOpen: kpi.avgDaysOpen,
      avgCalvingInterval: kpi.avgCalvingInterval,
      aiPerConception: kpi.aiPerConception,
      counts: kpi.counts,
    };
  });
}

export type Direction = 'improved' | 'worsened' | 'unchanged';
export interface MetricDelta {
  current: number | null;
  previous: number | null;
  /** current − previous at the metric's precision; null when either month has no value. */
  change: number | null;
  direction: Direction | null;
}

export function compareMetric(metric: Metric, current: number | null, previous: number | null): MetricDelta {
  if (current === null || previous === null) return { current, previous, change: null, direction: null };
  const scale = DECIMALS[metric] === 1 ? 10 : 1;
  const change = (Math.round(current * scale) - Math.round(previous * scale)) / scale;
  const direction: Direction =
    change === 0 ? 'unchanged' : change > 0 === HIGHER_IS_BETTER[metric] ? 'improved' : 'worsened';
  return { current, previous, change, direction };
}

export function compareMonths(current: KpiMetrics, previous: KpiMetrics): Record<Metric, MetricDelta> {
  return Object.fromEntries(METRICS.map((m) => [m, compareMetric(m, current[m], previous[m])])) as Record<
    Metric,
    MetricDelta
  >;
}
