import type { BreedingDelta } from '../../api/kpi';

/** The four breeding KPIs, in the order the screens show them. */
export type KpiMetric = keyof BreedingDelta['metrics'];
export const KPI_METRICS: KpiMetric[] = ['conceptionRate', 'avgDaysOpen', 'avgCalvingInterval', 'aiPerConception'];

const DECIMALS: Record<KpiMetric, number> = {
  conceptionRate: 1,
  avgDaysOpen: 0,
  avgCalvingInterval: 0,
  aiPerConception: 1,
};

export function formatMetric(metric: KpiMetric, value: number | null, locale: string): string {
  if (value === null) return '—';
  const digits = DECIMALS[metric];
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ja-JP', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

export function formatChange(metric: KpiMetric, change: number, locale: string): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${formatMetric(metric, Math.abs(change), locale)}`;
}
