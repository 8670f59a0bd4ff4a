import { z } from 'zod';
import { isIsoDate } from './calendar';

/**
 * Input as people type it (docs/product.md §18): identifiers, numbers, dates, codes, enums and names are
 * NFKC-normalised before validation, so a phone's full-width digits (`０８１２`) become ASCII and half-width
 * katakana (ﾊﾅｺ) full-width. Passwords, tokens and free text (notes, memos) are never passed through these.
 */
export const nfkc = (value: string): string => value.normalize('NFKC');

const normalizedIfText = (value: unknown) => (typeof value === 'string' ? nfkc(value).trim() : value);

/** Spaces and the dashes people put between digit groups (after NFKC: ASCII and the long-vowel mark). */
const DIGIT_SEPARATORS = /[\s\-‐‑‒–—―−ー]/g;

/** The digits of a number as typed: NFKC, then spaces and hyphens removed (`０８１２ ３４５６－７５` → `0812345675`). */
export const digitsOf = (value: string): string => nfkc(value).replace(DIGIT_SEPARATORS, '');

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A number typed or sent as a string: NFKC, then read as a plain decimal (`"４５０．５"` → 450.5). Anything else is
 * left as it was, for the number rule to refuse with its message. Thousands separators are the web forms' only.
 */
export function numberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = nfkc(value).trim();
  return DECIMAL.test(text) ? Number(text) : value;
}

/** A name, code or date: NFKC-normalised and trimmed, then the rules of `schema`. */
export const normalizedText = (params?: Parameters<typeof z.string>[0]) => z.string(params).normalize('NFKC').trim();

/**
 * The one calendar-date part of every schema (§3): `YYYY-MM-DD` as typed (full-width too) that is a real date —
 * 2023-02-30 and 2023-04-31 are refused with `message`.
 */
export const calendarDate = (message: string) => normalizedText({ error: message }).refine(isIsoDate, message);

/** A number field: a JSON number, or a string of one (full-width digits too), then the rules of `schema`. */
export const numberInput = <T extends z.ZodType>(schema: T) => z.preprocess(numberFromText, schema);

/** An enum (or any) field: a string is NFKC-normalised and trimmed before `schema` checks it (`ＣＡＬＦ` → CALF). */
export const normalized = <T extends z.ZodType>(schema: T) => z.preprocess(normalizedIfText, schema);

export const NAME_URL_MESSAGE = '名前にURLは使えません';

/** Whether a name someone types carries a link ('://' or 'www.', after NFKC): names appear in mail as plain text (§3). */
export const containsUrl = (value: string): boolean => /:\/\/|www\./i.test(nfkc(value));
