/**
 * Where an animal is (docs/product.md §26): the pen its MOVE_PEN events leave it in. Recording a move puts it in
 * the move's pen; deleting the last move puts it back in the pen that move took it from; a dead or shipped animal
 * is in no pen. Pure: the breeding recompute (worker/breeding/recompute.ts) stores what this decides.
 */
import type { EngineEvent } from './breeding';

export const MOVE_PEN = 'MOVE_PEN';

interface MoveDetails {
  toPenId?: number | null;
  fromPenId?: number | null;
}

const detailsOf = (e: EngineEvent) => (e.details ?? {}) as MoveDetails;

/** The animal's last move (by time, then id), or null. */
export function lastMove(events: readonly EngineEvent[]): EngineEvent | null {
  let last: EngineEvent | null = null;
  for (const e of events) {
    if (e.eventType !== MOVE_PEN) continue;
    const later =
      !last ||
      Date.parse(e.eventDatetime) > Date.parse(last.eventDatetime) ||
      (Date.parse(e.eventDatetime) === Date.parse(last.eventDatetime) && e.eventId > last.eventId);
    if (later) last = e;
  }
  return last;
}

const sameMove = (a: EngineEvent | null, b: EngineEvent | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.eventId === b.eventId &&
    a.eventDatetime === b.eventDatetime &&
    detailsOf(a).toPenId === detailsOf(b).toPenId);

const gone = (status: string) => status === 'DEAD' || status === 'SHIPPED';

/**
 * The pen after a write: none for a dead or shipped animal; the last move's pen when the last move changed; the pen
 * the removed last move came from when no later move is left; else the pen as stored (an import's, or unchanged).
 */
export function resolvePenId(input: {
  currentPenId: number | null;
  statusBefore: string;
  statusAfter: string;
  before: readonly EngineEvent[];
  after: readonly EngineEvent[];
}): number | null {
  if (gone(input.statusAfter)) return null;
  const was = lastMove(input.before);
  const now = lastMove(input.after);
  // Back from a death or shipment undone: the pen of its last move.
  if (gone(input.statusBefore)) return now ? (detailsOf(now).toPenId ?? null) : input.currentPenId;
  if (sameMove(was, now)) return input.currentPenId;
  if (now) return detailsOf(now).toPenId ?? null;
  return was ? (detailsOf(was).fromPenId ?? null) : input.currentPenId;
}

/** A move's details as stored: the pen it goes to and the pen the animal was in when it was recorded. */
export const moveDetails = (toPenId: number, fromPenId: number | null) => ({ toPenId, fromPenId });
