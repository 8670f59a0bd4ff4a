import { describe, expect, it } from 'vitest';
import {
  computeBreeding,
  dayCountsAsOf,
  type EngineEvent,
  resolveGrowthStage,
  resolveStatus,
  resolveWeight,
} from './breeding';

let nextId = 1;
/** An event on a JST calendar day at 09:00 JST. */
const ev = (eventType: string, day: string, details?: unknown, time = '09:00'): EngineEvent => ({
  eventId: nextId++,
  eventType,
  eventDatetime: new Date(`${day}T${time}:00+09:00`).toISOString(),
  details,
});

const WAGYU = '黒毛和種';
const run = (
  events: EngineEvent[],
  today: string,
  extra: { breed?: string; initialParity?: number; growthStage?: string } = {},
) =>
  computeBreeding({
    breed: extra.breed ?? WAGYU,
    initialParity: extra.initialParity ?? 0,
    growthStage: extra.growthStage,
    events,
    today,
  });

describe('computeBreeding: real scenarios', () => {
  it('a heifer with no events has an empty state and implies nothing', () => {
    const r = run([], '2026-11-22');
    expect(r.breedingStatus).toEqual({
      parity: 0,
      expectedCalvingDate: null,
      scheduledPregnancyCheckDate: null,
      lastCalvingDate: null,
      lastInseminationDate: null,
      conceptionDate: null,
      lastEstrusDate: null,
      daysAfterCalving: null,
      daysOpen: null,
      pregnancyDays: null,
      daysAfterInsemination: null,
      inseminationCount: 0,
      isDifficultBirth: false,
    });
    expect(r.impliedStatus).toBeNull();
    expect(r.breedingSummary.pregnancySuccessRate).toBeNull();
  });

  it("a heifer's first AI schedules the pregnancy check 30 days later", () => {
    const r = run([ev('ESTRUS', '2026-10-01'), ev('INSEMINATION', '2026-10-02', { sireName: '安福久' })], '2026-11-22');
    expect(r.breedingStatus).toMatchObject({
      parity: 0,
      inseminationCount: 1,
      lastInseminationDate: '2026-10-02',
      lastEstrusDate: '2026-10-01',
      daysAfterInsemination: 51,
      scheduledPregnancyCheckDate: '2026-11-01',
      expectedCalvingDate: null,
      daysOpen: null,
    });
    expect(r.impliedStatus).toBeNull();
  });

  it('a PREGNANT check gives the expected calving date by breed gestation', () => {
    const events = (breed: string) =>
      run(
        [ev('INSEMINATION', '2026-03-01'), ev('PREGNANCY_CHECK', '2026-04-05', { result: 'PREGNANT' })],
        '2026-11-22',
        { breed },
      );
    expect(events('黒毛和種').breedingStatus.expectedCalvingDate).toBe('2026-12-11'); // + 285
    expect(events('ホルスタイン').breedingStatus.expectedCalvingDate).toBe('2026-12-06'); // + 280
    expect(events('交雑種').breedingStatus.expectedCalvingDate).toBe('2026-12-09'); // + 283
    const r = events('黒毛和種');
    expect(r.impliedStatus).toBe('PREGNANT');
    expect(r.statusCause).toBe('PREGNANCY_CHECK');
    expect(r.breedingStatus).toMatchObject({
      conceptionDate: '2026-03-01',
      pregnancyDays: 266,
      scheduledPregnancyCheckDate: null,
    });
  });

  it('repeat breeding after an OPEN check counts every AI since calving and days open run to today', () => {
    const r = run(
      [
        ev('CALVING', '2026-05-01'),
        ev('INSEMINATION', '2026-07-01'),
        ev('PREGNANCY_CHECK', '2026-08-01', { result: 'OPEN' }),
        ev('INSEMINATION', '2026-08-20'),
      ],
      '2026-09-10',
      { initialParity: 2 },
    );
    expect(r.breedingStatus).toMatchObject({
      parity: 3,
      inseminationCount: 2,
      lastInseminationDate: '2026-08-20',
      scheduledPregnancyCheckDate: '2026-09-19',
      daysAfterCalving: 132,
      daysOpen: 132,
      expectedCalvingDate: null,
      conceptionDate: null,
    });
    expect(r.impliedStatus).toBe('HEALTHY');
    expect(r.breedingSummary).toMatchObject({
      totalInseminationCount: 2,
      pregnancyHeadCount: 1,
      pregnancySuccessRate: 0,
    });
  });

  it('days open stop at conception once a PREGNANT check confirms the last AI', () => {
    const r = run(
      [
        ev('CALVING', '2026-01-10'),
        ev('INSEMINATION', '2026-03-01'),
        ev('PREGNANCY_CHECK', '2026-03-28', { result: 'OPEN' }),
        ev('INSEMINATION', '2026-03-25'),
        ev('PREGNANCY_CHECK', '2026-04-30', { result: 'PREGNANT' }),
      ],
      '2026-11-22',
    );
    // Entered out of order: the 3/25 AI is the last one before the PREGNANT check, so it is the conception.
    expect(r.impliedStatus).toBe('PREGNANT');
    expect(r.breedingStatus.conceptionDate).toBe('2026-03-25');
    expect(r.breedingStatus.daysOpen).toBe(74);
  });

  it('a calving with a difficult birth resets the cycle, adds parity and rests the cow', () => {
    const r = run(
      [
        ev('INSEMINATION', '2025-07-01', { sireName: '美国桜' }),
        ev('PREGNANCY_CHECK', '2025-08-05', { result: 'PREGNANT' }),
        ev('ESTRUS', '2025-06-10'),
        ev('CALVING', '2026-04-12', { difficult: true, calf: { gender: '雌' } }),
      ],
      '2026-05-12',
      { initialParity: 1, growthStage: 'FIRST_CALVED' },
    );
    expect(r.breedingStatus).toMatchObject({
      parity: 2,
      lastCalvingDate: '2026-04-12',
      daysAfterCalving: 30,
      daysOpen: 30,
      inseminationCount: 0,
      lastInseminationDate: null,
      lastEstrusDate: null,
      expectedCalvingDate: null,
      conceptionDate: null,
      isDifficultBirth: true,
    });
    expect(r.impliedStatus).toBe('RESTING');
    expect(r.impliedGrowthStage).toBe('MULTI_PAROUS');
    expect(r.breedingSummary).toMatchObject({
      difficultBirthCount: 1,
      pregnancyHeadCount: 1,
      averagePregnancyPeriod: 285,
      pregnancySuccessRate: 100,
    });
  });

  it("a heifer's first calving makes her 初産牛", () => {
    expect(run([ev('CALVING', '2026-04-12')], '2026-05-01').impliedGrowthStage).toBe('FIRST_CALVED');
  });

  it('an abortion clears the pregnancy but keeps counting AIs since the last calving', () => {
    const r = run(
      [
        ev('CALVING', '2025-12-01'),
        ev('INSEMINATION', '2026-02-20'),
        ev('PREGNANCY_CHECK', '2026-03-25', { result: 'PREGNANT' }),
        ev('ABORTION', '2026-06-01'),
      ],
      '2026-07-01',
    );
    expect(r.breedingStatus).toMatchObject({
      parity: 1,
      expectedCalvingDate: null,
      conceptionDate: null,
      pregnancyDays: null,
      inseminationCount: 1,
      daysOpen: 212,
      scheduledPregnancyCheckDate: null,
    });
    expect(r.impliedStatus).toBe('RESTING');
    expect(r.breedingSummary).toMatchObject({ pregnancyHeadCount: 2, pregnancySuccessRate: 100 });
  });

  it('a corrected insemination date moves the expected calving date with it', () => {
    const check = ev('PREGNANCY_CHECK', '2026-05-10', { result: 'PREGNANT' });
    const wrong = run([ev('INSEMINATION', '2026-04-01'), check], '2026-11-22');
    const corrected = run([ev('INSEMINATION', '2026-04-03'), check], '2026-11-22');
    expect(wrong.breedingStatus.expectedCalvingDate).toBe('2027-01-11');
    expect(corrected.breedingStatus.expectedCalvingDate).toBe('2027-01-13');
    expect(corrected.breedingStatus.pregnancyDays).toBe(233);
  });

  it('an EXPECTED_CALVING event overrides the computed date for the current pregnancy only', () => {
    const ai = ev('INSEMINATION', '2026-03-01');
    const check = ev('PREGNANCY_CHECK', '2026-04-05', { result: 'PREGNANT' });
    const vet = ev('EXPECTED_CALVING', '2026-12-20');
    expect(run([ai, check, vet], '2026-11-22').breedingStatus.expectedCalvingDate).toBe('2026-12-20');
    // After she calves the old expected date no longer applies.
    const calved = run([ai, check, vet, ev('CALVING', '2026-12-08')], '2026-12-10');
    expect(calved.breedingStatus.expectedCalvingDate).toBeNull();
    // Found OPEN and bred again: the old date belonged to the first AI.
    const rebred = run(
      [
        ai,
        vet,
        ev('PREGNANCY_CHECK', '2026-04-05', { result: 'OPEN' }),
        ev('INSEMINATION', '2026-04-20'),
        ev('PREGNANCY_CHECK', '2026-05-25', { result: 'PREGNANT' }),
      ],
      '2026-11-22',
    );
    expect(rebred.breedingStatus.expectedCalvingDate).toBe('2027-01-30');
    // A cow bought in calf, with no AI on record.
    expect(
      run([ev('ARRIVAL', '2026-09-01'), ev('EXPECTED_CALVING', '2027-02-01')], '2026-11-22').breedingStatus
        .expectedCalvingDate,
    ).toBe('2027-02-01');
  });

  it('counts days by the JST calendar day of the instant', () => {
    // 2026-03-01 23:30 JST is 14:30 UTC on the same day; 00:30 JST on 3/2 is still 3/1 in UTC.
    const late = run([ev('INSEMINATION', '2026-03-02', undefined, '00:30')], '2026-03-31');
    expect(late.breedingStatus.lastInseminationDate).toBe('2026-03-02');
    expect(late.breedingStatus.scheduledPregnancyCheckDate).toBe('2026-04-01');
    expect(late.breedingStatus.daysAfterInsemination).toBe(29);
  });

  it('death and shipment are final; treatment layers over breeding', () => {
    const pregnant = [ev('INSEMINATION', '2026-03-01'), ev('PREGNANCY_CHECK', '2026-04-05', { result: 'PREGNANT' })];
    expect(run([...pregnant, ev('TREATMENT_STARTED', '2026-05-01')], '2026-11-22').impliedStatus).toBe('TREATING');
    expect(
      run([...pregnant, ev('TREATMENT_STARTED', '2026-05-01'), ev('TREATMENT_COMPLETED', '2026-05-08')], '2026-11-22')
        .impliedStatus,
    ).toBe('PREGNANT');
    expect(
      run([ev('TREATMENT_STARTED', '2026-05-01'), ev('TREATMENT_COMPLETED', '2026-05-08')], '2026-11-22').impliedStatus,
    ).toBe('HEALTHY');
    expect(
      run([...pregnant, ev('DEATH', '2026-06-01'), ev('TREATMENT_STARTED', '2026-06-02')], '2026-11-22').impliedStatus,
    ).toBe('DEAD');
    expect(run([ev('SHIPMENT', '2026-06-01')], '2026-11-22').impliedStatus).toBe('SHIPPED');
  });

  it('weaning makes a calf 育成期 (not a cow), fattening makes it 肥育期, the latest weight counts', () => {
    const calf = run(
      [
        ev('WEIGHT_MEASURED', '2026-06-01', { weightKg: 80 }),
        ev('WEANING', '2026-07-01'),
        ev('WEIGHT_MEASURED', '2026-05-01', { weightKg: 40 }),
      ],
      '2026-11-22',
      {
        growthStage: 'CALF',
      },
    );
    expect(calf.impliedGrowthStage).toBe('GROWING');
    expect(calf.impliedWeight).toBe(80);
    expect(
      run([ev('WEANING', '2026-07-01')], '2026-11-22', { growthStage: 'MULTI_PAROUS' }).impliedGrowthStage,
    ).toBeNull();
    expect(
      run([ev('WEANING', '2026-07-01'), ev('START_FATTENING', '2026-09-01')], '2026-11-22').impliedGrowthStage,
    ).toBe('FATTENING');
  });

  it('summarises calving intervals, days open and conception over the whole history', () => {
    const r = run(
      [
        ev('CALVING', '2024-01-01'),
        ev('INSEMINATION', '2024-03-01'),
        ev('INSEMINATION', '2024-03-22'),
        ev('PREGNANCY_CHECK', '2024-04-25', { result: 'PREGNANT' }),
        ev('CALVING', '2025-01-01'),
        ev('INSEMINATION', '2025-03-11'),
        ev('CALVING', '2025-12-21'), // no check recorded: the 3/11 AI (285 days) conceived
      ],
      '2026-01-01',
    );
    expect(r.breedingSummary).toEqual({
      totalInseminationCount: 3,
      averageDaysOpen: 75, // (81 + 69) / 2
      averagePregnancyPeriod: 285,
      averageCalvingInterval: 360, // (366 + 354) / 2
      difficultBirthCount: 0,
      pregnancyHeadCount: 3, // the first calving was a pregnancy too, with no AI on record
      pregnancySuccessRate: 66.7, // 2 conceptions from 3 AIs
    });
    expect(r.breedingStatus.parity).toBe(3);
  });
});

