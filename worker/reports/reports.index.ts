import { requestScope } from '../db/scope';
import { todayJst } from '../domain/calendar';
import { defaultCensusDate } from '../domain/census';
import { createRouter } from '../lib/http';
import { censusOn } from './reports.queries';
import * as routes from './reports.routes';

export const reportsRouter = createRouter().openapi(routes.census, async (c) => {
  const date = c.req.valid('query').date ?? defaultCensusDate(todayJst());
  return c.json({ data: await censusOn(requestScope(c), date) }, 200);
});
