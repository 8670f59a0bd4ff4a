import { describe, expect, it } from 'vitest';
import { formatChange, formatMetric } from './format';

describe('formatMetric', () => {
  it('writes a rate with one decimal and a day count with none, as Intl.NumberFormat does for ja-JP and en-US', () => {
    expect(formatMetric('conceptionRate', 52.345, 'ja')).toBe('52.3');
    expect(formatMetric('conceptionRate', 50, 'en')).toBe('50.0');
    expect(formatMetric('avgDaysOpen', 120.5, 'ja')).toBe('121');
    expect(formatMetric('avgCalvingInterval', 1234.4, 'ja')).toBe('1,234');
    expect(formatMetric('conceptionRate', 1234567.25, 'en')).toBe('1,234,567.3');
    expect(formatMetric('conceptionRate', 0, 'ja')).toBe('0.0');
    expect(formatMetric('conceptionRate', null, 'ja')).toBe('—');
  });

  it('matches Intl.NumberFormat on a spread of values', () => {
    for (const locale of ['ja', 'en'] as const) {
      const intl = (digits: number) =>
        new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ja-JP', {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
      for (const value of [0, 0.04, 0.05, 1.25, 9.95, 99.99, 365, 399.5, 999.96, 1000, 12345.678, -3.2, -1500]) {
        expect(formatMetric('conceptionRate', value, locale)).toBe(intl(1).format(value));
        expect(formatMetric('avgDaysOpen', value, locale)).toBe(intl(0).format(value));
      }
    }
  });

  it('signs a change and writes its size', () => {
    expect(formatChange('conceptionRate', 2.5, 'ja')).toBe('+2.5');
    expect(formatChange('avgDaysOpen', -12, 'ja')).toBe('−12');
    expect(formatChange('avgDaysOpen', 0, 'en')).toBe('±0');
  });
});
