import { sql } from 'drizzle-orm';
import { directoryDb } from '../db/client';
import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import * as routes from './backup.routes';
import { type BackupDocument, backupStream, restoreFarm } from './backup.service';

export const backupRouter = createRouter()
  .openapi(routes.backup, async (c) => {
    const farmId = c.get('farmId');
    const farm = await directoryDb(c.env).get<{ name: string }>(sql`select name from farms where id = ${farmId}`);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(backupStream(c.get('farmDb'), { id: farmId, name: farm?.name ?? '' }), {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="ushicho-backup-${farmId}-${day}.json"`,
      },
    }) as never;
  })
  .openapi(routes.restore, async (c) => {
    const counts = await restoreFarm(requestScope(c), c.req.valid('json') as BackupDocument);
    return c.json({ data: { counts } }, 200);
  });
