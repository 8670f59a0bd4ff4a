import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { ZodError } from 'zod';
import type { AppEnv } from '../env';
import { errorBodySchema } from './error-body';
import { fieldErrors } from './errors';
import { XLSX_CONTENT_TYPE } from './xlsx';

/**
 * A Hono router whose request validation answers with the API's 400 (docs/product.md §19): the first failing
 * field's message, and every field under `issues`. `bodyErrorCode` replaces VALIDATION_ERROR for body errors only
 * (shipments answer INVALID_SHIPMENT_DATA).
 */
export function createRouter(options: { bodyErrorCode?: string } = {}) {
  return new OpenAPIHono<AppEnv>({
    strict: false,
    defaultHook: (result) => {
      if (result.success) return;
      const code = result.target === 'json' ? options.bodyErrorCode : undefined;
      throw fieldErrors((result.error as ZodError).issues, { code });
    },
  });
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true as const,
});

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** A 200 that is a CSV file (worker/lib/csv.ts), not JSON. */
export const csvContent = (description: string) => ({ content: { 'text/csv': { schema: z.string() } }, description });

/** A 200 that is an Excel workbook (worker/lib/xlsx.ts), not JSON. */
export const xlsxContent = (description: string) => ({
  content: { [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: 'binary' }) } },
  description,
});

/**
 * An error answer in a route's contract: the one body shape, with what the status means on that route. Here, not in
 * error-body.ts: the web app imports that file for the body's schema and must not pull in the OpenAPI library.
 */
export const errorResponse = (description: string) => jsonContent(errorBodySchema, description);

/**
 * A 200 JSON answer written as a stream (a backup, a row at a time) rather than by `c.json`, typed as the route's JSON
 * answer of `schema` so the handler needs no cast.
 */
export const streamedJson = <S extends z.ZodType>(
  _schema: S,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string>,
) =>
  new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  }) as Response & TypedResponse<JSONParsed<z.output<S>>, 200, 'json'>;
