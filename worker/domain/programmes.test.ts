import { describe, expect, it } from 'vitest';
import {
  ageTriggerStart,
  DIGEST_TASK_LINES,
  digestTaskLines,
  EXAMPLE_PROGRAMMES,
  enrolmentsToCreate,
  eventTriggerStart,
  planTasks,
  programmeSchema,
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
    expect(eventTriggerStart(postCalving, 'CALVING', '2026-11-20')).toBe('2026-11-20');
    expect(eventTriggerStart(postCalving, 'INSEMINATION', '2026-11-20')).toBeNull();
    expect(eventTriggerStart({ kind: 'manual' }, 'CALVING', '2026-11-20')).toBeNull();
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
