import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, authHeaders, toApiError, unwrap } from './client';

type AuditApi = typeof api.audit;
export type AuditRow = InferResponseType<AuditApi['$get'], 200>['data'][number];
export type AuditFilter = InferRequestType<AuditApi['$get']>['query'];
export type TrashItem = InferResponseType<(typeof api.trash)['$get'], 200>['data'][number];

/** Query keys of the change history and the trash (farm data: dropped when another farm is chosen). */
export const historyKeys = {
  all: ['history'] as const,
  audit: (filter: AuditFilter) => [...historyKeys.all, 'audit', filter] as const,
  trash: () => [...historyKeys.all, 'trash'] as const,
};

/** A page of the change history, newest first (owner: the farm's; staff: their own; a viewer is refused). */
export const fetchAuditPage = (filter: AuditFilter, cursor: string, signal?: AbortSignal) =>
  unwrap(api.audit.$get({ query: cursor ? { ...filter, cursor } : filter }, { init: { signal } }));

export const trashQuery = () =>
  queryOptions({
    queryKey: historyKeys.trash(),
    queryFn: ({ signal }) => unwrap(api.trash.$get(undefined, { init: { signal } })).then((r) => r.data),
  });

export const restoreFromTrash = (entity: TrashItem['entity'], id: number) =>
  unwrap(api.trash[':entity'][':id'].restore.$post({ param: { entity, id: String(id) } }));

/** The farm's backup as a file (streamed by the API; a plain link cannot send the token). */
export async function fetchBackup(farmId: number): Promise<Blob> {
  const response = await fetch(`/api/v1/farms/${farmId}/backup`, { headers: authHeaders() });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/**
 * Restores a backup into the farm (which must have no animals): the file as it is, which the API reads as it arrives
 * and checks row by row (a farm of 8,000 head is about 100 MB, not parsed on the phone).
 */
export async function restoreBackup(farmId: number, file: Blob): Promise<Record<string, number>> {
  const response = await fetch(`/api/v1/farms/${farmId}/restore`, {
    method: 'POST',
    headers: { ...authHeaders(), 'Content-Type': 'application/json' },
    body: file,
  });
  if (!response.ok) throw await toApiError(response);
  return ((await response.json()) as { data: { counts: Record<string, number> } }).data.counts;
}
