import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from './client';

export type BreedingKpi = InferResponseType<(typeof api.kpi.breeding)['$get'], 200>['data'];
type BreedingTrends = InferResponseType<(typeof api.kpi.breeding.trends)['$get'], 200>['data'];
export type MonthlyKpi = BreedingTrends['months'][number];
type KpiCows = InferResponseType<(typeof api.kpi.breeding.cattle)['$get'], 200>['data'];
export type KpiCow = KpiCows['results'][number];

/** A JST period; an empty `from`/`to` asks the API for its default (the last 365 days up to today). */
export interface KpiPeriod {
  from?: string;
  to?: string;
}

/** Query keys of the KPI resource: everything under ['kpi'] is refetched after a change to the figures. */
export const kpiKeys = {
  all: ['kpi'] as const,
  breeding: (period: KpiPeriod) => [...kpiKeys.all, 'breeding', period.from ?? null, period.to ?? null] as const,
  cows: (period: KpiPeriod) => [...kpiKeys.all, 'cows', period.from ?? null, period.to ?? null] as const,
  trends: (months: number) => [...kpiKeys.all, 'trends', months] as const,
  delta: () => [...kpiKeys.all, 'delta'] as const,
};

/** The period's query parameters, empty dates left out. */
const periodQuery = (period: KpiPeriod) => ({
  ...(period.from ? { from: period.from } : {}),
  ...(period.to ? { to: period.to } : {}),
});

export const breedingKpiQuery = (period: KpiPeriod = {}) =>
  queryOptions({
    queryKey: kpiKeys.breeding(period),
    queryFn: ({ signal }) =>
      unwrap(api.kpi.breeding.$get({ query: periodQuery(period) }, { init: { signal } })).then((r) => r.data),
    staleTime: 60_000,
  });

/** The drill-down: one row per cow with a breeding event in the period, most open services first. */
export const kpiCowsQuery = (period: KpiPeriod = {}) =>
  queryOptions({
    queryKey: kpiKeys.cows(period),
    queryFn: ({ signal }) =>
      unwrap(api.kpi.breeding.cattle.$get({ query: periodQuery(period) }, { init: { signal } })).then((r) => r.data),
    staleTime: 60_000,
  });

export const breedingTrendsQuery = (months = 12) =>
  queryOptions({
    queryKey: kpiKeys.trends(months),
    queryFn: ({ signal }) =>
      unwrap(api.kpi.breeding.trends.$get({ query: { months: String(months) } }, { init: { signal } })).then(
        (r) => r.data,
      ),
    staleTime: 60_000,
  });

/** The last complete month against the one before (the API's default). */
export const breedingDeltaQuery = () =>
  queryOptions({
    queryKey: kpiKeys.delta(),
    queryFn: ({ signal }) =>
      unwrap(api.kpi.breeding.delta.$get({ query: {} }, { init: { signal } })).then((r) => r.data),
    staleTime: 60_000,
  });
