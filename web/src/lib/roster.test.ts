import { describe, expect, it } from 'vitest';
import { type KeptRoster, nextRoster, type RosterAnimal, rosterKey, searchRoster } from './roster';

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

const herd = [
  cow(1, '0999', '1234501075', 'ID'),
  cow(2, '0555', '5555555555', '名前0107号'),
  cow(3, '201070', '6666666666', '耳標に含む'),
  cow(4, '0107', '7777777777', '耳標そのもの'),
  cow(5, '0888', '8888888888', '無関係'),
  cow(6, '0107', null, '二頭目'),
];

describe('roster search (§20, the server’s rule offline)', () => {
  it('finds any part of the numbers, full-width too: exact ear tag, ear tag containing, ID, name', () => {
    expect(searchRoster(herd, '０１０７').map((a) => a.name)).toEqual([
      '二頭目',
      '耳標そのもの',
      '耳標に含む',
      'ID',
      '名前0107号',
    ]);
    expect(searchRoster(herd, '01-07', 2).map((a) => a.cattleId)).toEqual([6, 4]);
  });

  it('finds a name by any part, half-width katakana as full-width, and nothing for an empty term', () => {
    const kana = [cow(7, '1', null, 'ハナコ')];
    expect(searchRoster(kana, 'ﾊﾅ').map((a) => a.name)).toEqual(['ハナコ']);
    expect(searchRoster(herd, '含む').map((a) => a.cattleId)).toEqual([3]);
    expect(searchRoster(herd, '  ')).toEqual([]);
    expect(searchRoster(herd, '4242')).toEqual([]);
  });
});

describe('the kept roster after an answer', () => {
  const kept: KeptRoster = { etag: '"roster-1-5"', version: 5, data: [herd[0]], checkedAt: '2026-11-25T00:00:00Z' };
  const now = '2026-11-25T01:00:00Z';

  it('keeps the roster a 304 confirms, with the time it was confirmed', () => {
    expect(nextRoster(kept, { status: 304 }, now)).toEqual({ ...kept, checkedAt: now });
    expect(nextRoster(null, { status: 304 }, now)).toBeNull();
  });

  it('takes a fresh 200, but not the service worker’s saved copy or an older version over a kept roster', () => {
    const fresh = { status: 200 as const, etag: '"roster-1-6"', version: 6, data: herd, savedCopy: false };
    expect(nextRoster(kept, fresh, now)).toEqual({ etag: '"roster-1-6"', version: 6, data: herd, checkedAt: now });
    expect(nextRoster(kept, { ...fresh, savedCopy: true }, now)).toBe(kept);
    expect(nextRoster(kept, { ...fresh, version: 4 }, now)).toBe(kept);
    expect(nextRoster(null, { ...fresh, savedCopy: true }, now)?.data).toBe(herd);
  });

  it('is kept per user and farm', () => {
    expect(rosterKey(7, 3)).toBe('roster:7:3');
    expect(rosterKey(7, 4)).not.toBe(rosterKey(7, 3));
    expect(rosterKey(8, 3)).not.toBe(rosterKey(7, 3));
  });
});
