import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertHistoryEntry, AlertsPage, AlertView } from '@worker/alerts/alerts.types';
import type { AlertStatus } from '@worker/domain/alerts';
import { apiFetch } from '../../lib/api';

export interface AlertFilters {
  severity?: string;
  status?: string;
  alertType?: string;
  cattleId?: number;
}

export function alertsQueryString(filters: AlertFilters, cursor?: string | null, limit = 50) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

const fetchPage = (filters: AlertFilters, cursor: string | null, limit: number, signal?: AbortSignal) =>
  apiFetch<{ data: AlertsPage }>(`/alerts?${alertsQueryString(filters, cursor, limit)}`, { signal }).then(
    (r) => r.data,
  );

export const alertsListQuery = (filters: AlertFilters) =>
  infiniteQueryOptions({
    queryKey: ['alerts', 'list', filters],
    queryFn: ({ pageParam, signal }) => fetchPage(filters, pageParam, 50, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNext ? last.nextCursor : undefined),
  });

/** One page of open alerts (most urgent first): enough for the home screen, an animal's page and the badge. */
export const openAlertsQuery = (filters: Pick<AlertFilters, 'cattleId'> = {}, limit = 50) =>
  queryOptions({
    queryKey: ['alerts', 'open', filters, limit],
    queryFn: ({ signal }) => fetchPage(filters, null, limit, signal),
    staleTime: 60_000,
  });

export const alertHistoryQuery = (alertId: string) =>
  queryOptions({
    queryKey: ['alerts', 'history', alertId],
    queryFn: () =>
      apiFetch<{ data: { alert: AlertView; results: AlertHistoryEntry[] } }>(`/alerts/${alertId}/history`).then(
        (r) => r.data.results,
      ),
  });

/** Changing an alert refreshes every alert list and the animals' alert markers. */
function useInvalidateAlerts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['alerts'] }),
      queryClient.invalidateQueries({ queryKey: ['cattle'] }),
    ]);
}

export function useChangeAlertStatus() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: AlertStatus; reason?: string | null }) =>
      apiFetch<{ data: { id: string; status: AlertStatus; memo: string | null }; message: string }>(
        `/alerts/${id}/status`,
        {
          method: 'PUT',
          body: { status, reason: reason ?? null },
        },
      ),
    onSuccess: invalidate,
  });
}

export function useSaveAlertMemo() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: ({ id, memo }: { id: string; memo: string }) =>
      apiFetch<{ data: { id: string; memo: string | null }; message: string }>(`/alerts/${id}/memo`, {
        method: 'PUT',
        body: { memo },
      }),
    onSuccess: invalidate,
  });
}
