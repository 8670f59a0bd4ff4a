import type { RegistrationsResponse } from '@worker/admin/admin.schemas';
import { addDays, jstStartOfDay } from '@worker/domain/calendar';
import type { ErrorBody } from '@worker/lib/error-body';
import { ApiError } from '../../lib/api';
import { downloadBlob } from '../../lib/download';

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

/** The API query: dates become epoch seconds covering whole JST days. */
export function registrationsQuery(filters: RegistrationFilters, page?: { limit: number; offset: number }) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.source) params.set('source', filters.source);
  if (filters.from) params.set('from', String(jstStartOfDay(filters.from).getTime() / 1000));
  if (filters.to) params.set('to', String(jstStartOfDay(addDays(filters.to, 1)).getTime() / 1000 - 1));
  if (page) {
    params.set('limit', String(page.limit));
    params.set('offset', String(page.offset));
  }
  return params.toString();
}

/**
 * Admin calls carry the Basic header themselves. `credentials: 'omit'` keeps the browser from answering the
 * Basic challenge of a 401 with its own login dialog.
 */
async function adminRequest(path: string, authorization: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/admin${path}`, { headers: { Authorization: authorization }, credentials: 'omit' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'network');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new ApiError(
      response.status,
      body?.error.code ?? 'HTTP_ERROR',
      body?.error.message ?? response.statusText,
      body?.error.field,
      body?.error.issues,
    );
  }
  return response;
}

export const fetchRegistrations = (query: string, authorization: string) =>
  adminRequest(`/registrations?${query}`, authorization)
    .then((r) => r.json() as Promise<RegistrationsResponse>)
    .then((r) => r.data);

/** Fetches the CSV with the header (a plain link could not send it) and saves it as registrations.csv. */
export async function downloadRegistrationsCsv(query: string, authorization: string) {
  const blob = await (await adminRequest(`/registrations.csv?${query}`, authorization)).blob();
  downloadBlob(blob, 'registrations.csv');
}
