/**
 * The alert write use cases: a farmer's change to an alert (status and memo, with history), and creating one alert
 * by hand. Regeneration (regenerate.ts) applies the alert rules in bulk with the same statements.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { auditStatement } from '../audit/audit.statements';
import { runBatch, type Statement } from '../db/batch';
import type { Db } from '../db/client';
import { alerts, cattle } from '../db/schema';
import type { Scope } from '../db/scope';
import { type AlertStatus, canTransition } from '../domain/alerts';
import { todayJst } from '../domain/calendar';
import { AppError, conflict, fieldErrors, notFound } from '../lib/errors';
import { findAlertForChange } from './alerts.queries';
import { ALERT_MESSAGES, type AlertCreateInput, alertCreateSchema, transitionRefused } from './alerts.schemas';
import { alertId, createdHistoryStatements, insertAlertsStatements, SYSTEM } from './alerts.statements';

export const alertNotFound = () => notFound(ALERT_MESSAGES.notFound, 'ALERT_NOT_FOUND');

export interface AlertChange {
  status?: AlertStatus;
  /** undefined: leave the memo; null: clear it. */
  memo?: string | null;
  reason?: string | null;
}

/**
 * Applies a farmer's change to one of their alerts: the docs/product.md §7 transition, acknowledgedAt/resolvedAt set once,
 * the memo, and one alert_history row per change — in one batch that only applies if nobody changed the
 * alert meanwhile. Three D1 round trips with the session check.
 */
export async function changeAlert(scope: Scope, alertId: string, change: AlertChange) {
  const { db, farmId } = scope;
  const current = await findAlertForChange(db, alertId);
  // Another farm's alert answers 404 exactly like one that does not exist (docs/product.md §3).
  if (!current || current.farmId !== farmId) throw alertNotFound();
  const from = current.status;
  const to = change.status;
  if (to !== undefined && !canTransition(from, to)) {
    throw new AppError({
      status: 400,
      code: 'INVALID_TRANSITION',
      message: transitionRefused(from, to),
      field: 'status',
    });
  }

  const now = new Date().toISOString();
  const by = scope.actor;
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
  const statements: Statement[] = [
    db
      .update(alerts)
      .set(set)
      .where(and(eq(alerts.id, alertId), eq(alerts.farmId, farmId), eq(alerts.status, from)))
      .returning({ id: alerts.id, status: alerts.status, memo: alerts.memo }),
  ];
  if (to !== undefined) statements.push(history(to, change.reason ?? null));
  if (change.memo !== undefined)
    statements.push(history('updated', change.memo === null ? 'メモを削除しました' : 'メモを更新しました'));
  statements.push(
    auditStatement(scope, {
      action: 'update',
      entity: 'alert',
      entityId: alertId,
      changes: {
        ...(to !== undefined && to !== from ? { status: [from, to] as [unknown, unknown] } : {}),
        ...(change.memo !== undefined && change.memo !== current.memo ? { memo: [current.memo, change.memo] } : {}),
        ...(change.reason ? { reason: [null, change.reason] } : {}),
      },
      at: now,
      when: sql`exists (select 1 from alerts where ${applied})`,
    }),
  );
  const [updated] = await runBatch(db, statements);
  const row = updated.results[0] as { id: string; status: AlertStatus; memo: string | null } | undefined;
  if (!row) throw conflict(ALERT_MESSAGES.conflict, 'ALERT_CHANGED');
  return row;
}

export async function createAlert(
  db: Db,
  input: AlertCreateInput,
  options: { today?: string; changedBy?: string } = {},
): Promise<typeof alerts.$inferSelect> {
  const parsed = alertCreateSchema(options.today ?? todayJst()).safeParse(input);
  if (!parsed.success) throw fieldErrors(parsed.error.issues);
  const alert = parsed.data;
  const [animal] = await db
    .select({ name: cattle.name, earTagNumber: cattle.earTagNumber })
    .from(cattle)
    .where(and(eq(cattle.cattleId, alert.cattleId), eq(cattle.farmId, alert.farmId)))
    .limit(1);
  if (!animal) throw notFound('指定された牛が見つかりません', 'CATTLE_NOT_FOUND');

  const id = await alertId(alert.farmId, alert.cattleId, alert.type, alert.dueAt);
  const now = new Date().toISOString();
  const row = {
    ...alert,
    id,
    cattleName: alert.cattleName ?? animal.name,
    cattleEarTagNumber: alert.cattleEarTagNumber ?? animal.earTagNumber,
  };
  await runBatch(db, [
    ...insertAlertsStatements([row], now),
    ...createdHistoryStatements([id], options.changedBy ?? SYSTEM, now),
  ]);
  const [stored] = await db.select().from(alerts).where(eq(alerts.id, id)).limit(1);
  if (stored.createdAt !== now) throw conflict('このアラートは既に存在します', 'ALERT_EXISTS');
  return stored;
}
