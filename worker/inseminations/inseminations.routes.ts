import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../auth/require-auth';
import { errorResponse } from '../lib/http';
import { XLSX_CONTENT_TYPE } from '../lib/xlsx';
import { registerQuerySchema, registerRowSchema } from './inseminations.schemas';

const common = { tags: ['Inseminations'], security: [{ bearer: [] }] };

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
