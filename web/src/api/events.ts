import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { alertKeys } from './alerts';
import { cattleKeys } from './cattle';
import { api, unwrap } from './client';
import { kpiKeys } from './kpi';
import { type PlanListItem, plansQuery } from './shipments';

type EventsApi = typeof api.events;

export type EventView = InferResponseType<EventsApi[':id']['$get'], 200>['data'];
export type EventDetails = NonNullable<EventView['details']>;
/** The animal as an event left it: its status and breeding state, shown right after saving. */
export type AnimalState = InferResponseType<EventsApi['$post'], 201>['animal'];
export type ScheduleItem = InferResponseType<EventsApi['schedule']['$get'], 200>['data']['items'][number];

type RecordEventInput = InferRequestType<EventsApi['$post']>['json'];
export type UpdateEventInput = InferRequestType<EventsApi[':id']['$patch']>['json'];

/** The event log's filters as the page holds them. */
export interface EventFilters {
  cattleId?: number;
  eventType?: string;
  category?: string;
  startDate?: string;
  endDate?: string;
}

/** Query keys of the events resource: everything under ['events'] is refetched after an event is written. */
export const eventKeys = {
  all: ['events'] as const,
  log: (filters: EventFilters) => [...eventKeys.all, 'log', filters] as const,
  ofCattle: (cattleId: number) => [...eventKeys.all, 'cattle', cattleId] as const,
};

/** The farm's recently used sires and technicians, offered first on a service (changes only when one is recorded). */
export const recentInputsQuery = () =>
  queryOptions({
    queryKey: [...eventKeys.all, 'recent-inputs'] as const,
    queryFn: ({ signal }) =>
      unwrap(api.events['recent-inputs'].$get(undefined, { init: { signal } })).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

/** Query keys of the breeding schedule: derived from the events, so it lives under ['events'] and is refetched with them. */
const scheduleKeys = {
  all: [...eventKeys.all, 'schedule'] as const,
  month: (month: string) => [...scheduleKeys.all, month] as const,
};

/** Query parameters as the API reads them: strings, empty values left out. */
function toQuery(params: object): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query[key] = String(value);
  return query;
}

export const eventsLogQuery = (filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: eventKeys.log(filters),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.events.$get({ query: toQuery({ ...filters, cursor: pageParam, limit: 30 }) }, { init: { signal } }),
      ).then((r) => r.data),
    getNextPageParam: (last) => (last.hasNext ? last.nextCursor : undefined),
  });

export const cattleEventsQuery = (cattleId: number) =>
  queryOptions({
    queryKey: eventKeys.ofCattle(cattleId),
    queryFn: ({ signal }) =>
      unwrap(api.events.cattle[':cattleId'].$get({ param: { cattleId: String(cattleId) } }, { init: { signal } })).then(
        (r) => r.data.results,
      ),
  });

/** The month's expected heats, pregnancy checks and calvings, by date. */
export const scheduleQuery = (month: string) =>
  queryOptions({
    queryKey: scheduleKeys.month(month),
    queryFn: ({ signal }) =>
      unwrap(api.events.schedule.$get({ query: { month } }, { init: { signal } })).then((r) => r.data.items),
  });

/** The month's planned shipments for the schedule: the shipments resource's plans query, its page cached once. */
export const plannedShipmentsQuery = (month: string) =>
  queryOptions({
    ...plansQuery({ month }),
    select: (page): PlanListItem[] => page.results.filter((plan) => plan.plannedShipmentMonth === month),
    retry: false,
  });

/** The answer to recording an event: the event and the animal as it left it. */
type RecordedEvent = InferResponseType<EventsApi['$post'], 201>;

/** Records an event, or keeps it in the offline queue when there is no signal (`{ queued: true }`). */
const recordEvent = (input: RecordEventInput) =>
  import('./queue').then(({ createOrQueue }) => createOrQueue<RecordedEvent>('event', input));

const updateEvent = (eventId: number, input: UpdateEventInput) =>
  unwrap(api.events[':id'].$patch({ param: { id: String(eventId) }, json: input }));

const deleteEvent = (eventId: number) => unwrap(api.events[':id'].$delete({ param: { id: String(eventId) } }));

/** Event writes change the animal, its breeding state, the schedule, alerts and KPIs: refresh them all. */
function useInvalidateAfterEventWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      queryClient.invalidateQueries({ queryKey: cattleKeys.all }),
      queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      queryClient.invalidateQueries({ queryKey: kpiKeys.all }),
    ]);
}

/** Record, correct and delete events; each success refreshes what the event changed. */
export function useEventMutations() {
  const invalidate = useInvalidateAfterEventWrite();
  return {
    create: useMutation({ mutationFn: recordEvent, onSuccess: invalidate }),
    update: useMutation({
      mutationFn: ({ eventId, input }: { eventId: number; input: UpdateEventInput }) => updateEvent(eventId, input),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: deleteEvent, onSuccess: invalidate }),
  };
}
