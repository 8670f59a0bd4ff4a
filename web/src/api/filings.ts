/**
 * The paperwork of docs/product.md §21: NLBC filings, the census, the AI certificate and register, the farm's farmer
 * code and the inseminator's licence, through the typed client.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { FilingKind } from '@worker/domain/filings';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap } from './client';

export type Filing = InferResponseType<(typeof api.filings)['$get'], 200>['data'][number];
export type FilingStatus = Filing['status'];
export type MarkFilingsInput = InferRequestType<(typeof api.filings.mark)['$post']>['json'];
export type FarmPatch = InferRequestType<(typeof api.farms)[':farmId']['$patch']>['json'];

export const filingKeys = {
  all: ['filings'] as const,
  list: (kind: FilingKind, status: FilingStatus) => [...filingKeys.all, 'list', kind, status] as const,
  census: (date: string | null) => ['reports', 'census', date] as const,
  certificate: (eventId: number) => ['certificate', eventId] as const,
};

/** The farm's filings of one kind and status, oldest due first, page by page. */
export const filingsQuery = (kind: FilingKind, status: FilingStatus) =>
  infiniteQueryOptions({
    queryKey: filingKeys.list(kind, status),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        api.filings.$get(
          { query: { kind, status, limit: '100', ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const markFilings = (input: MarkFilingsInput) =>
  unwrap(api.filings.mark.$post({ json: input })).then((r) => r.data);

export const censusQuery = (date: string | null) =>
  queryOptions({
    queryKey: filingKeys.census(date),
    queryFn: ({ signal }) =>
      unwrap(api.reports.census.$get({ query: date ? { date } : {} }, { init: { signal } })).then((r) => r.data),
  });

export const certificateQuery = (eventId: number) =>
  queryOptions({
    queryKey: filingKeys.certificate(eventId),
    queryFn: ({ signal }) =>
      unwrap(api.events[':id'].certificate.$get({ param: { id: String(eventId) } }, { init: { signal } })).then(
        (r) => r.data,
      ),
  });

export const patchFarm = (farmId: number, input: FarmPatch) =>
  unwrap(api.farms[':farmId'].$patch({ param: { farmId: String(farmId) }, json: input })).then((r) => r.data);

export const saveLicense = (inseminatorLicense: string | null) =>
  unwrap(api.users.me.$patch({ json: { inseminatorLicense } })).then((r) => r.data);
