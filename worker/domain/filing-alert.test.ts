import { describe, expect, it } from 'vitest';
import { evaluateAlertRules, filingOverdueRule } from './alert-rules';

const subject = (status: string, gender: string, filings: { kind: 'BIRTH' | 'MOVE_OUT'; dueDate: string }[]) => ({
  status,
  gender,
  breeding: {
    lastCalvingDate: null,
    lastInseminationDate: null,
    conceptionDate: null,
    lastEstrusDate: null,
    expectedCalvingDate: null,
    scheduledPregnancyCheckDate: null,
  },
  events: [],
  filings,
});

describe('FILING_OVERDUE (§21)', () => {
  it('is due the filing’s due date and raised from the day after it, medium', () => {
    // A birth on 2026-03-10 is due 2026-03-17: not overdue on the 17th, overdue on the 18th.
    const s = subject('HEALTHY', '雌', [{ kind: 'BIRTH', dueDate: '2026-03-17' }]);
    expect(filingOverdueRule(s, '2026-03-17')).toEqual([]);
    expect(filingOverdueRule(s, '2026-03-18')).toEqual([
      { type: 'FILING_OVERDUE', severity: 'medium', dueAt: '2026-03-17', message: '出生の届出が未了（期限 03/17）' },
    ]);
  });

  it('is the one alert a shipped, dead or male animal has', () => {
    for (const [status, gender] of [
      ['SHIPPED', '去勢'],
      ['DEAD', '雌'],
      ['HEALTHY', '雄'],
    ]) {
      const s = subject(status, gender, [{ kind: 'MOVE_OUT', dueDate: '2026-05-27' }]);
      expect(evaluateAlertRules(s, '2026-06-01').map((a) => [a.type, a.message])).toEqual([
        ['FILING_OVERDUE', '転出の届出が未了（期限 05/27）'],
      ]);
    }
  });

  it('is not raised when the filings were not read', () => {
    const { filings: _none, ...s } = subject('DEAD', '雌', []);
    expect(evaluateAlertRules(s, '2026-06-01')).toEqual([]);
  });
});
