import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { ALERT_HISTORY_ACTIONS, ALERT_SEVERITIES, ALERT_STATUSES, ALERT_TYPES } from '../domain/alerts';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import { alertPatchSchema, listAlertsQuerySchema, memoChangeSchema, statusChangeSchema } from './alerts.schemas';

const common = { tags: ['Alerts'], security: [{ bearer: [] }], middleware: farmAccess() };
/** Every farm-data route: signed in, and a member of the farm whose role allows the call. */
const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
};
const params = z.object({ alertId: z.string().min(1).max(128) });

export const alertSchema = z.object({
  id: z.string(),
  type: z.enum(ALERT_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  status: z.enum(ALERT_STATUSES),
  cattleId: z.number(),
  cattleName: z.string().nullable(),
  cattleEarTagNumber: z.string().nullable(),
  dueAt: z.string().nullable(),
  message: z.string(),
  memo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});

export const summarySchema = z.object({
  high: z.number(),
  medium: z.number(),
  low: z.number(),
  urgent: z.number(),
  active: z.number(),
  resolved: z.number(),
  overdue: z.number(),
  dueSoon: z.number(),
});

const changedSchema = z.object({
  data: z.object({ id: z.string(), status: z.enum(ALERT_STATUSES), memo: z.string().nullable() }),
  message: z.string().optional(),
});

const changeErrors = {
  400: errorResponse("Invalid input, or 'Cannot transition from X to Y'"),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
  404: errorResponse('Alert not found'),
  409: errorResponse('Changed by someone else meanwhile'),
};

export const list = createRoute({
  ...common,
  method: 'get',
  path: '/',
  summary: 'Alerts, most severe first then by due date. Without status: the open ones (active, acknowledged), up to 50',
  description: "`total` counts the alerts matching the filters; `summary` counts over all of the farm's alerts.",
  request: { query: listAlertsQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(
      z.object({
        data: z.object({
          results: z.array(alertSchema),
          total: z.number(),
          summary: summarySchema,
          nextCursor: z.string().nullable(),
          hasNext: z.boolean(),
        }),
      }),
      'A page of alerts',
    ),
    400: errorResponse('Invalid query'),
  },
});

export const patch = createRoute({
  ...common,
  method: 'patch',
  path: '/{alertId}',
  summary: 'Change the status and/or memo of an alert',
  request: { params, body: jsonBody(alertPatchSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(changedSchema, 'Changed'),
    ...changeErrors,
  },
});

export const status = createRoute({
  ...common,
  method: 'put',
  path: '/{alertId}/status',
  summary: 'Acknowledge, resolve or dismiss an alert (optionally with a reason)',
  request: { params, body: jsonBody(statusChangeSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(changedSchema.extend({ message: z.string() }), 'Changed'),
    ...changeErrors,
  },
});

export const memo = createRoute({
  ...common,
  method: 'put',
  path: '/{alertId}/memo',
  summary: "Set the alert's memo (empty clears it)",
  request: { params, body: jsonBody(memoChangeSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(
      z.object({ data: z.object({ id: z.string(), memo: z.string().nullable() }), message: z.string() }),
      'Saved',
    ),
    ...changeErrors,
  },
});

export const history = createRoute({
  ...common,
  method: 'get',
  path: '/{alertId}/history',
  summary: 'The alert and every change to it, oldest first',
  request: { params },
  responses: {
    ...memberErrors,
    200: jsonContent(
      z.object({
        data: z.object({
          alert: alertSchema,
          results: z.array(
            z.object({
              id: z.number(),
              alertId: z.string(),
              action: z.enum(ALERT_HISTORY_ACTIONS),
              previousStatus: z.string().nullable(),
              newStatus: z.string().nullable(),
              changedBy: z.string(),
              reason: z.string().nullable(),
              createdAt: z.string(),
            }),
          ),
        }),
      }),
      'History',
    ),
    404: errorResponse('Alert not found'),
  },
});
