import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditAction, AuditChanges, AuditEntity } from '../domain/audit';
import { describeAudit } from '../domain/audit-words';
import { decodeCursor, encodeCursor } from '../lib/cursor';
import type { AuditRow, ListAuditQuery } from './audit.schemas';
import { auditNames } from './audit-names.queries';

const PAGE = 50;

/**
 * An animal's whole story (§23, turn 4): its own rows and its plan's, and those of its events (also those in the
 * trash), shipments, filings, tasks and alerts — each found through the farm's entity index.
 */
function storyOf(farmId: number, cattleId: number): SQL {
  const id = String(cattleId);
  const of = (entity: string, ids: SQL) => sql`(${auditLog.entity} = ${entity} and ${auditLog.entityId} in (${ids}))`;
  return sql`((${auditLog.entity} in ('cattle', 'plan') and ${auditLog.entityId} = ${id})
    or ${of(
      'event',
      sql`select cast(event_id as text) from events where cattle_id = ${cattleId} and farm_id = ${farmId}
      union all select cast(entity_id as text) from trash where farm_id = ${farmId} and entity = 'event' and cattle_id = ${cattleId}`,
    )}
    or ${of('shipment', sql`select shipment_id from shipments where cattle_id = ${cattleId} and farm_id = ${farmId}`)}
    or ${of('filing', sql`select cast(filing_id as text) from filings where cattle_id = ${cattleId} and farm_id = ${farmId}`)}
    or ${of('task', sql`select cast(id as text) from tasks where cattle_id = ${cattleId} and farm_id = ${farmId}`)}
    or ${of('alert', sql`select id from alerts where cattle_id = ${cattleId} and farm_id = ${farmId}`)})`;
}

/**
 * A page of the farm's change history, newest first (`at`, then id), keyset-paged, each row with its sentence and
 * labelled changes in the farmer's words. `onlyUserId` narrows it to one member's own rows (staff see only theirs,
 * §23); `userNames` reads people's names from the directory.
 */
export async function listAudit(
  db: Db,
  farmId: number,
  query: ListAuditQuery,
  userNames: (ids: number[]) => Promise<Map<number, string>>,
  onlyUserId?: number,
): Promise<{ data: AuditRow[]; nextCursor: string | null }> {
  const limit = query.limit ?? PAGE;
  const where: SQL[] = [eq(auditLog.farmId, farmId)];
  if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
  if (query.userId !== undefined) where.push(eq(auditLog.userId, query.userId));
  if (query.cattleId !== undefined) where.push(storyOf(farmId, query.cattleId));
  if (onlyUserId !== undefined) where.push(eq(auditLog.userId, onlyUserId));
  const cursor = decodeCursor(query.cursor);
  if (cursor) {
    const at = String(cursor.v);
    where.push(or(lt(auditLog.at, at), and(eq(auditLog.at, at), lt(auditLog.id, cursor.id))) as SQL);
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const facts = page.map((r) => ({
    id: r.id,
    action: r.action as AuditAction,
    entity: r.entity as AuditEntity,
    entityId: r.entityId,
    changes: JSON.parse(r.changes) as AuditChanges,
  }));
  const { subjects, names } = await auditNames(db, farmId, facts, userNames);
  return {
    data: page.map((r, i) => {
      const fact = facts[i] as (typeof facts)[number];
      const words = describeAudit(fact, subjects[i] ?? {}, names, query.lang);
      const { id, action, entity, entityId } = fact;
      return { id, at: r.at, userId: r.userId, userName: r.userName, action, entity, entityId, ...words };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor({ v: last.at, id: last.id }) : null,
  };
}
