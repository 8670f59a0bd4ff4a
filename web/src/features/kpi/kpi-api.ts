import { queryOptions } from '@tanstack/react-query';
import type { BreedingDelta, BreedingKpiResult, BreedingTrends } from '@worker/kpi/kpi.schemas';
import { apiFetch } from '../../lib/api';

export type KpiMetric = 'conceptionRate' | 'avgDaysOpen' | 'avgCalvingInterval' | 'aiPerConception';
export const KPI_METRICS: KpiMetric[] = ['conceptionRate', 'avgDaysOpen', 'avgCalvingInterval', 'aiPerConception'];

/** An empty `from`/`to` asks the API for its default: the last 365 days up to today (JST). */
export const breedingKpiQuery = (period: { from?: string; to?: string } = {}) => {
  const params = new URLSearchParams();
  if (period.from) params.set('from', period.from);
  if (period.to) params.set('to', period.to);
  const query = params.toString();
  return queryOptions({
    queryKey: ['kpi', 'breeding', period.from ?? null, period.to ?? null],
    queryFn: ({ signal }) =>
      apiFetch<{ data: BreedingKpiResult }>(`/kpi/breeding${query ? `?${query}` : ''}`, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
};

export const breedingTrendsQuery = (months = 12) =>
  queryOptions({
    queryKey: ['kpi', 'trends', months],
    queryFn: ({ signal }) =>
      apiFetch<{ data: BreedingTrends }>(`/kpi/breeding/trends?months=${months}`, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

export const breedingDeltaQuery = () =>
  queryOptions({
    queryKey: ['kpi', 'delta'],
    queryFn: ({ signal }) => apiFetch<{ data: BreedingDelta }>('/kpi/breeding/delta', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

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
