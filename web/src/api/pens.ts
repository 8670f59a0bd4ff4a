/** The pens (docs/product.md §26): the farm's pens, one pen with its animals, an animal's growth, and group records. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { alertKeys } from './alerts';
import { cattleKeys } from './cattle';
import { api, unwrap } from './client';
import { eventKeys } from './events';
import type { Queued } from './queued';

export type Pen = InferResponseType<typeof api.pens.$get, 200>['data'][number];
export type Growth = InferResponseType<(typeof api.cattle)[':id']['growth']['$get'], 200>['data'];
export type BulkEventInput = InferRequestType<typeof api.events.bulk.$post>['json'];
type BulkCreated = InferResponseType<typeof api.events.bulk.$post, 201>;

const penKeys = {
  all: ['pens'] as const,
  list: () => [...penKeys.all, 'list'] as const,
  detail: (id: number) => [...penKeys.all, 'detail', id] as const,
};

export const pensQuery = queryOptions({
  queryKey: penKeys.list(),
  queryFn: ({ signal }) => unwrap(api.pens.$get(undefined, { init: { signal } })).then((r) => r.data),
  staleTime: 60_000,
});

export const penQuery = (id: number) =>
  queryOptions({
    queryKey: penKeys.detail(id),
    queryFn: ({ signal }) =>
      unwrap(api.pens[':id'].$get({ param: { id: String(id) } }, { init: { signal } })).then((r) => r.data),
  });

/** An animal's growth: derived from its weights, so it lives under the cattle keys and is refetched with them. */
export const growthQuery = (cattleId: number) =>
  queryOptions({
    queryKey: [...cattleKeys.detail(cattleId), 'growth'] as const,
    queryFn: ({ signal }) =>
      unwrap(api.cattle[':id'].growth.$get({ param: { id: String(cattleId) } }, { init: { signal } })).then(
        (r) => r.data,
      ),
  });

/** A group record, or kept in the offline queue as one request when there is no signal (`{ queued: true }`). */
const recordBulk = (input: BulkEventInput): Promise<BulkCreated | Queued> =>
  import('./queue').then(({ createOrQueue }) => createOrQueue<BulkCreated>('bulk', input));

/** Create a pen, and record on a group; each refreshes what it changed. */
export function usePenMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: penKeys.all }),
      queryClient.invalidateQueries({ queryKey: cattleKeys.all }),
      queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      queryClient.invalidateQueries({ queryKey: alertKeys.all }),
    ]);
  return {
    create: useMutation({
      mutationFn: (json: InferRequestType<typeof api.pens.$post>['json']) =>
        unwrap(api.pens.$post({ json })).then((r) => r.data),
      onSuccess: refresh,
    }),
    bulk: useMutation({ mutationFn: recordBulk, onSuccess: refresh }),
  };
}
