import { z } from 'zod';
import { isIsoDate } from './calendar';
import { nfkc, numberFromText } from './text-input';

/**
 * The schema parts of input as people type it (docs/product.md §18); the plain rules are in text-input.ts, which the
 * web app's first download takes without zod.
 */
export { containsUrl, digitsOf, NAME_URL_MESSAGE, nfkc, numberFromText } from './text-input';

const normalizedIfText = (value: unknown) => (typeof value === 'string' ? nfkc(value).trim() : value);

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
