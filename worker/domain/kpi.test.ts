import { describe, expect, it } from 'vitest';
import {
  analyseCow,
  breedingKpi,
  compareMetric,
  compareMonths,
  cowsBehindKpi,
  cycleStarts,
  dateOfDay,
  dayNumber,
  lookBackStart,
  monthlyTrend,
  NO_BREEDING_EVENTS_MESSAGE,
  parseTimeline,
} from './kpi';
import { cowRow, herd2026 } from './kpi.fixtures';

const year2026 = { from: '2026-01-01', to: '2026-12-31' };

describe('the KPIs of §8 on a hand-computed herd', () => {
  const kpi = breedingKpi(herd2026.map(analyseCow), year2026);

  it('judges each service by what follows it', () => {
    const [cow1, cow2, cow3, cow4] = herd2026.map(analyseCow);
    expect(cow1.services.map((s) => [dateOfDay(s.day), s.first, s.outcome])).toEqual([
      ['2026-01-20', true, 'open'],
      ['2026-02-10', false, 'pregnant'],
    ]);
    // Two straws a day apart are one service dated by the later.
    expect(cow2.services.map((s) => [dateOfDay(s.day), s.first, s.outcome])).toEqual([
      ['2026-01-06', true, 'open'],
      ['2026-03-01', false, 'pending'],
    ]);
    expect(cow3.services.map((s) => [s.first, s.outcome])).toEqual([
      [false, 'open'],
      [false, 'pregnant'],
    ]);
    expect(cow4.services.map((s) => [s.first, s.outcome, s.daysOpen, s.daysToFirstService])).toEqual([
      [true, 'pregnant', 52, 52],
    ]);
    // The stillborn twin a day after the calving is the same birth.
    expect(cow4.births.map((b) => [dateOfDay(b.day), b.interval])).toEqual([
      ['2025-01-05', null],
      ['2026-02-01', 392],
    ]);
  });

  it('counts', () => {
    expect(kpi.counts).toEqual({
      // 2 + 2 + 2 + 1, the pending one included
      services: 7,
      pregnancies: 3,
      openServices: 3,
      // cow 1's 01-20, cow 2's 01-06, cow 4's 03-25 (cow 3's calving is unknown)
      firstServices: 3,
      // cow 1 11-22, cow 4 02-01 (the stillbirth is the same birth)
      calvings: 2,
      cattle: 4,
      // cow 1: I E I P C = 5; cow 2: I I O I = 4; cow 3: I I A = 3; cow 4: C S I E P = 5
      events: 17,
    });
  });

  it('computes every rate and mean', () => {
    expect(kpi).toMatchObject({
      // 3 pregnant ÷ (3 + 3) = 50.0 %
      conceptionRate: 50,
      // first services: 1 pregnant (cow 4) ÷ 3 = 33.3 %
      firstServiceConceptionRate: 33.3,
      // (3 + 3) ÷ 3 = 2.0
      aiPerConception: 2,
      // (71 + 52) ÷ 2 = 61.5 → 62
      avgDaysOpen: 62,
      // (50 + 52) ÷ 2 = 51
      avgDaysToFirstService: 51,
      // (356 + 392) ÷ 2 = 374
      avgCalvingInterval: 374,
    });
    expect(kpi.insights).toContainEqual({
      metric: 'conceptionRate',
      level: 'good',
      message: '受胎率が良好です（50%以上）',
    });
    expect(kpi.insights).toContainEqual({
      metric: 'avgDaysOpen',
      level: 'excellent',
      message: '空胎日数が優秀です（85日以下）',
    });
  });

  it('lists the cows behind the numbers, most open services first', () => {
    expect(cowsBehindKpi(herd2026.map(analyseCow), year2026)).toEqual([
      {
        cattleId: 1,
        name: '牛1',
        earTagNumber: '0001',
        services: 2,
        pregnant: 1,
        open: 1,
        daysOpen: 71,
        daysToFirstService: 50,
        calvingInterval: 356,
      },
      {
        cattleId: 2,
        name: '牛2',
        earTagNumber: '0002',
        services: 2,
        pregnant: 0,
        open: 1,
        daysOpen: null,
        daysToFirstService: null,
        calvingInterval: null,
      },
      {
        cattleId: 3,
        name: '牛3',
        earTagNumber: '0003',
        services: 2,
        pregnant: 1,
        open: 1,
        daysOpen: null,
        daysToFirstService: null,
        calvingInterval: null,
      },
      {
        cattleId: 4,
        name: '牛4',
        earTagNumber: '0004',
        services: 1,
        pregnant: 1,
        open: 0,
        daysOpen: 52,
        daysToFirstService: 52,
        calvingInterval: 392,
      },
    ]);
  });
});

