/**
 * The alert-create use case (SPEC §5 Alert create): validates the input, checks the animal is the owner's, and
 * inserts the alert with its 'created' history row in one batch. Regeneration applies the same rules in bulk.
 */
import { and, eq } from 'drizzle-orm';
import type { ZodError } from 'zod';
import { batchStatements } from '../db/batch';
import type { Db } from '../db/client';
import { alerts, cattle } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { toValidationError } from '../lib/http';
import { todayJst } from '../lib/jst';
import { type AlertCreateInput, alertCreateSchema } from './alerts.schemas';
import { alertId, createdHistoryStatements, insertAlertsStatements, SYSTEM } from './alerts.statements';

export async function createAlert(
  db: Db,
  input: AlertCreateInput,
  options: { today?: string; changedBy?: string } = {},
): Promise<typeof alerts.$inferSelect> {
  const parsed = alertCreateSchema(options.today ?? todayJst()).safeParse(input);
  if (!parsed.success) throw toValidationError(parsed.error as ZodError);
  const alert = parsed.data;
  const [animal] = await db
    .select({ name: cattle.name, earTagNumber: cattle.earTagNumber })
    .from(cattle)
    .where(and(eq(cattle.cattleId, alert.cattleId), eq(cattle.ownerUserId, alert.ownerUserId)))
    .limit(1);
  if (!animal) throw notFound('指定された牛が見つかりません', 'CATTLE_NOT_FOUND');

  const id = await alertId(alert.ownerUserId, alert.cattleId, alert.type, alert.dueAt);
  const now = new Date().toISOString();
  const row = {
    ...alert,
    id,
    cattleName: alert.cattleName ?? animal.name,
    cattleEarTagNumber: alert.cattleEarTagNumber ?? animal.earTagNumber,
  };
  await batchStatements(db.$client, [
    ...insertAlertsStatements([row], now),
    ...createdHistoryStatements([id], options.changedBy ?? SYSTEM, now),
  ]);
  const [stored] = await db.select().from(alerts).where(eq(alerts.id, id)).limit(1);
  if (stored.createdAt !== now) throw conflict('このアラートは既に存在します', 'ALERT_EXISTS');
  return stored;
}
