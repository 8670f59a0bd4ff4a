import { describe, expect, it } from 'vitest';
import { curveWeight, dailyGain, GROWTH_CURVES, type GrowthPoint, meanDailyGain, standardCurve } from './growth';

const p = (date: string, weightKg: number, source: GrowthPoint['source'] = 'weight'): GrowthPoint => ({
  date,
  weightKg,
  source,
});

describe('daily gain (DG, §26)', () => {
  it('overall: (last − first) ÷ days between them, to 2 decimals', () => {
    // Birth 2026-01-01 at 30 kg, weighed 2026-04-11 at 130 kg: 100 kg in 100 days = 1.00 kg/day.
    expect(dailyGain([p('2026-01-01', 30, 'birth'), p('2026-04-11', 130)]).overall).toBe(1);
    // 250 kg on 03-01, 262.5 kg on 03-31: 12.5 ÷ 30 = 0.41666… → 0.42.
    expect(dailyGain([p('2026-03-01', 250), p('2026-03-31', 262.5)]).overall).toBe(0.42);
    // Points out of order are sorted first: the same 0.42.
    expect(dailyGain([p('2026-03-31', 262.5), p('2026-03-01', 250)]).overall).toBe(0.42);
  });

  it('recent: the last point against the latest point at least 7 days before it', () => {
    const points = [p('2026-03-01', 200), p('2026-03-20', 215), p('2026-03-25', 219), p('2026-03-27', 222)];
    // Last 03-27 (222 kg). 03-25 is 2 days before, not 7; 03-20 is 7 days before: (222 − 215) ÷ 7 = 1.00.
    expect(dailyGain(points)).toEqual({ overall: 0.85, recent: 1 });
    // overall: (222 − 200) ÷ 26 days = 0.846… → 0.85.
  });

  it('is null with fewer than two points, or no point 7 days before the last', () => {
    expect(dailyGain([])).toEqual({ overall: null, recent: null });
    expect(dailyGain([p('2026-03-01', 200)])).toEqual({ overall: null, recent: null });
    // 6 days apart: overall (206 − 200) ÷ 6 = 1.00, recent null (6 < 7).
    expect(dailyGain([p('2026-03-01', 200), p('2026-03-07', 206)])).toEqual({ overall: 1, recent: null });
    // Two on one day: no days between them.
    expect(dailyGain([p('2026-03-01', 200), p('2026-03-01', 201)])).toEqual({ overall: null, recent: null });
  });

  it('a pen’s mean DG is the mean of the recent DGs that are known', () => {
    // (0.8 + 1.0 + 0.95) ÷ 3 = 0.91666… → 0.92, over 3 animals (the null one is left out).
    expect(meanDailyGain([0.8, null, 1, 0.95])).toEqual({ mean: 0.92, count: 3 });
    expect(meanDailyGain([null])).toEqual({ mean: null, count: 0 });
  });
});

describe('the 黒毛和種 female curve W = 473.9 × (1 − e^(−0.0550 × (t + 0.886)))', () => {
  const curve = GROWTH_CURVES[0];

  it('at 0, 12, 24 and 36 months', () => {
    // t = 0: 0.055 × 0.886 = 0.04873; e^−0.04873 = 0.952438; 473.9 × 0.047562 = 22.54 → 22.5 kg.
    expect(curveWeight(curve, 0)).toBe(22.5);
    // t = 12: 0.055 × 12.886 = 0.70873; e^−0.70873 = 0.492269; 473.9 × 0.507731 = 240.61 → 240.6 kg.
    expect(curveWeight(curve, 12)).toBe(240.6);
    // t = 24: 0.055 × 24.886 = 1.36873; e^−1.36873 = 0.254430; 473.9 × 0.745570 = 353.33 → 353.3 kg.
    expect(curveWeight(curve, 24)).toBe(353.3);
    // t = 36: 0.055 × 36.886 = 2.02873; e^−2.02873 = 0.131502; 473.9 × 0.868498 = 411.58 → 411.6 kg.
    expect(curveWeight(curve, 36)).toBe(411.6);
  });

  it('is the standard of 黒毛和種 females for months 0–36, and none for other animals', () => {
    const standard = standardCurve('黒毛和種', '雌');
    expect(standard).toHaveLength(37);
    expect(standard?.[0]).toEqual({ ageMonths: 0, weightKg: 22.5 });
    expect(standard?.[36]).toEqual({ ageMonths: 36, weightKg: 411.6 });
    expect(standardCurve('黒毛和種', '去勢')).toBeNull();
    expect(standardCurve('ホルスタイン', '雌')).toBeNull();
  });
});