describe('gap boundaries', () => {
  const openDays = (gap: number) => {
    const calving = '2025-06-01';
    const service = dateOfDay(dayNumber(calving) + gap);
    const cow = analyseCow(
      cowRow(1, [
        ['C', calving],
        ['I', service],
        ['P', dateOfDay(dayNumber(service) + 40)],
      ]),
    );
    return cow.services[0].daysOpen;
  };
  it('counts days open of 20 to 364 days only', () => {
    expect([19, 20, 364, 365].map(openDays)).toEqual([null, 20, 364, null]);
  });

  it('counts calving intervals of 240 to 799 days only', () => {
    const interval = (gap: number) =>
      analyseCow(
        cowRow(1, [
          ['C', '2023-01-01'],
          ['C', dateOfDay(dayNumber('2023-01-01') + gap)],
        ]),
      ).births[1].interval;
    expect([239, 240, 799, 800].map(interval)).toEqual([null, 240, 799, null]);
  });

  it('judges a heat at 17 days as nothing and at 18 days as a failed service', () => {
    const outcome = (heatAfter: number) =>
      analyseCow(
        cowRow(1, [
          ['I', '2026-01-01'],
          ['E', dateOfDay(dayNumber('2026-01-01') + heatAfter)],
        ]),
      ).services[0].outcome;
    expect(outcome(17)).toBe('pending');
    expect(outcome(18)).toBe('open');
  });

  it('takes a straw two days after the first as a new service', () => {
    const cow = analyseCow(
      cowRow(1, [
        ['I', '2026-01-01'],
        ['I', '2026-01-03'],
      ]),
    );
    expect(cow.services.map((s) => s.outcome)).toEqual(['open', 'pending']);
  });
});

describe('21-day pregnancy and heat-detection rates', () => {
  // 2026-03-01 … 2026-04-11 is two whole cycles: 03-01 … 03-21 and 03-22 … 04-11.
  const period = { from: '2026-03-01', to: '2026-04-11' };
  const herd = [
    // A: calved 01-01 (59 days at 03-01: eligible), served 03-05 and pregnant: conceived in cycle 1, pregnant at 03-22.
    cowRow(1, [
      ['C', '2026-01-01'],
      ['I', '2026-03-05'],
      ['P', '2026-04-20'],
    ]),
    // B: calved 01-20 (40 days at 03-01, 61 at 03-22): eligible in cycle 2 only; a heat 03-30, not served.
    cowRow(2, [
      ['C', '2026-01-20'],
      ['E', '2026-03-30'],
    ]),
    // C: a heifer born 2025-01-10 is 14 months on 03-10: eligible in cycle 2 only, nothing recorded.
    cowRow(3, [], { birthday: '2025-01-10' }),
    // D: calved before her timeline, shipped 03-15: eligible in cycle 1, gone by cycle 2.
    cowRow(4, [['X', '2026-03-15']], { initialParity: 1 }),
    // E: arrived 03-25, after both cycles began: never eligible.
    cowRow(5, [['R', '2026-03-25']], { calvedBefore: true }),
  ].map(analyseCow);

  it('cuts the period into whole cycles from its first day', () => {
    expect(cycleStarts(period).map(dateOfDay)).toEqual(['2026-03-01', '2026-03-22']);
    // A 20-day remainder is not a cycle.
    expect(cycleStarts({ from: '2026-03-01', to: '2026-04-10' })).toHaveLength(1);
  });

  it('divides by the cows eligible in each cycle, pooled', () => {
    const kpi = breedingKpi(herd, period);
    // eligible: cycle 1 A, D; cycle 2 B, C → 4. Conceived: A in cycle 1 → 1 ÷ 4 = 25.0 %.
    expect(kpi.pregnancyRate21).toBe(25);
    // a heat or service: A (03-05) in cycle 1, B (03-30) in cycle 2 → 2 ÷ 4 = 50.0 %.
    expect(kpi.heatDetectionRate).toBe(50);
  });

  it('is null when no cow is eligible, or the period holds no whole cycle', () => {
    expect(breedingKpi([herd[4]], period).pregnancyRate21).toBeNull();
    expect(breedingKpi(herd, { from: '2026-03-01', to: '2026-03-10' }).heatDetectionRate).toBeNull();
  });
});

