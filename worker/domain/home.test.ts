import { describe, expect, it } from 'vitest';
import { greetingOf, upcomingCalvings } from './home';

/** An instant at hh:mm in Japan (UTC+9) on 2026-11-25. */
const jst = (time: string) => new Date(`2026-11-25T${time}:00+09:00`);

describe('greetingOf', () => {
  it.each([
    ['00:00', 'morning'],
    ['05:30', 'morning'],
    ['10:59', 'morning'],
    ['11:00', 'day'],
    ['17:59', 'day'],
    ['18:00', 'evening'],
    ['23:59', 'evening'],
  ])('%s JST → %s', (time, expected) => {
    expect(greetingOf(jst(time))).toBe(expected);
  });

  it('follows Japan time, not the device or UTC day', () => {
    expect(greetingOf(new Date('2026-11-25T02:00:00Z'))).toBe('day');
    expect(greetingOf(new Date('2026-11-25T10:00:00Z'))).toBe('evening');
    expect(greetingOf(new Date('2026-11-24T23:00:00Z'))).toBe('morning');
  });
});

describe('upcomingCalvings', () => {
  const item = (date: string, kind = 'EXPECTED_CALVING') => ({ date, kind, cattleId: Number(date.slice(-2)) });

  it('keeps calvings due within 30 days, overdue ones too, soonest first with the days left', () => {
    const items = [
      item('2026-12-25'),
      item('2026-12-26'),
      item('2026-11-20'),
      item('2026-11-30', 'PREGNANCY_CHECK'),
      item('2026-11-25'),
    ];
    expect(upcomingCalvings(items, '2026-11-25').map((c) => [c.date, c.daysLeft])).toEqual([
      ['2026-11-20', -5],
      ['2026-11-25', 0],
      ['2026-12-25', 30],
    ]);
  });
});
