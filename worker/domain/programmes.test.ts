import { describe, expect, it } from 'vitest';
import { programmeWords } from './programme-words';
import {
  ageTriggerStart,
  DIGEST_TASK_LINES,
  digestTaskLines,
  EXAMPLE_PROGRAMMES,
  enrolmentsToCreate,
  eventTriggerStart,
  ineligibility,
  matchesStop,
  planTasks,
  programmeSchema,
  stopReason,
  stopsEnrolment,
} from './programmes';

describe('a programme’s tasks', () => {
  it('are due on the start + each step’s day: Ovsynch started Monday 2026-11-23', () => {
    const ovsynch = EXAMPLE_PROGRAMMES[0];
    expect(planTasks(ovsynch.steps, '2026-11-23')).toEqual([
      { stepIndex: 0, title: 'GnRH', dueDate: '2026-11-23', eventType: null }, // day 0
      { stepIndex: 1, title: 'PGF2α', dueDate: '2026-11-30', eventType: null }, // + 7
      { stepIndex: 2, title: 'GnRH', dueDate: '2026-12-02', eventType: null }, // + 9
      { stepIndex: 3, title: '授精', dueDate: '2026-12-03', eventType: 'INSEMINATION' }, // + 10
    ]);
  });

  it('cross months and years, and a step of day 730 lands two years on', () => {
    expect(planTasks([{ day: 30, title: '分娩後検診' }], '2026-12-15')[0].dueDate).toBe('2027-01-14');
    expect(planTasks([{ day: 730, title: '2年後' }], '2026-03-01')[0].dueDate).toBe('2028-02-29'); // 2028 is leap
  });
});

describe('enrolment', () => {
  it('is idempotent for the same start and new for another start', () => {
    const existing = [
      { cattleId: 1, startDate: '2026-11-23' },
      { cattleId: 2, startDate: '2026-11-16' },
    ];
    // 1 is enrolled with this start already; 2 with another start (a new round); 3 is new; 3 twice counts once.
    expect(enrolmentsToCreate([1, 2, 3, 3], '2026-11-23', existing)).toEqual([2, 3]);
  });
});

describe('triggers', () => {
  it('an event trigger starts on the event’s date, for its type only', () => {
    const postCalving = EXAMPLE_PROGRAMMES[1].trigger;
    const calving = { eventType: 'CALVING', date: '2026-11-20', imported: false };
    expect(eventTriggerStart(postCalving, calving)).toBe('2026-11-20');
    expect(eventTriggerStart(postCalving, { ...calving, eventType: 'INSEMINATION' })).toBeNull();
    expect(eventTriggerStart({ kind: 'manual' }, calving)).toBeNull();
  });

  it('a recorded event enrols however late; an imported one never, whatever its date (§22 turn 4)', () => {
    const postCalving = EXAMPLE_PROGRAMMES[1].trigger;
    // Recorded on 2026-11-28 for a calving on 2026-09-19, 70 days before (11 of September + 31 + 28 = 70): its one
    // step (day 30, 2026-10-19) is 40 days overdue, and it still enrols.
    expect(eventTriggerStart(postCalving, { eventType: 'CALVING', date: '2026-09-19', imported: false })).toBe(
      '2026-09-19',
    );
    // Imported with 最終分娩日 five days ago: its step is 25 days ahead, and it does not enrol.
    expect(eventTriggerStart(postCalving, { eventType: 'CALVING', date: '2026-11-23', imported: true })).toBeNull();
  });

  it('an age trigger starts on the day the animal is that many days old, caught up for 7 days', () => {
    const at60 = { kind: 'age', days: 60 } as const;
    // Born 2026-09-27: 60 days old on 2026-11-26 (3 days left of September + 31 of October + 26 of November = 60).
    expect(ageTriggerStart(at60, '2026-09-27', '2026-11-26')).toBe('2026-11-26');
    // The dawn run missed two mornings: still enrolled with the day it was due.
    expect(ageTriggerStart(at60, '2026-09-25', '2026-11-26')).toBe('2026-11-24');
    // 8 days late: too old for this programme; 1 day early: not yet.
    expect(ageTriggerStart(at60, '2026-09-19', '2026-11-26')).toBeNull();
    expect(ageTriggerStart(at60, '2026-09-28', '2026-11-26')).toBeNull();
    expect(ageTriggerStart(at60, null, '2026-11-26')).toBeNull();
  });
});

