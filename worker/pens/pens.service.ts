/**
 * The pens' write use cases (docs/product.md §26), one function each: create, change and delete a pen. A pen's name
 * is unique in its farm after §18 normalisation — the unique index refuses a second one inside the batch (409) —
 * and a pen with animals cannot be deleted (checked inside the delete's statement). Each write records its audit row
 * in its own batch.
 */
import { sql } from 'drizzle-orm';
import { auditStatement } from '../audit/audit.statements';
import { isGuardFailure, rowOf, runBatch, type Statement } from '../db/batch';
import { pens } from '../db/schema';
import type { Scope } from '../db/scope';
import { isUniqueViolation } from '../db/unique-violation';
import { conflict } from '../lib/errors';
import { penNotFound, penView } from './pens.queries';
import { type CreatePen, PEN_MESSAGES, type PenView, type UpdatePen } from './pens.schemas';
import {
  deletePenSql,
  insertPenStatement,
  PEN_NOT_EMPTY,
  penNotEmptyGuard,
  penRowSql,
  penStagesSql,
  updatePenStatement,
} from './pens.statements';

const duplicateName = () => conflict(PEN_MESSAGES.duplicate, 'DUPLICATE_PEN_NAME', 'name');

async function runPenBatch(scope: Scope, statements: readonly Statement[]) {
  try {
    return await runBatch(scope.db, statements);
  } catch (err) {
    if (isUniqueViolation(err, 'pens.')) throw duplicateName();
    throw err;
  }
}

/** The statement before it changed a row: the audit row is written only for a write that happened. */
const changed = sql`changes() > 0`;

/** POST /pens. */
export async function createPen(scope: Scope, input: CreatePen): Promise<PenView> {
  const now = new Date().toISOString();
  const [inserted] = await runPenBatch(scope, [
    insertPenStatement(scope, input, now),
    auditStatement(scope, {
      action: 'create',
      entity: 'pen',
      // Inside the batch the farm's newest pen is the one just inserted.
      entityId: sql`(select max(pen_id) from pens where farm_id = ${scope.farmId})`,
      changes: { before: null, after: { ...input } },
      at: now,
    }),
  ]);
  return penView(rowOf(pens, inserted.results[0] as Record<string, unknown>));
}

/** PATCH /pens/{id}: the pen with its head count and stages, as GET /pens answers it. */
export async function updatePen(scope: Scope, penId: number, patch: UpdatePen): Promise<PenView> {
  const now = new Date().toISOString();
  const [before, updated, , stages] = await runPenBatch(scope, [
    penRowSql(scope.farmId, penId),
    updatePenStatement(scope, penId, patch, now),
    auditStatement(scope, {
      action: 'update',
      entity: 'pen',
      entityId: penId,
      changes: { before: null, after: { ...patch } },
      at: now,
      when: changed,
    }),
    penStagesSql(scope.farmId, penId),
  ]);
  const row = updated.results[0] as Record<string, unknown> | undefined;
  if (!before.results[0] || !row) throw penNotFound();
  const counts = stages.results as { stage: string | null; n: number }[];
  return penView(rowOf(pens, row), Object.fromEntries(counts.map((c) => [c.stage ?? 'UNKNOWN', c.n])));
}

/**
 * DELETE /pens/{id}: refused (409) while animals are in it — by a guard in the delete's batch, so of a move and a
 * delete at once exactly one is done and no animal is left in a deleted pen (§26).
 */
export async function deletePen(scope: Scope, penId: number): Promise<void> {
  const now = new Date().toISOString();
  let deleted: D1Result;
  try {
    [, deleted] = await runBatch(scope.db, [
      penNotEmptyGuard(scope.farmId, penId),
      deletePenSql(scope.farmId, penId),
      auditStatement(scope, {
        action: 'delete',
        entity: 'pen',
        entityId: penId,
        changes: { before: { penId }, after: null },
        at: now,
        when: changed,
      }),
    ]);
  } catch (err) {
    if (isGuardFailure(err, PEN_NOT_EMPTY)) throw conflict(PEN_MESSAGES.notEmpty, PEN_NOT_EMPTY);
    throw err;
  }
  if (!deleted.results[0]) throw penNotFound();
}
