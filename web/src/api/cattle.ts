import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap } from './client';

type Search = Required<InferRequestType<(typeof api.cattle)['$get']>>['query'];

/** The herd list's sort keys, as the API takes them. */
export const CATTLE_SORT_KEYS = [
  'id',
  'name',
  'days_old',
  'days_open',
  'ear_tag',
  'due_date',
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
