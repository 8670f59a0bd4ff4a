/**
 * A route's URL search (`validateSearch`) read by plain rules instead of a zod schema: the routes are in the app's
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
