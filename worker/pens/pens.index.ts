import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import { listPens, penDetail } from './pens.queries';
import * as routes from './pens.routes';
import { createPen, deletePen, updatePen } from './pens.service';

export const pensRouter = createRouter()
  .openapi(routes.listPens, async (c) => c.json({ data: await listPens(c.get('farmDb'), c.get('farmId')) }, 200))
  .openapi(routes.getPen, async (c) =>
    c.json({ data: await penDetail(c.get('farmDb'), c.get('farmId'), c.req.valid('param').id) }, 200),
  )
  .openapi(routes.createPen, async (c) => c.json({ data: await createPen(requestScope(c), c.req.valid('json')) }, 201))
  .openapi(routes.updatePen, async (c) =>
    c.json({ data: await updatePen(requestScope(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(routes.deletePen, async (c) => {
    await deletePen(requestScope(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
