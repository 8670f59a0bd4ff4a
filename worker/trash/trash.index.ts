import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import * as routes from './trash.routes';
import { TRASH_MESSAGES } from './trash.schemas';
import { listTrash, restoreFromTrash } from './trash.service';

export const trashRouter = createRouter()
  .openapi(routes.list, async (c) => c.json({ data: await listTrash(c.get('farmDb'), c.get('farmId')) }, 200))
  .openapi(routes.restore, async (c) => {
    const { entity, id } = c.req.valid('param');
    const data = await restoreFromTrash(requestScope(c), entity, id);
    return c.json({ data, message: TRASH_MESSAGES.restored }, 200);
  });
