/** The pens' write statements (docs/product.md §26), for the services' batches. */
import { and, eq, sql } from 'drizzle-orm';
import { guardStatement } from '../db/batch';
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

/** The guard code of a pen's delete refused because an animal is in it (isGuardFailure). */
export const PEN_NOT_EMPTY = 'PEN_NOT_EMPTY';
/** The guard code of a move refused because its pen is gone. */
export const PEN_GONE = 'PEN_GONE';

/**
 * In a pen's delete's batch: refuses it while an animal is in the pen, checked at the moment the batch runs, so a
 * move that got there first keeps its pen (§26).
 */
export const penNotEmptyGuard = (farmId: number, penId: number) =>
  guardStatement(
    PEN_NOT_EMPTY,
    sql`exists (select 1 from pens where farm_id = ${farmId} and pen_id = ${penId})
      and exists (select 1 from cattle where farm_id = ${farmId} and pen_id = ${penId})`,
  );

/**
 * In a move's batch (MOVE_PEN recorded, for one animal or a group, or corrected): refuses it when the farm has no
 * pen of that id at the moment the batch runs — another farm's, or one deleted since the move read it (§26).
 */
export const penGoneGuard = (farmId: number, penId: number) =>
  guardStatement(PEN_GONE, sql`not exists (select 1 from pens where farm_id = ${farmId} and pen_id = ${penId})`);

export const deletePenSql = (farmId: number, penId: number) =>
  sql`delete from pens where farm_id = ${farmId} and pen_id = ${penId} returning pen_id`;

/** The pen as it is, read in a change's batch before the change (none: not the farm's). */
export const penRowSql = (farmId: number, penId: number) =>
  sql`select pen_id, name, barn, capacity, sort_order from pens where farm_id = ${farmId} and pen_id = ${penId}`;

/** The pen's animals per growth stage. */
export const penStagesSql = (farmId: number, penId: number) =>
  sql`select growth_stage as stage, count(*) as n from cattle where farm_id = ${farmId} and pen_id = ${penId}
    group by growth_stage`;
