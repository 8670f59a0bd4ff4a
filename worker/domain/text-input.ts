/**
 * Input as people type it (docs/product.md §18): identifiers, numbers, dates, codes, enums and names are
 * NFKC-normalised before validation, so a phone's full-width digits (`０８１２`) become ASCII and half-width
 * katakana (ﾊﾅｺ) full-width. Passwords, tokens and free text (notes, memos) are never passed through these.
 * No zod here: the web app's first download uses these rules (web/src/lib/roster.ts); the schema parts are input.ts.
 */
export const nfkc = (value: string): string => value.normalize('NFKC');

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

export const NAME_URL_MESSAGE = '名前にURLは使えません';

/** Whether a name someone types carries a link ('://' or 'www.', after NFKC): names appear in mail as plain text (§3). */
export const containsUrl = (value: string): boolean => /:\/\/|www\./i.test(nfkc(value));
