import { createRoute } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { errorResponse, jsonContent } from '../lib/http';
import { auditPageSchema, listAuditQuerySchema } from './audit.schemas';

export const list = createRoute({
  tags: ['Audit'],
  security: [{ bearer: [] }],
  // Staff and owners; a viewer is refused (§23). Staff see only their own rows (audit.index.ts).
  middleware: farmAccess('staff'),
  method: 'get',
  path: '/',
  summary: "The farm's change history, newest first (owner: every row; staff: their own)",
  request: { query: listAuditQuerySchema },
  responses: {
    200: jsonContent(auditPageSchema, 'A page of audit rows'),
    400: errorResponse('Invalid query'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm, or a viewer'),
  },
});
