import { requestScope } from '../db/scope';
import { afterAnswer } from '../lib/after-answer';
import { createRouter } from '../lib/http';
import { sheetResponse } from '../lib/sheet';
import { loadMotherGroups } from './mothers-list';
import { shipmentsExport } from './shipments.export';
import { listPlans, listShipments, priceStats } from './shipments.queries';
import * as routes from './shipments.routes';
import {
  cancelPlan,
  movePlan,
  planShipment,
  recordShipment,
  removeShipment,
  updateShipment,
} from './shipments.service';
import { sireStats } from './sire-stats';
import { sireStats as sireStatsRoute } from './sire-stats.routes';

/** Body errors on shipment calls carry the INVALID_SHIPMENT_DATA code; query errors stay VALIDATION_ERROR. */
export const shipmentsRouter = createRouter({ bodyErrorCode: 'INVALID_SHIPMENT_DATA' })
  .openapi(routes.createShipment, async (c) => {
    const data = await recordShipment(requestScope(c), c.req.valid('json'));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(routes.listShipments, async (c) => {
    const data = await listShipments(c.get('farmDb'), c.get('farmId'), c.req.valid('query'));
    return c.json({ data }, 200);
  })
  .openapi(routes.updateShipment, async (c) => {
    const data = await updateShipment(requestScope(c), c.req.valid('param').shipmentId, c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(routes.deleteShipment, async (c) => {
    await removeShipment(requestScope(c), c.req.valid('param').shipmentId);
    return c.json({ success: true as const, message: '出荷記録を削除しました' }, 200);
  })
  .openapi(routes.createPlan, async (c) => {
    const data = await planShipment(requestScope(c), c.req.valid('json'));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(routes.listPlans, async (c) => {
    const data = await listPlans(c.get('farmDb'), c.get('farmId'), c.req.valid('query'));
    return c.json({ data }, 200);
  })
  .openapi(routes.updatePlan, async (c) => {
    const { cattleId } = c.req.valid('param');
    const data = await movePlan(requestScope(c), cattleId, c.req.valid('json').plannedShipmentMonth);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(routes.deletePlan, async (c) => {
    await cancelPlan(requestScope(c), c.req.valid('param').cattleId);
    return c.json({ success: true as const, message: '出荷予定を取り消しました' }, 200);
  })
  .openapi(routes.priceStats, async (c) => {
    const data = await priceStats(c.get('farmDb'), c.get('farmId'), c.req.valid('query'));
    return c.json({ data }, 200);
  })
  .openapi(sireStatsRoute, async (c) => c.json({ data: await sireStats(c.get('farmDb'), c.get('farmId')) }, 200))
  .openapi(routes.mothersList, async (c) => {
    const query = c.req.valid('query');
    const { mothers, total, refresh } = await loadMotherGroups(c.get('farmDb'), c.get('farmId'), query);
    // Groups read while not kept current are written after the answer (shard migration 0008).
    await afterAnswer(c, 'kept mother groups', refresh);
    return c.json({ data: { mothers, total, page: query.page, limit: query.limit } }, 200);
  })
  .openapi(routes.exportCsv, async (c) => {
    const { csvFilename, sheet } = await shipmentsExport(c.get('farmDb'), c.get('farmId'), c.req.valid('query'));
    return sheetResponse(csvFilename, sheet);
  })
  .openapi(routes.exportXlsx, async (c) => {
    const { xlsxFilename, sheet } = await shipmentsExport(c.get('farmDb'), c.get('farmId'), c.req.valid('query'));
    return sheetResponse(xlsxFilename, sheet);
  });
