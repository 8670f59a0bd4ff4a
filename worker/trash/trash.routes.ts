import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { errorResponse, jsonContent } from '../lib/http';
import { restoreParams, TRASH_ENTITIES, trashItemSchema } from './trash.schemas';

const common = { tags: ['Trash'], security: [{ bearer: [] }] };

export const list = createRoute({
  ...common,
  middleware: farmAccess(),
  method: 'get',
  path: '/',
  summary: 'Animals and events deleted in the last 30 days, newest first',
  responses: {
    200: jsonContent(z.object({ data: z.array(trashItemSchema) }), 'The trash'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm'),
  },
});

export const restore = createRoute({
  ...common,
  middleware: farmAccess('staff'),
  method: 'post',
  path: '/{entity}/{id}/restore',
  summary: 'Bring an animal (with its events) or an event back as it was; the breeding state and alerts are recomputed',
  request: { params: restoreParams },
  responses: {
    200: jsonContent(
      z.object({
        data: z.object({ entity: z.enum(TRASH_ENTITIES), id: z.number(), cattleId: z.number() }),
        message: z.string(),
      }),
      'Restored',
    ),
    400: errorResponse('Invalid entity or id'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm, or a viewer'),
    404: errorResponse('Not in this farm’s trash'),
    409: errorResponse('The ID number is taken meanwhile, or the event’s animal is not on the farm'),
  },
});
