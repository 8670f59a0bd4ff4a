import { describe, expect, it } from 'vitest';
import { computeBreeding, type EngineEvent, serviceBefore } from './breeding';
import { calfOfService, gestationDays } from './gestation';

let nextId = 1;
const ev = (eventType: string, day: string, details?: unknown, time = '09:00'): EngineEvent => ({
  eventId: nextId++,
  eventType,
  eventDatetime: new Date(`${day}T${time}:00+09:00`).toISOString(),
  details,
});
const run = (events: EngineEvent[], today: string, breed = '黒毛和種', initialParity = 0) =>
  computeBreeding({ breed, initialParity, events, today });
const pregnantAfter = (service: EngineEvent[], checkDay: string) => [
  ...service,
  ev('PREGNANCY_CHECK', checkDay, { result: 'PREGNANT' }),
];

describe('gestation by the calf’s breed (§6)', () => {
  it('gives each breed its days', () => {
    expect(gestationDays('黒毛和種')).toBe(285);
    expect(gestationDays('褐毛和種')).toBe(285);
    expect(gestationDays('日本短角種')).toBe(285);
    expect(gestationDays('無角和種')).toBe(285);
    expect(gestationDays('ホルスタイン')).toBe(280);
    expect(gestationDays('ジャージー')).toBe(279);
    expect(gestationDays('交雑種')).toBe(283);
    expect(gestationDays(null)).toBe(283);
  });

  it('makes a cross of a sire of another breed, due after the rounded-up mean', () => {
    // ホルスタイン dam × 黒毛和種 sire: ⌈(280 + 285) / 2⌉ = ⌈282.5⌉ = 283.
    expect(calfOfService('ホルスタイン', { sireBreed: '黒毛和種' })).toEqual({ breed: '交雑種', daysToCalving: 283 });
    // 黒毛和種 × 褐毛和種: ⌈(285 + 285) / 2⌉ = 285.
    expect(calfOfService('黒毛和種', { sireBreed: '褐毛和種' })).toEqual({ breed: '交雑種', daysToCalving: 285 });
    // The same breed, or none named: the dam's.
    expect(calfOfService('黒毛和種', { sireBreed: '黒毛和種' })).toEqual({ breed: '黒毛和種', daysToCalving: 285 });
    expect(calfOfService('ホルスタイン', {})).toEqual({ breed: 'ホルスタイン', daysToCalving: 280 });
  });

  it('gives an ET calf the embryo’s breed, due 7 days sooner than its gestation', () => {
    // A 黒毛和種 embryo in a ホルスタイン recipient: 285 − 7 = 278 days after the transfer.
    expect(calfOfService('ホルスタイン', { method: 'ET', embryoBreed: '黒毛和種' })).toEqual({
      breed: '黒毛和種',
      daysToCalving: 278,
    });
    // No embryo breed: the recipient's, 280 − 7 = 273.
    expect(calfOfService('ホルスタイン', { method: 'ET' })).toEqual({ breed: 'ホルスタイン', daysToCalving: 273 });
  });

  it('dates the expected calving by the conceiving service’s calf', () => {
    // ET on 2026-03-01 of a 黒毛和種 embryo into a ホルスタイン: 2026-03-01 + 278 = 2026-12-04.
    const et = run(
      pregnantAfter([ev('INSEMINATION', '2026-03-01', { method: 'ET', embryoBreed: '黒毛和種' })], '2026-04-10'),
      '2026-05-01',
      'ホルスタイン',
    );
    expect(et.breedingStatus.expectedCalvingDate).toBe('2026-12-04');
    // F1: ホルスタイン × 黒毛和種 AI on 2026-03-01: + 283 = 2026-12-09.
    const f1 = run(
      pregnantAfter([ev('INSEMINATION', '2026-03-01', { sireName: '百合茂', sireBreed: '黒毛和種' })], '2026-04-10'),
      '2026-05-01',
      'ホルスタイン',
    );
    expect(f1.breedingStatus.expectedCalvingDate).toBe('2026-12-09');
    // Pure ホルスタイン: + 280 = 2026-12-06; ジャージー + 279 = 2026-12-05.
    const pure = pregnantAfter([ev('INSEMINATION', '2026-03-01')], '2026-04-10');
    expect(run(pure, '2026-05-01', 'ホルスタイン').breedingStatus.expectedCalvingDate).toBe('2026-12-06');
    expect(run(pure, '2026-05-01', 'ジャージー').breedingStatus.expectedCalvingDate).toBe('2026-12-05');
  });
});

