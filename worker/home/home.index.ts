import { batchedReads } from '../db/read-batch';
import { createRouter } from '../lib/http';
import { homeOf } from './home.queries';
import * as routes from './home.routes';

export const homeRouter = createRouter().openapi(routes.home, async (c) => {
  return c.json({ data: await homeOf(batchedReads(c.env), c.get('farmId'), c.get('kpiVersion')) }, 200);
});
