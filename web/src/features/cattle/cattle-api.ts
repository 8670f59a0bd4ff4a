import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CattleDetail, CattleListPage, StatusHistoryEntry } from '@worker/cattle/cattle.types';
import { apiFetch } from '../../lib/api';

export interface CattleListSearch {
  search?: string;
  status?: string;
  gender?: string[];
  growth_stage?: string[];
  barn?: string;
  breed?: string;
  has_alert?: 'true';
  sortBy?: 'id' | 'name' | 'days_old' | 'days_open';
  sortOrder?: 'asc' | 'desc';
}

export function listQueryString(search: CattleListSearch, cursor?: string | null, limit = 30) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export const cattleListQuery = (search: CattleListSearch) =>
  infiniteQueryOptions({
    queryKey: ['cattle', 'list', search],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<{ data: CattleListPage }>(`/cattle?${listQueryString(search, pageParam)}`, { signal }).then(
        (r) => r.data,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNext ? last.nextCursor : undefined),
  });

export const statusCountsQuery = queryOptions({
  queryKey: ['cattle', 'status-counts'],
  queryFn: () => apiFetch<{ data: Record<string, number> }>('/cattle/status-counts').then((r) => r.data),
});

export const cattleDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['cattle', 'detail', id],
    queryFn: () => apiFetch<{ data: CattleDetail }>(`/cattle/${id}`).then((r) => r.data),
  });

export const statusHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: ['cattle', 'status-history', id],
    queryFn: () => apiFetch<{ data: StatusHistoryEntry[] }>(`/cattle/${id}/status-history`).then((r) => r.data),
  });
