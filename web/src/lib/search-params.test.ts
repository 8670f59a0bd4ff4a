import { describe, expect, it } from 'vitest';
import { isoDate, oneOf, pageNumber, positiveId, searchOf, text } from './search-params';

describe('searchOf', () => {
  const read = searchOf({ tab: oneOf(['records', 'plans'] as const), from: text, record: positiveId });

  it('keeps known keys, drops unknown ones and leaves absent keys absent', () => {
    expect(read({ tab: 'plans', extra: 'x' })).toEqual({ tab: 'plans' });
    expect(Object.keys(read({}))).toEqual([]);
  });

  it('turns a refused value into undefined rather than failing the page', () => {
    const out = read({ tab: 'other', from: 3, record: 'abc' });
    expect(out).toEqual({ tab: undefined, from: undefined, record: undefined });
    expect(Object.keys(out)).toEqual(['tab', 'from', 'record']);
  });
});

describe('rules', () => {
  it('text takes strings only', () => {
    expect(text('')).toBe('');
    expect(text(12)).toBeUndefined();
  });

  it('isoDate takes YYYY-MM-DD only', () => {
    expect(isoDate('2026-11-26')).toBe('2026-11-26');
    expect(isoDate('2026-1-26')).toBeUndefined();
    expect(isoDate(20261126)).toBeUndefined();
  });

  it('pageNumber takes a whole number from 1, not a string', () => {
    expect(pageNumber(1)).toBe(1);
    expect(pageNumber(0)).toBeUndefined();
    expect(pageNumber(2.5)).toBeUndefined();
    expect(pageNumber('2')).toBeUndefined();
  });

  it('positiveId reads a number or a string of one, as z.coerce.number() did', () => {
    expect(positiveId('42')).toBe(42);
    expect(positiveId(7)).toBe(7);
    expect(positiveId('1e3')).toBe(1000);
    expect(positiveId('0')).toBeUndefined();
    expect(positiveId('-3')).toBeUndefined();
    expect(positiveId('2.5')).toBeUndefined();
    expect(positiveId('')).toBeUndefined();
    expect(positiveId(undefined)).toBeUndefined();
  });
});
