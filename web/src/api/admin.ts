import { queryOptions } from '@tanstack/react-query';
import { addDays, jstStartOfDay } from '@worker/domain/calendar';
import type { ClientRequestOptions, InferRequestType, InferResponseType } from 'hono/client';
import { ApiError, api, toApiError, unwrap } from './client';

type AdminApi = typeof api.admin;
type RegistrationsQuery = InferRequestType<AdminApi['registrations']['$get']>['query'];

type RegistrationsPage = InferResponseType<AdminApi['registrations']['$get'], 200>['data'];
export type Registration = RegistrationsPage['items'][number];

const STORAGE_KEY = 'ushicho.admin.basic';

/** The Basic header value, kept for this browser tab only. */
export const adminCredentials = {
  get: (): string | null => {
    try {
      return sessionStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set: (header: string) => sessionStorage.setItem(STORAGE_KEY, header),
  clear: () => sessionStorage.removeItem(STORAGE_KEY),
};

export const basicHeader = (user: string, password: string) =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${user}:${password}`)))}`;

export interface RegistrationFilters {
  q?: string;
  source?: string;
  /** JST calendar dates, both inclusive. */
  from?: string;
  to?: string;
}

/** Query keys of the admin area. The credentials are part of the key: another admin never sees a cached page. */
export const adminKeys = {
  all: ['admin'] as const,
  registrations: (authorization: string, filters: RegistrationFilters, page: number) =>
    [...adminKeys.all, 'registrations', authorization, filters, page] as const,
};

/** The API query: dates become epoch seconds covering whole JST days. */
function registrationsQuery(filters: RegistrationFilters, page?: { limit: number; offset: number }) {
  const query: RegistrationsQuery = {};
  if (filters.q) query.q = filters.q;
  if (filters.source) query.source = filters.source;
  if (filters.from) query.from = String(jstStartOfDay(filters.from).getTime() / 1000);
  if (filters.to) query.to = String(jstStartOfDay(addDays(filters.to, 1)).getTime() / 1000 - 1);
  if (page) {
    query.limit = String(page.limit);
    query.offset = String(page.offset);
  }
  return query;
}

/**
 * Admin calls carry the Basic header instead of the farmer's token, so they bypass the client's signed-in fetch
 * (which would put the Bearer token over it and sign the farmer out on the admin's 401). `credentials: 'omit'`
 * keeps the browser from answering the Basic challenge of a 401 with its own login dialog.
 */
async function adminFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, { ...init, credentials: 'omit' });
  } catch (err) {
    if (err instanceof Error && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', 'network');
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

const asAdmin = (authorization: string, signal?: AbortSignal): ClientRequestOptions => ({
  fetch: adminFetch,
  headers: { Authorization: authorization },
  init: { signal },
});

const fetchRegistrations = (query: RegistrationsQuery, authorization: string, signal?: AbortSignal) =>
  unwrap(api.admin.registrations.$get({ query }, asAdmin(authorization, signal))).then((r) => r.data);

export const registrationsListQuery = (
  authorization: string,
  filters: RegistrationFilters,
  page: number,
  size: number,
) =>
  queryOptions({
    queryKey: adminKeys.registrations(authorization, filters, page),
    queryFn: ({ signal }) =>
      fetchRegistrations(
        registrationsQuery(filters, { limit: size, offset: (page - 1) * size }),
        authorization,
        signal,
      ),
  });

/** Signs in by asking for one registration: an ApiError 401 when the credentials are wrong. */
export const checkAdminCredentials = (authorization: string) =>
  fetchRegistrations({ limit: '1' }, authorization).then(() => authorization);

/** The list as registrations.csv (the same filters, every page): fetched with the header a plain link could not send. */
export async function fetchRegistrationsCsv(filters: RegistrationFilters, authorization: string): Promise<Blob> {
  const response = await api.admin['registrations.csv'].$get(
    { query: registrationsQuery(filters) },
    asAdmin(authorization),
  );
  return response.blob();
}
