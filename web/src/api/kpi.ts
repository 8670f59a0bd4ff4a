import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from './client';

export type BreedingKpi = InferResponseType<(typeof api.kpi.breeding)['$get'], 200>['data'];
type BreedingTrends = InferResponseType<(typeof api.kpi.breeding.trends)['$get'], 200>['data'];
export type MonthlyKpi = BreedingTrends['months'][number];
type KpiCows = InferResponseType<(typeof api.kpi.breeding.cattle)['$get'], 200>['data'];
export type KpiCow = KpiCows['results'][number];
type KpiCowSort = KpiCows['sort'];

/** A JST period; an empty `from`/`to` asks the API for its default (the last 365 days up to today). */
export interface KpiPeriod {
  from?: string;
  to?: string;
}

/** The drill-down's order; none: the API's (most open services first). */
export interface KpiCowsOrder {
  sort?: KpiCowSort;
  order?: 'asc' | 'desc';
}

/** Query keys of the KPI resource: everything under ['kpi'] is refetched after a change to the figures. */
export const kpiKeys = {
  all: ['kpi'] as const,
  breeding: (period: KpiPeriod) => [...kpiKeys.all, 'breeding', period.from ?? null, period.to ?? null] as const,
  cows: (period: KpiPeriod, order: KpiCowsOrder) =>
    [...kpiKeys.all, 'cows', period.from ?? null, period.to ?? null, order.sort ?? null, order.order ?? null] as const,
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

/**
 * The drill-down a page at a time (§8): 50 cows per page in the order asked, the total beside; the next page by the
 * cursor the last one gave.
 */
export const kpiCowsQuery = (period: KpiPeriod = {}, order: KpiCowsOrder = {}) =>
  infiniteQueryOptions({
    queryKey: kpiKeys.cows(period, order),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.kpi.breeding.cattle.$get(
          {
            query: {
              ...periodQuery(period),
              ...(order.sort ? { sort: order.sort } : {}),
              ...(order.order ? { order: order.order } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          { init: { signal } },
        ),
      ).then((r) => r.data),
    getNextPageParam: (last) => (last.hasNext ? last.nextCursor : undefined),
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
