import { describe, expect, it } from 'vitest';
import { nextExpectedEstrus, nextHeats, type ScheduleRow, scheduleDates } from './breeding-schedule';

const empty: ScheduleRow = {
  status: 'HEALTHY',
  lastEstrusDate: null,
  lastInseminationDate: null,
  conceptionDate: null,
  scheduledPregnancyCheckDate: null,
  expectedCalvingDate: null,
};

describe('nextHeats', () => {
  it('counts 21-day cycles from the later of the last heat and service, from today on', () => {
    const row = { ...empty, lastEstrusDate: '2026-11-01', lastInseminationDate: '2026-11-02' };
    // 2026-11-02 + 21 = 11-23, + 42 = 12-14, + 63 = 2027-01-04.
    expect(nextHeats(row, '2026-11-10')).toEqual(['2026-11-23', '2026-12-14', '2027-01-04']);
    // On the day itself it is still the coming heat.
    expect(nextHeats(row, '2026-11-23')).toEqual(['2026-11-23', '2026-12-14', '2027-01-04']);
    // A heat that went unrecorded: the next cycle (11-02 + 2 × 21 = 12-14).
    expect(nextHeats(row, '2026-11-24')).toEqual(['2026-12-14', '2027-01-04', '2027-01-25']);
    // A heat today: 21 days on.
    expect(nextExpectedEstrus({ ...empty, lastEstrusDate: '2026-11-10' }, '2026-11-10')).toBe('2026-12-01');
  });

  it('has none for a pregnant, dead or shipped cow, or one with no heat since calving', () => {
    const row = { ...empty, lastInseminationDate: '2026-11-02' };
    expect(nextHeats({ ...row, status: 'PREGNANT' }, '2026-11-10')).toEqual([]);
    expect(nextHeats({ ...row, conceptionDate: '2026-11-02' }, '2026-11-10')).toEqual([]);
    expect(nextHeats({ ...row, status: 'SHIPPED' }, '2026-11-10')).toEqual([]);
    expect(nextHeats(empty, '2026-11-10')).toEqual([]);
    expect(nextExpectedEstrus(empty, '2026-11-10')).toBeNull();
  });
});

describe('scheduleDates', () => {
  it('lists the next three heats and the check 30 days after the service, within the range', () => {
    const row = {
      ...empty,
      lastEstrusDate: '2026-11-01',
      lastInseminationDate: '2026-11-02',
      scheduledPregnancyCheckDate: '2026-12-02',
    };
    expect(scheduleDates(row, '2026-11-01', '2026-12-31', '2026-11-10')).toEqual([
      { kind: 'EXPECTED_ESTRUS', date: '2026-11-23' },
      { kind: 'EXPECTED_ESTRUS', date: '2026-12-14' },
      { kind: 'PREGNANCY_CHECK', date: '2026-12-02' },
    ]);
  });

  it('a pregnant cow has her calving and no heat', () => {
    const row = {
      ...empty,
      status: 'PREGNANT',
      lastInseminationDate: '2026-03-01',
      conceptionDate: '2026-03-01',
      expectedCalvingDate: '2026-12-11',
    };
    expect(scheduleDates(row, '2026-12-01', '2026-12-31', '2026-11-10')).toEqual([
      { kind: 'EXPECTED_CALVING', date: '2026-12-11' },
    ]);
  });

  it('keeps only dates in the range, and none for dead or shipped animals', () => {
    const row = { ...empty, expectedCalvingDate: '2027-01-05' };
    expect(scheduleDates(row, '2026-12-01', '2026-12-31', '2026-11-10')).toEqual([]);
    expect(scheduleDates({ ...row, status: 'DEAD' }, '2027-01-01', '2027-01-31', '2026-11-10')).toEqual([]);
  });
});
