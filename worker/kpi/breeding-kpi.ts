/**
 * Breeding KPIs (SPEC §9): pure functions over one owner's breeding events, no I/O.
 * Decisions on attribution and windows: docs/decisions/012-kpi.md.
 */
import { addMonths, daysBetween, jstDate, monthRange, type IsoDate } from '../lib/jst';

/** The observed breeding events a KPI period counts (predictions such as EXPECTED_CALVING are not data). */
export const BREEDING_EVENT_TYPES = ['ESTRUS', 'INSEMINATION', 'PREGNANCY_CHECK', 'CALVING', 'ABORTION', 'STILLBIRTH'] as const;

export const DAYS_OPEN_WINDOW = { min: 1, max: 364 } as const;
export const CALVING_INTERVAL_WINDOW = { min: 201, max: 499 } as const;
/** How far before a period the events are read, so that a gap ending inside it can see its start. */
export const LOOKBACK_DAYS = Math.max(DAYS_OPEN_WINDOW.max, CALVING_INTERVAL_WINDOW.max);

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
const DECIMALS: Record<Metric, 0 | 1> = { conceptionRate: 1, avgDaysOpen: 0, avgCalvingInterval: 0, aiPerConception: 1 };

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
  /** SPEC §8: set when the period holds no breeding events at all. */
  message: string | null;
}

interface DatedEvent {
  cattleId: number;
  type: string;
  date: IsoDate;
}

interface Gap {
  /** The JST date of the event that closes the gap: the gap belongs to the period holding this date. */
  date: IsoDate;
  days: number;
}

/** Every breeding event as a JST date, and the in-window gaps, each dated by the event that ends it. */
export interface BreedingHistory {
  events: DatedEvent[];
  daysOpenGaps: Gap[];
  calvingIntervals: Gap[];
}

const within = (days: number, window: { min: number; max: number }) => days >= window.min && days <= window.max;

/**
 * One pass over one owner's events. Days open: a calving and the first insemination after it (before any later
 * calving). Calving interval: two consecutive calvings of the same animal.
 */
export function readBreedingHistory(rows: readonly BreedingEventRow[]): BreedingHistory {
  const sorted = rows
    .map((row) => ({ row, at: Date.parse(row.eventDatetime) }))
    .filter(({ at }) => !Number.isNaN(at))
    .sort((a, b) => a.row.cattleId - b.row.cattleId || a.at - b.at);
  const history: BreedingHistory = { events: [], daysOpenGaps: [], calvingIntervals: [] };
  let cattleId: number | null = null;
  let lastCalving: IsoDate | null = null;
  let calvingAwaitingInsemination: IsoDate | null = null;
  for (const { row, at } of sorted) {
    if (row.cattleId !== cattleId) {
      cattleId = row.cattleId;
      lastCalving = null;
      calvingAwaitingInsemination = null;
    }
    const date = jstDate(at);
    history.events.push({ cattleId: row.cattleId, type: row.eventType, date });
    if (row.eventType === 'CALVING') {
      if (lastCalving) {
        const days = daysBetween(lastCalving, date);
        if (within(days, CALVING_INTERVAL_WINDOW)) history.calvingIntervals.push({ date, days });
      }
      lastCalving = date;
      calvingAwaitingInsemination = date;
    } else if (row.eventType === 'INSEMINATION' && calvingAwaitingInsemination) {
      const days = daysBetween(calvingAwaitingInsemination, date);
      if (within(days, DAYS_OPEN_WINDOW)) history.daysOpenGaps.push({ date, days });
      calvingAwaitingInsemination = null;
    }
  }
  return history;
}

const inPeriod = (date: IsoDate, period: Period) => date >= period.from && date <= period.to;

/** Rounds a ratio without binary-fraction surprises: the numerator is scaled before dividing. */
const roundRatio = (numerator: number, denominator: number, decimals: 0 | 1) => {
  const scale = decimals === 1 ? 10 : 1;
  return Math.round((numerator * scale) / denominator) / scale;
};

const average = (gaps: Gap[]) =>
  gaps.length ? roundRatio(gaps.reduce((sum, gap) => sum + gap.days, 0), gaps.length, 0) : null;

export function computeMetrics(counts: Pick<KpiCounts, 'inseminations' | 'calvings'>, daysOpen: Gap[], intervals: Gap[]): KpiMetrics {
  const { inseminations, calvings } = counts;
  return {
    conceptionRate: inseminations > 0 ? Math.min(100, roundRatio(calvings * 100, inseminations, 1)) : null,
    avgDaysOpen: average(daysOpen),
    avgCalvingInterval: average(intervals),
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

export const NO_EVENTS_INSIGHT: Insight = { metric: 'data', level: 'info', message: '指定した期間に繁殖イベントの記録がありません' };
export const LOW_DATA_INSIGHT: Insight = {
  metric: 'data',
  level: 'info',
  message: 'データが不足しています。授精・分娩の記録を増やすと数値の信頼性が上がります',
};

/** The KPIs of one period (inclusive JST dates). Insights are judged on the rounded values the farmer sees. */
export function summarizeBreedingKpi(history: BreedingHistory, period: Period): BreedingKpi {
  const events = history.events.filter((e) => inPeriod(e.date, period));
  const daysOpen = history.daysOpenGaps.filter((g) => inPeriod(g.date, period));
  const intervals = history.calvingIntervals.filter((g) => inPeriod(g.date, period));
  const counts: KpiCounts = {
    inseminations: events.filter((e) => e.type === 'INSEMINATION').length,
    calvings: events.filter((e) => e.type === 'CALVING').length,
    cattle: new Set(events.map((e) => e.cattleId)).size,
    events: events.length,
    daysOpenGaps: daysOpen.length,
    calvingIntervals: intervals.length,
  };
  const metrics = computeMetrics(counts, daysOpen, intervals);
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

export function monthlyTrend(history: BreedingHistory, months: readonly string[]): MonthlyKpi[] {
  return months.map((month) => {
    const kpi = summarizeBreedingKpi(history, monthRange(month));
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
    change === 0 ? 'unchanged' : (change > 0) === HIGHER_IS_BETTER[metric] ? 'improved' : 'worsened';
  return { current, previous, change, direction };
}

export function compareMonths(current: KpiMetrics, previous: KpiMetrics): Record<Metric, MetricDelta> {
  return Object.fromEntries(METRICS.map((m) => [m, compareMetric(m, current[m], previous[m])])) as Record<Metric, MetricDelta>;
}
