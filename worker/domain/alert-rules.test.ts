import { describe, expect, it } from 'vitest';
import {
  type AlertAnchors,
  type AlertSubject,
  calvingOverdueRule,
  calvingWithin60Rule,
  evaluateAlertRules,
  openDaysRule,
  pregnancyCheckRule,
  type RuleEvent,
  returnHeatRule,
} from './alert-rules';
import { todayJst } from './calendar';

const TODAY = '2026-11-22';
const noDates: AlertAnchors = {
  lastCalvingDate: null,
  lastInseminationDate: null,
  conceptionDate: null,
  lastEstrusDate: null,
  expectedCalvingDate: null,
  scheduledPregnancyCheckDate: null,
};
/** An event on a JST calendar day (09:00 JST). */
const on = (eventType: string, day: string): RuleEvent => ({ eventType, eventDatetime: `${day}T00:00:00.000Z` });
const cow = (breeding: Partial<AlertAnchors> = {}, events: RuleEvent[] = [], status = 'HEALTHY'): AlertSubject => ({
  status,
  gender: '雌',
  breeding: { ...noDates, ...breeding },
  events,
});

describe('OPEN_DAYS_OVER60_NO_AI', () => {
  it('is silent 59 days after calving', () => {
    expect(openDaysRule(cow({ lastCalvingDate: '2026-09-24' }), TODAY)).toBeNull();
  });

  it('is high from day 60, due 60 days after calving, with the day count', () => {
    expect(openDaysRule(cow({ lastCalvingDate: '2026-09-23' }), TODAY)).toEqual({
      type: 'OPEN_DAYS_OVER60_NO_AI',
      severity: 'high',
      dueAt: '2026-11-22',
      message: '分娩後60日経過・未授精',
    });
  });

  it('counts the days as of today: 72 days after calving', () => {
    expect(openDaysRule(cow({ lastCalvingDate: '2026-09-11' }), TODAY)?.message).toBe('分娩後72日経過・未授精');
  });

  it('is cleared by an insemination after the calving', () => {
    expect(openDaysRule(cow({ lastCalvingDate: '2026-08-01', lastInseminationDate: '2026-11-01' }), TODAY)).toBeNull();
  });

  it('is cleared by an insemination event even when the state row has not caught up', () => {
    expect(openDaysRule(cow({ lastCalvingDate: '2026-08-01' }, [on('INSEMINATION', '2026-11-20')]), TODAY)).toBeNull();
  });

  it('ignores an insemination before the calving', () => {
    const subject = cow({ lastCalvingDate: '2026-08-01' }, [
      on('INSEMINATION', '2025-10-20'),
      on('CALVING', '2026-08-01'),
    ]);
    expect(openDaysRule(subject, TODAY)?.message).toBe('分娩後113日経過・未授精');
  });

  it('does not apply to a pregnant cow', () => {
    expect(openDaysRule(cow({ lastCalvingDate: '2026-08-01' }, [], 'PREGNANT'), TODAY)).toBeNull();
  });

  it('takes the calving day in JST: a calving at 23:30 JST counts for that day, not the next', () => {
    // 2026-09-23T14:30Z is 23:30 JST on 2026-09-23: 60 days before 2026-11-22.
    const subject = cow({}, [{ eventType: 'CALVING', eventDatetime: '2026-09-23T14:30:00.000Z' }]);
    expect(openDaysRule(subject, TODAY)?.message).toBe('分娩後60日経過・未授精');
    // 2026-09-23T15:00Z is already 00:00 JST on 2026-09-24: only 59 days.
    const later = cow({}, [{ eventType: 'CALVING', eventDatetime: '2026-09-23T15:00:00.000Z' }]);
    expect(openDaysRule(later, TODAY)).toBeNull();
  });
});

