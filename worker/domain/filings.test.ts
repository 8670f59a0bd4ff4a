import { describe, expect, it } from 'vitest';
import { filingDueDate, filingFields, filingOverdueTitle, isFilingOverdue } from './filings';

describe('filings derived from events', () => {
  it('are due 7 days after the event’s JST date', () => {
    // 2026-11-20 23:30 UTC is 2026-11-21 08:30 JST: due 2026-11-21 + 7 = 2026-11-28.
    expect(filingDueDate('2026-11-20T23:30:00.000Z')).toBe('2026-11-28');
    // 2026-12-28 10:00 JST + 7 crosses the year: 2027-01-04.
    expect(filingDueDate('2026-12-28T01:00:00.000Z')).toBe('2027-01-04');
  });

  it('are overdue from the day after the due date', () => {
    expect(isFilingOverdue('2026-11-28', '2026-11-28')).toBe(false);
    expect(isFilingOverdue('2026-11-28', '2026-11-29')).toBe(true);
  });

  it('list the fields the NLBC form asks for, and which are still missing', () => {
    // A calf before its tag: everything but its ID number.
    expect(
      filingFields('BIRTH', {
        farmerCode: '0123456789',
        identificationNumber: null,
        birthday: '2026-11-20',
        gender: '雌',
        breed: '黒毛和種',
        motherIdentificationNumber: '1234501075',
      }),
    ).toEqual({
      fields: {
        farmerCode: '0123456789',
        identificationNumber: null,
        birthday: '2026-11-20',
        gender: '雌',
        breed: '黒毛和種',
        motherIdentificationNumber: '1234501075',
      },
      missing: ['identificationNumber'],
    });
    // A shipment to a market with no code yet, on a farm without its farmer code: two missing, blanks count as missing.
    expect(
      filingFields('MOVE_OUT', {
        farmerCode: '  ',
        identificationNumber: '0012345678',
        date: '2026-11-20',
        counterpartyName: '東京食肉市場',
      }),
    ).toEqual({
      fields: {
        farmerCode: null,
        identificationNumber: '0012345678',
        date: '2026-11-20',
        counterpartyCode: null,
        counterpartyName: '東京食肉市場',
      },
      missing: ['farmerCode', 'counterpartyCode'],
    });
    expect(filingFields('DEATH', { farmerCode: '1', identificationNumber: '2', date: '2026-01-01' }).missing).toEqual([
      'disposalCode',
    ]);
  });

  it('raise an overdue alert titled by kind and due date', () => {
    expect(filingOverdueTitle('BIRTH', '2026-11-28')).toBe('出生の届出が未了（期限 11/28）');
    expect(filingOverdueTitle('MOVE_IN', '2027-01-04')).toBe('転入の届出が未了（期限 01/04）');
    expect(filingOverdueTitle('DEATH', '2026-03-09')).toBe('死亡の届出が未了（期限 03/09）');
  });
});
