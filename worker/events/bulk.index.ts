import { requestScope } from '../db/scope';
import { requestSource } from '../domain/event-source';
import { createRouter } from '../lib/http';
import * as routes from './bulk.routes';
import { recordBulkEvent } from './bulk.service';

/** POST /events/bulk: mounted before /events. */
export const bulkEventsRouter = createRouter().openapi(routes.createBulkEvent, async (c) => {
  const source = requestSource(c.req.header('x-client'));
  return c.json({ data: await recordBulkEvent(requestScope(c), c.req.valid('json'), source) }, 201);
});
