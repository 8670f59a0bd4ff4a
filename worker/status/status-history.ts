import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cattle, cattleStatusHistory } from '../db/schema';

export interface StatusChange {
  cattleId: number;
  oldStatus: string | null;
  newStatus: string;
  /** A user id as text, or 'system' for changes the app makes itself. */
  changedBy: string;
  reason?: string | null;
}

/**
 * The statements that change an animal's status and record it in cattle_status_history. Put them in the same
 * db.batch() as the write that causes the change. Returns no statements when the status does not change.
 */
export function statusChangeStatements(db: Db, change: StatusChange) {
  if (change.oldStatus === change.newStatus) return [];
  const now = new Date().toISOString();
  return [
    db.update(cattle).set({ status: change.newStatus, updatedAt: now }).where(eq(cattle.cattleId, change.cattleId)),
    db.insert(cattleStatusHistory).values({
      cattleId: change.cattleId,
      oldStatus: change.oldStatus,
      newStatus: change.newStatus,
      changedAt: now,
      changedBy: change.changedBy,
      reason: change.reason ?? null,
    }),
  ] as const;
}