describe('nothing to divide', () => {
  it('answers null everywhere for an empty farm, with the message', () => {
    const kpi = breedingKpi([], year2026);
    expect(kpi).toMatchObject({
      conceptionRate: null,
      firstServiceConceptionRate: null,
      aiPerConception: null,
      avgDaysOpen: null,
      avgDaysToFirstService: null,
      avgCalvingInterval: null,
      pregnancyRate21: null,
      heatDetectionRate: null,
      message: NO_BREEDING_EVENTS_MESSAGE,
      reliability: 'low',
    });
  });

  it('shows no rate for a farm that has just started: a pending service is not 100 %', () => {
    const kpi = breedingKpi([analyseCow(cowRow(1, [['I', '2026-11-01']]))], year2026);
    expect(kpi.counts.services).toBe(1);
    expect(kpi.conceptionRate).toBeNull();
    expect(kpi.aiPerConception).toBeNull();
    expect(kpi.message).toBeNull();
  });
});

describe('timelines, trends and deltas', () => {
  it('reads a timeline in any order and skips what it does not know', () => {
    expect(parseTimeline(`P${dayNumber('2026-02-01')},I${dayNumber('2026-01-01')},?5`)).toEqual([
      { code: 'I', day: dayNumber('2026-01-01') },
      { code: 'P', day: dayNumber('2026-02-01') },
    ]);
    expect(dayNumber('1970-01-02')).toBe(1);
  });

  it('looks back the longest gap before the earliest period', () => {
    // 799 + 1 days before 2026-01-01.
    expect(lookBackStart([year2026, { from: '2026-06-01', to: '2026-06-30' }])).toBe('2023-10-24');
  });

  it('gives one point per month from the same histories', () => {
    const points = monthlyTrend(herd2026.map(analyseCow), ['2026-01', '2026-02', '2026-03']);
    expect(points.map((p) => [p.month, p.counts.services, p.conceptionRate])).toEqual([
      // January: cow 1's 01-20 (open), cow 2's 01-06 (open) → 0 %
      ['2026-01', 2, 0],
      // February: cow 1's 02-10 (pregnant) → 100 % of one judged service
      ['2026-02', 1, 100],
      // March: cow 2's 03-01 (pending), cow 4's 03-25 (pregnant) → 1 ÷ 1
      ['2026-03', 2, 100],
    ]);
  });

  it('knows which way is better for each figure', () => {
    expect(compareMetric('conceptionRate', 55.5, 50)).toEqual({
      current: 55.5,
      previous: 50,
      change: 5.5,
      direction: 'improved',
    });
    expect(compareMetric('avgDaysOpen', 90, 80).direction).toBe('worsened');
    expect(compareMetric('aiPerConception', 1.8, 2).direction).toBe('improved');
    expect(compareMetric('pregnancyRate21', null, 20)).toEqual({
      current: null,
      previous: 20,
      change: null,
      direction: null,
    });
    const deltas = compareMonths(breedingKpi([], year2026), breedingKpi([], year2026));
    expect(Object.keys(deltas)).toHaveLength(8);
  });
});
