import { describe, expect, it } from 'vitest';
import {
  type AlertAnchors,
  type AlertSubject,
  calvingOverdueRule,
  calvingWithin60Rule,
  dryOffRule,
  evaluateAlertRules,
  heiferNotBredRule,
  monthBirthday,
  openAfterCheckRule,
  openDaysRule,
  pregnancyCheckRule,
  RULE_EVENT_TYPES,
  type RuleEvent,
  returnHeatRule,
} from './alert-rules';
import { ALERT_TYPE_LABELS, ALERT_TYPES } from './alerts';
import { addDays, todayJst } from './calendar';
import { EVENT_TYPES } from './event-types';

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
const cow = (
  breeding: Partial<AlertAnchors> = {},
  events: RuleEvent[] = [],
  status = 'HEALTHY',
  animal: Partial<Omit<AlertSubject, 'breeding' | 'events' | 'status'>> = {},
): AlertSubject => ({
  status,
  gender: '雌',
  breeding: { ...noDates, ...breeding },
  events,
  ...animal,
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

  it('counts a stillbirth as her last calving: 2026-09-11 + 72 days = 2026-11-22', () => {
    expect(openDaysRule(cow({}, [on('STILLBIRTH', '2026-09-11')]), TODAY)).toEqual({
      type: 'OPEN_DAYS_OVER60_NO_AI',
      severity: 'high',
      dueAt: '2026-11-10', // 2026-09-11 + 60 days
      message: '分娩後72日経過・未授精',
    });
  });

  it('counts days from a stillbirth after an earlier calving', () => {
    // Calved 2025-10-01, stillborn 2026-09-23: 2026-09-23 + 60 days = today, so day 60 from the stillbirth.
    const subject = cow({ lastCalvingDate: '2025-10-01' }, [on('STILLBIRTH', '2026-09-23')]);
    expect(openDaysRule(subject, TODAY)).toMatchObject({ dueAt: TODAY, message: '分娩後60日経過・未授精' });
  });

  it('does not count an abortion as a calving', () => {
    expect(openDaysRule(cow({}, [on('ABORTION', '2026-09-11')]), TODAY)).toBeNull();
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

  it('keeps the feed-up wording for a beef breed', () => {
    const wagyu = cow({ expectedCalvingDate: '2026-12-04' }, [], 'PREGNANT', { breed: '黒毛和種' });
    expect(calvingWithin60Rule(wagyu, TODAY)?.message).toBe('分娩予定まで残り12日（エサ強化）');
  });

  it('never says エサ強化 for a dairy cow: she is made ready for calving instead', () => {
    for (const breed of ['ホルスタイン', 'ジャージー']) {
      const dairy = (expected: string) => cow({ expectedCalvingDate: expected }, [], 'PREGNANT', { breed });
      // 2026-11-22 + 12 days = 2026-12-04.
      expect(calvingWithin60Rule(dairy('2026-12-04'), TODAY)).toEqual({
        type: 'CALVING_WITHIN_60',
        severity: 'medium',
        dueAt: '2026-12-04',
        message: '分娩予定まで残り12日（分娩準備）',
      });
      expect(calvingWithin60Rule(dairy(TODAY), TODAY)?.message).toBe('本日分娩予定（分娩準備）');
    }
  });
});

describe('CALVING_OVERDUE', () => {
  it('is not overdue on the expected day itself', () => {
    expect(calvingOverdueRule(cow({ expectedCalvingDate: TODAY }), TODAY)).toBeNull();
  });

  it('is medium from the day after, with the days overdue', () => {
    expect(calvingOverdueRule(cow({ expectedCalvingDate: '2026-11-21', conceptionDate: '2026-02-09' }), TODAY)).toEqual(
      {
        type: 'CALVING_OVERDUE',
        severity: 'medium',
        dueAt: '2026-11-21',
        message: '分娩予定日を1日超過',
      },
    );
  });

  it('is medium on day 7 over and high from day 8, due on the expected date either way', () => {
    // 2026-11-15 + 7 days = 2026-11-22 (today): the 7th day over.
    expect(calvingOverdueRule(cow({ expectedCalvingDate: '2026-11-15', conceptionDate: '2026-02-08' }), TODAY)).toEqual(
      { type: 'CALVING_OVERDUE', severity: 'medium', dueAt: '2026-11-15', message: '分娩予定日を7日超過' },
    );
    // 2026-11-14 + 8 days = 2026-11-22: the 8th day over.
    expect(calvingOverdueRule(cow({ expectedCalvingDate: '2026-11-14', conceptionDate: '2026-02-07' }), TODAY)).toEqual(
      { type: 'CALVING_OVERDUE', severity: 'high', dueAt: '2026-11-14', message: '分娩予定日を8日超過' },
    );
  });

  it('turns high on the 8th day of the same alert: the due date (its identity) does not move', () => {
    const subject = cow({ expectedCalvingDate: '2026-11-15', conceptionDate: '2026-02-08' });
    const day7 = calvingOverdueRule(subject, TODAY);
    const day8 = calvingOverdueRule(subject, addDays(TODAY, 1));
    expect([day7?.severity, day8?.severity]).toEqual(['medium', 'high']);
    expect(day8?.dueAt).toBe(day7?.dueAt);
  });

  it('is cleared by a stillbirth at term', () => {
    const subject = cow({ expectedCalvingDate: '2026-11-10', conceptionDate: '2026-01-29' }, [
      on('STILLBIRTH', '2026-11-12'),
    ]);
    expect(calvingOverdueRule(subject, TODAY)).toBeNull();
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
  it('watches for return heat from day 18 to day 24 after an insemination', () => {
    // 2026-11-22 − 17 days = 2026-11-05: too early.
    expect(returnHeatRule(cow({ lastInseminationDate: '2026-11-05' }), TODAY)).toBeNull();
    // 2026-11-22 − 18 days = 2026-11-04: due 2026-11-04 + 21 days = 2026-11-25.
    expect(returnHeatRule(cow({ lastInseminationDate: '2026-11-04' }), TODAY)).toEqual({
      type: 'ESTRUS_OVER20_NOT_PREGNANT',
      severity: 'medium',
      dueAt: '2026-11-25',
      message: '授精後18日経過・再発情を確認',
    });
    // 2026-11-22 − 24 days = 2026-10-29: the last day, due 2026-10-29 + 21 days = 2026-11-19.
    expect(returnHeatRule(cow({ lastInseminationDate: '2026-10-29' }), TODAY)).toMatchObject({
      dueAt: '2026-11-19',
      message: '授精後24日経過・再発情を確認',
    });
    // 2026-11-22 − 25 days = 2026-10-28: past the window.
    expect(returnHeatRule(cow({ lastInseminationDate: '2026-10-28' }), TODAY)).toBeNull();
  });

  it('watches from day 18 to day 24 after a heat too', () => {
    expect(returnHeatRule(cow({ lastEstrusDate: '2026-11-05' }), TODAY)).toBeNull(); // 17 days
    expect(returnHeatRule(cow({ lastEstrusDate: '2026-11-04' }), TODAY)?.message).toBe('発情後18日経過・再発情を確認');
    expect(returnHeatRule(cow({ lastEstrusDate: '2026-10-29' }), TODAY)?.message).toBe('発情後24日経過・再発情を確認');
    expect(returnHeatRule(cow({ lastEstrusDate: '2026-10-28' }), TODAY)).toBeNull(); // 25 days
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

  it('ignores a heat before a stillbirth, which is a calving', () => {
    expect(returnHeatRule(cow({}, [on('ESTRUS', '2026-11-01'), on('STILLBIRTH', '2026-11-05')]), TODAY)).toBeNull();
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

describe('DRY_OFF_DUE', () => {
  // A pregnant ホルスタイン in her second lactation, conceived 2026-04-23: 280 days later she is due 2027-01-28.
  const holstein = (expected: string, events: RuleEvent[] = [], animal: Partial<AlertSubject> = {}) =>
    cow({ expectedCalvingDate: expected, conceptionDate: addDays(expected, -280) }, events, 'PREGNANT', {
      breed: 'ホルスタイン',
      parity: 2,
      growthStage: 'MULTI_PAROUS',
      ...animal,
    });

  it('is not shown yet 68 days before the expected calving', () => {
    // Expected 2027-01-29 = today + 68: dry-off 2027-01-29 − 60 = 2026-11-30 = today + 8 > today + 7.
    expect(dryOffRule(holstein('2027-01-29'), TODAY)).toBeNull();
  });

  it('starts at expected − 60 − 7 = 67 days before the calving, due on the dry-off day (expected − 60)', () => {
    // Expected 2027-01-28 = today + 67: dry-off 2027-01-28 − 60 = 2026-11-29 = today + 7.
    expect(dryOffRule(holstein('2027-01-28'), TODAY)).toEqual({
      type: 'DRY_OFF_DUE',
      severity: 'medium',
      dueAt: '2026-11-29',
      message: '乾乳予定まで残り7日（分娩予定 1/28）',
    });
  });

  it('says today on the dry-off day and counts the days once it has passed', () => {
    // Expected 2027-01-21 = today + 60: dry-off today.
    expect(dryOffRule(holstein('2027-01-21'), TODAY)).toMatchObject({ dueAt: TODAY, message: '本日乾乳予定' });
    // Expected 2027-01-16 = today + 55: dry-off 2026-11-17, 5 days ago.
    expect(dryOffRule(holstein('2027-01-16'), TODAY)).toMatchObject({
      dueAt: '2026-11-17',
      message: '乾乳予定日を5日超過',
    });
  });

  it('is cleared by a DRY_OFF after conception', () => {
    expect(dryOffRule(holstein('2027-01-16', [on('DRY_OFF', '2026-11-18')]), TODAY)).toBeNull();
  });

  it('is not cleared by the dry-off of her previous lactation, before this conception', () => {
    // Conceived 2027-01-16 − 280 days = 2026-04-11; the DRY_OFF of 2025-12-01 was before it.
    expect(dryOffRule(holstein('2027-01-16', [on('DRY_OFF', '2025-12-01')]), TODAY)?.message).toBe(
      '乾乳予定日を5日超過',
    );
  });

  it('applies to a ジャージー as well', () => {
    expect(dryOffRule(holstein('2027-01-28', [], { breed: 'ジャージー' }), TODAY)?.type).toBe('DRY_OFF_DUE');
  });

  it('does not apply to a beef cow, nor to a cow that is not pregnant', () => {
    expect(dryOffRule(holstein('2027-01-28', [], { breed: '黒毛和種' }), TODAY)).toBeNull();
    expect(dryOffRule({ ...holstein('2027-01-28'), breed: null }, TODAY)).toBeNull();
    const open = cow({}, [], 'HEALTHY', { breed: 'ホルスタイン', parity: 2 });
    expect(dryOffRule(open, TODAY)).toBeNull();
  });

  it('does not apply to a heifer carrying her first calf: she has no milk to dry off', () => {
    expect(dryOffRule(holstein('2027-01-28', [], { parity: 0, growthStage: 'GROWING' }), TODAY)).toBeNull();
  });
});

describe('HEIFER_NOT_BRED', () => {
  // Born 2025-01-31: by the month-end rule (§19) she turns 14 months on 2026-03-31 (March has a 31st).
  const BORN = '2025-01-31';
  const heifer = (animal: Partial<AlertSubject> = {}, events: RuleEvent[] = [], breeding: Partial<AlertAnchors> = {}) =>
    cow(breeding, events, 'HEALTHY', {
      breed: '黒毛和種',
      birthday: BORN,
      growthStage: 'GROWING',
      parity: 0,
      ...animal,
    });

  it('is silent at 13 months and 30 days', () => {
    // 13 months on 2026-02-28 (no 31st in February), + 30 days = 2026-03-30.
    expect(heiferNotBredRule(heifer(), '2026-03-30')).toBeNull();
  });

  it('is medium from the 14-month birthday, due on it', () => {
    expect(heiferNotBredRule(heifer(), '2026-03-31')).toEqual({
      type: 'HEIFER_NOT_BRED',
      severity: 'medium',
      dueAt: '2026-03-31',
      message: '14か月齢・未授精（種付け適期）',
    });
  });

  it('keeps the same due date (the same alert) as she grows older', () => {
    // 2025-01-31 + 16 months = 2026-05-31.
    expect(heiferNotBredRule(heifer(), '2026-05-31')).toMatchObject({
      dueAt: '2026-03-31',
      message: '16か月齢・未授精（種付け適期）',
    });
  });

  it('finds the 14-month birthday by the month-end rule', () => {
    expect(monthBirthday('2025-01-31', 14)).toBe('2026-03-31');
    expect(monthBirthday('2024-12-31', 14)).toBe('2026-02-28'); // February 2026 has 28 days
    expect(monthBirthday('2024-02-29', 14)).toBe('2025-04-29');
    expect(monthBirthday('2025-05-15', 14)).toBe('2026-07-15');
  });

  it('is silent for a served heifer', () => {
    expect(heiferNotBredRule(heifer({}, [on('INSEMINATION', '2026-03-01')]), '2026-05-31')).toBeNull();
    expect(heiferNotBredRule(heifer({}, [], { lastInseminationDate: '2026-03-01' }), '2026-05-31')).toBeNull();
  });

  it('is silent for a heifer that lost a pregnancy: she was served', () => {
    expect(heiferNotBredRule(heifer({}, [on('ABORTION', '2026-05-01')]), '2026-05-31')).toBeNull();
  });

  it('is silent for a heifer that calved or had a stillbirth', () => {
    expect(heiferNotBredRule(heifer({}, [on('STILLBIRTH', '2026-05-01')]), '2026-05-31')).toBeNull();
    expect(heiferNotBredRule(heifer({}, [], { lastCalvingDate: '2026-05-01' }), '2026-05-31')).toBeNull();
  });

  it('is silent for a pregnant heifer', () => {
    expect(heiferNotBredRule({ ...heifer(), status: 'PREGNANT' }, '2026-05-31')).toBeNull();
    expect(heiferNotBredRule(heifer({}, [], { expectedCalvingDate: '2026-12-01' }), '2026-05-31')).toBeNull();
  });

  it('is silent for a FATTENING heifer', () => {
    expect(heiferNotBredRule(heifer({ growthStage: 'FATTENING' }), '2026-05-31')).toBeNull();
  });

  it('is silent for a parity-1 cow with no events (parity entered at registration)', () => {
    expect(heiferNotBredRule(heifer({ parity: 1, growthStage: null }), '2026-05-31')).toBeNull();
    expect(heiferNotBredRule(heifer({ parity: 0, growthStage: 'FIRST_CALVED' }), '2026-05-31')).toBeNull();
  });

  it('is silent for males, for an unknown gender and without a birthday', () => {
    expect(heiferNotBredRule(heifer({ gender: '雄' }), '2026-05-31')).toBeNull();
    expect(heiferNotBredRule(heifer({ gender: '去勢' }), '2026-05-31')).toBeNull();
    expect(heiferNotBredRule(heifer({ gender: null }), '2026-05-31')).toBeNull();
    expect(heiferNotBredRule(heifer({ birthday: null }), '2026-05-31')).toBeNull();
  });

  it('is silent for a heifer to be shipped', () => {
    expect(heiferNotBredRule({ ...heifer(), status: 'SCHEDULED_FOR_SHIPMENT' }, '2026-05-31')).toBeNull();
  });
});

describe('OPEN_AFTER_CHECK (turn 4)', () => {
  // Calved 2026-06-01, served 2026-08-20, found open 2026-10-01; TODAY is 2026-11-22.
  const check = (day: string, result = 'OPEN'): RuleEvent => ({ ...on('PREGNANCY_CHECK', day), result });
  const history = (checkDay: string, more: RuleEvent[] = []) =>
    cow({ lastCalvingDate: '2026-06-01', lastInseminationDate: '2026-08-20' }, [
      on('CALVING', '2026-06-01'),
      on('INSEMINATION', '2026-08-20'),
      check(checkDay),
      ...more,
    ]);

  it('is silent on day 24 after the check', () => {
    // 2026-10-29 + 24 d = 2026-11-22.
    expect(openAfterCheckRule(history('2026-10-29'), TODAY)).toBeNull();
  });

  it('is medium from day 25, due on the check + 25 d', () => {
    // 2026-10-28 + 25 d = 2026-11-22 (October has 31 days: 3 days to 10-31, then 22).
    expect(openAfterCheckRule(history('2026-10-28'), TODAY)).toEqual({
      type: 'OPEN_AFTER_CHECK',
      severity: 'medium',
      dueAt: '2026-11-22',
      message: '不受胎確認から25日・再授精なし',
    });
  });

  it('is still medium on day 59 and high from day 60, the due date unchanged', () => {
    // 2026-09-24 + 59 d = 2026-11-22 (6 days to 09-30, 31 in October, 22 in November); due 09-24 + 25 = 10-19.
    expect(openAfterCheckRule(history('2026-09-24'), TODAY)).toEqual({
      type: 'OPEN_AFTER_CHECK',
      severity: 'medium',
      dueAt: '2026-10-19',
      message: '不受胎確認から59日・再授精なし',
    });
    // 2026-09-23 + 60 d = 2026-11-22; due 09-23 + 25 = 10-18.
    expect(openAfterCheckRule(history('2026-09-23'), TODAY)).toEqual({
      type: 'OPEN_AFTER_CHECK',
      severity: 'high',
      dueAt: '2026-10-18',
      message: '不受胎確認から60日・再授精なし',
    });
  });

  it('counts the cow found open and never served again: 362 days after the check', () => {
    // 2025-11-25 + 362 d = 2026-11-22 (365 days to 2026-11-25, less 3).
    const found = cow({}, [on('CALVING', '2025-08-01'), on('INSEMINATION', '2025-10-20'), check('2025-11-25')]);
    expect(openAfterCheckRule(found, TODAY)?.message).toBe('不受胎確認から362日・再授精なし');
    expect(openAfterCheckRule(found, TODAY)?.severity).toBe('high');
  });

  it('is not ended by a heat after the check', () => {
    const heat = history('2026-10-01', [on('ESTRUS', '2026-10-22')]);
    // 2026-10-01 + 52 d = 2026-11-22.
    expect(openAfterCheckRule(heat, TODAY)?.message).toBe('不受胎確認から52日・再授精なし');
  });

  it('is ended by an insemination after the check (or on its day), in the events or the state row', () => {
    expect(openAfterCheckRule(history('2026-10-01', [on('INSEMINATION', '2026-10-22')]), TODAY)).toBeNull();
    expect(openAfterCheckRule(history('2026-10-01', [on('INSEMINATION', '2026-10-01')]), TODAY)).toBeNull();
    const served = { ...history('2026-10-01'), breeding: { ...noDates, lastInseminationDate: '2026-10-22' } };
    expect(openAfterCheckRule(served, TODAY)).toBeNull();
  });

  it('is ended by a later check that finds her pregnant', () => {
    expect(openAfterCheckRule(history('2026-10-01', [check('2026-10-30', 'PREGNANT')]), TODAY)).toBeNull();
  });

  it('counts from an abortion, with its own wording', () => {
    // 2026-10-10 + 43 d = 2026-11-22 (21 days to 10-31, 22 in November).
    const aborted = cow({}, [on('INSEMINATION', '2026-06-01'), on('ABORTION', '2026-10-10')]);
    expect(openAfterCheckRule(aborted, TODAY)).toEqual({
      type: 'OPEN_AFTER_CHECK',
      severity: 'medium',
      dueAt: '2026-11-04',
      message: '流産から43日・再授精なし',
    });
  });

  it('is silent when her latest event is a service, a calving or a pregnant check', () => {
    expect(openAfterCheckRule(cow({}, [check('2026-09-01', 'PREGNANT')]), TODAY)).toBeNull();
    expect(openAfterCheckRule(cow({}, [check('2026-08-01'), on('CALVING', '2026-09-01')]), TODAY)).toBeNull();
    expect(openAfterCheckRule(cow({}, [on('INSEMINATION', '2026-09-01')]), TODAY)).toBeNull();
  });

  it('is silent for a cow the state says is pregnant, and for dead, shipped or male animals', () => {
    expect(openAfterCheckRule(cow({}, [check('2026-09-01')], 'PREGNANT'), TODAY)).toBeNull();
    expect(evaluateAlertRules(cow({}, [check('2026-09-01')]), TODAY).map((a) => a.type)).toEqual(['OPEN_AFTER_CHECK']);
    expect(evaluateAlertRules(cow({}, [check('2026-09-01')], 'DEAD'), TODAY)).toEqual([]);
    expect(evaluateAlertRules({ ...cow({}, [check('2026-09-01')]), gender: '去勢' }, TODAY)).toEqual([]);
  });
});

describe('alert types', () => {
  it('has a Japanese and an English label for every type', () => {
    expect(ALERT_TYPES).toContain('DRY_OFF_DUE');
    expect(ALERT_TYPES).toContain('HEIFER_NOT_BRED');
    expect(ALERT_TYPE_LABELS.DRY_OFF_DUE).toEqual({ ja: '乾乳予定', en: 'Dry-off due' });
    expect(ALERT_TYPE_LABELS.HEIFER_NOT_BRED).toEqual({ ja: '未授精の育成牛', en: 'Heifer not bred' });
    expect(ALERT_TYPE_LABELS.OPEN_AFTER_CHECK.ja).toBe('不受胎後・再授精なし');
  });

  it('loads only real event types, DRY_OFF among them', () => {
    expect(RULE_EVENT_TYPES).toContain('DRY_OFF');
    for (const type of RULE_EVENT_TYPES) expect(EVENT_TYPES).toContain(type);
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
    expect(evaluateAlertRules({ ...cow(calved), gender: '雄' }, TODAY)).toEqual([]);
  });

  it('gives a dead or shipped unbred heifer, and a dead cow due to be dried off, none', () => {
    const heifer = cow({}, [], 'HEALTHY', { birthday: '2025-01-31', parity: 0 });
    expect(evaluateAlertRules(heifer, '2026-05-31').map((a) => a.type)).toEqual(['HEIFER_NOT_BRED']);
    expect(evaluateAlertRules({ ...heifer, status: 'DEAD' }, '2026-05-31')).toEqual([]);
    expect(evaluateAlertRules({ ...heifer, status: 'SHIPPED' }, '2026-05-31')).toEqual([]);
    const dairy = cow({ expectedCalvingDate: '2027-01-28', conceptionDate: '2026-04-23' }, [], 'PREGNANT', {
      breed: 'ホルスタイン',
      parity: 1,
    });
    expect(evaluateAlertRules(dairy, TODAY).map((a) => a.type)).toEqual(['DRY_OFF_DUE']);
    expect(evaluateAlertRules({ ...dairy, status: 'DEAD' }, TODAY)).toEqual([]);
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
