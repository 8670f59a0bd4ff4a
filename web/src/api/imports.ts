import type { InferResponseType } from 'hono/client';
import { ApiError, api, toApiError } from './client';

type ImportsApi = typeof api.imports;

/** The API's report on a herd file: its encoding, its columns, and what each row would do (or did). */
export type ImportReport = InferResponseType<ImportsApi['cattle']['$post'], 200>['data'];
export type ImportRow = ImportReport['rows'][number];
export type ImportAction = ImportRow['action'];
export type ImportRowValues = ImportRow['values'];

/** The largest file the API takes (worker/imports/imports.service.ts MAX_IMPORT_BYTES). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** An import refused because some rows are in error (IMPORT_INVALID): nothing was written; `report` says which rows. */
export class ImportRejectedError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly report: ImportReport,
  ) {
    super(status, code, message);
  }
}

const isReport = (value: unknown): value is ImportReport =>
  typeof value === 'object' && value !== null && Array.isArray((value as ImportReport).rows);

/**
 * Sends a herd file's raw bytes as they are (the API finds UTF-8 or Shift_JIS itself): `dryRun` only previews,
 * otherwise every row is written or none — or, with `skipInvalid`, every valid row while the rows in error are left
 * out. The typed client carries the token, the farm and a renewed session; the body goes through its `init` because
 * a raw body is not one of the shapes it types.
 */
async function sendHerdFile(
  file: Blob,
  { dryRun, skipInvalid = false, signal }: { dryRun: boolean; skipInvalid?: boolean; signal?: AbortSignal },
) {
  const response = await api.imports.cattle.$post(
    { query: { dryRun: dryRun ? 'true' : 'false', skipInvalid: skipInvalid ? 'true' : 'false' } },
    { init: { body: file, headers: { 'Content-Type': 'text/csv' }, signal } },
  );
  if (response.ok) return (await response.json()).data;
  const raw = response as unknown as Response;
  const body = (await raw
    .clone()
    .json()
    .catch(() => null)) as { data?: unknown } | null;
  const error = await toApiError(raw);
  if (isReport(body?.data)) throw new ImportRejectedError(error.status, error.code, error.message, body.data);
  throw error;
}

/** Previews a herd file: nothing is written. */
export const previewHerdFile = (file: Blob, signal?: AbortSignal) => sendHerdFile(file, { dryRun: true, signal });

/**
 * Imports a herd file: all rows or, when any is in error, none (ImportRejectedError with the report); with
 * `skipInvalid`, the valid rows and not the rows in error.
 */
export const importHerdFile = (file: Blob, { skipInvalid = false }: { skipInvalid?: boolean } = {}) =>
  sendHerdFile(file, { dryRun: false, skipInvalid });
