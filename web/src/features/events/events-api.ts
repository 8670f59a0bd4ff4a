import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleKind } from '@worker/domain/breeding-schedule';
import type { AnimalState, CreateEventInput, EventView, UpdateEventInput } from '@worker/events/events.schemas';
import { apiFetch } from '../../lib/api';

export type { AnimalState, EventView };

export interface AnimalChoice {
  cattleId: number;
  name: string | null;
  earTagNumber: number | null;
  identificationNumber?: number | null;
}

export interface EventFilters {
  cattleId?: number;
  eventType?: string;
  category?: string;
  startDate?: string;
  endDate?: string;
}

export interface ScheduleItem {
  date: string;
  kind: ScheduleKind;
  cattleId: number;
  cattleName: string | null;
  cattleEarTagNumber: number | null;
}

export interface PlannedShipment {
  cattleId: number;
  cattleName: string | null;
  earTagNumber: number | null;
  plannedShipmentMonth: string;
}

const queryString = (params: Record<string, string | number | undefined>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== '') as [string, string | number][];
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : '';
};

export const animalQuery = (cattleId: number) =>
  queryOptions({
    queryKey: ['cattle', 'detail', cattleId],
    queryFn: ({ signal }) => apiFetch<{ data: AnimalChoice }>(`/cattle/${cattleId}`, { signal }).then((r) => r.data),
  });

export const eventsLogQuery = (filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: ['events', 'log', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<{ data: { results: EventView[]; nextCursor: number | null; hasNext: boolean; totalCount: number } }>(
        `/events${queryString({ ...filters, cursor: pageParam, limit: 30 })}`,
        { signal },
      ).then((r) => r.data),
    getNextPageParam: (last) => (last.hasNext ? (last.nextCursor ?? undefined) : undefined),
  });

export const cattleEventsQuery = (cattleId: number) =>
  queryOptions({
    queryKey: ['events', 'cattle', cattleId],
    queryFn: ({ signal }) =>
      apiFetch<{ data: { results: EventView[] } }>(`/events/cattle/${cattleId}`, { signal }).then(
        (r) => r.data.results,
      ),
  });

export const scheduleQuery = (month: string) =>
  queryOptions({
    queryKey: ['events', 'schedule', month],
    queryFn: ({ signal }) =>
      apiFetch<{ data: { month: string; items: ScheduleItem[] } }>(`/events/schedule${queryString({ month })}`, {
        signal,
      }).then((r) => r.data.items),
  });

/** Planned shipments of a month, read defensively: the shipments API is another feature's. */
export const plannedShipmentsQuery = (month: string) =>
  queryOptions({
    queryKey: ['shipments', 'plans', { month }],
    queryFn: async ({ signal }) => {
      const body = await apiFetch<{ data?: { results?: unknown[]; items?: unknown[] } | unknown[] }>(
        `/shipments/plans${queryString({ month, limit: 100 })}`,
        { signal },
      );
      const rows = (Array.isArray(body.data) ? body.data : (body.data?.results ?? body.data?.items ?? [])) as Record<
        string,
        unknown
      >[];
      return rows
        .filter((r) => typeof r.cattleId === 'number' && r.plannedShipmentMonth === month)
        .map(
          (r): PlannedShipment => ({
            cattleId: r.cattleId as number,
            cattleName: (r.cattleName ?? r.name ?? null) as string | null,
            earTagNumber: (r.earTagNumber ?? r.cattleEarTagNumber ?? null) as number | null,
            plannedShipmentMonth: month,
          }),
        );
    },
    retry: false,
  });

type Saved = { data: EventView; animal: AnimalState };

/** Event writes change the animal, its breeding state, the schedule and alerts: refresh them all. */
function useInvalidateAfterEventWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['events'] }),
      queryClient.invalidateQueries({ queryKey: ['cattle'] }),
      queryClient.invalidateQueries({ queryKey: ['alerts'] }),
      queryClient.invalidateQueries({ queryKey: ['home'] }),
    ]);
}

export function useEventMutations() {
  const invalidate = useInvalidateAfterEventWrite();
  return {
    create: useMutation({
      mutationFn: (input: CreateEventInput) => apiFetch<Saved>('/events', { method: 'POST', body: input }),
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ eventId, input }: { eventId: number; input: UpdateEventInput }) =>
        apiFetch<Saved>(`/events/${eventId}`, { method: 'PATCH', body: input }),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (eventId: number) => apiFetch<void>(`/events/${eventId}`, { method: 'DELETE' }),
      onSuccess: invalidate,
    }),
  };
}

export const animalLabel = (a: { name: string | null; earTagNumber: number | null }, unnamed: string) =>
  [a.earTagNumber != null ? `#${a.earTagNumber}` : null, a.name ?? unnamed].filter(Boolean).join(' ');