describe('CALVING_WITHIN_60', () => {
  it('is medium with the days remaining (feed up)', () => {
    expect(calvingWithin60Rule(cow({ expectedCalvingDate: '2026-12-04' }), TODAY)).toEqual({
      type: 'CALVING_WITHIN_60',
      severity: 'medium',
      dueAt: '2026-12-04',
      message: '分娩予定まで残り12日（エサ強化）',
    });
  });

  it('includes day 60 and excludes day 61', () => {
    expect(calvingWithin60Rule(cow({ expectedCalvingDate: '2027-01-21' }), TODAY)?.message).toBe(
      '分娩予定まで残り60日（エサ強化）',
    );
    expect(calvingWithin60Rule(cow({ expectedCalvingDate: '2027-01-22' }), TODAY)).toBeNull();
  });

  it('says today on the expected day and stops once it has passed', () => {
    expect(calvingWithin60Rule(cow({ expectedCalvingDate: TODAY }), TODAY)?.message).toBe('本日分娩予定（エサ強化）');
    expect(calvingWithin60Rule(cow({ expectedCalvingDate: '2026-11-21' }), TODAY)).toBeNull();
  });
});

describe('CALVING_OVERDUE', () => {
  it('is not overdue on the expected day itself', () => {
    expect(calvingOverdueRule(cow({ expectedCalvingDate: TODAY }), TODAY)).toBeNull();
  });

  it('is high from the day after, with the days overdue', () => {
    expect(calvingOverdueRule(cow({ expectedCalvingDate: '2026-11-21', conceptionDate: '2026-02-09' }), TODAY)).toEqual(
      {
        type: 'CALVING_OVERDUE',
        severity: 'high',
        dueAt: '2026-11-21',
        message: '分娩予定日を1日超過',
      },
    );
  });

  it('is cleared by a calving after the conception', () => {
    const subject = cow({ expectedCalvingDate: '2026-11-10', conceptionDate: '2026-01-29' }, [
      on('CALVING', '2026-11-15'),
    ]);
    expect(calvingOverdueRule(subject, TODAY)).toBeNull();
  });

  it('is cleared by an abortion', () => {
    const subject = cow({ expectedCalvingDate: '2026-11-10', lastInseminationDate: '2026-01-29' }, [
      on('ABORTION', '2026-06-01'),
    ]);
    expect(calvingOverdueRule(subject, TODAY)).toBeNull();
  });

  it('is not cleared by the calving before this pregnancy', () => {
    const subject = cow(
      { expectedCalvingDate: '2026-11-10', conceptionDate: '2026-01-29', lastCalvingDate: '2025-11-01' },
      [on('CALVING', '2025-11-01')],
    );
    expect(calvingOverdueRule(subject, TODAY)?.message).toBe('分娩予定日を12日超過');
  });
});

describe('ESTRUS_OVER20_NOT_PREGNANT', () => {
  it('watches for return heat from day 20 to day 24 after an insemination', () => {
    expect(returnHeatRule(cow({ lastInseminationDate: '2026-11-03' }), TODAY)).toBeNull(); // 19 days
    expect(returnHeatRule(cow({ lastInseminationDate: '2026-11-02' }), TODAY)).toEqual({
      type: 'ESTRUS_OVER20_NOT_PREGNANT',
      severity: 'medium',
      dueAt: '2026-11-23',
      message: '授精後20日経過・再発情を確認',
    });
    expect(returnHeatRule(cow({ lastInseminationDate: '2026-10-29' }), TODAY)?.message).toBe(
      '授精後24日経過・再発情を確認',
    );
    expect(returnHeatRule(cow({ lastInseminationDate: '2026-10-28' }), TODAY)).toBeNull(); // 25 days
  });

  it('counts from the later of the last heat and the last insemination', () => {
    const subject = cow({ lastInseminationDate: '2026-10-01', lastEstrusDate: '2026-11-01' });
    expect(returnHeatRule(subject, TODAY)).toMatchObject({
      dueAt: '2026-11-22',
      message: '発情後21日経過・再発情を確認',
    });
  });

  it('reads a heat from the events when the state row has none', () => {
    expect(returnHeatRule(cow({}, [on('ESTRUS', '2026-11-01')]), TODAY)?.message).toBe('発情後21日経過・再発情を確認');
  });

  it('does not apply once she is pregnant', () => {
    expect(returnHeatRule(cow({ lastInseminationDate: '2026-11-01', conceptionDate: '2026-11-01' }), TODAY)).toBeNull();
  });

  it('ignores a heat before her last calving', () => {
    expect(
      returnHeatRule(
        cow({ lastCalvingDate: '2026-11-05' }, [on('ESTRUS', '2026-11-01'), on('CALVING', '2026-11-05')]),
        TODAY,
      ),
    ).toBeNull();
  });
});

