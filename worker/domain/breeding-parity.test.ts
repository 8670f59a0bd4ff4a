import { describe, expect, it } from 'vitest';
import { computeBreeding, resolveGrowthStage } from './breeding';
import { initialParityFor, parityAfter, parityBelowCalvings, registeredParity } from './breeding-parity';
import { analyseCow } from './kpi';

let nextEvent = 1;
const calving = (day: string, type = 'CALVING') => ({
  eventId: nextEvent++,
  eventType: type,
  eventDatetime: `${day}T00:00:00.000Z`,
});
const parityOf = (initialParity: number | null, events: ReturnType<typeof calving>[]) =>
  computeBreeding({ breed: '黒毛和種', initialParity, events, today: '2026-11-28' }).breedingStatus.parity;

describe('parity may be unknown (§5)', () => {
  it('counts calvings on a known registered count: 2 + 1 = 3, 0 + 2 = 2', () => {
    expect(parityAfter(2, 1)).toBe(3);
    expect(parityAfter(0, 2)).toBe(2);
    expect(parityAfter(0, 0)).toBe(0);
  });

  it('leaves an unknown count unknown, however many calvings follow', () => {
    expect(parityAfter(null, 0)).toBeNull();
    expect(parityAfter(null, 3)).toBeNull();
  });

  it('registers the count given; without one, a cow that has calved is unknown and anyone else 0', () => {
    expect(registeredParity(3, 'MULTI_PAROUS')).toBe(3);
    expect(registeredParity(0, 'GROWING')).toBe(0);
    expect(registeredParity(undefined, 'MULTI_PAROUS')).toBeNull();
    expect(registeredParity(undefined, 'FIRST_CALVED')).toBeNull();
    expect(registeredParity(null, 'MULTI_PAROUS')).toBeNull();
    for (const stage of ['CALF', 'GROWING', 'FATTENING', null]) expect(registeredParity(undefined, stage)).toBe(0);
  });

  it('makes a parity known from the count with the last calving: 3 with 1 on record registers 2, with 3 registers 0', () => {
    expect(initialParityFor(3, 1)).toBe(2);
    expect(initialParityFor(3, 3)).toBe(0);
    expect(initialParityFor(0, 0)).toBe(0);
    // Fewer than the calvings on record cannot be: refused.
    expect(initialParityFor(1, 2)).toBeNull();
    expect(parityBelowCalvings(2)).toBe('産次は記録にある分娩の回数（2回）以上にしてください');
  });

  it('the engine: unknown → a calving → still unknown; registered 2 → a calving → 3; a heifer 0 → 1', () => {
    expect(parityOf(null, [])).toBeNull();
    expect(parityOf(null, [calving('2025-10-01')])).toBeNull();
    expect(parityOf(2, [calving('2025-10-01')])).toBe(3);
    expect(parityOf(0, [])).toBe(0);
    expect(parityOf(0, [calving('2025-10-01')])).toBe(1);
    // A stillbirth the day after a calving is the same birth: 2 + 1 = 3, not 4.
    expect(parityOf(2, [calving('2025-10-01'), calving('2025-10-02', 'STILLBIRTH')])).toBe(3);
  });

  it('made known as 3 after one calving (registered 3 − 1 = 2), a later calving counts on: 2 + 2 = 4', () => {
    const registered = initialParityFor(3, 1);
    expect(parityOf(registered, [calving('2024-10-01')])).toBe(3);
    expect(parityOf(registered, [calving('2024-10-01'), calving('2025-10-20')])).toBe(4);
  });

  it('a calving on an unknown count makes her 経産 (never 初産); a known first calving makes her 初産', () => {
    const stage = (initialParity: number | null) =>
      computeBreeding({ breed: '黒毛和種', initialParity, events: [calving('2025-10-01')], today: '2026-11-28' })
        .impliedGrowthStage;
    expect(stage(null)).toBe('MULTI_PAROUS');
    expect(stage(0)).toBe('FIRST_CALVED');
    expect(stage(1)).toBe('MULTI_PAROUS');
  });

  it('with its calving deleted, an animal of unknown parity goes back to 経産牛, not 育成', () => {
    const before = computeBreeding({
      breed: null,
      initialParity: null,
      events: [calving('2025-10-01')],
      today: '2026-11-28',
    });
    const after = computeBreeding({ breed: null, initialParity: null, events: [], today: '2026-11-28' });
    expect(
      resolveGrowthStage({
        currentStage: 'MULTI_PAROUS',
        initialParity: null,
        before: { impliedGrowthStage: before.impliedGrowthStage, events: [calving('2025-10-01')] },
        after,
      }),
    ).toBe('MULTI_PAROUS');
  });

  it('the KPIs take a cow of unknown parity as calved before (no heifer), as one registered with 2', () => {
    const cow = (initialParity: number | null) =>
      analyseCow({
        cattleId: 1,
        name: null,
        earTagNumber: null,
        birthday: '2018-04-01',
        initialParity,
        calvedBefore: false,
        leftBefore: false,
        timeline: null,
      });
    expect(cow(null)).toEqual(cow(2));
    expect(cow(null)).not.toEqual(cow(0));
  });
});