describe('the programme schema', () => {
  it('accepts the examples and refuses a day over 730, no steps and an unknown event type', () => {
    for (const example of EXAMPLE_PROGRAMMES) expect(programmeSchema.safeParse(example).success).toBe(true);
    const bad = (over: object) => programmeSchema.safeParse({ ...EXAMPLE_PROGRAMMES[0], ...over });
    expect(bad({ steps: [{ day: 731, title: 'x' }] }).error?.issues[0].message).toBe(
      '日数は0〜730の整数で入力してください',
    );
    expect(bad({ steps: [] }).error?.issues[0].message).toBe('手順は1〜30件で入力してください');
    expect(bad({ steps: [{ day: 1, title: 'x', eventType: 'NOPE' }] }).error?.issues[0].message).toBe(
      '無効なイベント種別です',
    );
    expect(bad({ trigger: { kind: 'age', days: -1 } }).success).toBe(false);
  });
});

describe('today’s tasks in the morning digest', () => {
  const task = (n: number, dueDate: string) => ({
    cattleId: n,
    cattleName: n === 1 ? null : `牛${n}`,
    cattleEarTagNumber: n === 2 ? null : String(1000 + n),
    title: 'PGF2α',
    dueDate,
  });

  it('lists each task, today’s or overdue with its date, under a count', () => {
    expect(digestTaskLines([task(1, '2026-11-26'), task(2, '2026-11-24')], '2026-11-26')).toEqual([
      '今日の作業が2件あります。',
      '・牛ID 1・耳標 1001：PGF2α（今日）',
      '・牛2：PGF2α（期限超過・2026/11/24）',
    ]);
    expect(digestTaskLines([], '2026-11-26')).toEqual([]);
  });

  it('shows at most 30 tasks, then how many more', () => {
    const many = Array.from({ length: DIGEST_TASK_LINES + 5 }, (_, i) => task(i + 3, '2026-11-26'));
    const lines = digestTaskLines(many, '2026-11-26');
    // The heading, 30 tasks and 'ほか5件': 32 lines.
    expect(lines).toHaveLength(32);
    expect(lines[0]).toBe('今日の作業が35件あります。');
    expect(lines.at(-1)).toBe('ほか5件');
  });
});

describe('a protocol stops when the cow’s state says so (§22 turn 4)', () => {
  const ovsynch = EXAMPLE_PROGRAMMES[0];
  const stopWhen = ovsynch.stopWhen ?? [];

  it('Ovsynch stops on a service, a positive check, a calving or an abortion — not on an open check', () => {
    expect(matchesStop(stopWhen, { eventType: 'INSEMINATION' })).toBe(true);
    expect(matchesStop(stopWhen, { eventType: 'PREGNANCY_CHECK', result: 'PREGNANT' })).toBe(true);
    expect(matchesStop(stopWhen, { eventType: 'PREGNANCY_CHECK', result: 'OPEN' })).toBe(false);
    expect(matchesStop(stopWhen, { eventType: 'CALVING' })).toBe(true);
    expect(matchesStop(stopWhen, { eventType: 'ABORTION' })).toBe(true);
    expect(matchesStop(stopWhen, { eventType: 'VACCINATION' })).toBe(false);
    expect(matchesStop(stopWhen, { eventType: 'ESTRUS' })).toBe(false);
  });

  it('a condition without a result matches every result; 分娩後検診 stops on nothing', () => {
    expect(matchesStop([{ eventType: 'PREGNANCY_CHECK' }], { eventType: 'PREGNANCY_CHECK', result: 'OPEN' })).toBe(
      true,
    );
    expect(EXAMPLE_PROGRAMMES[1].stopWhen).toEqual([]);
    expect(matchesStop([], { eventType: 'CALVING' })).toBe(false);
  });

  it('not by the event one of the enrolment’s own tasks records, nor by an event before its start', () => {
    const enrolment = { id: 7, startDate: '2026-11-20', stopWhen };
    const service = { eventType: 'INSEMINATION', date: '2026-11-30' };
    expect(stopsEnrolment(enrolment, service)).toBe(true);
    // The 授精 step (day 10 of a start on 11-20 = 11-30) done records this service: it does not stop its own enrolment…
    expect(stopsEnrolment(enrolment, { ...service, fromEnrolmentId: 7 })).toBe(false);
    // …but another enrolment's task recording it does.
    expect(stopsEnrolment(enrolment, { ...service, fromEnrolmentId: 8 })).toBe(true);
    // A service recorded late, dated 11-19, the day before the start: the protocol began after it.
    expect(stopsEnrolment(enrolment, { ...service, date: '2026-11-19' })).toBe(false);
    expect(stopsEnrolment(enrolment, { ...service, date: '2026-11-20' })).toBe(true);
  });

  it('says why, on the task', () => {
    expect(stopReason({ eventType: 'INSEMINATION' })).toBe('中止：授精が記録されました');
    expect(stopReason({ eventType: 'PREGNANCY_CHECK', result: 'PREGNANT' })).toBe('中止：妊娠が確認されました');
    expect(stopReason({ eventType: 'PREGNANCY_CHECK', result: 'OPEN' })).toBe('中止：妊娠鑑定が記録されました');
    expect(stopReason({ eventType: 'CALVING' })).toBe('中止：分娩が記録されました');
    expect(stopReason({ eventType: 'ABORTION' })).toBe('中止：流産が記録されました');
  });
});

