import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { cattleKeys } from './cattle';
import { api, unwrap } from './client';

type AlertsApi = typeof api.alerts;
type AlertsQuery = InferRequestType<AlertsApi['$get']>['query'];

type AlertsPage = InferResponseType<AlertsApi['$get'], 200>['data'];
export type AlertView = AlertsPage['results'][number];
export type AlertSummary = AlertsPage['summary'];
export type AlertStatusChange = InferRequestType<AlertsApi[':alertId']['status']['$put']>['json'];
export type AlertMemoChange = InferRequestType<AlertsApi[':alertId']['memo']['$put']>['json'];

/** The list's filters: `status`, `severity` and `alertType` are comma lists as the API reads them. */
export interface AlertFilters {
  severity?: string;
  status?: string;
  alertType?: string;
  cattleId?: number;
}

/** Query keys of the alerts resource: everything under ['alerts'] is refetched after an alert changes. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (filters: AlertFilters) => [...alertKeys.all, 'list', filters] as const,
  open: (filters: Pick<AlertFilters, 'cattleId'>, limit: number) => [...alertKeys.all, 'open', filters, limit] as const,
  history: (alertId: string) => [...alertKeys.all, 'history', alertId] as const,
};

/** The list's query parameters: strings, empty filters left out. */
function listQuery(filters: AlertFilters, cursor: string | null, limit: number): AlertsQuery {
  const query: AlertsQuery = { limit: String(limit) };
  if (filters.severity) query.severity = filters.severity;
  if (filters.status) query.status = filters.status;
  if (filters.alertType) query.alertType = filters.alertType;
  if (filters.cattleId !== undefined) query.cattleId = String(filters.cattleId);
  if (cursor) query.cursor = cursor;
  return query;
}

const fetchPage = (filters: AlertFilters, cursor: string | null, limit: number, signal?: AbortSignal) =>
  unwrap(api.alerts.$get({ query: listQuery(filters, cursor, limit) }, { init: { signal } })).then((r) => r.data);

export const alertsListQuery = (filters: AlertFilters) =>
  infiniteQueryOptions({
    queryKey: alertKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchPage(filters, pageParam, 50, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNext ? last.nextCursor : undefined),
  });

/** One page of open alerts (most urgent first): enough for the home screen, an animal's page and the badge. */
export const openAlertsQuery = (filters: Pick<AlertFilters, 'cattleId'> = {}, limit = 50) =>
  queryOptions({
    queryKey: alertKeys.open(filters, limit),
    queryFn: ({ signal }) => fetchPage(filters, null, limit, signal),
    staleTime: 60_000,
  });

export const alertHistoryQuery = (alertId: string) =>
  queryOptions({
    queryKey: alertKeys.history(alertId),
    queryFn: ({ signal }) =>
      unwrap(api.alerts[':alertId'].history.$get({ param: { alertId } }, { init: { signal } })).then(
        (r) => r.data.results,
      ),
  });

const changeAlertStatus = (alertId: string, input: AlertStatusChange) =>
  unwrap(api.alerts[':alertId'].status.$put({ param: { alertId }, json: input }));

const saveAlertMemo = (alertId: string, input: AlertMemoChange) =>
  unwrap(api.alerts[':alertId'].memo.$put({ param: { alertId }, json: input }));

/** Changing an alert refreshes every alert list and the animals' alert markers. */
function useInvalidateAlerts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      queryClient.invalidateQueries({ queryKey: cattleKeys.all }),
    ]);
}

export function useChangeAlertStatus() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AlertStatusChange }) => changeAlertStatus(id, input),
    onSuccess: invalidate,
  });
}

export function useSaveAlertMemo() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AlertMemoChange }) => saveAlertMemo(id, input),
    onSuccess: invalidate,
  });
}
