import { directoryDb } from '../db/client';
import { batchedReads } from '../db/read-batch';
import { nameRecorders } from '../events/events.queries';
import { createRouter } from '../lib/http';
import { homeOf } from './home.queries';
import * as routes from './home.routes';

export const homeRouter = createRouter().openapi(routes.home, async (c) => {
  const home = await homeOf(batchedReads(c.get('farmDb').$client), c.get('farmId'), c.get('kpiVersion'));
  // The recent events' recorders are named from the directory (decision 034).
  return c.json(
    {
      data: { ...home, recentEvents: await nameRecorders(directoryDb(c.env), c.get('memberNames'), home.recentEvents) },
    },
    200,
  );
});
