import { describe, expect, it } from 'vitest';
import { firstImpossibleEvent, impossibleEvent } from './event-validity';
import {
  isRestricted,
  restrictedInMonth,
  shipmentRefusal,
  treatmentEnd,
  withdrawalMessage,
  withdrawalOf,
} from './withdrawal';

const med = (eventDatetime: string, details: Record<string, unknown> | null, eventType = 'MEDICATION') => ({
  eventType,
  eventDatetime,
  details,
});

describe('withdrawal end dates (§16)', () => {
  it('is the JST date of the treatment + the days', () => {
    // 2026-03-01T00:00Z is 09:00 JST on 03-01: 03-01 + 7 days = 03-08.
    expect(treatmentEnd('2026-03-01T00:00:00Z', 7)).toBe('2026-03-08');
    // 2026-03-01T16:00Z is 01:00 JST on 03-02 (not the UTC date 03-01): 03-02 + 7 days = 03-09.
    expect(treatmentEnd('2026-03-01T16:00:00Z', 7)).toBe('2026-03-09');
    // Across a month end: 2026-01-31 (JST) + 30 days = 2026-03-02 (January has 31 days, February 28).
    expect(treatmentEnd('2026-01-31T03:00:00Z', 30)).toBe('2026-03-02');
  });

  it('has no restriction for 0 days or no days', () => {
    expect(treatmentEnd('2026-03-01T00:00:00Z', 0)).toBeNull();
    expect(withdrawalOf([med('2026-03-01T00:00:00Z', { withdrawalMeatDays: 0, withdrawalMilkDays: 0 })])).toEqual({
      meatUntil: null,
      milkUntil: null,
    });
    expect(
      withdrawalOf([med('2026-03-01T00:00:00Z', { product: '整腸剤' }), med('2026-03-02T00:00:00Z', null)]),
    ).toEqual({ meatUntil: null, milkUntil: null });
  });

  it('takes the latest end of overlapping treatments, meat and milk each on their own', () => {
    const events = [
      // A: 04-01 JST, meat 30 → 05-01, milk 5 → 04-06.
      med('2026-04-01T01:00:00Z', { withdrawalMeatDays: 30, withdrawalMilkDays: 5 }),
      // B: 04-10 JST, meat 10 → 04-20 (earlier than A's 05-01), milk 7 → 04-17 (later than A's 04-06).
      med('2026-04-10T01:00:00Z', { withdrawalMeatDays: 10, withdrawalMilkDays: 7 }, 'VACCINATION'),
      // Not a treatment: its days do not count.
      med('2026-04-12T01:00:00Z', { withdrawalMeatDays: 300 }, 'DIAGNOSIS'),
    ];
    expect(withdrawalOf(events)).toEqual({ meatUntil: '2026-05-01', milkUntil: '2026-04-17' });
    // Milk only: 2026-04-01 + 3 = 04-04; meat stays unrestricted.
    expect(withdrawalOf([med('2026-04-01T01:00:00Z', { withdrawalMilkDays: 3 })])).toEqual({
      meatUntil: null,
      milkUntil: '2026-04-04',
    });
  });

  it('refuses a shipment on or before the meat end, and not the day after', () => {
    expect(shipmentRefusal('2026-05-01', '2026-05-01')).toBe('休薬期間中のため出荷できません（2026/05/01まで）');
    expect(shipmentRefusal('2026-04-15', '2026-05-01')).toBe(withdrawalMessage('2026-05-01'));
    expect(shipmentRefusal('2026-05-02', '2026-05-01')).toBeNull();
    expect(shipmentRefusal('2026-05-02', null)).toBeNull();
  });

  it('is restricted while either end is today or later; a plan warns for a month up to the meat end', () => {
    expect(isRestricted({ meatUntil: '2026-05-01', milkUntil: null }, '2026-05-01')).toBe(true);
    expect(isRestricted({ meatUntil: '2026-05-01', milkUntil: null }, '2026-05-02')).toBe(false);
    expect(isRestricted({ meatUntil: null, milkUntil: '2026-05-03' }, '2026-05-02')).toBe(true);
    expect(restrictedInMonth('2026-05', '2026-05-01')).toBe(true);
    expect(restrictedInMonth('2026-06', '2026-05-31')).toBe(false);
    expect(restrictedInMonth('2026-06', null)).toBe(false);
  });
});

describe('a SHIPMENT event inside a withdrawal period (§16)', () => {
  const steer = { gender: '去勢', birthday: '2024-01-10' };
  // Meat: 2026-04-01 JST + 30 days = 2026-05-01.
  const treated = [med('2026-04-01T01:00:00Z', { withdrawalMeatDays: 30 })];
  const shipment = (iso: string) => ({ eventType: 'SHIPMENT', eventDatetime: iso });

  it('is refused on eventDatetime up to the JST day of the end, allowed the next day', () => {
    const refused = { field: 'eventDatetime', message: '休薬期間中のため出荷できません（2026/05/01まで）' };
    expect(impossibleEvent(steer, treated, shipment('2026-05-01T05:00:00Z'))).toEqual(refused);
    // 2026-04-30T20:00Z is 05:00 JST on 05-01: still the last day.
    expect(impossibleEvent(steer, treated, shipment('2026-04-30T20:00:00Z'))).toEqual(refused);
    // 2026-05-01T15:00Z is 00:00 JST on 05-02: free.
    expect(impossibleEvent(steer, treated, shipment('2026-05-01T15:00:00Z'))).toBeNull();
    // Other events are not concerned.
    expect(
      impossibleEvent(steer, treated, { eventType: 'WEIGHT_MEASURED', eventDatetime: '2026-04-10T00:00:00Z' }),
    ).toBeNull();
  });

  it('counts a treatment written in the same batch', () => {
    const batch = [med('2026-04-01T01:00:00Z', { withdrawalMeatDays: 30 }), shipment('2026-04-20T00:00:00Z')];
    expect(firstImpossibleEvent(steer, [], batch)).toEqual({
      index: 1,
      reason: { field: 'eventDatetime', message: '休薬期間中のため出荷できません（2026/05/01まで）' },
    });
  });
});
