/** The pens' write statements (docs/product.md §26), for the services' batches. */
import { and, eq, sql } from 'drizzle-orm';
import { pens } from '../db/schema';
import type { Scope } from '../db/scope';
import type { CreatePen, UpdatePen } from './pens.schemas';

export const insertPenStatement = (scope: Scope, input: CreatePen, now: string) =>
  scope.db
    .insert(pens)
    .values({
      farmId: scope.farmId,
      name: input.name,
      barn: input.barn ?? null,
      capacity: input.capacity ?? null,
      sortOrder: input.sortOrder ?? 0,
      createdBy: scope.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();

export const updatePenStatement = (scope: Scope, penId: number, patch: UpdatePen, now: string) =>
  scope.db
    .update(pens)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(pens.farmId, scope.farmId), eq(pens.penId, penId)))
    .returning();

/** How many animals are in the pen, read in the delete's batch (the delete itself refuses a pen with animals). */
export const penHeadCountSql = (farmId: number, penId: number) =>
  sql`select count(*) as n from cattle where farm_id = ${farmId} and pen_id = ${penId}`;

/** Deletes the pen only if it holds no animal at that moment (inside the batch: a move at once cannot be lost). */
export const deleteEmptyPenSql = (farmId: number, penId: number) =>
  sql`delete from pens where farm_id = ${farmId} and pen_id = ${penId}
    and not exists (select 1 from cattle where farm_id = ${farmId} and pen_id = ${penId}) returning pen_id`;

/** The pen as it was, for the change history (read in the same batch before the delete). */
export const penRowSql = (farmId: number, penId: number) =>
  sql`select pen_id, name, barn, capacity, sort_order from pens where farm_id = ${farmId} and pen_id = ${penId}`;

/** The pen's animals per growth stage. */
export const penStagesSql = (farmId: number, penId: number) =>
  sql`select growth_stage as stage, count(*) as n from cattle where farm_id = ${farmId} and pen_id = ${penId}
    group by growth_stage`;
