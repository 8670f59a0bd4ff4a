import { createRoute, z } from '@hono/zod-openapi';
import { errorResponse, jsonContent } from '../lib/http';
import { registrationsCsvQuerySchema, registrationsQuerySchema, registrationsResponseSchema } from './admin.schemas';
import { requireAdmin } from './require-admin';

const tags = ['Admin'];
const authErrors = {
  401: errorResponse('Basic authentication required, or invalid credentials'),
  429: errorResponse('Too many failed sign-in attempts'),
  503: errorResponse('Admin credentials are not configured'),
};

export const listRegistrations = createRoute({
  method: 'get',
  path: '/registrations',
  tags,
  summary: 'Waiting-list registrations, newest first, with filters and paging',
  security: [{ basic: [] }],
  middleware: requireAdmin,
  request: { query: registrationsQuerySchema },
  responses: {
    200: jsonContent(registrationsResponseSchema, 'One page and the total'),
    400: errorResponse('Invalid query'),
    ...authErrors,
  },
});

export const exportRegistrations = createRoute({
  method: 'get',
  path: '/registrations.csv',
  tags,
  summary: 'The same list as registrations.csv (UTF-8 with BOM, CRLF)',
  security: [{ basic: [] }],
  middleware: requireAdmin,
  request: { query: registrationsCsvQuerySchema },
  responses: {
    200: { content: { 'text/csv': { schema: z.string() } }, description: 'registrations.csv' },
    400: errorResponse('Invalid query'),
    ...authErrors,
  },
});
