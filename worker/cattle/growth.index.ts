import { notFound } from '../lib/errors';
import { createRouter } from '../lib/http';
import { growthOf } from './growth.queries';
import * as routes from './growth.routes';

/** GET /cattle/{id}/growth. */
export const growthRouter = createRouter().openapi(routes.cattleGrowth, async (c) => {
  const growth = await growthOf(c.get('farmDb'), c.get('farmId'), c.req.valid('param').id);
  if (!growth) throw notFound('指定された牛が見つかりません', 'CATTLE_NOT_FOUND');
  return c.json({ data: growth }, 200);
});