describe('who may be enrolled (§22 turn 4)', () => {
  const eligible = EXAMPLE_PROGRAMMES[0].eligible ?? {};
  const cow = { gender: '雌', status: 'HEALTHY', pregnant: false, lastCalvingDate: '2026-10-01' };

  it('Ovsynch: a cow 40 days after calving yes, 39 days no', () => {
    // Calved 2026-10-01; started 2026-11-10: 30 days left of October + 10 of November = 40 days.
    expect(ineligibility(eligible, cow, '2026-11-10')).toBeNull();
    // Started 2026-11-09: 30 + 9 = 39 days.
    expect(ineligibility(eligible, cow, '2026-11-09')).toBe('分娩後40日未満');
  });

  it('a heifer, never calved, has no waiting period', () => {
    expect(ineligibility(eligible, { ...cow, lastCalvingDate: null }, '2026-11-09')).toBeNull();
  });

  it('a pregnant cow, a steer and a bull are not, each with its reason', () => {
    expect(ineligibility(eligible, { ...cow, status: 'PREGNANT', pregnant: true }, '2026-12-01')).toBe('妊娠中');
    expect(ineligibility(eligible, { ...cow, gender: '去勢', lastCalvingDate: null }, '2026-12-01')).toBe(
      '雌ではありません',
    );
    expect(ineligibility(eligible, { ...cow, gender: '雄', lastCalvingDate: null }, '2026-12-01')).toBe(
      '雌ではありません',
    );
    // Gender is judged first: a steer is never '妊娠中'.
    expect(ineligibility(eligible, { ...cow, gender: '去勢', pregnant: true }, '2026-12-01')).toBe('雌ではありません');
  });

  it('statuses and other genders, for a farm’s own programme', () => {
    const healthyBulls = { gender: ['雄' as const], statuses: ['HEALTHY' as const] };
    expect(ineligibility(healthyBulls, { ...cow, gender: '雄', status: 'TREATING' }, '2026-12-01')).toBe(
      '対象外の状態です',
    );
    expect(ineligibility(healthyBulls, cow, '2026-12-01')).toBe('対象外の性別です');
    expect(ineligibility(healthyBulls, { ...cow, gender: '雄' }, '2026-12-01')).toBeNull();
    // Nothing asked: every animal.
    expect(ineligibility({}, { ...cow, gender: '去勢', pregnant: true }, '2026-12-01')).toBeNull();
  });

  it('a programme’s stopWhen and eligible are checked, with their messages', () => {
    const base = { name: 'x', trigger: { kind: 'manual' }, steps: [{ day: 0, title: 'a' }] };
    expect(
      programmeSchema.safeParse({ ...base, stopWhen: [{ eventType: 'PREGNANCY_CHECK', result: 'PREGNANT' }] }).success,
    ).toBe(true);
    const wrongResult = programmeSchema.safeParse({ ...base, stopWhen: [{ eventType: 'CALVING', result: 'OPEN' }] });
    expect(wrongResult.error?.issues[0]?.message).toBe('鑑定結果はPREGNANTまたはOPENで、妊娠鑑定にだけ指定できます');
    const wait = programmeSchema.safeParse({ ...base, eligible: { minDaysSinceCalving: 400 } });
    expect(wait.error?.issues[0]?.message).toBe('分娩後日数は0〜365の整数で入力してください');
    const gender = programmeSchema.safeParse({ ...base, eligible: { gender: ['牛'] } });
    expect(gender.error?.issues[0]?.message).toBe('性別は雄・去勢・雌から選んでください');
    const unknown = programmeSchema.safeParse({ ...base, eligible: { colour: '黒' } });
    expect(unknown.success).toBe(false);
  });
});

describe("the example programmes' words", () => {
  it('are English in English: each example name and step title the product gave', () => {
    for (const example of EXAMPLE_PROGRAMMES)
      for (const text of [example.name, ...example.steps.map((step) => step.title)])
        expect(programmeWords(text, 'en'), text).toMatch(/^[\x20-\x7E\u03B1]+$/);
    expect(programmeWords('Ovsynch（定時授精）', 'en')).toBe('Ovsynch (timed AI)');
    expect(programmeWords('授精', 'en')).toBe('AI');
  });

  it('stay as written in Japanese, and a name the farmer typed stays as typed in both', () => {
    expect(programmeWords('分娩後検診', 'ja')).toBe('分娩後検診');
    expect(programmeWords('うちの同期化', 'en')).toBe('うちの同期化');
    expect(programmeWords('PGF2α', 'en')).toBe('PGF2α');
  });
});
