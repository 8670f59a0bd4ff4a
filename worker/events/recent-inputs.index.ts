import { createRouter } from '../lib/http';
import { recentServiceInputs } from './recent-inputs.queries';
import * as routes from './recent-inputs.routes';

/** GET /events/recent-inputs: mounted before /events so `{id}` does not take the path. */
export const recentInputsRouter = createRouter().openapi(routes.recentInputs, async (c) =>
  c.json({ data: await recentServiceInputs(c.get('farmDb'), c.get('farmId')) }, 200),
);
