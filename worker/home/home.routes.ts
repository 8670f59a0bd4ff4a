import { createRoute, z } from '@hono/zod-openapi';
import { alertSchema, summarySchema } from '../alerts/alerts.routes';
import { farmAccess } from '../auth/farm-access';
import { cattleListPageSchema, statusCountsSchema } from '../cattle/cattle.schemas';
import { eventSchema, scheduleItemSchema } from '../events/events.schemas';
import { breedingKpiSchema } from '../kpi/kpi.schemas';
import { errorResponse, jsonContent } from '../lib/http';
import { taskViewSchema } from '../programmes/programmes.schemas';

const homeSchema = z.object({
  today: z.string(),
  alerts: z.object({
    results: z.array(alertSchema),
    total: z.number(),
    summary: summarySchema,
    nextCursor: z.string().nullable(),
    hasNext: z.boolean(),
  }),
  statusCounts: statusCountsSchema,
  kpi: breedingKpiSchema,
  calvings: z.array(scheduleItemSchema.extend({ daysLeft: z.number().int() })),
  recentEvents: z.array(eventSchema),
  withdrawal: cattleListPageSchema,
  /** 今日の作業 (§22): open tasks due today or overdue, the caller's first (at most 50). */
  tasks: z.array(taskViewSchema),
  isEmpty: z.boolean(),
});

export const home = createRoute({
  tags: ['Home'],
  security: [{ bearer: [] }],
  middleware: farmAccess('viewer'),
  method: 'get',
  path: '/',
  summary: "The home screen in one answer: today's open alerts, status counts, KPI tiles, calvings, recent events",
  description:
    'The same data as GET /alerts, /cattle/status-counts, /kpi/breeding, the expected calvings of /events/schedule ' +
    "(next 30 days), the 5 latest /events and /cattle?restricted=true&limit=100, today's open tasks (due today or " +
    "overdue, the caller's first); `isEmpty` when the farm has no animal.",
  responses: {
    200: jsonContent(z.object({ data: homeSchema }), 'The home screen'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm'),
  },
});
