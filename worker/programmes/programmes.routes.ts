import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { createIdempotentRoute } from '../db/idempotency';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import { memberErrors, params, security } from '../lib/route-parts';
import {
  createProgrammeSchema,
  eligibilityQuerySchema,
  eligibilityViewSchema,
  enrolmentViewSchema,
  enrolSchema,
  enrolSkippedSchema,
  programmeViewSchema,
  updateProgrammeSchema,
} from './programmes.schemas';

const message = z.object({ success: z.literal(true), message: z.string() });

/** Programmes: owners write; staff enrol; every member reads — a viewer sees where the tasks come from (§22). */
const programmesCommon = { tags: ['Programmes'], security };

export const listProgrammes = createRoute({
  ...programmesCommon,
  middleware: farmAccess(),
  method: 'get',
  path: '/',
  summary: "The farm's programmes",
  responses: { ...memberErrors, 200: jsonContent(z.object({ data: z.array(programmeViewSchema) }), 'Programmes') },
});

export const getProgramme = createRoute({
  ...programmesCommon,
  middleware: farmAccess(),
  method: 'get',
  path: '/{id}',
  summary: 'One programme',
  request: { params },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: programmeViewSchema }), 'The programme'),
    400: errorResponse('Invalid id'),
    404: errorResponse('PROGRAMME_NOT_FOUND'),
  },
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
  summary:
    'Enrol the eligible animals from a start date: one task per step each (the same animal and start again: nothing new); the others in skipped with the reason',
  request: { params, body: jsonBody(enrolSchema) },
  responses: {
    ...memberErrors,
    201: jsonContent(
      z.object({
        data: z.object({
          enrolments: z.array(enrolmentViewSchema),
          tasksCreated: z.number(),
          skipped: z.array(enrolSkippedSchema),
        }),
      }),
      'Enrolled',
    ),
    400: errorResponse('Invalid input'),
    404: errorResponse('PROGRAMME_NOT_FOUND or CATTLE_NOT_FOUND'),
    409: errorResponse('CATTLE_INACTIVE: a dead or shipped animal'),
  },
});

export const eligibility = createRoute({
  ...programmesCommon,
  middleware: farmAccess('staff'),
  method: 'get',
  path: '/{id}/eligibility',
  summary: 'Every living animal with its status and, when the programme is not for it from that start, the reason',
  request: { params, query: eligibilityQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: z.array(eligibilityViewSchema) }), 'One row per living animal'),
    400: errorResponse('Invalid start date'),
    404: errorResponse('PROGRAMME_NOT_FOUND'),
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
