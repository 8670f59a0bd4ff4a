/**
 * The trash's read and restore (docs/product.md §23, decision 042). Deleting writes the trash row in the delete's own
 * batch (worker/trash/trash.statements.ts); restoring puts the rows back with their ids, removes the trash row and
 * appends a 'restore' audit row in one batch, then recomputes the animal's breeding state and alerts through the
 * one recompute (recomputeAnimal) and regeneration.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { regenerateAlerts } from '../alerts/regenerate';
import { auditStatement } from '../audit/audit.statements';
import { recomputeAnimal } from '../breeding/recompute';
import { guardStatement, isGuardFailure, runBatch } from '../db/batch';
import type { Db } from '../db/client';
import { trash } from '../db/schema';
import type { Scope } from '../db/scope';
import { isUniqueViolation } from '../db/unique-violation';
import { conflict, notFound } from '../lib/errors';
import { TRASH_MESSAGES, type TrashEntity, type TrashItem } from './trash.schemas';
import { restoreRowsStatements, type Snapshot } from './trash.statements';

/** The farm's trash, newest deletion first (an animal's events are inside its row, not listed apart). */
export async function listTrash(db: Db, farmId: number): Promise<TrashItem[]> {
  const rows = await db
    .select({
      entity: trash.entity,
      id: trash.entityId,
      cattleId: trash.cattleId,
      label: trash.label,
      deletedAt: trash.deletedAt,
      deletedBy: trash.deletedByName,
      deletedById: trash.deletedBy,
      purgeAt: trash.purgeAt,
    })
    .from(trash)
    .where(eq(trash.farmId, farmId))
    .orderBy(desc(trash.deletedAt), desc(trash.id))
    .limit(500);
  return rows;
}

const ANIMAL_GONE = 'ANIMAL_GONE';

/** Restores an animal (with its events) or an event from the trash, as it was; 404 when it is not there. */
export async function restoreFromTrash(scope: Scope, entity: TrashEntity, id: number) {
  const { db, farmId } = scope;
  const [row] = await db
    .select()
    .from(trash)
    .where(and(eq(trash.farmId, farmId), eq(trash.entity, entity), eq(trash.entityId, id)))
    .limit(1);
  if (!row) throw notFound(TRASH_MESSAGES.notFound, 'NOT_IN_TRASH');
  const snapshot = JSON.parse(row.snapshot) as Snapshot;
  const animalCheck =
    entity === 'event'
      ? [
          guardStatement(
            ANIMAL_GONE,
            sql`not exists (select 1 from cattle where cattle_id = ${row.cattleId} and farm_id = ${farmId})`,
          ),
        ]
      : [];
  try {
    await runBatch(db, [
      ...animalCheck,
      ...restoreRowsStatements(snapshot, row.cattleId),
      sql`delete from trash where id = ${row.id}`,
      auditStatement(scope, {
        action: 'restore',
        entity: entity === 'cattle' ? 'cattle' : 'event',
        entityId: id,
        changes: { label: [null, row.label], deletedAt: [row.deletedAt, null] },
      }),
    ]);
  } catch (err) {
    if (isGuardFailure(err, ANIMAL_GONE)) throw conflict(TRASH_MESSAGES.animalGone, 'ANIMAL_NOT_FOUND');
    if (isUniqueViolation(err, 'cattle.farm_id, cattle.identification_number'))
      throw conflict(TRASH_MESSAGES.numberTaken, 'DUPLICATE_IDENTIFICATION_NUMBER');
    throw err;
  }
  // The state and alerts follow from the events as they are now (other animals' may have changed meanwhile).
  await recomputeAnimal(scope, row.cattleId);
  await regenerateAlerts(db, farmId, [row.cattleId]);
  return { entity, id, cattleId: row.cattleId };
}
