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

/**
 * Top-level domains a link in a name would end in: the generic ones people see in spam and phishing, the country codes
 * of Japan's neighbours and link shorteners, and the reserved `example`/`test` (§3). A name is people's words, so a
 * false alarm costs a retype; a missed link puts a working address into a mail the product sends.
 */
const TOP_LEVEL_DOMAINS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'xyz',
  'top',
  'site',
  'online',
  'shop',
  'store',
  'club',
  'live',
  'life',
  'app',
  'dev',
  'page',
  'link',
  'click',
  'icu',
  'vip',
  'work',
  'tech',
  'cloud',
  'email',
  'blog',
  'website',
  'space',
  'fun',
  'pro',
  'mobi',
  'asia',
  'tokyo',
  'osaka',
  'nagoya',
  'moe',
  'jp',
  'co',
  'io',
  'ly',
  'me',
  'tv',
  'cc',
  'ai',
  'gl',
  'gd',
  'to',
  'sh',
  'la',
  'nu',
  'am',
  'fm',
  'gg',
  'im',
  'is',
  'ws',
  'pw',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'us',
  'uk',
  'ru',
  'cn',
  'kr',
  'tw',
  'hk',
  'sg',
  'in',
  'de',
  'fr',
  'eu',
  'nl',
  'it',
  'es',
  'br',
  'au',
  'ca',
  'example',
  'test',
];

/** A domain: letters or digits (and hyphens), a dot, a known top-level domain, then no further letter or digit. */
const DOMAIN = new RegExp(`[a-z0-9-]\\.(?:${TOP_LEVEL_DOMAINS.join('|')})(?![a-z0-9])`, 'i');

/**
 * Whether a name someone types carries a link — '://', 'www.' or a domain ('evil.example/login', 'bit.ly/abc'), after
 * NFKC so full-width letters and dots count too: names appear in mail as plain text (§3).
 */
export const containsUrl = (value: string): boolean => {
  const text = nfkc(value);
  return /:\/\/|www\./i.test(text) || DOMAIN.test(text);
};
