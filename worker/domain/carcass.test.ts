import { describe, expect, it } from 'vitest';
import { carcassOf, carcassRollup, formatCarcass, tallyCarcass } from './carcass';

describe('carcass results (§9.3)', () => {
  it('reads as a buyer prints it', () => {
    expect(formatCarcass({ yieldGrade: 'A', qualityGrade: 5, bms: 10, weightKg: 512 })).toBe('A5 / BMS 10 / 512 kg');
    expect(formatCarcass({ yieldGrade: 'B', qualityGrade: 3, bms: null, weightKg: null })).toBe('B3');
    expect(formatCarcass({ weightKg: 480.5 })).toBe('480.5 kg');
    expect(formatCarcass(null)).toBe('');
  });

  it('is null when nothing was recorded', () => {
    const none = {
      carcassWeightKg: null,
      carcassYieldGrade: null,
      carcassQualityGrade: null,
      carcassBms: null,
      carcassNotes: null,
    };
    expect(carcassOf(none)).toBeNull();
    expect(carcassOf({ ...none, carcassBms: 8 })).toEqual({
      weightKg: null,
      yieldGrade: null,
      qualityGrade: null,
      bms: 8,
      notes: null,
    });
  });

  it('rolls a sire or dam up by hand', () => {
    // Four calves: prices 900,000 + 1,000,000 + 1,100,000 + 700,000 = 3,700,000 → mean 925,000.
    // Weighed three: 500 + 520 + 451 = 1,471 → 490.333… → 490.3 kg.
    // BMS on three: 10 + 7 + 4 = 21 → 7.0. Graded three (5, 4, 3): two of them 4 or 5 → 2/3 = 66.666…% → 66.7.
    const totals = tallyCarcass([
      { price: 900_000, weightKg: 500, qualityGrade: 5, bms: 10 },
      { price: 1_000_000, weightKg: 520, qualityGrade: 4, bms: 7 },
      { price: 1_100_000, weightKg: 451, qualityGrade: 3, bms: 4 },
      { price: 700_000, weightKg: null, qualityGrade: null, bms: null },
    ]);
    expect(totals).toEqual({
      calves: 4,
      priceSum: 3_700_000,
      weightSum: 1471,
      weightCount: 3,
      bmsSum: 21,
      bmsCount: 3,
      graded: 3,
      grade45: 2,
    });
    expect(carcassRollup(totals)).toEqual({
      calves: 4,
      meanPrice: 925_000,
      meanCarcassWeightKg: 490.3,
      meanBms: 7,
      grade45Rate: 66.7,
    });
  });

  it('has null means and rate when no calf was weighed or graded', () => {
    expect(carcassRollup(tallyCarcass([{ price: 650_001, weightKg: null, qualityGrade: null, bms: null }]))).toEqual({
      calves: 1,
      meanPrice: 650_001,
      meanCarcassWeightKg: null,
      meanBms: null,
      grade45Rate: null,
    });
  });
});
