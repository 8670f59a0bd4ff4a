import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { createIdempotentRoute } from '../db/idempotency';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import { memberErrors, params, security } from '../lib/route-parts';
import {
  doneTaskSchema,
  listTasksQuerySchema,
  patchTaskSchema,
  skipTaskSchema,
  taskViewSchema,
} from '../programmes/programmes.schemas';

const taskAnswer = jsonContent(z.object({ data: taskViewSchema }), 'The task after the change');

/** Tasks: viewers read; staff and owners write (§22). */
const tasksCommon = { tags: ['Tasks'], security, middleware: farmAccess() };

export const listTasks = createRoute({
  ...tasksCommon,
  method: 'get',
  path: '/',
  summary: 'Tasks by due date, filtered',
  request: { query: listTasksQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: z.array(taskViewSchema), nextCursor: z.string().nullable() }), 'A page'),
    400: errorResponse('Invalid query'),
  },
});

export const doneTask = createIdempotentRoute({
  ...tasksCommon,
  method: 'post',
  path: '/{id}/done',
  summary: 'Mark a task done; a step with an event type records that event in the same batch, once',
  request: { params, body: jsonBody(doneTaskSchema) },
  responses: {
    ...memberErrors,
    200: taskAnswer,
    400: errorResponse('Invalid input or event details'),
    404: errorResponse('TASK_NOT_FOUND'),
    409: errorResponse("TASK_ALREADY_DONE ('この作業は完了済みです') or TASK_NOT_OPEN"),
  },
});

export const skipTask = createRoute({
  ...tasksCommon,
  method: 'post',
  path: '/{id}/skip',
  summary: 'Skip a task, with a reason',
  request: { params, body: jsonBody(skipTaskSchema) },
  responses: {
    ...memberErrors,
    200: taskAnswer,
    400: errorResponse('Invalid input'),
    404: errorResponse('TASK_NOT_FOUND'),
    409: errorResponse('TASK_ALREADY_DONE or TASK_NOT_OPEN'),
  },
});

export const patchTask = createRoute({
  ...tasksCommon,
  method: 'patch',
  path: '/{id}',
  summary: 'Assign a task to a member and/or move its due date',
  request: { params, body: jsonBody(patchTaskSchema) },
  responses: {
    ...memberErrors,
    200: taskAnswer,
    400: errorResponse('Invalid input'),
    404: errorResponse('TASK_NOT_FOUND'),
  },
});
