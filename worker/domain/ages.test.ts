import { describe, expect, it } from 'vitest';
import { ageFromBirthday, calendarMonths, latestBirthdayFor, monthsOldAt } from './ages';

describe('calendar ages (月齢)', () => {
  it.each([
    // A month completes on the same day of a later month …
    ['2024-01-15', '2024-02-14', 0],
    ['2024-01-15', '2024-02-15', 1],
    // … or on that month's last day when the day does not exist there.
    ['2024-01-31', '2024-02-28', 0],
    ['2024-01-31', '2024-02-29', 1],
    ['2024-01-31', '2024-03-30', 1],
    ['2024-01-31', '2024-03-31', 2],
    ['2023-01-31', '2023-02-28', 1],
    // Across years: 2 years × 12 + 4 months.
    ['2023-01-15', '2025-05-15', 28],
    ['2023-01-15', '2025-05-14', 27],
  ])('born %s, on %s: %i months', (born, on, months) => {
    expect(calendarMonths(born, on)).toBe(months);
  });

  it('is a day more exact than 30.44-day months around the monthly birthday', () => {
    // 365 days after 2024-03-01 is 2025-03-01: 12 calendar months; 365 / 30.44 = 11.99 → 11 the old way.
    expect(ageFromBirthday('2024-03-01', '2025-03-01')).toEqual({ daysOld: 365, monthsOld: 12, age: 1 });
  });

  it('counts whole years from the months; 29 February turns a year older on 28 February', () => {
    expect(ageFromBirthday('2024-02-29', '2025-02-27').age).toBe(0);
    expect(ageFromBirthday('2024-02-29', '2025-02-28').age).toBe(1);
    expect(ageFromBirthday(null, '2025-02-28')).toEqual({ daysOld: null, monthsOld: null, age: null });
  });

  it('gives a shipment its 月齢 on the shipment date, and none before one month', () => {
    expect(monthsOldAt('2023-01-15', '2025-05-15')).toBe(28);
    expect(monthsOldAt('2025-05-01', '2025-05-20')).toBeNull();
    expect(monthsOldAt(null, '2025-05-20')).toBeNull();
  });
});

describe('latestBirthdayFor (the age filters of the herd list)', () => {
  it('agrees with calendarMonths for every birthday around every day of two years', () => {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    // ~100,000 pairs: the ones that disagree are collected and compared once (an expect per pair took seconds).
    const disagreements: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2026, 0, 1); t += 86_400_000 * 3) {
      const today = day(new Date(t));
      for (const months of [1, 12, 13, 24]) {
        const limit = latestBirthdayFor(months, today);
        for (let b = t - 86_400_000 * (months * 31 + 40); b < t - 86_400_000 * (months * 28 - 40); b += 86_400_000) {
          const birthday = day(new Date(b));
          if (calendarMonths(birthday, today) >= months !== birthday <= limit) {
            disagreements.push(`${birthday} → ${today} (${months} months)`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
