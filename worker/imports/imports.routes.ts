import { z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { createIdempotentRoute } from '../db/idempotency';
import { errorBodySchema } from '../lib/error-body';
import { errorResponse, jsonContent } from '../lib/http';
import { importQuerySchema, importReportSchema } from './imports.schemas';

/** A file with rows in error answers the report beside the error. */
const invalidRows = errorBodySchema.extend({ data: importReportSchema.optional() });

export const importCattle = createIdempotentRoute({
  tags: ['Import'],
  security: [{ bearer: [] }],
  // Bringing a herd in writes animals: staff and owners.
  middleware: farmAccess('staff'),
  method: 'post',
  path: '/cattle',
  summary: 'Preview or import a herd file (CSV, UTF-8 or Shift_JIS, up to 2 MB and 5,000 rows)',
  request: {
    query: importQuerySchema,
    body: {
      content: { 'text/csv': { schema: z.string().openapi({ format: 'binary' }) } },
      required: true,
    },
  },
  responses: {
    200: jsonContent(z.object({ data: importReportSchema }), 'The report; with dryRun=false the herd is written'),
    400: jsonContent(
      invalidRows,
      'A file that cannot be read (IMPORT_FILE_INVALID), or rows in error (IMPORT_INVALID, the report in data)',
    ),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm, or a viewer'),
    409: errorResponse('A number registered meanwhile'),
    413: errorResponse('More than 2 MB'),
  },
});
