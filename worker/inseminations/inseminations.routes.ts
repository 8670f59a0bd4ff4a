import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../auth/require-auth';
import { farmAccess } from '../farms/farm-access';
import { errorResponse, jsonContent } from '../lib/http';
import { XLSX_CONTENT_TYPE } from '../lib/xlsx';
import { certificateSchema, registerQuerySchema, registerRowSchema } from './inseminations.schemas';

const common = { tags: ['Inseminations'], security: [{ bearer: [] }] };

export const certificate = createRoute({
  ...common,
  middleware: farmAccess('viewer'),
  method: 'get',
  path: '/{id}/certificate',
  summary: 'The AI certificate (授精証明書) of an INSEMINATION event (docs/product.md §21)',
  request: {
    params: z.object({
      id: z.coerce
        .number({ error: 'イベントIDは正の整数である必要があります' })
        .int()
        .positive('イベントIDは正の整数である必要があります'),
    }),
  },
  responses: {
    200: jsonContent(z.object({ data: certificateSchema }), 'The certificate'),
    400: errorResponse('Not an insemination, or a malformed id'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm'),
    404: errorResponse('No such event on this farm'),
  },
});

export const register = createRoute({
  ...common,
  middleware: requireAuth,
  method: 'get',
  path: '/register',
  summary: 'Your AI register (家畜人工授精簿): every INSEMINATION you recorded on any of your farms, oldest first',
  description: 'JSON without `format`; `format=csv` (UTF-8 with BOM, CRLF) or `format=xlsx` downloads it.',
  request: { query: registerQuerySchema },
  responses: {
    200: {
      content: {
        'application/json': { schema: z.object({ data: z.array(registerRowSchema) }) },
        'text/csv': { schema: z.string() },
        [XLSX_CONTENT_TYPE]: { schema: z.string().openapi({ format: 'binary' }) },
      },
      description: 'The register',
    },
    400: errorResponse('Invalid period or format'),
    401: errorResponse('Not signed in'),
  },
});
