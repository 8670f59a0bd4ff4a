/** The pens' contract (docs/product.md §26): owners and staff write, viewers read. */
import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { createIdempotentRoute } from '../db/idempotency';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import { createPenSchema, penDetailSchema, penIdParam, penViewSchema, updatePenSchema } from './pens.schemas';

const common = { tags: ['Pens'], security: [{ bearer: [] }], middleware: farmAccess() };
const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
};

export const listPens = createRoute({
  ...common,
  method: 'get',
  path: '/',
  summary: "The farm's pens with their head counts and growth stages",
  responses: { ...memberErrors, 200: jsonContent(z.object({ data: z.array(penViewSchema) }), 'Pens, in order') },
});

export const getPen = createRoute({
  ...common,
  method: 'get',
  path: '/{id}',
  summary: 'One pen with its animals and their mean recent daily gain',
  request: { params: penIdParam },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: penDetailSchema }), 'The pen'),
    400: errorResponse('Invalid id'),
    404: errorResponse('PEN_NOT_FOUND'),
  },
});

export const createPen = createIdempotentRoute({
  ...common,
  method: 'post',
  path: '/',
  summary: 'Create a pen',
  request: { body: jsonBody(createPenSchema) },
  responses: {
    ...memberErrors,
    201: jsonContent(z.object({ data: penViewSchema }), 'Created'),
    400: errorResponse('Invalid pen'),
    409: errorResponse('DUPLICATE_PEN_NAME'),
  },
});

export const updatePen = createRoute({
  ...common,
  method: 'patch',
  path: '/{id}',
  summary: 'Rename a pen, or change its barn, capacity or order',
  request: { params: penIdParam, body: jsonBody(updatePenSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: penViewSchema }), 'Updated'),
    400: errorResponse('Invalid pen'),
    404: errorResponse('PEN_NOT_FOUND'),
    409: errorResponse('DUPLICATE_PEN_NAME'),
  },
});

export const deletePen = createRoute({
  ...common,
  method: 'delete',
  path: '/{id}',
  summary: 'Delete a pen with no animals',
  request: { params: penIdParam },
  responses: {
    ...memberErrors,
    204: { description: 'Deleted' },
    400: errorResponse('Invalid id'),
    404: errorResponse('PEN_NOT_FOUND'),
    409: errorResponse('PEN_NOT_EMPTY'),
  },
});
