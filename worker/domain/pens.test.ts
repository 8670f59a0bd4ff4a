import { describe, expect, it } from 'vitest';
import type { EngineEvent } from './breeding';
import { lastMove, resolvePenId } from './pens';

const move = (eventId: number, day: string, toPenId: number, fromPenId: number | null): EngineEvent => ({
  eventId,
  eventType: 'MOVE_PEN',
  eventDatetime: `${day}T01:00:00.000Z`,
  details: { toPenId, fromPenId },
});
const vaccination: EngineEvent = {
  eventId: 9,
  eventType: 'VACCINATION',
  eventDatetime: '2026-05-01T01:00:00.000Z',
  details: null,
};
const pen = (
  before: EngineEvent[],
  after: EngineEvent[],
  currentPenId: number | null,
  statusAfter = 'HEALTHY',
  statusBefore = 'HEALTHY',
) => resolvePenId({ currentPenId, statusBefore, statusAfter, before, after });

describe('the pen an animal is in (§26)', () => {
  it('takes the last move by time, then by id', () => {
    const a = move(1, '2026-04-01', 10, null);
    const b = move(2, '2026-03-01', 11, 10); // recorded later, but earlier in time
    const c = move(3, '2026-04-01', 12, 10); // same instant as a, larger id
    expect(lastMove([a, b])?.eventId).toBe(1);
    expect(lastMove([a, b, c])?.eventId).toBe(3);
    expect(lastMove([vaccination])).toBeNull();
  });

  it('a move recorded puts the animal in its pen', () => {
    expect(pen([], [move(1, '2026-04-01', 10, null)], null)).toBe(10);
    const first = move(1, '2026-04-01', 10, null);
    expect(pen([first], [first, move(2, '2026-04-05', 11, 10)], 10)).toBe(11);
  });

  it('a move deleted puts it back in the pen it came from; an older move deleted changes nothing', () => {
    const first = move(1, '2026-04-01', 10, null);
    const second = move(2, '2026-04-05', 11, 10);
    // The last move (10 → 11) deleted: the earlier move is now last: pen 10.
    expect(pen([first, second], [first], 11)).toBe(10);
    // The only move (none → 10) deleted: no pen.
    expect(pen([first], [], 10)).toBeNull();
    // The first move deleted while the second stays last: pen 11 stays.
    expect(pen([first, second], [second], 11)).toBe(11);
  });

  it('an event of another type leaves the stored pen (an import’s pen too)', () => {
    expect(pen([], [vaccination], 7)).toBe(7);
    const first = move(1, '2026-04-01', 10, null);
    expect(pen([first], [first, vaccination], 10)).toBe(10);
  });

  it('a dead or shipped animal leaves its pen; the death undone puts it back in its last move’s pen', () => {
    const first = move(1, '2026-04-01', 10, null);
    expect(pen([first], [first], 10, 'DEAD')).toBeNull();
    expect(pen([first], [first], 10, 'SHIPPED')).toBeNull();
    expect(pen([first], [first], null, 'HEALTHY', 'DEAD')).toBe(10);
  });
});
