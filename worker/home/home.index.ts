import { batchedReads } from '../db/read-batch';
import { afterAnswer } from '../kpi/kpi.index';
import { createRouter } from '../lib/http';
import { homeOf } from './home.queries';
import * as routes from './home.routes';

export const homeRouter = createRouter().openapi(routes.home, async (c) => {
  const { data, refresh } = await homeOf(batchedReads(c.env), c.get('farmId'));
  await afterAnswer(c, refresh);
  return c.json({ data }, 200);
});
