/** The pens' write statements (docs/product.md §26), for the services' batches. */
import { and, eq, sql } from 'drizzle-orm';
import { pens } from '../db/schema';
import type { Scope } from '../db/scope';
import type { CreatePen, UpdatePen } from './pens.schemas';

/** A new pen. `ifAbsent`: a pen of that name already on the farm is left as it is (an import's, §26). */
export const insertPenStatement = (scope: Scope, input: CreatePen, now: string, { ifAbsent = false } = {}) => {
  const insert = scope.db.insert(pens).values({
    farmId: scope.farmId,
    name: input.name,
    barn: input.barn ?? null,
    capacity: input.capacity ?? null,
    sortOrder: input.sortOrder ?? 0,
    createdBy: scope.userId,
    createdAt: now,
    updatedAt: now,
  });
  return (ifAbsent ? insert.onConflictDoNothing({ target: [pens.farmId, pens.name] }) : insert).returning();
};

/** The farm's pen of this name (stored NFKC, §18), as a subquery: null when it has none. */
export const penOfNameSql = (farmId: number, name: string) =>
  sql`(select pen_id from pens where farm_id = ${farmId} and name = ${name})`;

/** Animals per statement of penAnimalsStatements: one bound JSON array each, well under D1's limits. */
const PUT_CHUNK = 500;

/**
 * Puts animals found by 個体識別番号 in the farm's pen of `name` (an import's 牛房 column, §26), inside the batch
 * that made the pen if it was new; a dead or shipped animal stays in none. The version is counted up as any change
 * to the animal is.
 */
export function penAnimalsStatements(
  scope: Pick<Scope, 'farmId' | 'userId'>,
  name: string,
  identificationNumbers: readonly string[],
  now: string,
) {
  const statements = [];
  for (let start = 0; start < identificationNumbers.length; start += PUT_CHUNK) {
    const ids = JSON.stringify(identificationNumbers.slice(start, start + PUT_CHUNK));
    statements.push(
      sql`update cattle set pen_id = ${penOfNameSql(scope.farmId, name)}, version = version + 1,
          updated_by = ${scope.userId}, updated_at = ${now}
        where farm_id = ${scope.farmId} and identification_number in (select value from json_each(${ids}))
          and status not in ('DEAD', 'SHIPPED')`,
    );
  }
  return statements;
}

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
