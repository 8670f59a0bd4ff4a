import { queryOptions } from '@tanstack/react-query';
import type { mothersQuerySchema } from '@worker/shipments/shipments.schemas';
import type { InferRequestType, InferResponseType } from 'hono/client';
import type { z } from 'zod';
import { api, unwrap } from './client';
import { apiFetchFile, downloadBlob } from './download';

type ShipmentsApi = typeof api.shipments;

type ShipmentListPage = InferResponseType<ShipmentsApi['$get'], 200>['data'];
export type ShipmentListItem = ShipmentListPage['results'][number];
export type PlanListItem = InferResponseType<ShipmentsApi['plans']['$get'], 200>['data']['results'][number];
type PriceStats = InferResponseType<ShipmentsApi['price-stats']['$get'], 200>['data'];
export type MonthlyStat = PriceStats['monthlyStats'][number];
export type MotherGroup = InferResponseType<ShipmentsApi['mothers']['list']['$get'], 200>['data']['mothers'][number];
export type SireStat = InferResponseType<ShipmentsApi['sire-stats']['$get'], 200>['data'][number];

export type CreateShipmentInput = InferRequestType<ShipmentsApi['$post']>['json'];
export type UpdateShipmentInput = InferRequestType<ShipmentsApi[':shipmentId']['$put']>['json'];
export type CreatePlanInput = InferRequestType<ShipmentsApi['plans']['$post']>['json'];

/** A period of shipment dates (YYYY-MM-DD); an empty end is open. */
export interface ShipmentPeriod {
  from?: string;
  to?: string;
}

export interface ShipmentListParams extends ShipmentPeriod {
  cattleId?: number;
  page?: number;
  limit?: number;
}

export interface PlanListParams {
  month?: string;
  cattleId?: number;
}

/** The mothers list's page, order and filter: the request schema's values after its defaults. */
export type MothersParams = z.output<typeof mothersQuerySchema>;

/** Query keys of the shipments resource: everything under ['shipments'] is refetched after a shipment or plan changes. */
export const shipmentKeys = {
  all: ['shipments'] as const,
  list: (params: ShipmentListParams) => [...shipmentKeys.all, 'list', params] as const,
  plans: (params: PlanListParams) => [...shipmentKeys.all, 'plans', params] as const,
  priceStats: (period: ShipmentPeriod) =>
    [...shipmentKeys.all, 'price-stats', period.from ?? null, period.to ?? null] as const,
  mothers: (params: MothersParams) => [...shipmentKeys.all, 'mothers', params] as const,
  sires: () => [...shipmentKeys.all, 'sire-stats'] as const,
};

/** Query parameters as the API reads them: strings, empty values left out. */
function toQuery(params: object): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query[key] = String(value);
  return query;
}

export const shipmentsQuery = (params: ShipmentListParams = {}) =>
  queryOptions({
    queryKey: shipmentKeys.list(params),
    queryFn: ({ signal }) =>
      unwrap(api.shipments.$get({ query: toQuery(params) }, { init: { signal } })).then((r) => r.data),
  });

export const plansQuery = (params: PlanListParams = {}) =>
  queryOptions({
    queryKey: shipmentKeys.plans(params),
    queryFn: ({ signal }) =>
      unwrap(api.shipments.plans.$get({ query: toQuery({ ...params, limit: 100 }) }, { init: { signal } })).then(
        (r) => r.data,
      ),
  });

export const priceStatsQuery = (period: ShipmentPeriod) =>
  queryOptions({
    queryKey: shipmentKeys.priceStats(period),
    queryFn: ({ signal }) =>
      unwrap(api.shipments['price-stats'].$get({ query: toQuery(period) }, { init: { signal } })).then((r) => r.data),
  });

export const mothersQuery = (params: MothersParams) =>
  queryOptions({
    queryKey: shipmentKeys.mothers(params),
    queryFn: ({ signal }) =>
      unwrap(
        api.shipments.mothers.list.$get(
          {
            query: {
              page: String(params.page),
              limit: String(params.limit),
              sortBy: params.sortBy,
              sortOrder: params.sortOrder,
              ...(params.filterBy && params.filterValue
                ? { filterBy: params.filterBy, filterValue: params.filterValue }
                : {}),
            },
          },
          { init: { signal } },
        ),
      ).then((r) => r.data),
  });

/** Shipped calves by sire with their carcass figures, best first (§9.3). */
export const sireStatsQuery = () =>
  queryOptions({
    queryKey: shipmentKeys.sires(),
    queryFn: ({ signal }) =>
      unwrap(api.shipments['sire-stats'].$get(undefined, { init: { signal } })).then((r) => r.data),
  });

/** Records a shipment, or keeps it in the offline queue when there is no signal (`{ queued: true }`). */
export const recordShipment = (input: CreateShipmentInput) =>
  import('./queue').then(async ({ createOrQueue, isQueued }) => {
    const r = await createOrQueue<InferResponseType<ShipmentsApi['$post'], 201>>('shipment', input);
    return isQueued(r) ? r : r.data;
  });

export const updateShipment = (shipmentId: string, input: UpdateShipmentInput) =>
  unwrap(api.shipments[':shipmentId'].$put({ param: { shipmentId }, json: input })).then((r) => r.data);

export const deleteShipment = (shipmentId: string) =>
  unwrap(api.shipments[':shipmentId'].$delete({ param: { shipmentId } }));

export const createPlan = (input: CreatePlanInput) =>
  unwrap(api.shipments.plans.$post({ json: input })).then((r) => r.data);

export const movePlan = (cattleId: number, plannedShipmentMonth: string) =>
  unwrap(
    api.shipments.plans[':cattleId'].$put({ param: { cattleId: String(cattleId) }, json: { plannedShipmentMonth } }),
  ).then((r) => r.data);

export const cancelPlan = (cattleId: number) =>
  unwrap(api.shipments.plans[':cattleId'].$delete({ param: { cattleId: String(cattleId) } }));

/**
 * Fetches the CSV (for machines) or the Excel workbook with the bearer token (a plain link could not send it) and
 * saves it under the server's file name.
 */
export async function downloadShipments(period: ShipmentPeriod, format: 'csv' | 'xlsx') {
  const query = new URLSearchParams(toQuery(period)).toString();
  const { blob, filename } = await apiFetchFile(`/shipments/export.${format}${query ? `?${query}` : ''}`);
  downloadBlob(blob, filename ?? `shipments.${format}`);
}
