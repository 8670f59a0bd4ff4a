import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { createIdempotentRoute } from '../db/idempotency';
import { eventDetailsDocumentation } from '../domain/event-details';
import { EVENT_CATEGORIES, EVENT_TYPES } from '../domain/event-types';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import {
  animalStateSchema,
  createEventSchema,
  EVENT_MESSAGES,
  eventDetailsSchema,
  eventSchema,
  listEventsQuerySchema,
  scheduleItemSchema,
  updateEventSchema,
} from './events.schemas';

// The API document shows `details` as the shape of each event type (decision 056): registered on the shared schema
// here, in the Worker only, so the web app's forms never build these JSON Schemas.
z.globalRegistry.add(eventDetailsSchema, {
  description: "The details of the event's type; types not listed take none.",
  anyOf: eventDetailsDocumentation(),
});

const common = { tags: ['Events'], security: [{ bearer: [] }], middleware: farmAccess() };
/** Every farm-data route: signed in, and a member of the farm whose role allows the call. */
const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
};

const idParam = z.object({
  id: z.coerce
    .number({ error: 'イベントIDは正の数である必要があります' })
    .int('イベントIDは正の数である必要があります')
    .positive('イベントIDは正の数である必要があります'),
});
const cattleIdParam = z.object({
  cattleId: z.coerce
    .number({ error: EVENT_MESSAGES.cattleId })
    .int(EVENT_MESSAGES.cattleId)
    .positive(EVENT_MESSAGES.cattleId),
});

const pageSchema = z.object({
  data: z.object({
    results: z.array(eventSchema),
    nextCursor: z.number().nullable(),
    hasNext: z.boolean(),
    totalCount: z.number(),
  }),
});
const savedSchema = z.object({ data: eventSchema, animal: animalStateSchema });

export const listEvents = createRoute({
  ...common,
  method: 'get',
  path: '/',
  summary: "The farm's events, newest first, with filters and cursor paging",
  request: { query: listEventsQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(pageSchema, 'A page of events'),
    400: errorResponse('Invalid query'),
  },
});

export const eventTypes = createRoute({
  ...common,
  method: 'get',
  path: '/types',
  summary: 'The 21 event types in their 8 categories, with Japanese and English labels',
  responses: {
    ...memberErrors,
    200: jsonContent(
      z.object({
        data: z.array(
          z.object({
            category: z.enum(EVENT_CATEGORIES),
            ja: z.string(),
            en: z.string(),
            types: z.array(z.object({ type: z.enum(EVENT_TYPES), ja: z.string(), en: z.string() })),
          }),
        ),
      }),
      'Event types by category',
    ),
  },
});

const scheduleQuerySchema = z.object({
  month: z
    .string({ error: '月はYYYY-MM形式である必要があります' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月はYYYY-MM形式である必要があります')
    .optional(),
});

export const schedule = createRoute({
  ...common,
  method: 'get',
  path: '/schedule',
  summary: 'Expected estrus, pregnancy checks and expected calvings of the herd in a JST month (default this month)',
  request: { query: scheduleQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(
      z.object({
        data: z.object({
          month: z.string(),
          items: z.array(scheduleItemSchema),
        }),
      }),
      'Due dates, by date',
    ),
    400: errorResponse('Invalid month'),
  },
});

export const eventsOfCattle = createRoute({
  ...common,
  method: 'get',
  path: '/cattle/{cattleId}',
  summary: "One animal's events, newest first",
  request: { params: cattleIdParam },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: z.object({ results: z.array(eventSchema) }) }), 'The animal’s events'),
    400: errorResponse('Invalid id'),
    404: errorResponse('No such animal'),
  },
});

export const createEvent = createIdempotentRoute({
  ...common,
  method: 'post',
  path: '/',
  summary: 'Record an event; the animal’s breeding state is recomputed in the same batch',
  request: { body: jsonBody(createEventSchema) },
  responses: {
    ...memberErrors,
    201: jsonContent(savedSchema, 'The created event and the animal’s new state'),
    400: errorResponse('Invalid event'),
    404: errorResponse('No such animal'),
    409: errorResponse('The calf’s identification number is already registered'),
  },
});

export const getEvent = createRoute({
  ...common,
  method: 'get',
  path: '/{id}',
  summary: 'One event',
  request: { params: idParam },
  responses: {
    ...memberErrors,
    200: jsonContent(z.object({ data: eventSchema }), 'The event'),
    400: errorResponse('Invalid id'),
    404: errorResponse('Event not found'),
  },
});

export const updateEvent = createRoute({
  ...common,
  method: 'patch',
  path: '/{id}',
  summary: 'Correct an event; the breeding state is recomputed in the same batch',
  request: { params: idParam, body: jsonBody(updateEventSchema) },
  responses: {
    ...memberErrors,
    200: jsonContent(savedSchema, 'The updated event and the animal’s new state'),
    400: errorResponse('Invalid event'),
    404: errorResponse('Event not found'),
    409: errorResponse(
      'The calf’s identification number is already registered, or (SHIPMENT_EVENT_HELD) a shipment record holds the event’s type, day and animal',
    ),
  },
});

export const deleteEvent = createRoute({
  ...common,
  method: 'delete',
  path: '/{id}',
  summary: 'Delete an event; the breeding state goes back accordingly',
  request: { params: idParam },
  responses: {
    ...memberErrors,
    204: { description: 'Deleted' },
    400: errorResponse('Invalid id'),
    404: errorResponse('Event not found'),
    409: errorResponse(
      'Writes on the animal kept colliding; try again, or (SHIPMENT_EVENT_HELD) delete its shipment record instead',
    ),
  },
});
