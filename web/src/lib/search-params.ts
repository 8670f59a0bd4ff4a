/**
 * The one set of rules every route's URL search (`validateSearch`) is read with — the routes build their searches from
 * these (web/src/routes, the features' `*-search.ts`), and the route file hands the result to its screen as a prop
 * (`Route.useSearch()`), so no feature reads the URL by route id. Plain rules instead of a zod schema: the routes are in the app's
 * first download, and zod builds a schema when its module runs, so every screen's search schemas were built on every
 * start (decision 028, second addendum). Read as `z.object({ key: rule.optional().catch(undefined) })` read it: a known
 * key that is present is kept, with `undefined` when its rule refuses the value; a key that is absent stays absent;
 * unknown keys are dropped.
 */
export type Rule<T> = (value: unknown) => T | undefined;

type SearchOf<R extends Record<string, Rule<unknown>>> = { [K in keyof R]?: ReturnType<R[K]> };

export function searchOf<R extends Record<string, Rule<unknown>>>(rules: R) {
  return (search: Record<string, unknown>): SearchOf<R> => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(rules)) if (key in search) out[key] = rules[key](search[key]);
    return out as SearchOf<R>;
  };
}

/** Any string (`z.string()`). */
/** A URL's number as text: TanStack Router reads `?penId=5`, typed in or linked from outside, as the number 5. */
const asText = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value;

export const text: Rule<string> = (value) => (typeof value === 'string' ? value : undefined);

/** One of `values` (`z.enum(values)`). */
export const oneOf =
  <const T extends readonly string[]>(values: T): Rule<T[number]> =>
  (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? value : undefined;

/** `YYYY-MM-DD` as the API takes it (`z.string().regex(/^\d{4}-\d{2}-\d{2}$/)`). */
export const isoDate: Rule<string> = (value) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

/** A whole number ≥ 1 given as a number (`z.number().int().min(1)`). */
export const pageNumber: Rule<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : undefined;

/** A whole number > 0, a string of one too (`z.coerce.number().int().positive()`). */
export const positiveId: Rule<number> = (value) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** A string `pattern` matches whole (`z.string().regex(pattern)`). */
export const matching =
  (pattern: RegExp): Rule<string> =>
  (raw) => {
    const value = asText(raw);
    return typeof value === 'string' && pattern.test(value) ? value : undefined;
  };

/** A string cut to `max` characters (`z.string().transform((s) => s.slice(0, max))`). */
export const upTo =
  (max: number): Rule<string> =>
  (value) =>
    typeof value === 'string' ? value.slice(0, max) : undefined;

/** A string with something in it, trimmed (`z.string().trim().min(1)`). */
export const trimmed: Rule<string> = (value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** `YYYY-MM`, a real month (`z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)`). */
export const isoMonth: Rule<string> = matching(/^\d{4}-(0[1-9]|1[0-2])$/);

/** Several values: an array (`?gender=["雌"]`) or one comma-separated string (`?gender=雌,雄`). */
export const listOf: Rule<string[]> = (value) =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? value.split(',') : undefined;

/** A yes: `true`, or the text 'true' (the router reads `?mine=true` back as a boolean). */
export const flag: Rule<true> = (value) => (value === true || value === 'true' ? true : undefined);

/** The same yes for a filter the API takes as the text 'true' (`?has_alert=true`). */
export const flagText: Rule<'true'> = (value) => (flag(value) ? 'true' : undefined);

/** `?token=` of the links in mails (verification, completion, password reset, invitation). */
export const tokenSearch = searchOf({ token: text });

/** /login: where to go after signing in, and what a failed Google or LINE sign-in said. */
export const loginSearch = searchOf({ redirect: text, error: text, details: text });

/** /auth/callback: the token a Google or LINE sign-in hands back, and where it was going. */
export const callbackSearch = searchOf({ token: text, redirect: text });