describe('PREGNANCY_CHECK_DUE', () => {
  const inseminated = (ai: string) => ({ lastInseminationDate: ai, scheduledPregnancyCheckDate: addThirty(ai) });
  const addThirty = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);

  it('starts 3 days before the scheduled check', () => {
    expect(pregnancyCheckRule(cow(inseminated('2026-10-27')), TODAY)).toBeNull(); // check on 11-26: 4 days away
    expect(pregnancyCheckRule(cow(inseminated('2026-10-26')), TODAY)).toEqual({
      type: 'PREGNANCY_CHECK_DUE',
      severity: 'medium',
      dueAt: '2026-11-25',
      message: '妊娠鑑定まで残り3日（授精後27日）',
    });
  });

  it('says today on the day and counts the days once overdue', () => {
    expect(pregnancyCheckRule(cow(inseminated('2026-10-23')), TODAY)?.message).toBe('本日妊娠鑑定予定（授精後30日）');
    expect(pregnancyCheckRule(cow(inseminated('2026-10-18')), TODAY)?.message).toBe(
      '妊娠鑑定予定日を5日超過（授精後35日）',
    );
  });

  it('is cleared by a pregnancy check after the insemination', () => {
    expect(pregnancyCheckRule(cow(inseminated('2026-10-18'), [on('PREGNANCY_CHECK', '2026-11-20')]), TODAY)).toBeNull();
  });

  it('is not cleared by a check before the insemination', () => {
    expect(
      pregnancyCheckRule(cow(inseminated('2026-10-18'), [on('PREGNANCY_CHECK', '2026-09-01')]), TODAY),
    ).not.toBeNull();
  });
});

describe('evaluateAlertRules', () => {
  it('gives a cow every alert that applies', () => {
    const subject = cow({ lastInseminationDate: '2026-10-25', scheduledPregnancyCheckDate: '2026-11-24' });
    expect(evaluateAlertRules(subject, TODAY).map((a) => a.type)).toEqual(['PREGNANCY_CHECK_DUE']);
    const heat = cow({ lastInseminationDate: '2026-11-01', scheduledPregnancyCheckDate: '2026-12-01' });
    expect(evaluateAlertRules(heat, TODAY).map((a) => a.type)).toEqual(['ESTRUS_OVER20_NOT_PREGNANT']);
  });

  it('gives dead, shipped and male animals none', () => {
    const calved = { lastCalvingDate: '2026-08-01' };
    expect(evaluateAlertRules(cow(calved), TODAY)).toHaveLength(1);
    expect(evaluateAlertRules(cow(calved, [], 'DEAD'), TODAY)).toEqual([]);
    expect(evaluateAlertRules(cow(calved, [], 'SHIPPED'), TODAY)).toEqual([]);
    expect(evaluateAlertRules({ ...cow(calved), gender: '去勢' }, TODAY)).toEqual([]);
  });

  it('changes day at JST midnight, not UTC midnight', () => {
    const subject = cow({ lastCalvingDate: '2026-09-23' });
    // 14:59 UTC on 11-21 is 23:59 JST on 11-21: day 59.
    expect(evaluateAlertRules(subject, todayJst(new Date('2026-11-21T14:59:59Z')))).toEqual([]);
    // 15:00 UTC on 11-21 is 00:00 JST on 11-22: day 60.
    expect(evaluateAlertRules(subject, todayJst(new Date('2026-11-21T15:00:00Z')))[0]?.message).toBe(
      '分娩後60日経過・未授精',
    );
  });
});