describe('computeBreeding: order does not matter', () => {
  const history: EngineEvent[] = [
    ev('ARRIVAL', '2024-02-01'),
    ev('CALVING', '2024-05-03', { calf: { gender: '雄' } }),
    ev('WEIGHT_MEASURED', '2024-06-01', { weightKg: 480 }),
    ev('ESTRUS', '2024-07-01'),
    ev('INSEMINATION', '2024-07-02', { sireName: '福之姫' }),
    ev('PREGNANCY_CHECK', '2024-08-05', { result: 'OPEN' }),
    ev('INSEMINATION', '2024-08-10'),
    ev('PREGNANCY_CHECK', '2024-09-12', { result: 'PREGNANT' }),
    ev('VACCINATION', '2024-10-01', { product: '5種混合' }),
    ev('EXPECTED_CALVING', '2025-05-25'),
    ev('CALVING', '2025-05-22', { difficult: true }),
    ev('TREATMENT_STARTED', '2025-05-23'),
    ev('TREATMENT_COMPLETED', '2025-06-01'),
    ev('INSEMINATION', '2025-07-20'),
    ev('INSEMINATION', '2025-07-20', undefined, '18:00'),
    ev('PREGNANCY_CHECK', '2025-08-25', { result: 'PREGNANT' }),
    ev('WEIGHT_MEASURED', '2025-09-01', { weightKg: 505 }),
    ev('PREGNANCY_CHECK', '2025-09-01', { result: 'PREGNANT' }),
    ev('ABORTION', '2025-11-01'),
    ev('INSEMINATION', '2026-01-05'),
  ];

  // A small seeded generator keeps failures reproducible.
  function shuffled<T>(items: T[], seed: number): T[] {
    const out = [...items];
    let s = seed;
    for (let i = out.length - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const j = s % (i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  it('gives the same state for 200 permutations of the same events', () => {
    const expected = run(history, '2026-02-01', { initialParity: 1 });
    expect(expected.breedingStatus.parity).toBe(3);
    expect(expected.impliedStatus).toBe('HEALTHY');
    for (let seed = 1; seed <= 200; seed++) {
      expect(run(shuffled(history, seed), '2026-02-01', { initialParity: 1 })).toEqual(expected);
    }
  });

  it('gives the same state for every prefix regardless of order', () => {
    for (let n = 1; n <= history.length; n++) {
      const prefix = history.slice(0, n);
      expect(run(shuffled(prefix, n * 7), '2026-02-01')).toEqual(run(prefix, '2026-02-01'));
    }
  });
});

describe('dayCountsAsOf', () => {
  it('recounts the stored anchors as of another day', () => {
    const row = { lastCalvingDate: '2026-05-01', lastInseminationDate: '2026-07-10', conceptionDate: '2026-07-10' };
    expect(dayCountsAsOf(row, '2026-11-22')).toEqual({
      daysAfterCalving: 205,
      daysAfterInsemination: 135,
      pregnancyDays: 135,
      daysOpen: 70,
    });
    expect(dayCountsAsOf({ ...row, conceptionDate: null }, '2026-11-22').daysOpen).toBe(205);
    expect(
      dayCountsAsOf({ lastCalvingDate: null, lastInseminationDate: null, conceptionDate: null }, '2026-11-22'),
    ).toEqual({
      daysAfterCalving: null,
      daysAfterInsemination: null,
      pregnancyDays: null,
      daysOpen: null,
    });
  });
});

describe('resolveStatus', () => {
  const implied = (impliedStatus: any, statusCause: any = null) => ({ impliedStatus, statusCause });

  it('follows the events when what they imply changes', () => {
    expect(
      resolveStatus({
        currentStatus: 'HEALTHY',
        before: implied(null),
        after: implied('PREGNANT', 'PREGNANCY_CHECK'),
        touchedStatusEvent: true,
      }),
    ).toEqual({
      status: 'PREGNANT',
      reason: 'イベント「妊娠鑑定」による更新',
    });
  });

  it('keeps a status set by hand when an unrelated event is recorded', () => {
    expect(
      resolveStatus({
        currentStatus: 'TREATING',
        before: implied('PREGNANT'),
        after: implied('PREGNANT', 'PREGNANCY_CHECK'),
        touchedStatusEvent: false,
      }),
    ).toEqual({
      status: 'TREATING',
      reason: null,
    });
  });

  it('applies a status event even when the implied status is unchanged', () => {
    expect(
      resolveStatus({
        currentStatus: 'TREATING',
        before: implied('PREGNANT'),
        after: implied('PREGNANT', 'TREATMENT_COMPLETED'),
        touchedStatusEvent: true,
      }).status,
    ).toBe('PREGNANT');
  });

  it('goes back to the status before the last change when the deciding event is deleted', () => {
    expect(
      resolveStatus({
        currentStatus: 'PREGNANT',
        before: implied('PREGNANT'),
        after: implied(null),
        touchedStatusEvent: true,
        statusBeforeLastChange: 'TREATING',
      }),
    ).toEqual({ status: 'TREATING', reason: 'イベントの削除・修正による差し戻し' });
    expect(
      resolveStatus({
        currentStatus: 'PREGNANT',
        before: implied('PREGNANT'),
        after: implied(null),
        touchedStatusEvent: true,
      }).status,
    ).toBe('HEALTHY');
  });
});

describe('resolveGrowthStage and resolveWeight', () => {
  it('undoes a deleted weaning back to 哺乳期', () => {
    const weaning = ev('WEANING', '2026-07-01');
    expect(
      resolveGrowthStage({
        currentStage: 'GROWING',
        initialParity: 0,
        before: { impliedGrowthStage: 'GROWING', events: [weaning] },
        after: { impliedGrowthStage: null },
      }),
    ).toBe('CALF');
  });

  it('keeps a stage the events do not move', () => {
    expect(
      resolveGrowthStage({
        currentStage: 'FATTENING',
        initialParity: 0,
        before: { impliedGrowthStage: null, events: [] },
        after: { impliedGrowthStage: null },
      }),
    ).toBe('FATTENING');
  });

  it('takes the latest measured weight, keeping the registered one when none is left', () => {
    expect(resolveWeight({ currentWeight: 300, before: { impliedWeight: null }, after: { impliedWeight: 320 } })).toBe(
      320,
    );
    expect(resolveWeight({ currentWeight: 320, before: { impliedWeight: 320 }, after: { impliedWeight: null } })).toBe(
      320,
    );
    expect(resolveWeight({ currentWeight: 320, before: { impliedWeight: 320 }, after: { impliedWeight: 310 } })).toBe(
      310,
    );
  });
});
