import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cattle, cattleStatusHistory, tasks } from '../db/schema';

/** Statuses after which an animal has no more work: its open tasks are cancelled (§22), however it got there. */
const ENDING_STATUSES: readonly string[] = ['DEAD', 'SHIPPED'];

export interface StatusChange {
  cattleId: number;
  oldStatus: string | null;
  newStatus: string;
  /** A user id as text, or 'system' for changes the app makes itself. */
  changedBy: string;
  reason?: string | null;
}

/**
 * The statements that change an animal's status and record it in cattle_status_history — and, when she died or was
 * shipped, cancel her open tasks, whether an event or a hand-set status got her there. Put them in the same
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
    ...(ENDING_STATUSES.includes(change.newStatus)
      ? [
          db
            .update(tasks)
            .set({ status: 'cancelled', updatedAt: now })
            .where(and(eq(tasks.cattleId, change.cattleId), eq(tasks.status, 'open'))),
        ]
      : []),
  ];
}
