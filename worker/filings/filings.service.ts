/**
 * Filing use cases (docs/product.md §21): the farm's farmer code from the directory, marking filings filed (or
 * undoing it), and the FILING_OVERDUE alerts brought in line for the animals marked.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { regenerateAlerts } from '../alerts/regenerate';
import { auditStatement } from '../audit/audit.statements';
import { runBatch } from '../db/batch';
import { directoryDb } from '../db/client';
import { farms, filings } from '../db/schema';
import type { Scope } from '../db/scope';
import { todayJst } from '../domain/calendar';
import { missingFieldsMessage } from '../domain/filings';
import type { Env } from '../env';
import { conflict, notFound } from '../lib/errors';
import { filingsByIds } from './filings.queries';
import { FILING_MESSAGES } from './filings.schemas';

const filingNotFound = () => notFound(FILING_MESSAGES.notFound, 'FILING_NOT_FOUND');

/** The farm's NLBC farmer code (農家コード), kept in the directory; null until the owner enters it. */
export async function farmerCodeOf(env: Pick<Env, 'DB'>, farmId: number): Promise<string | null> {
  const [row] = await directoryDb(env)
    .select({ farmerCode: farms.farmerCode })
    .from(farms)
    .where(eq(farms.id, farmId))
    .limit(1);
  return row?.farmerCode ?? null;
}

/**
 * Marks the farm's filings filed on `filedAt` (default today, JST), or — `filed: false` — pending again; a filing
 * whose event was deleted is removed rather than made pending (nothing obliges it any more). Any id not of this
 * farm is a 404 and nothing changes; marking filed one with fields still missing is a 409 naming them, unless
 * `acceptMissing` (§21, turn 4). The marked animals' alerts are regenerated, raising or resolving
 * FILING_OVERDUE.
 */
export async function markFilings(
  scope: Scope,
  farmerCode: string | null,
  input: { ids: number[]; filed: boolean; filedAt?: string; acceptMissing?: boolean },
) {
  const ids = [...new Set(input.ids)];
  const found = await filingsByIds(scope, farmerCode, ids);
  if (found.length !== ids.length) throw filingNotFound();
  // §21 (turn 4): a filing with fields still empty is marked filed only when the farmer said so.
  const incomplete = found.filter((f) => f.missing.length > 0);
  if (input.filed && incomplete.length && !input.acceptMissing)
    throw conflict(missingFieldsMessage(incomplete.map((f) => f.missing)), 'FILING_FIELDS_MISSING', 'ids');
  const now = new Date().toISOString();
  const ofFarm = and(eq(filings.farmId, scope.farmId), inArray(filings.filingId, ids));
  const statements = input.filed
    ? [
        scope.db
          .update(filings)
          .set({
            status: 'filed',
            filedAt: input.filedAt ?? todayJst(),
            filedBy: scope.userId,
            filedByName: scope.userName,
            updatedAt: now,
          })
          .where(ofFarm),
      ]
    : [
        scope.db.delete(filings).where(and(ofFarm, eq(filings.eventDeleted, true))),
        scope.db
          .update(filings)
          .set({ status: 'pending', filedAt: null, filedBy: null, filedByName: null, updatedAt: now })
          .where(ofFarm),
      ];
  // One change-history row per filing (§23), written with the marks, its status and filed date before and after.
  const audits = ids.map((id) =>
    auditStatement(scope, {
      action: 'update',
      entity: 'filing',
      entityId: id,
      at: now,
      changes: sql`(select json_object('status', json_array(status, ${input.filed ? 'filed' : 'pending'}),
        'filedAt', json_array(filed_at, ${input.filed ? (input.filedAt ?? todayJst()) : null}))
        from filings where filing_id = ${id} and farm_id = ${scope.farmId})`,
    }),
  );
  await runBatch(scope.db, [...audits, ...statements]);
  await regenerateAlerts(scope.db, scope.farmId, [...new Set(found.map((f) => f.cattleId))]);
  return filingsByIds(scope, farmerCode, ids);
}
