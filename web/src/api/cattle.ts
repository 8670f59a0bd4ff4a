import { infiniteQueryOptions, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { rosterSchema } from '@worker/cattle/cattle.schemas';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { currentUserId, onTokenChange } from '../lib/auth-token';
import { getCurrentFarmId, onCurrentFarmChange } from '../lib/current-farm';
import { CACHED_AT_HEADER } from '../lib/offline-status';
import { type KeptRoster, nextRoster, type RosterAnswer } from '../lib/roster';
import { onBackOnline } from '../lib/use-online';
import { ApiError, api, toApiError, unwrap } from './client';

type Search = Required<InferRequestType<(typeof api.cattle)['$get']>>['query'];

/** The herd list's sort keys, as the API takes them. */
export const CATTLE_SORT_KEYS = [
  'id',
  'name',
  'days_old',
  'days_open',
  'ear_tag',
  'due_date',
  'pen',
] as const satisfies readonly NonNullable<Search['sortBy']>[];

/** The herd list's filters as they live in the URL. */
export interface CattleListSearch {
  search?: string;
  status?: string;
  gender?: string[];
  growth_stage?: string[];
  barn?: string;
  breed?: string;
  has_alert?: 'true';
  /** A pen's id, or 'none' (§26). */
  penId?: string;
  sortBy?: (typeof CATTLE_SORT_KEYS)[number];
  sortOrder?: 'asc' | 'desc';
}

export type CattleDetail = InferResponseType<(typeof api.cattle)[':id']['$get'], 200>['data'];
export type CattleListItem = InferResponseType<(typeof api.cattle)['$get'], 200>['data']['results'][number];
export type CattleCreateInput = InferRequestType<(typeof api.cattle)['$post']>['json'];
export type CattleUpdateInput = InferRequestType<(typeof api.cattle)[':id']['$patch']>['json'];
export type StatusChangeInput = InferRequestType<(typeof api.cattle)[':id']['status']['$patch']>['json'];

/** Query keys of the cattle resource: everything under ['cattle'] is refetched after a change to the herd. */
export const cattleKeys = {
  all: ['cattle'] as const,
  list: (search: CattleListSearch) => [...cattleKeys.all, 'list', search] as const,
  search: (term: string, limit: number) => [...cattleKeys.all, 'search', term, limit] as const,
  statusCounts: () => [...cattleKeys.all, 'status-counts'] as const,
  detail: (id: number) => [...cattleKeys.all, 'detail', id] as const,
  statusHistory: (id: number) => [...cattleKeys.all, 'status-history', id] as const,
  restricted: () => [...cattleKeys.all, 'restricted'] as const,
  roster: (userId: number | null, farmId: number | null) => [...cattleKeys.all, 'roster', userId, farmId] as const,
};

/** The list's query parameters: arrays as comma lists, empty filters left out. */
function listQuery(search: CattleListSearch, cursor: string | null, limit: number): Search {
  const query: Record<string, string> = { limit: String(limit) };
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    query[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  if (cursor) query.cursor = cursor;
  return query;
}

export const cattleListQuery = (search: CattleListSearch) =>
  infiniteQueryOptions({
    queryKey: cattleKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      unwrap(api.cattle.$get({ query: listQuery(search, pageParam, 30) }, { init: { signal } })).then((r) => r.data),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNext ? last.nextCursor : undefined),
  });

/** Animals whose ear tag, ID or name matches `term`: for pickers. */
export const cattleSearchQuery = (term: string, limit: number) =>
  queryOptions({
    queryKey: cattleKeys.search(term, limit),
    queryFn: ({ signal }) =>
      unwrap(api.cattle.$get({ query: { search: term, limit: String(limit) } }, { init: { signal } })).then(
        (r) => r.data.results,
      ),
  });

/** Animals inside a withdrawal period today (出荷制限中, §16): the home screen's card. */
export const restrictedCattleQuery = () =>
  queryOptions({
    queryKey: cattleKeys.restricted(),
    queryFn: ({ signal }) =>
      unwrap(api.cattle.$get({ query: { restricted: 'true', limit: '100' } }, { init: { signal } })).then(
        (r) => r.data,
      ),
  });

export const statusCountsQuery = queryOptions({
  queryKey: cattleKeys.statusCounts(),
  queryFn: () => unwrap(api.cattle['status-counts'].$get()).then((r) => r.data),
});

export const cattleDetailQuery = (id: number) =>
  queryOptions({
    queryKey: cattleKeys.detail(id),
    queryFn: () => unwrap(api.cattle[':id'].$get({ param: { id: String(id) } })).then((r) => r.data),
  });

export const statusHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: cattleKeys.statusHistory(id),
    queryFn: () => unwrap(api.cattle[':id']['status-history'].$get({ param: { id: String(id) } })).then((r) => r.data),
  });

