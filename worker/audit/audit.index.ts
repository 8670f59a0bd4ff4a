import { directoryDb } from '../db/client';
import { createRouter } from '../lib/http';
import { listAudit } from './audit.queries';
import * as routes from './audit.routes';
import { directoryUserNames } from './audit-names.queries';

export const auditRouter = createRouter().openapi(routes.list, async (c) => {
  const onlyOwn = c.get('role') === 'owner' ? undefined : c.get('userId');
  const names = directoryUserNames(directoryDb(c.env));
  const page = await listAudit(c.get('farmDb'), c.get('farmId'), c.req.valid('query'), names, onlyOwn);
  return c.json(page, 200);
});
