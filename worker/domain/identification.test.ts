import { describe, expect, it } from 'vitest';
import {
  earTagFromIdentification,
  earTagNumberSchema,
  identificationFromNumber,
  identificationNumberSchema,
  parseEarTagNumber,
  parseIdentificationNumber,
} from './identification';
import { digitsOf, nfkc, numberFromText } from './input';

describe('個体識別番号 (§5)', () => {
  it.each([
    ['0871234566', '0871234566'],
    ['０８７１２３４５６６', '0871234566'],
    ['0871-234-566', '0871234566'],
    ['０８７１ ２３４５６６', '0871234566'],
    ['0871　234566', '0871234566'], // an ideographic space
    ['  0871234566 ', '0871234566'],
    [1234567890, '1234567890'],
  ])('reads %j as %s', (input, expected) => {
    expect(parseIdentificationNumber(input)).toBe(expected);
  });

  it.each([
    [871234566], // a JSON integer that lost its zero has 9 digits
    ['871234566'],
    ['12345'],
    ['08712345661'],
    ['0871a34566'],
    [-871234566],
    [1.5],
    [''],
    [null],
    [undefined],
  ])('refuses %j', (input) => {
    expect(parseIdentificationNumber(input)).toBeNull();
  });

  it('answers the documented message through the schema', () => {
    const result = identificationNumberSchema.safeParse('123');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('個体識別番号は10桁の数字で入力してください');
    expect(identificationNumberSchema.parse('０８１２３４５６７５')).toBe('0812345675');
  });

  it('pads a counted number to 10 digits', () => {
    expect(identificationFromNumber(871234566)).toBe('0871234566');
    expect(identificationFromNumber(1234567890)).toBe('1234567890');
  });
});

describe('耳標番号 (§5)', () => {
  it('keeps the leading zeros and takes 1–10 digits', () => {
    expect(parseEarTagNumber('0567')).toBe('0567');
    expect(parseEarTagNumber('０５６７')).toBe('0567');
    expect(parseEarTagNumber(567)).toBe('567');
    expect(parseEarTagNumber(0)).toBe('0');
    expect(parseEarTagNumber('1234567890')).toBe('1234567890');
    expect(parseEarTagNumber('12345678901')).toBeNull();
    expect(parseEarTagNumber('')).toBeNull();
    expect(parseEarTagNumber(-1)).toBeNull();
    expect(earTagNumberSchema.safeParse('12a').error?.issues[0].message).toBe(
      '耳標番号は1〜10桁の数字で入力してください',
    );
  });

  it('defaults to digits 6–9 of the 個体識別番号', () => {
    // 0 8 1 2 3 | 4 5 6 7 | 5 → 4567
    expect(earTagFromIdentification('0812345675')).toBe('4567');
    expect(earTagFromIdentification('0812305675')).toBe('0567');
  });
});

describe('input as typed (§18)', () => {
  it('normalises full-width digits and letters to ASCII and half-width katakana to full-width', () => {
    expect(nfkc('０８１２ＡＢＣ')).toBe('0812ABC');
    expect(nfkc('ﾊﾅｺ')).toBe('ハナコ');
    expect(nfkc('ﾊﾞﾝﾋﾞ')).toBe('バンビ');
  });

  it('takes the digits of a number typed with spaces and dashes', () => {
    expect(digitsOf('０８１２－３４ ５６')).toBe('08123456');
    expect(digitsOf('0812ー3456')).toBe('08123456');
  });

  it('reads a number sent as a string, and leaves anything else for the number rule to refuse', () => {
    expect(numberFromText('４５０．５')).toBe(450.5);
    expect(numberFromText(' 12 ')).toBe(12);
    expect(numberFromText(450)).toBe(450);
    // Thousands separators are the web forms' only; the API refuses them.
    expect(numberFromText('624,800')).toBe('624,800');
    expect(numberFromText('1e3')).toBe('1e3');
    expect(numberFromText('')).toBe('');
  });
});
