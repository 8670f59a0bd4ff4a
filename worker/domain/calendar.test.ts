import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  eventTimeLabel,
  formatDateJa,
  formatInstantJa,
  formatInstantTimeJa,
  jstDate,
  jstTime,
} from './calendar';

describe('dates on screen are JST calendar dates of the instant', () => {
  it.each([
    // 07:00 JST on 1 April is still 31 March in UTC.
    ['2025-03-31T22:00:00Z', '2025/04/01', '2025/04/01 07:00'],
    ['2025-03-31T22:00:00.000Z', '2025/04/01', '2025/04/01 07:00'],
    ['2025-04-01T07:00:00+09:00', '2025/04/01', '2025/04/01 07:00'],
    // The last minute of a JST day and the first of the next.
    ['2025-03-31T14:59:00Z', '2025/03/31', '2025/03/31 23:59'],
    ['2025-03-31T15:00:00Z', '2025/04/01', '2025/04/01 00:00'],
    // New Year in Japan comes nine hours before UTC's.
    ['2024-12-31T15:30:00Z', '2025/01/01', '2025/01/01 00:30'],
    ['2024-02-28T15:00:00Z', '2024/02/29', '2024/02/29 00:00'],
  ])('%s is %s (%s)', (instant, date, dateTime) => {
    expect(formatInstantJa(instant)).toBe(date);
    expect(formatInstantTimeJa(instant)).toBe(dateTime);
  });

  it('takes Date objects and epoch milliseconds too', () => {
    const instant = Date.parse('2025-03-31T22:00:00Z');
    expect(formatInstantJa(instant)).toBe('2025/04/01');
    expect(formatInstantJa(new Date(instant))).toBe('2025/04/01');
    expect(jstTime(new Date(instant))).toBe('07:00');
  });

  it('is the same as formatting the JST date', () => {
    const instant = '2025-06-15T20:45:00Z';
    expect(formatInstantJa(instant)).toBe(formatDateJa(jstDate(instant)));
    expect(formatInstantJa(instant)).toBe('2025/06/16');
  });

  it('shows nothing for no instant', () => {
    expect(formatInstantJa(null)).toBe('');
    expect(formatInstantJa(undefined)).toBe('');
    expect(formatInstantTimeJa(null)).toBe('');
    expect(formatInstantTimeJa('')).toBe('');
  });
});

describe('eventTimeLabel: an event’s time beside its date', () => {
  it('shows the Japan time of a timed event', () => {
    // 2025-03-14T21:30Z is 06:30 on 03-15 in Japan (UTC+9); 00:00Z is 09:00.
    expect(eventTimeLabel('2025-03-14T21:30:00.000Z')).toBe('06:30');
    expect(eventTimeLabel('2025-03-15T00:00:00.000Z')).toBe('09:00');
  });

  it('shows no time for a day-only event: 00:00 in Japan, 15:00 UTC the day before', () => {
    expect(eventTimeLabel('2025-03-14T15:00:00.000Z')).toBeNull();
    expect(eventTimeLabel('2025-03-14T15:01:00.000Z')).toBe('00:01');
  });
});

describe('day arithmetic on calendar dates', () => {
  const DAY_MS = 86_400_000;
  const byDate = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

  it('agrees with the UTC-midnight Date arithmetic on every day from 1999 to 2031', () => {
    const mismatches: string[] = [];
    for (let day = byDate('1999-01-01', 0); day < '2031-01-01'; day = byDate(day, 1)) {
      for (const offset of [-1000, -59, -1, 1, 28, 365]) {
        if (addDays(day, offset) !== byDate(day, offset)) mismatches.push(`${day} ${offset}`);
        if (daysBetween(day, byDate(day, offset)) !== offset) mismatches.push(`${day} → ${offset}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('crosses leap days and year ends: 2024-02-28 + 1 = 2024-02-29, 2023-02-28 + 1 = 2023-03-01, 2025-12-31 + 1', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2000-03-01', -1)).toBe('2000-02-29');
    expect(addDays('1900-03-01', -1)).toBe('1900-02-28');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('keeps the Date behaviour for what is not a plain date: a rolled-over day, a fraction of a day', () => {
    expect(addDays('2026-02-30', 0)).toBe('2026-03-02');
    expect(addDays('2026-03-01', 0.5)).toBe('2026-03-01');
    expect(() => addDays('2026-13-01', 0)).toThrow(RangeError);
  });
});
