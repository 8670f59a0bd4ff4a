import { describe, expect, it } from 'vitest';
import { type CensusAnimal, census, censusCategory, censusPurpose, defaultCensusDate, onFarmOn } from './census';

const animal = (over: Partial<CensusAnimal>): CensusAnimal => ({
  birthday: '2022-01-10',
  gender: '雌',
  breed: '黒毛和種',
  arrivals: [],
  exits: [],
  fatteningStarts: [],
  breedingDates: [],
  ...over,
});

const FEB1 = '2026-02-01';

describe('who is on the farm on the census day', () => {
  it('counts from the birth, or from the first arrival when the animal arrived', () => {
    expect(onFarmOn(animal({ birthday: '2026-02-01' }), FEB1)).toBe(true); // born that day
    expect(onFarmOn(animal({ birthday: '2026-02-02' }), FEB1)).toBe(false); // born the day after
    // Born elsewhere in 2024, arrived 2026-02-02: not yet here on 1 February, although born long before.
    expect(onFarmOn(animal({ birthday: '2024-05-01', arrivals: ['2026-02-02'] }), FEB1)).toBe(false);
    expect(onFarmOn(animal({ birthday: '2024-05-01', arrivals: ['2026-01-31'] }), FEB1)).toBe(true);
    expect(onFarmOn(animal({ birthday: null, arrivals: [] }), FEB1)).toBe(false);
  });

  it('stops counting the day after a death or shipment: one that leaves on the day is still counted', () => {
    expect(onFarmOn(animal({ exits: ['2026-02-01'] }), FEB1)).toBe(true);
    expect(onFarmOn(animal({ exits: ['2026-01-31'] }), FEB1)).toBe(false);
    expect(onFarmOn(animal({ exits: ['2026-03-01'] }), FEB1)).toBe(true);
  });
});

describe('the category, the first that fits', () => {
  it('is calf under 6 calendar months, whatever else is true', () => {
    // 2025-08-02 → 2026-02-01 is 5 months (the 6th completes on 02-02): calf, even a male fattening calf.
    expect(
      censusCategory(animal({ birthday: '2025-08-02', gender: '去勢', fatteningStarts: ['2026-01-10'] }), FEB1),
    ).toBe('calf');
    // 2025-08-01 → 2026-02-01 is exactly 6 months: no longer a calf.
    expect(censusCategory(animal({ birthday: '2025-08-01', gender: '去勢' }), FEB1)).toBe('young');
  });

  it('is fattening after a START_FATTENING on or before the day, breeding for a served or calved female', () => {
    expect(censusCategory(animal({ fatteningStarts: ['2026-02-01'] }), FEB1)).toBe('fattening');
    expect(censusCategory(animal({ fatteningStarts: ['2026-02-02'] }), FEB1)).toBe('young');
    expect(censusCategory(animal({ breedingDates: ['2025-06-01'] }), FEB1)).toBe('breeding');
    expect(censusCategory(animal({ breedingDates: ['2026-02-02'] }), FEB1)).toBe('young');
    // A steer with a (wrongly typed) service is not a breeding female.
    expect(censusCategory(animal({ gender: '去勢', breedingDates: ['2025-06-01'] }), FEB1)).toBe('young');
  });

  it('is bull for a male of 12 months or more, young otherwise', () => {
    expect(censusCategory(animal({ gender: '雄', birthday: '2025-02-01' }), FEB1)).toBe('bull'); // 12 months
    expect(censusCategory(animal({ gender: '雄', birthday: '2025-02-02' }), FEB1)).toBe('young'); // 11 months
    expect(censusCategory(animal({ gender: '去勢', birthday: '2023-01-01' }), FEB1)).toBe('young');
  });

  it('takes the purpose from the breed', () => {
    expect(censusPurpose('ホルスタイン')).toBe('dairy');
    expect(censusPurpose('ジャージー')).toBe('dairy');
    expect(censusPurpose('交雑種')).toBe('cross');
    expect(censusPurpose('黒毛和種')).toBe('beef');
    expect(censusPurpose('褐毛和種')).toBe('beef');
    expect(censusPurpose(null)).toBe('beef');
  });
});

describe('the census', () => {
  it('counts each group by hand and leaves empty groups out', () => {
    const herd = [
      animal({ breedingDates: ['2024-03-01'] }), // beef breeding
      animal({ breedingDates: ['2024-03-01'], birthday: '2021-05-05' }), // beef breeding
      animal({ birthday: '2025-12-24' }), // beef calf (1 month)
      animal({ breed: 'ホルスタイン', breedingDates: ['2025-01-01'] }), // dairy breeding
      animal({ breed: '交雑種', gender: '去勢', fatteningStarts: ['2025-10-01'] }), // cross fattening
      animal({ exits: ['2026-01-20'] }), // shipped before: not counted
      animal({ birthday: '2026-02-10' }), // born after: not counted
      animal({ gender: '雄', birthday: '2024-01-01' }), // beef bull
    ];
    expect(census(herd, FEB1)).toEqual({
      date: FEB1,
      total: 6,
      groups: [
        { purpose: 'dairy', category: 'breeding', count: 1 },
        { purpose: 'beef', category: 'calf', count: 1 },
        { purpose: 'beef', category: 'breeding', count: 2 },
        { purpose: 'beef', category: 'bull', count: 1 },
        { purpose: 'cross', category: 'fattening', count: 1 },
      ],
    });
  });

  it('defaults to 1 February of the current year', () => {
    expect(defaultCensusDate('2026-11-26')).toBe('2026-02-01');
    expect(defaultCensusDate('2027-01-15')).toBe('2027-02-01');
  });
});
