import { describe, expect, it } from 'vitest';
import type { RosterAnimal } from './roster';
import { breedingAsOf } from './roster-breeding';

const cow = (cattleId: number, earTagNumber: string | null, identificationNumber: string | null, name: string) =>
  ({
    cattleId,
    earTagNumber,
    identificationNumber,
    name,
    gender: '雌',
    breed: '黒毛和種',
    status: 'HEALTHY',
    growthStage: 'MULTI_PAROUS',
    birthday: '2020-04-01',
  }) satisfies RosterAnimal;

describe('an animal’s breeding state from the kept roster (§20 turn 4, decision 059)', () => {
  const served = {
    ...cow(9, '0030', '1234567890', 'はな'),
    parity: 2,
    lastCalvingDate: '2026-03-01',
    lastServiceDate: '2026-05-20',
    conceptionDate: null,
    expectedCalvingDate: null,
    // As the server counted it on 2026-06-15.
    daysOpen: 106,
    withdrawalUntil: '2026-06-23',
  } satisfies RosterAnimal;

  it('counts days open on the day shown, offline days after the roster was fetched', () => {
    // 2026-03-01 → 2026-06-15: 30 + 30 + 31 + 15 = 106; two days later, 108.
    expect(breedingAsOf(served, '2026-06-15')?.daysOpen).toBe(106);
    expect(breedingAsOf(served, '2026-06-17')).toEqual({
      parity: 2,
      lastCalvingDate: '2026-03-01',
      lastServiceDate: '2026-05-20',
      expectedCalvingDate: null,
      daysOpen: 108,
      withdrawal: { meatUntil: '2026-06-23', milkUntil: null },
    });
  });

  it('stops counting at the conception, and counts nothing before a first calving', () => {
    const pregnant = { ...served, conceptionDate: '2026-05-20', expectedCalvingDate: '2027-03-01' };
    // 2026-03-01 → 2026-05-20: 30 + 30 + 19 = 80, whatever the day.
    expect(breedingAsOf(pregnant, '2026-06-17')?.daysOpen).toBe(80);
    expect(breedingAsOf(pregnant, '2026-12-01')?.daysOpen).toBe(80);
    const heifer = { ...served, parity: 0, lastCalvingDate: null, lastServiceDate: null, daysOpen: null };
    expect(breedingAsOf(heifer, '2026-06-17')?.daysOpen).toBeNull();
    // An unknown parity stays unknown (§5).
    expect(breedingAsOf({ ...served, parity: null }, '2026-06-17')?.parity).toBeNull();
  });

  it('is null for a roster kept before the server sent the breeding state', () => {
    expect(breedingAsOf(cow(1, '0001', null, '古い'), '2026-06-17')).toBeNull();
  });
});
