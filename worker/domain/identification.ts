import { z } from 'zod';
import { digitsOf } from './input';

/**
 * The two numbers on an ear tag (docs/product.md §5). The 個体識別番号 is the national 10-digit number, a string
 * so its leading zero stays ("0812345675"); the 耳標番号 is the short number farmers use every day, 1–10 digits,
 * also a string ("0567"). Both are typed as people type them: full-width digits, spaces and hyphens are fine.
 */
const IDENTIFICATION_NUMBER_MESSAGE = '個体識別番号は10桁の数字で入力してください';
const EAR_TAG_NUMBER_MESSAGE = '耳標番号は1〜10桁の数字で入力してください';

const TEN_DIGITS = /^\d{10}$/;
const EAR_TAG_DIGITS = /^\d{1,10}$/;

/** A 個体識別番号 as typed, normalised; a JSON integer only when it has 10 digits. Null when it cannot be one. */
export function parseIdentificationNumber(value: unknown): string | null {
  const text = typeof value === 'string' ? digitsOf(value) : Number.isSafeInteger(value) ? String(value) : null;
  return text !== null && TEN_DIGITS.test(text) ? text : null;
}

/** A 耳標番号 as typed, normalised; a non-negative JSON integer is its digits. Null when it cannot be one. */
export function parseEarTagNumber(value: unknown): string | null {
  const text =
    typeof value === 'string'
      ? digitsOf(value)
      : Number.isSafeInteger(value) && (value as number) >= 0
        ? String(value)
        : null;
  return text !== null && EAR_TAG_DIGITS.test(text) ? text : null;
}

/** A 個体識別番号 from its value as a number (the demo and the benchmark count them): 10 digits, zero-padded. */
export const identificationFromNumber = (value: number): string => String(value).padStart(10, '0');

/** The ear tag a 個体識別番号 implies when none is given: its digits 6–9 ("0812345675" → "4567"). */
export const earTagFromIdentification = (identificationNumber: string): string => identificationNumber.slice(5, 9);

/** The request rule: a string or number in, the 10-digit string out; anything else 400 with §5's message. */
export const identificationNumberSchema = z
  .union([z.string(), z.number()], { error: IDENTIFICATION_NUMBER_MESSAGE })
  .transform((value, ctx) => {
    const parsed = parseIdentificationNumber(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: IDENTIFICATION_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return parsed;
  });

/** The request rule for an ear tag: a string or number in, its digit string out. */
export const earTagNumberSchema = z
  .union([z.string(), z.number()], { error: EAR_TAG_NUMBER_MESSAGE })
  .transform((value, ctx) => {
    const parsed = parseEarTagNumber(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: EAR_TAG_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return parsed;
  });
