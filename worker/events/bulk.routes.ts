import { farmAccess } from '../auth/farm-access';
import { createIdempotentRoute } from '../db/idempotency';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import { bulkCreatedSchema, bulkEventSchema } from './bulk.schemas';

export const createBulkEvent = createIdempotentRoute({
  tags: ['Events'],
  security: [{ bearer: [] }],
  middleware: farmAccess(),
  method: 'post',
  path: '/',
  summary:
    'Record the same event on up to 500 animals or on a pen’s, all or nothing, each animal’s rules as for one event',
  request: { body: jsonBody(bulkEventSchema) },
  responses: {
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm, or the role does not allow this'),
    201: jsonContent(bulkCreatedSchema, 'The events, one per animal'),
    400: errorResponse('Invalid event, a type a group cannot record, or an animal the rules refuse (named)'),
    404: errorResponse('An animal that is not the farm’s'),
  },
});
