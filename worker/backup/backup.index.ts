import { sql } from 'drizzle-orm';
import { directoryDb } from '../db/client';
import { requestScope } from '../db/scope';
import { createRouter, streamedJson } from '../lib/http';
import * as routes from './backup.routes';
import { backupStream, MAX_BACKUP_BYTES, restoreFarm } from './backup.service';
import { tooLarge } from './backup-reader';

export const backupRouter = createRouter()
  .openapi(routes.backup, async (c) => {
    const farmId = c.get('farmId');
    const farm = await directoryDb(c.env).get<{ name: string }>(sql`select name from farms where id = ${farmId}`);
    const day = new Date().toISOString().slice(0, 10);
    const document = backupStream(c.get('farmDb'), { id: farmId, name: farm?.name ?? '' });
    return streamedJson(routes.backupDocumentSchema, document, {
      'Content-Disposition': `attachment; filename="ushicho-backup-${farmId}-${day}.json"`,
    });
  })
  .openapi(routes.restore, async (c) => {
    if (Number(c.req.header('Content-Length') ?? 0) > MAX_BACKUP_BYTES) throw tooLarge(MAX_BACKUP_BYTES);
    const counts = await restoreFarm(requestScope(c), c.req.raw.body);
    return c.json({ data: { counts } }, 200);
  });
