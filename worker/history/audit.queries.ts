import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditAction, AuditEntity } from '../domain/audit';
import { decodeCursor, encodeCursor } from '../lib/cursor';
import type { AuditRow, ListAuditQuery } from './audit.schemas';

const PAGE = 50;

/**
 * A page of the farm's change history, newest first (`at`, then id), keyset-paged. `onlyUserId` narrows it to one
 * member's own rows (staff see only theirs, §23).
 */
export async function listAudit(
  db: Db,
  farmId: number,
  query: ListAuditQuery,
  onlyUserId?: number,
): Promise<{ data: AuditRow[]; nextCursor: string | null }> {
  const limit = query.limit ?? PAGE;
  const where: SQL[] = [eq(auditLog.farmId, farmId)];
  if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
  if (query.userId !== undefined) where.push(eq(auditLog.userId, query.userId));
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
  return {
    data: page.map((r) => ({
      id: r.id,
      at: r.at,
      userId: r.userId,
      userName: r.userName,
      action: r.action as AuditAction,
      entity: r.entity as AuditEntity,
      entityId: r.entityId,
      changes: JSON.parse(r.changes) as AuditRow['changes'],
    })),
    nextCursor: rows.length > limit && last ? encodeCursor({ v: last.at, id: last.id }) : null,
  };
}
