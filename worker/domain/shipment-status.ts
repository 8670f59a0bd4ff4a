/**
 * How shipments move an animal's status (docs/decisions/013-shipments.md). Pure: the handlers write the result
 * with statusChangeStatements in the same batch as the shipment or plan.
 */
const SHIPPING_STATUSES = new Set(['SCHEDULED_FOR_SHIPMENT', 'SHIPPED']);

/** A plan marks only animals with nothing more important to show: healthy ones and cows resting after calving. */
const PLANNABLE_STATUSES = new Set(['HEALTHY', 'RESTING']);

const PLAN_REASON = '出荷予定の登録';
const PLAN_CANCELLED_REASON = '出荷予定の取消';

/** The last status the animal had before it was planned or shipped (history newest first), HEALTHY if unknown. */
export function statusBeforeShipping(history: { oldStatus: string | null; newStatus: string }[]): string {
  for (const entry of history) {
    if (entry.oldStatus && !SHIPPING_STATUSES.has(entry.oldStatus)) return entry.oldStatus;
  }
  return 'HEALTHY';
}

/** The status change a plan causes, or null when the status stays as it is. */
export function planStatusChange(
  currentStatus: string,
  action: 'planned' | 'cancelled',
  history: { oldStatus: string | null; newStatus: string }[] = [],
): { newStatus: string; reason: string } | null {
  if (action === 'planned') {
    return PLANNABLE_STATUSES.has(currentStatus) ? { newStatus: 'SCHEDULED_FOR_SHIPMENT', reason: PLAN_REASON } : null;
  }
  if (currentStatus !== 'SCHEDULED_FOR_SHIPMENT') return null;
  return { newStatus: statusBeforeShipping(history), reason: PLAN_CANCELLED_REASON };
}
