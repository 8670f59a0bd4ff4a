import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { openAlertsQuery } from './alerts';
import { restrictedCattleQuery, statusCountsQuery } from './cattle';
import { api, unwrap } from './client';
import { breedingKpiQuery } from './kpi';

export type HomeData = InferResponseType<typeof api.home.$get, 200>['data'];
export type HomeCalving = HomeData['calvings'][number];
export type HomeEvent = HomeData['recentEvents'][number];

/** Query keys of the home screen. */
const homeKeys = {
  all: ['home'] as const,
  screen: () => [...homeKeys.all, 'screen'] as const,
};

/**
 * The home screen in one call (GET /home, docs/product.md §14). Its parts are also put in the caches of their own
 * queries (open alerts, status counts, KPI, withdrawal), so the cards shared with other screens read them there
 * instead of fetching again; a change elsewhere that invalidates one of them refetches only that part.
 */
export const homeQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: homeKeys.screen(),
    // Always fetched again on a visit: one call, and the calvings and recent events are never older than the visit.
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const { data } = await unwrap(api.home.$get({}, { init: { signal } }));
      queryClient.setQueryData(openAlertsQuery().queryKey, data.alerts);
      queryClient.setQueryData(statusCountsQuery.queryKey, data.statusCounts);
      queryClient.setQueryData(breedingKpiQuery().queryKey, data.kpi);
      queryClient.setQueryData(restrictedCattleQuery().queryKey, data.withdrawal);
      return data;
    },
  });