type RegisteredCattle = InferResponseType<(typeof api.cattle)['$post'], 201>;

/** Registers an animal, or keeps it in the offline queue when there is no signal (`{ queued: true }`). */
export const registerCattle = (input: CattleCreateInput) =>
  import('./queue').then(async ({ createOrQueue, isQueued }) => {
    const r = await createOrQueue<RegisteredCattle>('cattle', input);
    return isQueued(r) ? r : r.data;
  });

export const updateCattle = (id: number, input: CattleUpdateInput) =>
  unwrap(api.cattle[':id'].$patch({ param: { id: String(id) }, json: input })).then((r) => r.data);

export const changeCattleStatus = (id: number, input: StatusChangeInput) =>
  unwrap(api.cattle[':id'].status.$patch({ param: { id: String(id) }, json: input })).then((r) => r.data);

export const removeCattle = (id: number) => unwrap(api.cattle[':id'].$delete({ param: { id: String(id) } }));

/**
 * The herd roster kept on this phone (§20), refreshed with If-None-Match when there is a signal: a 304 costs the
 * server one small read. Without a signal (or when the answer is lost) the kept roster answers.
 */
async function refreshRoster(userId: number, farmId: number): Promise<KeptRoster | null> {
  const { readRoster, writeRoster } = await import('../lib/roster-store');
  const kept = await readRoster(userId, farmId);
  if (!navigator.onLine) return kept;
  let answer: RosterAnswer;
  try {
    const response = await api.cattle.roster.$get({}, { headers: kept ? { 'If-None-Match': kept.etag } : {} });
    if (response.status === 304) answer = { status: 304 };
    else if (response.ok) {
      const body = (await response.json()) as unknown as z.output<typeof rosterSchema>;
      const etag = response.headers.get('ETag') ?? '';
      const savedCopy = response.headers.has(CACHED_AT_HEADER);
      answer = { status: 200, etag, version: body.version, data: body.data, savedCopy };
    } else throw await toApiError(response as unknown as Response);
  } catch (err) {
    if (kept && err instanceof ApiError && err.code === 'NETWORK_ERROR') return kept;
    throw err;
  }
  const next = nextRoster(kept, answer, new Date().toISOString());
  if (next && next !== kept) await writeRoster(userId, farmId, next);
  return next;
}

const rosterQuery = (userId: number | null, farmId: number | null) =>
  queryOptions({
    queryKey: cattleKeys.roster(userId, farmId),
    // Until the farm shown is known (the farms list sets it), there is no roster to name.
    queryFn: () => (userId === null || farmId === null ? null : refreshRoster(userId, farmId)),
    // Offline the kept roster answers at once instead of the query waiting for a signal.
    networkMode: 'always',
    retry: false,
  });

/** The kept roster of the signed-in user's current farm (null until one was fetched on this phone). */
export function useRoster() {
  const farmId = useSyncExternalStore(onCurrentFarmChange, getCurrentFarmId);
  return useQuery(rosterQuery(currentUserId(), farmId));
}

/**
 * Keeps the roster fresh even when no screen shows it, so an animal never opened on this phone can be found offline:
 * at app start, when the signal comes back, on another farm or sign-in, when the app is shown again, and after any
 * change to the herd (which invalidates everything under ['cattle']).
 */
export function keepRosterFresh(queryClient: QueryClient) {
  const refresh = () => void queryClient.prefetchQuery(rosterQuery(currentUserId(), getCurrentFarmId()));
  refresh();
  onCurrentFarmChange(refresh);
  onTokenChange(refresh);
  onBackOnline(() => void queryClient.invalidateQueries({ queryKey: [...cattleKeys.all, 'roster'] }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refresh();
  });
  queryClient.getQueryCache().subscribe((event) => {
    const { queryKey } = event.query;
    if (event.type === 'updated' && event.action.type === 'invalidate' && queryKey[1] === 'roster')
      if (event.query.getObserversCount() === 0) refresh();
  });
}
