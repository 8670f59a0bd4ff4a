import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { createIdempotentRoute } from '../db/idempotency';
import { csvContent, errorResponse, jsonBody, jsonContent, xlsxContent } from '../lib/http';
import {
  cattleDetailSchema,
  cattleListPageSchema,
  cattleViewSchema,
  createCattleSchema,
  earTagWarningsSchema,
  listCattleQuerySchema,
  rosterSchema,
  statusChangeSchema,
  statusCountsSchema,
  statusHistoryEntrySchema,
  updateCattleSchema,
} from './cattle.schemas';

const common = { tags: ['Cattle'], security: [{ bearer: [] }], middleware: farmAccess() };
/** Every farm-data route: signed in, and a member of the farm whose role allows the call. */
const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
};
const idParam = z.object({
  id: z.coerce
    .number({ error: '牛のIDは正の整数である必要があります' })
    .int('牛のIDは正の整数である必要があります')
    .positive('牛のIDは正の整数である必要があります'),
});
const notFoundOr401 = { 401: errorResponse('Not signed in'), 404: errorResponse('No such animal of yours') };

export const list = createRoute({
  ...common,
  method: 'get',
  path: '/',
  summary: 'Search the herd (cursor paging)',
  request: { query: listCattleQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(
      z.object({
        data: cattleListPageSchema,
      }),
      'A page of animals',
    ),
    400: errorResponse('Invalid query'),
  },
});

export const statusCounts = createRoute({
  ...common,
  method: 'get',
  path: '/status-counts',
  summary: 'Number of animals per status (all seven, zeros included)',
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: statusCountsSchema }), 'Counts'),
  },
});

export const roster = createRoute({
  ...common,
  method: 'get',
  path: '/roster',
  summary: 'Every animal not shipped or dead, in a few fields, for the phone to keep (§20); If-None-Match → 304',
  responses: {
    ...memberErrors,
    200: {
      ...jsonContent(rosterSchema, 'The roster, with its ETag'),
      headers: z.object({ ETag: z.string() }),
    },
    304: { description: 'Not modified: the ETag sent is still the roster', headers: z.object({ ETag: z.string() }) },
  },
});

export const exportCsv = createRoute({
  ...common,
  method: 'get',
  path: '/export.csv',
  summary: 'The whole register as CSV (UTF-8 with BOM, for Excel)',
  responses: { ...memberErrors, 200: csvContent('牛台帳_YYYY-MM-DD.csv') },
});

export const exportXlsx = createRoute({
  ...common,
  method: 'get',
  path: '/export.xlsx',
  summary: 'The whole register as an Excel workbook (sheet 牛台帳; IDs and ear tags as text, so leading zeros stay)',
  responses: { ...memberErrors, 200: xlsxContent('牛台帳_YYYYMMDD.xlsx') },
});

export const detail = createRoute({
  ...common,
  method: 'get',
  path: '/{id}',
  summary: 'One animal with breeding status, bloodline, mother, summary and its latest events',
  request: { params: idParam },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: cattleDetailSchema }), 'The animal'),
    400: errorResponse('Invalid id'),
    ...notFoundOr401,
  },
});

export const create = createIdempotentRoute({
  ...common,
  method: 'post',
  path: '/',
  summary: 'Register an animal (with optional bloodline, mother and initial breeding values)',
  request: { body: jsonBody(createCattleSchema) },
  responses: {
    ...memberErrors,
    201: jsonContent(z.object({ data: cattleDetailSchema, warnings: earTagWarningsSchema }), 'Registered'),
    400: errorResponse('Invalid input'),
    409: errorResponse('Identification number already registered'),
  },
});

export const update = createRoute({
  ...common,
  method: 'patch',
  path: '/{id}',
  summary: 'Change an animal',
  request: { params: idParam, body: jsonBody(updateCattleSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: cattleDetailSchema, warnings: earTagWarningsSchema }), 'Changed'),
    400: errorResponse('Invalid input'),
    409: errorResponse('Identification number already registered'),
    ...notFoundOr401,
  },
});

export const remove = createRoute({
  ...common,
  middleware: farmAccess('owner'),
  method: 'delete',
  path: '/{id}',
  summary: 'Delete an animal with its events, alerts, breeding rows and plans',
  request: { params: idParam },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ success: z.literal(true), message: z.string() }), 'Deleted'),
    400: errorResponse('Invalid id'),
    ...notFoundOr401,
  },
});

export const changeStatus = createRoute({
  ...common,
  method: 'patch',
  path: '/{id}/status',
  summary: 'Change the status with a reason (kept in the status history)',
  request: { params: idParam, body: jsonBody(statusChangeSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: cattleViewSchema }), 'Changed'),
    400: errorResponse('Invalid status'),
    ...notFoundOr401,
  },
});

export const history = createRoute({
  ...common,
  method: 'get',
  path: '/{id}/status-history',
  summary: 'Status changes, newest first',
  request: { params: idParam },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: z.array(statusHistoryEntrySchema) }), 'History'),
    400: errorResponse('Invalid id'),
    ...notFoundOr401,
  },
});
