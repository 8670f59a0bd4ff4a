import { and, eq, type SQL, sql } from 'drizzle-orm';
import { batchStatements } from '../db/batch';
import { type Db, getDb } from '../db/client';
import { alerts } from '../db/schema';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { createRouter } from '../lib/http';
import { alertWithHistory, findAlertForChange, listAlerts } from './alerts.queries';
import * as routes from './alerts.routes';
import {
  ALERT_MESSAGES,
  type AlertStatus,
  canTransition,
  STATUS_UPDATED_MESSAGES,
  transitionRefused,
} from './alerts.schemas';

const alertNotFound = () => notFound(ALERT_MESSAGES.notFound, 'ALERT_NOT_FOUND');

interface Change {
  status?: AlertStatus;
  /** undefined: leave the memo; null: clear it. */
  memo?: string | null;
  reason?: string | null;
}

/**
 * Applies a farmer's change to one of their alerts: the SPEC §4 transition, acknowledgedAt/resolvedAt set once,
 * the memo, and one alert_history row per change — in one batch that only applies if nobody changed the
 * alert meanwhile. Three D1 round trips with the session check.
 */
async function changeAlert(db: Db, ownerId: number, alertId: string, change: Change) {
  const current = await findAlertForChange(db, alertId);
  if (!current) throw alertNotFound();
  if (current.ownerUserId !== ownerId) throw forbidden(ALERT_MESSAGES.forbidden);
  const from = current.status;
  const to = change.status;
  if (to !== undefined && !canTransition(from, to)) {
    throw new AppError(400, 'INVALID_TRANSITION', transitionRefused(from, to), 'status');
  }

  const now = new Date().toISOString();
  const by = String(ownerId);
  const set: Record<string, unknown> = { updatedAt: now };
  if (to !== undefined) {
    set.status = to;
    if (to === 'acknowledged') set.acknowledgedAt = sql`coalesce(${alerts.acknowledgedAt}, ${now})`;
    if (to === 'resolved' || to === 'dismissed') set.resolvedAt = sql`coalesce(${alerts.resolvedAt}, ${now})`;
  }
  if (change.memo !== undefined) set.memo = change.memo;

  const applied = and(eq(alerts.id, alertId), eq(alerts.updatedAt, now));
  const history = (action: string, reason: string | null): SQL =>
    sql`insert into alert_history (alert_id, action, previous_status, new_status, changed_by, reason, created_at)
      select id, ${action}, ${from}, status, ${by}, ${reason}, ${now} from alerts where ${applied}`;
  const statements: unknown[] = [
    db
      .update(alerts)
      .set(set)
      .where(and(eq(alerts.id, alertId), eq(alerts.ownerUserId, ownerId), eq(alerts.status, from)))
      .returning({ id: alerts.id, status: alerts.status, memo: alerts.memo }),
  ];
  if (to !== undefined) statements.push(history(to, change.reason ?? null));
  if (change.memo !== undefined)
    statements.push(history('updated', change.memo === null ? 'メモを削除しました' : 'メモを更新しました'));
  const [updated] = await batchStatements(db.$client, statements as never);
  const row = updated.results[0] as { id: string; status: AlertStatus; memo: string | null } | undefined;
  if (!row) throw conflict(ALERT_MESSAGES.conflict, 'ALERT_CHANGED');
  return row;
}

export const alertsRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const data = await listAlerts(getDb(c.env), c.get('userId'), c.req.valid('query'));
    return c.json({ data }, 200);
  })
  .openapi(routes.patch, async (c) => {
    const { alertId } = c.req.valid('param');
    const body = c.req.valid('json');
    const data = await changeAlert(getDb(c.env), c.get('userId'), alertId, body);
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
    const data = await changeAlert(getDb(c.env), c.get('userId'), alertId, { status, reason });
    return c.json({ data, message: STATUS_UPDATED_MESSAGES[status] ?? '' }, 200);
  })
  .openapi(routes.memo, async (c) => {
    const { alertId } = c.req.valid('param');
    const { memo } = c.req.valid('json');
    const { id, memo: saved } = await changeAlert(getDb(c.env), c.get('userId'), alertId, { memo });
    return c.json({ data: { id, memo: saved }, message: ALERT_MESSAGES.memoUpdated }, 200);
  })
  .openapi(routes.history, async (c) => {
    const { alertId } = c.req.valid('param');
    const found = await alertWithHistory(getDb(c.env), c.get('userId'), alertId);
    if (!found) throw alertNotFound();
    return c.json({ data: { alert: found.alert, results: found.history } }, 200);
  });
