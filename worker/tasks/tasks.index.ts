import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../auth/require-auth';
import { requestScope } from '../db/scope';
import { todayJst } from '../domain/calendar';
import { createRouter, errorResponse, jsonContent } from '../lib/http';
import { farmTodaySchema } from '../programmes/programmes.schemas';
import { meToday } from './me-today.queries';
import { listTasks } from './tasks.queries';
import * as taskRoutes from './tasks.routes';
import { completeTask, patchTask, skipTask } from './tasks.service';

/** The farm's members' ids, as farm access read them with the membership. */
const memberIdsOf = (names: string) => new Set(Object.keys(JSON.parse(names) as object).map(Number));

/** /tasks: a farm's tasks, by due date. */
export const tasksRouter = createRouter()
  .openapi(taskRoutes.listTasks, async (c) => {
    const page = await listTasks(c.get('farmDb'), c.get('farmId'), c.get('userId'), c.req.valid('query'));
    return c.json(page, 200);
  })
  .openapi(taskRoutes.doneTask, async (c) => {
    return c.json({ data: await completeTask(requestScope(c), c.req.valid('param').id, c.req.valid('json')) }, 200);
  })
  .openapi(taskRoutes.skipTask, async (c) => {
    const data = await skipTask(requestScope(c), c.req.valid('param').id, c.req.valid('json').reason);
    return c.json({ data }, 200);
  })
  .openapi(taskRoutes.patchTask, async (c) => {
    const members = memberIdsOf(c.get('memberNames'));
    const data = await patchTask(requestScope(c), c.req.valid('param').id, c.req.valid('json'), members);
    return c.json({ data }, 200);
  });

const meTodayRoute = createRoute({
  tags: ['Tasks'],
  security: [{ bearer: [] }],
  middleware: requireAuth,
  method: 'get',
  path: '/today',
  summary: "The caller's morning across every farm they are a member of: today's alerts and tasks due",
  responses: {
    200: jsonContent(z.object({ data: z.array(farmTodaySchema) }), 'One entry per farm'),
    401: errorResponse('Not signed in'),
  },
});

/** /me: the caller's morning across their farms. */
export const meRouter = createRouter().openapi(meTodayRoute, async (c) => {
  return c.json({ data: await meToday(c.env, c.get('userId'), todayJst()) }, 200);
});
