import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../auth/require-auth';
import { requestScope } from '../db/scope';
import { todayJst } from '../domain/calendar';
import { createRouter, errorResponse, jsonContent } from '../lib/http';
import { meToday } from './me-today';
import { getProgramme, listProgrammes, listTasks, programmeEligibility } from './programmes.queries';
import * as routes from './programmes.routes';
import { farmTodaySchema, PROGRAMME_API_MESSAGES } from './programmes.schemas';
import {
  cancelEnrolment,
  completeTask,
  createProgramme,
  deleteProgramme,
  enrol,
  patchTask,
  skipTask,
  updateProgramme,
} from './programmes.service';
import * as taskRoutes from './tasks.routes';

export const programmesRouter = createRouter()
  .openapi(routes.listProgrammes, async (c) => {
    return c.json({ data: await listProgrammes(c.get('farmDb'), c.get('farmId')) }, 200);
  })
  .openapi(routes.getProgramme, async (c) => {
    return c.json({ data: await getProgramme(c.get('farmDb'), c.get('farmId'), c.req.valid('param').id) }, 200);
  })
  .openapi(routes.createProgramme, async (c) => {
    return c.json({ data: await createProgramme(requestScope(c), c.req.valid('json')) }, 201);
  })
  .openapi(routes.updateProgramme, async (c) => {
    const data = await updateProgramme(requestScope(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ data }, 200);
  })
  .openapi(routes.deleteProgramme, async (c) => {
    await deleteProgramme(requestScope(c), c.req.valid('param').id);
    return c.json({ success: true as const, message: PROGRAMME_API_MESSAGES.deleted }, 200);
  })
  .openapi(routes.eligibility, async (c) => {
    const { id } = c.req.valid('param');
    const data = await programmeEligibility(c.get('farmDb'), c.get('farmId'), id, c.req.valid('query').startDate);
    return c.json({ data }, 200);
  })
  .openapi(routes.enrol, async (c) => {
    const data = await enrol(requestScope(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ data }, 201);
  });

export const enrolmentsRouter = createRouter().openapi(routes.cancelEnrolment, async (c) => {
  await cancelEnrolment(requestScope(c), c.req.valid('param').id);
  return c.json({ success: true as const, message: PROGRAMME_API_MESSAGES.enrolmentCancelled }, 200);
});

/** The farm's members' ids, as farm access read them with the membership. */
const memberIdsOf = (names: string) => new Set(Object.keys(JSON.parse(names) as object).map(Number));

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

export const meRouter = createRouter().openapi(meTodayRoute, async (c) => {
  return c.json({ data: await meToday(c.env, c.get('userId'), todayJst()) }, 200);
});
