import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { createIdempotentRoute } from '../db/idempotency';
import { csvContent, errorResponse, jsonBody, jsonContent, xlsxContent } from '../lib/http';
import {
  cattleIdSchema,
  createPlanSchema,
  createShipmentSchema,
  listPlansQuerySchema,
  listShipmentsQuerySchema,
  motherGroupSchema,
  mothersQuerySchema,
  pageInfo,
  planListItemSchema,
  planSchema,
  priceStatsQuerySchema,
  priceStatsSchema,
  shipmentListItemSchema,
  shipmentSchema,
  updatePlanSchema,
  updateShipmentSchema,
} from './shipments.schemas';

const common = { tags: ['Shipments'], security: [{ bearer: [] }], middleware: farmAccess() };
/** Every farm-data route: signed in, and a member of the farm whose role allows the call. */
const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
};
const shipmentIdParam = z.object({ shipmentId: z.string().min(1).max(64) });
const cattleIdParam = z.object({ cattleId: cattleIdSchema });
const message = z.object({ success: z.literal(true), message: z.string() });

export const createShipment = createIdempotentRoute({
  ...common,
  method: 'post',
  path: '/',
  summary: 'Record a shipment: the animal becomes SHIPPED and its plan is removed',
  request: { body: jsonBody(createShipmentSchema) },
  responses: {
    ...memberErrors,
    201: jsonContent(z.object({ success: z.literal(true), data: shipmentSchema }), 'Shipment recorded'),
    400: errorResponse('INVALID_SHIPMENT_DATA'),
    404: errorResponse('CATTLE_NOT_FOUND'),
    409: errorResponse('SHIPMENT_ALREADY_RECORDED or CATTLE_DEAD'),
  },
});

export const listShipments = createRoute({
  ...common,
  method: 'get',
  path: '/',
  summary: 'Shipments, newest first',
  request: { query: listShipmentsQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(
      z.object({ data: z.object({ results: z.array(shipmentListItemSchema), ...pageInfo }) }),
      'One page',
    ),
    400: errorResponse('Invalid query'),
  },
});

export const updateShipment = createRoute({
  ...common,
  method: 'put',
  path: '/{shipmentId}',
  summary: 'Correct a shipment record',
  request: { params: shipmentIdParam, body: jsonBody(updateShipmentSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ success: z.literal(true), data: shipmentSchema }), 'Shipment updated'),
    400: errorResponse('INVALID_SHIPMENT_DATA'),
    404: errorResponse('SHIPMENT_NOT_FOUND'),
  },
});

export const deleteShipment = createRoute({
  ...common,
  method: 'delete',
  path: '/{shipmentId}',
  summary: 'Delete a shipment record; the animal returns to the status it had before',
  request: { params: shipmentIdParam },
  responses: {
    ...memberErrors,
    200: jsonContent(message, 'Shipment deleted'),
    404: errorResponse('SHIPMENT_NOT_FOUND'),
  },
});

export const createPlan = createIdempotentRoute({
  ...common,
  method: 'post',
  path: '/plans',
  summary: 'Plan the month an animal is to be shipped',
  request: { body: jsonBody(createPlanSchema) },
  responses: {
    ...memberErrors,
    201: jsonContent(z.object({ success: z.literal(true), data: planSchema }), 'Plan created'),
    400: errorResponse('INVALID_SHIPMENT_DATA'),
    404: errorResponse('CATTLE_NOT_FOUND'),
    409: errorResponse('DUPLICATE_SHIPMENT_PLAN, SHIPMENT_ALREADY_RECORDED or CATTLE_DEAD'),
  },
});

export const listPlans = createRoute({
  ...common,
  method: 'get',
  path: '/plans',
  summary: 'Shipment plans by planned month',
  request: { query: listPlansQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: z.object({ results: z.array(planListItemSchema), ...pageInfo }) }), 'One page'),
    400: errorResponse('Invalid query'),
  },
});

export const updatePlan = createRoute({
  ...common,
  method: 'put',
  path: '/plans/{cattleId}',
  summary: 'Move a plan to another month',
  request: { params: cattleIdParam, body: jsonBody(updatePlanSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ success: z.literal(true), data: planSchema }), 'Plan moved'),
    400: errorResponse('INVALID_SHIPMENT_DATA'),
    404: errorResponse('SHIPMENT_PLAN_NOT_FOUND'),
  },
});

export const deletePlan = createRoute({
  ...common,
  method: 'delete',
  path: '/plans/{cattleId}',
  summary: 'Cancel a plan',
  request: { params: cattleIdParam },
  responses: {
    ...memberErrors,
    200: jsonContent(message, 'Plan removed'),
    400: errorResponse('Invalid id'),
    404: errorResponse('SHIPMENT_PLAN_NOT_FOUND'),
  },
});

export const priceStats = createRoute({
  ...common,
  method: 'get',
  path: '/price-stats',
  summary: 'Price statistics with one entry per month (default: the last 12 months)',
  request: { query: priceStatsQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: priceStatsSchema }), 'Statistics'),
    400: errorResponse('Invalid period'),
  },
});

export const mothersList = createRoute({
  ...common,
  method: 'get',
  path: '/mothers/list',
  summary: "Mothers with their calves' shipments and each mother's averages",
  request: { query: mothersQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(
      z.object({ data: z.object({ mothers: z.array(motherGroupSchema), ...pageInfo }) }),
      'One page of mothers',
    ),
    400: errorResponse('Invalid query'),
  },
});

/** The same rows twice: CSV for machines, .xlsx for Excel. */
// The CSV export takes the same period as the price stats.
const download = { ...common, method: 'get' as const, request: { query: priceStatsQuerySchema } };
const downloadErrors = { ...memberErrors, 400: errorResponse('Invalid period') };

export const exportCsv = createRoute({
  ...download,
  path: '/export.csv',
  summary: 'Shipments as CSV (UTF-8 with BOM, CRLF)',
  responses: { ...downloadErrors, 200: csvContent('shipments-YYYYMMDD.csv') },
});

export const exportXlsx = createRoute({
  ...download,
  path: '/export.xlsx',
  summary: 'Shipments as an Excel workbook (sheet 出荷記録; IDs and ear tags as text, so leading zeros stay)',
  responses: { ...downloadErrors, 200: xlsxContent('出荷記録_YYYYMMDD.xlsx') },
});
