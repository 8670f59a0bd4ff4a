import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../farms/farm-access';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import { createIdempotentRoute } from '../lib/idempotency';
import {
  createProgrammeSchema,
  doneTaskSchema,
  enrolmentViewSchema,
  enrolSchema,
  listTasksQuerySchema,
  patchTaskSchema,
  programmeViewSchema,
  skipTaskSchema,
  taskViewSchema,
  updateProgrammeSchema,
} from './programmes.schemas';

const security = [{ bearer: [] }];
/** Every farm-data route: signed in, and a member of the farm whose role allows the call. */
const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
};
const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const message = z.object({ success: z.literal(true), message: z.string() });
const taskAnswer = jsonContent(z.object({ data: taskViewSchema }), 'The task after the change');

/** Programmes: owners write; staff and owners read (§22). */
const programmesCommon = { tags: ['Programmes'], security };

export const listProgrammes = createRoute({
  ...programmesCommon,
  middleware: farmAccess('staff'),
  method: 'get',
  path: '/',
  summary: "The farm's programmes",
  responses: { ...memberErrors, 200: jsonContent(z.object({ data: z.array(programmeViewSchema) }), 'Programmes') },
});

export const createProgramme = createIdempotentRoute({
  ...programmesCommon,
  middleware: farmAccess('owner'),
  method: 'post',
  path: '/',
  summary: 'Create a programme: a trigger and steps on days after the start',
  request: { body: jsonBody(createProgrammeSchema) },
  responses: {
    ...memberErrors,
    201: jsonContent(z.object({ data: programmeViewSchema }), 'Created'),
    400: errorResponse('Invalid programme'),
  },
});

export const updateProgramme = createRoute({
  ...programmesCommon,
  middleware: farmAccess('owner'),
  method: 'patch',
  path: '/{id}',
  summary: "Change a programme's name, trigger or steps (tasks already made keep their dates)",
  request: { params, body: jsonBody(updateProgrammeSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: programmeViewSchema }), 'Changed'),
    400: errorResponse('Invalid programme'),
    404: errorResponse('PROGRAMME_NOT_FOUND'),
  },
});

export const deleteProgramme = createRoute({
  ...programmesCommon,
  middleware: farmAccess('owner'),
  method: 'delete',
  path: '/{id}',
  summary: 'Delete a programme; its open tasks are cancelled',
  request: { params },
  responses: {
    ...memberErrors,
    200: jsonContent(message, 'Deleted'),
    400: errorResponse('Invalid id'),
    404: errorResponse('PROGRAMME_NOT_FOUND'),
  },
});

export const enrol = createIdempotentRoute({
  ...programmesCommon,
  middleware: farmAccess('staff'),
  method: 'post',
  path: '/{id}/enrol',
  summary: 'Enrol animals from a start date: one task per step each (the same animal and start again: nothing new)',
  request: { params, body: jsonBody(enrolSchema) },
  responses: {
    ...memberErrors,
    201: jsonContent(
      z.object({ data: z.object({ enrolments: z.array(enrolmentViewSchema), tasksCreated: z.number() }) }),
      'Enrolled',
    ),
    400: errorResponse('Invalid input'),
    404: errorResponse('PROGRAMME_NOT_FOUND or CATTLE_NOT_FOUND'),
    409: errorResponse('CATTLE_INACTIVE: a dead or shipped animal'),
  },
});

export const cancelEnrolment = createRoute({
  tags: ['Programmes'],
  security,
  middleware: farmAccess('staff'),
  method: 'delete',
  path: '/{id}',
  summary: 'Cancel an enrolment: its open tasks are cancelled',
  request: { params },
  responses: {
    ...memberErrors,
    200: jsonContent(message, 'Cancelled'),
    400: errorResponse('Invalid id'),
    404: errorResponse('ENROLMENT_NOT_FOUND'),
  },
});

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
