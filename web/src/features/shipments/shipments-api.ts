import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePlanInput,
  CreateShipmentInput,
  MotherGroup,
  MothersQuery,
  PlanListItem,
  PriceStats,
  Shipment,
  ShipmentListItem,
  ShipmentPlan,
  UpdateShipmentInput,
} from '@worker/shipments/shipments.schemas';
import { apiFetch } from '../../lib/api';
import { apiFetchFile, downloadBlob } from '../../lib/download';

type Page<T> = { results: T[]; total: number; page: number; limit: number };

const queryString = (params: Record<string, string | number | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const shipmentsQuery = (
  params: { from?: string; to?: string; cattleId?: number; page?: number; limit?: number } = {},
) =>
  queryOptions({
    queryKey: ['shipments', 'list', params],
    queryFn: ({ signal }) =>
      apiFetch<{ data: Page<ShipmentListItem> }>(`/shipments${queryString(params)}`, { signal }).then((r) => r.data),
  });

export const plansQuery = (params: { month?: string; cattleId?: number } = {}) =>
  queryOptions({
    queryKey: ['shipments', 'plans', params],
    queryFn: ({ signal }) =>
      apiFetch<{ data: Page<PlanListItem> }>(
        `/shipments/plans${queryString({ month: params.month, cattleId: params.cattleId, limit: 100 })}`,
        { signal },
      ).then((r) => r.data),
  });

export const priceStatsQuery = (period: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: ['shipments', 'stats', period.from ?? null, period.to ?? null],
    queryFn: ({ signal }) =>
      apiFetch<{ data: PriceStats }>(`/shipments/price-stats${queryString(period)}`, { signal }).then((r) => r.data),
  });

export const mothersQuery = (query: MothersQuery) =>
  queryOptions({
    queryKey: ['shipments', 'mothers', query],
    queryFn: ({ signal }) =>
      apiFetch<{ data: { mothers: MotherGroup[]; total: number; page: number; limit: number } }>(
        `/shipments/mothers/list${queryString(query as Record<string, string | number | undefined>)}`,
        { signal },
      ).then((r) => r.data),
  });

/** An animal in the herd as the cattle search returns it (only the fields these screens use). */
export interface HerdAnimal {
  cattleId: number;
  name: string | null;
  earTagNumber: number | null;
  identificationNumber: number;
  gender: string | null;
  growthStage: string | null;
  status: string;
  birthday: string | null;
  monthsOld?: number | null;
}

export const herdAnimalQuery = (cattleId: number) =>
  queryOptions({
    queryKey: ['cattle', 'detail', cattleId],
    queryFn: ({ signal }) => apiFetch<{ data: HerdAnimal }>(`/cattle/${cattleId}`, { signal }).then((r) => r.data),
  });

/** Every shipment change also changes the animal (status) and the figures: refresh them all. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['shipments'] }),
      queryClient.invalidateQueries({ queryKey: ['cattle'] }),
    ]);
}

export function useShipmentMutations() {
  const invalidate = useInvalidate();
  return {
    create: useMutation({
      mutationFn: (input: CreateShipmentInput) =>
        apiFetch<{ data: Shipment }>('/shipments', { method: 'POST', body: input }),
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ shipmentId, input }: { shipmentId: string; input: UpdateShipmentInput }) =>
        apiFetch<{ data: Shipment }>(`/shipments/${encodeURIComponent(shipmentId)}`, { method: 'PUT', body: input }),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (shipmentId: string) =>
        apiFetch(`/shipments/${encodeURIComponent(shipmentId)}`, { method: 'DELETE' }),
      onSuccess: invalidate,
    }),
  };
}

export function usePlanMutations() {
  const invalidate = useInvalidate();
  return {
    create: useMutation({
      mutationFn: (input: CreatePlanInput) =>
        apiFetch<{ data: ShipmentPlan }>('/shipments/plans', { method: 'POST', body: input }),
      onSuccess: invalidate,
    }),
    move: useMutation({
      mutationFn: ({ cattleId, plannedShipmentMonth }: { cattleId: number; plannedShipmentMonth: string }) =>
        apiFetch<{ data: ShipmentPlan }>(`/shipments/plans/${cattleId}`, {
          method: 'PUT',
          body: { plannedShipmentMonth },
        }),
      onSuccess: invalidate,
    }),
    cancel: useMutation({
      mutationFn: (cattleId: number) => apiFetch(`/shipments/plans/${cattleId}`, { method: 'DELETE' }),
      onSuccess: invalidate,
    }),
  };
}

/** Fetches the CSV with the bearer token (a plain link could not send it) and saves it under the server's file name. */
export async function downloadShipmentsCsv(period: { from?: string; to?: string }) {
  const { blob, filename } = await apiFetchFile(`/shipments/export.csv${queryString(period)}`);
  downloadBlob(blob, filename ?? 'shipments.csv');
}

export const yen = (value: number | null | undefined, locale: string) =>
  value === null || value === undefined
    ? '—'
    : locale === 'en'
      ? `¥${value.toLocaleString('en-US')}`
      : `${value.toLocaleString('ja-JP')}円`;

/** 万円 with one decimal: how farmers talk about cattle prices. */
export const manYen = (value: number | null | undefined, locale: string) =>
  value === null || value === undefined
    ? '—'
    : locale === 'en'
      ? `¥${Math.round(value / 1000).toLocaleString('en-US')}k`
      : `${(value / 10_000).toFixed(1)}万円`;

export const monthLabel = (month: string, locale: string) => {
  const [y, m] = month.split('-');
  return locale === 'en' ? `${y}-${m}` : `${y}年${Number(m)}月`;
};

export const animalLabel = (a: {
  cattleName?: string | null;
  name?: string | null;
  earTagNumber: number | null;
  identificationNumber?: number;
}) => {
  const name = a.cattleName ?? a.name ?? '';
  const tag = a.earTagNumber ? `#${a.earTagNumber}` : a.identificationNumber ? String(a.identificationNumber) : '';
  return [tag, name].filter(Boolean).join(' ');
};
