import { directoryDb } from '../db/client';
import { batchedReads } from '../db/read-batch';
import { nameRecorders } from '../events/events.queries';
import { afterAnswer } from '../lib/after-answer';
import { createRouter } from '../lib/http';
import { homeOf } from './home.queries';
import * as routes from './home.routes';

export const homeRouter = createRouter().openapi(routes.home, async (c) => {
  const { data, refresh } = await homeOf(batchedReads(c.get('farmDb').$client), c.get('farmId'), c.get('userId'));
  await afterAnswer(c, 'kept KPI figures', refresh);
  // The recent events' recorders are named from the directory (decision 034).
  const recentEvents = await nameRecorders(directoryDb(c.env), c.get('memberNames'), data.recentEvents);
  return c.json({ data: { ...data, recentEvents } }, 200);
});
