import { requestScope } from '../db/scope';
import { csvResponse } from '../lib/csv';
import { createRouter } from '../lib/http';
import { xlsxResponse } from '../lib/xlsx';
import { cattleExport } from './cattle.export';
import { cattleDetail, cattleView, listCattle, statusCountsByStatus, statusHistoryOf } from './cattle.queries';
import { herdRoster, rosterEtag, versionOfEtag } from './cattle.roster';
import * as routes from './cattle.routes';
import { cattleNotFound, changeStatus, registerCattle, removeCattle, updateCattle } from './cattle.service';

const found = <T>(value: T | null): T => {
  if (value === null) throw cattleNotFound();
  return value;
};

export const cattleRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const data = await listCattle(c.get('farmDb'), c.get('farmId'), c.req.valid('query'));
    return c.json({ data }, 200);
  })
  .openapi(routes.statusCounts, async (c) => {
    return c.json({ data: await statusCountsByStatus(c.get('farmDb'), c.get('farmId')) }, 200);
  })
  .openapi(routes.roster, async (c) => {
    const farmId = c.get('farmId');
    const known = versionOfEtag(c.req.header('If-None-Match'), farmId);
    const { version, body } = await herdRoster(c.get('farmDb'), farmId, known);
    c.header('ETag', rosterEtag(farmId, version));
    c.header('Cache-Control', 'private, no-cache');
    if (body === null) return c.body(null, 304);
    // The JSON is kept serialised per version (cattle.roster.ts); its shape is rosterSchema.
    return c.body(body, 200, { 'Content-Type': 'application/json' }) as never;
  })
  .openapi(routes.exportCsv, async (c) => {
    const { csvFilename, sheet } = await cattleExport(c.get('farmDb'), c.get('farmId'));
    return csvResponse(
      csvFilename,
      sheet.columns.map((column) => column.header),
      sheet.rows,
    ) as never;
  })
  .openapi(routes.exportXlsx, async (c) => {
    const { xlsxFilename, sheet } = await cattleExport(c.get('farmDb'), c.get('farmId'));
    return xlsxResponse(xlsxFilename, sheet) as never;
  })
  .openapi(routes.detail, async (c) => {
    const data = await cattleDetail(c.get('farmDb'), c.get('farmId'), c.req.valid('param').id);
    return c.json({ data: found(data) }, 200);
  })
  .openapi(routes.create, async (c) => {
    const scope = requestScope(c);
    return c.json({ data: found(await registerCattle(scope, c.req.valid('json'))) }, 201);
  })
  .openapi(routes.update, async (c) => {
    const scope = requestScope(c);
    const { id } = c.req.valid('param');
    await updateCattle(scope, id, c.req.valid('json'));
    return c.json({ data: found(await cattleDetail(scope.db, scope.farmId, id)) }, 200);
  })
  .openapi(routes.remove, async (c) => {
    await removeCattle(requestScope(c), c.req.valid('param').id);
    return c.json({ success: true as const, message: '牛が正常に削除されました' }, 200);
  })
  .openapi(routes.changeStatus, async (c) => {
    const scope = requestScope(c);
    const { id } = c.req.valid('param');
    await changeStatus(scope, id, c.req.valid('json'));
    return c.json({ data: found(await cattleView(scope.db, scope.farmId, id)) }, 200);
  })
  .openapi(routes.history, async (c) => {
    const data = await statusHistoryOf(c.get('farmDb'), c.get('farmId'), c.req.valid('param').id);
    return c.json({ data: found(data) }, 200);
  });
