import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import { alertWithHistory, listAlerts } from './alerts.queries';
import * as routes from './alerts.routes';
import { ALERT_MESSAGES, STATUS_UPDATED_MESSAGES } from './alerts.schemas';
import { alertNotFound, changeAlert } from './alerts.service';

export const alertsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const data = await listAlerts(c.get('farmDb'), c.get('farmId'), c.req.valid('query'));
    return c.json({ data }, 200);
  })
  .openapi(routes.patch, async (c) => {
    const { alertId } = c.req.valid('param');
    const body = c.req.valid('json');
    const data = await changeAlert(requestScope(c), alertId, body);
    const message = body.status
      ? STATUS_UPDATED_MESSAGES[body.status]
      : body.memo !== undefined
        ? ALERT_MESSAGES.memoUpdated
        : undefined;
    return c.json({ data, message }, 200);
  })
  .openapi(routes.status, async (c) => {
    const { alertId } = c.req.valid('param');
    const { status, reason } = c.req.valid('json');
    const data = await changeAlert(requestScope(c), alertId, { status, reason });
    return c.json({ data, message: STATUS_UPDATED_MESSAGES[status] ?? '' }, 200);
  })
  .openapi(routes.memo, async (c) => {
    const { alertId } = c.req.valid('param');
    const { memo } = c.req.valid('json');
    const { id, memo: saved } = await changeAlert(requestScope(c), alertId, { memo });
    return c.json({ data: { id, memo: saved }, message: ALERT_MESSAGES.memoUpdated }, 200);
  })
  .openapi(routes.history, async (c) => {
    const { alertId } = c.req.valid('param');
    const found = await alertWithHistory(c.get('farmDb'), c.get('farmId'), alertId);
    if (!found) throw alertNotFound();
    return c.json({ data: { alert: found.alert, results: found.history } }, 200);
  });
