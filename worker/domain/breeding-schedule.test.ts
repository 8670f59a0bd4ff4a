import { describe, expect, it } from 'vitest';
import { type ScheduleRow, scheduleDates } from './breeding-schedule';

const empty: ScheduleRow = {
  status: 'HEALTHY',
  lastEstrusDate: null,
  lastInseminationDate: null,
  conceptionDate: null,
  scheduledPregnancyCheckDate: null,
  expectedCalvingDate: null,
};

describe('scheduleDates', () => {
  it('expects the next heat 21 days after the later of the last estrus and AI, and the check 30 days after AI', () => {
    const row = {
      ...empty,
      lastEstrusDate: '2026-11-01',
      lastInseminationDate: '2026-11-02',
      scheduledPregnancyCheckDate: '2026-12-02',
    };
    expect(scheduleDates(row, '2026-11-01', '2026-12-31')).toEqual([
      { kind: 'EXPECTED_ESTRUS', date: '2026-11-23' },
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
    expect(scheduleDates(row, '2026-12-01', '2026-12-31')).toEqual([{ kind: 'EXPECTED_CALVING', date: '2026-12-11' }]);
  });

  it('keeps only dates in the range, and none for dead or shipped animals', () => {
    const row = { ...empty, expectedCalvingDate: '2027-01-05' };
    expect(scheduleDates(row, '2026-12-01', '2026-12-31')).toEqual([]);
    expect(scheduleDates({ ...row, status: 'DEAD' }, '2027-01-01', '2027-01-31')).toEqual([]);
  });
});