describe('services: straws of one heat (§6)', () => {
  it('merges a second straw on the same day or the next into one service dated by the later', () => {
    const r = run(
      pregnantAfter(
        [ev('INSEMINATION', '2026-03-01', undefined, '07:00'), ev('INSEMINATION', '2026-03-02', undefined, '07:00')],
        '2026-04-10',
      ),
      '2026-05-01',
    );
    expect(r.breedingStatus.inseminationCount).toBe(1);
    expect(r.breedingSummary.totalInseminationCount).toBe(1);
    // The service date is the later straw: 2026-03-02 + 285 = 2026-12-12.
    expect(r.breedingStatus.conceptionDate).toBe('2026-03-02');
    expect(r.breedingStatus.expectedCalvingDate).toBe('2026-12-12');
  });

  it('counts a straw two days after the first as a new service', () => {
    const r = run([ev('INSEMINATION', '2026-03-01'), ev('INSEMINATION', '2026-03-03')], '2026-03-10');
    expect(r.breedingStatus.inseminationCount).toBe(2);
    expect(r.breedingStatus.scheduledPregnancyCheckDate).toBe('2026-04-02');
  });

  it('drops the pending check at a heat 18 days or more after the service; a heat at 17 days changes nothing', () => {
    const ai = ev('INSEMINATION', '2026-03-01');
    // 2026-03-01 + 30 = 03-31 is the check.
    expect(run([ai], '2026-03-10').breedingStatus.scheduledPregnancyCheckDate).toBe('2026-03-31');
    // A heat on 03-18 is 17 days after: still due.
    expect(run([ai, ev('ESTRUS', '2026-03-18')], '2026-03-20').breedingStatus.scheduledPregnancyCheckDate).toBe(
      '2026-03-31',
    );
    // A heat on 03-19 is 18 days after: the service failed, no check.
    expect(run([ai, ev('ESTRUS', '2026-03-19')], '2026-03-20').breedingStatus.scheduledPregnancyCheckDate).toBeNull();
    // The next service has its own check: 03-20 + 30 = 04-19.
    expect(
      run([ai, ev('ESTRUS', '2026-03-19'), ev('INSEMINATION', '2026-03-20')], '2026-03-25').breedingStatus
        .scheduledPregnancyCheckDate,
    ).toBe('2026-04-19');
  });

  it('finds the service a calving came from, straws merged, with its sire', () => {
    const events = [
      ev('INSEMINATION', '2025-03-01', { sireName: '安福久' }),
      ev('INSEMINATION', '2025-03-02', { sireBreed: '黒毛和種' }),
      ev('CALVING', '2025-12-11'),
    ];
    expect(serviceBefore(events, events[2].eventDatetime)).toEqual({
      day: '2025-03-02',
      facts: { sireBreed: '黒毛和種' },
      sireName: '安福久',
    });
    expect(serviceBefore(events, events[0].eventDatetime)).toBeNull();
  });
});

describe('births (§6)', () => {
  it('counts a stillbirth at term as a calving: parity, last calving, resting', () => {
    const r = run([ev('INSEMINATION', '2025-03-01'), ev('STILLBIRTH', '2025-12-10')], '2026-01-09', '黒毛和種', 2);
    // 2 entered at registration + 1 = 3.
    expect(r.breedingStatus.parity).toBe(3);
    expect(r.breedingStatus.lastCalvingDate).toBe('2025-12-10');
    // 2025-12-10 → 2026-01-09 is 30 days.
    expect(r.breedingStatus.daysAfterCalving).toBe(30);
    expect(r.impliedStatus).toBe('RESTING');
    expect(r.impliedGrowthStage).toBe('MULTI_PAROUS');
  });

  it('counts a stillbirth within a day of a calving once (twins, one born dead)', () => {
    const r = run(
      [ev('CALVING', '2025-12-10', { calves: [{ gender: '雌' }] }, '04:00'), ev('STILLBIRTH', '2025-12-11')],
      '2026-01-09',
    );
    expect(r.breedingStatus.parity).toBe(1);
    expect(r.breedingStatus.lastCalvingDate).toBe('2025-12-10');
    // Two days apart: two births.
    const apart = run([ev('CALVING', '2025-12-10'), ev('STILLBIRTH', '2025-12-12')], '2026-01-09');
    expect(apart.breedingStatus.parity).toBe(2);
  });

  it('counts twins as one calving, however many calves', () => {
    const r = run(
      [ev('CALVING', '2025-12-10', { calves: [{ gender: '雌' }, { gender: '雄' }], difficult: true })],
      '2026-01-09',
    );
    expect(r.breedingStatus.parity).toBe(1);
    expect(r.breedingStatus.isDifficultBirth).toBe(true);
    expect(r.breedingSummary.difficultBirthCount).toBe(1);
  });

  it('an abortion ends the pregnancy without a calving', () => {
    const r = run(
      [...pregnantAfter([ev('INSEMINATION', '2025-03-01')], '2025-04-10'), ev('ABORTION', '2025-06-01')],
      '2025-07-01',
    );
    expect(r.breedingStatus.parity).toBe(0);
    expect(r.breedingStatus.expectedCalvingDate).toBeNull();
    expect(r.breedingStatus.lastCalvingDate).toBeNull();
  });
});
