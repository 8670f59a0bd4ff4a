import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import * as routes from './bulk.routes';
import { recordBulkEvent } from './bulk.service';

/** POST /events/bulk: mounted before /events. */
export const bulkEventsRouter = createRouter().openapi(routes.createBulkEvent, async (c) =>
  c.json({ data: await recordBulkEvent(requestScope(c), c.req.valid('json')) }, 201),
);
