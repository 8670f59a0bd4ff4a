import { describe, expect, it } from 'vitest';
import {
  callbackSearch,
  flag,
  flagText,
  isoDate,
  isoMonth,
  listOf,
  loginSearch,
  matching,
  oneOf,
  pageNumber,
  positiveId,
  searchOf,
  text,
  tokenSearch,
  trimmed,
  upTo,
} from './search-params';

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

describe('the rules the herd list, events, schedule and tasks read their URL with', () => {
  it('matching takes a whole match only', () => {
    const penId = matching(/^(none|\d+)$/);
    expect(penId('none')).toBe('none');
    expect(penId('12')).toBe('12');
    expect(penId('12a')).toBeUndefined();
    // `?penId=12` in a link or typed in arrives as the number 12: the same pen.
    expect(penId(12)).toBe('12');
    expect(penId(1.5)).toBeUndefined();
  });

  it('upTo cuts a string to its length: 61 characters keep 60', () => {
    expect(upTo(60)('あ'.repeat(61))).toBe('あ'.repeat(60));
    expect(upTo(60)('ゆり')).toBe('ゆり');
    expect(upTo(60)(3)).toBeUndefined();
  });

  it('trimmed drops blank text and trims the rest', () => {
    expect(trimmed('  0010 ')).toBe('0010');
    expect(trimmed('   ')).toBeUndefined();
    expect(trimmed('')).toBeUndefined();
  });

  it('isoMonth takes a real month: 01 to 12', () => {
    expect(isoMonth('2026-11')).toBe('2026-11');
    expect(isoMonth('2026-13')).toBeUndefined();
    expect(isoMonth('2026-00')).toBeUndefined();
    expect(isoMonth('2026-11-01')).toBeUndefined();
  });

  it('listOf reads an array or a comma list', () => {
    expect(listOf(['雌', '雄'])).toEqual(['雌', '雄']);
    expect(listOf('雌,雄')).toEqual(['雌', '雄']);
    expect(listOf('')).toBeUndefined();
    expect(listOf(3)).toBeUndefined();
  });

  it("flag and flagText take true and 'true', nothing else", () => {
    expect(flag(true)).toBe(true);
    expect(flag('true')).toBe(true);
    expect(flag('yes')).toBeUndefined();
    expect(flag(false)).toBeUndefined();
    expect(flagText(true)).toBe('true');
    expect(flagText('1')).toBeUndefined();
  });
});

describe('the public screens’ searches', () => {
  it('keep the mail link’s token, the sign-in’s way back and the OAuth answer, and nothing else', () => {
    expect(tokenSearch({ token: 'abc', other: 1 })).toEqual({ token: 'abc' });
    expect(tokenSearch({ token: 42 })).toEqual({ token: undefined });
    expect(loginSearch({ redirect: '/cattle', error: 'oauth', details: 'x', token: 't' })).toEqual({
      redirect: '/cattle',
      error: 'oauth',
      details: 'x',
    });
    expect(callbackSearch({ token: 't', redirect: '/home', error: 'x' })).toEqual({ token: 't', redirect: '/home' });
  });
});
