import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import { sheetResponse } from '../lib/sheet';
import { cattleExport } from './cattle.export';
import {
  cattleDetail,
  cattleView,
  earTagWarningsOf,
  listCattle,
  statusCountsByStatus,
  statusHistoryOf,
} from './cattle.queries';
import * as routes from './cattle.routes';
import { cattleNotFound, changeStatus, registerCattle, removeCattle, updateCattle } from './cattle.service';
import { growthRouter } from './growth.index';
import { acceptsGzip, gunzipped, herdRoster, rosterEtag, versionOfEtag } from './roster.queries';

const found = <T>(value: T | null): T => {
  if (value === null) throw cattleNotFound();
  return value;
};

const cattleRoutes = createRouter()
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
    const { version, gzip } = await herdRoster(c.get('farmDb'), farmId, known);
    const headers = {
      ETag: rosterEtag(farmId, version),
      'Cache-Control': 'private, no-cache',
      Vary: 'Accept-Encoding',
    };
    if (gzip === null) return c.body(null, 304, headers);
    // The JSON (rosterSchema) is kept gzipped per version (cattle.roster.ts) and sent as it is, `encodeBody: 'manual'`
    // telling the runtime not to compress it again. Cloudflare asks the Worker for gzip on every client's behalf and
    // decodes it for a client that does not take it; one that asks the Worker directly without gzip gets the JSON.
    if (!acceptsGzip(c.req.header('Accept-Encoding')))
      return c.body(await gunzipped(gzip), 200, { ...headers, 'Content-Type': 'application/json' });
    const init: ResponseInit & { encodeBody: 'manual' } = {
      status: 200,
      headers: { ...headers, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      encodeBody: 'manual',
    };
    return new Response(gzip, init);
  })
  .openapi(routes.exportCsv, async (c) => {
    const { csvFilename, sheet } = await cattleExport(c.get('farmDb'), c.get('farmId'));
    return sheetResponse(csvFilename, sheet);
  })
  .openapi(routes.exportXlsx, async (c) => {
    const { xlsxFilename, sheet } = await cattleExport(c.get('farmDb'), c.get('farmId'));
    return sheetResponse(xlsxFilename, sheet);
  })
  .openapi(routes.detail, async (c) => {
    const data = await cattleDetail(c.get('farmDb'), c.get('farmId'), c.req.valid('param').id);
    return c.json({ data: found(data) }, 200);
  })
  .openapi(routes.create, async (c) => {
    const scope = requestScope(c);
    const { detail, warnings } = await registerCattle(scope, c.req.valid('json'));
    return c.json({ data: found(detail), warnings }, 201);
  })
  .openapi(routes.update, async (c) => {
    const scope = requestScope(c);
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    await updateCattle(scope, id, input);
    // Told only when the edit gives the ear tag (§5): a rename says nothing of a tag it did not touch.
    const givesTag = input.earTagNumber != null || input.identificationNumber !== undefined;
    const warnings = givesTag ? await earTagWarningsOf(scope.db, scope.farmId, id) : [];
    return c.json({ data: found(await cattleDetail(scope.db, scope.farmId, id)), warnings }, 200);
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

/** Everything under /cattle: the herd register, and each animal's growth. */
export const cattleRouter = createRouter().route('/', cattleRoutes).route('/', growthRouter);
