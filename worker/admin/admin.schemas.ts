import { z } from 'zod';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const epochSeconds = (message: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message).min(0, message).optional());

const registrationFilters = {
  q: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().max(254, 'Search text is too long').optional()),
  from: epochSeconds('from must be a time in epoch seconds'),
  to: epochSeconds('to must be a time in epoch seconds'),
  source: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Referral source is too long').optional()),
};

const limit = z.coerce
  .number({ error: 'limit must be between 1 and 100' })
  .int('limit must be between 1 and 100')
  .min(1, 'limit must be between 1 and 100')
  .max(100, 'limit must be between 1 and 100');
const offset = z.coerce
  .number({ error: 'offset must be 0 or more' })
  .int('offset must be 0 or more')
  .min(0, 'offset must be 0 or more');

const fromNotAfterTo = (q: { from?: number; to?: number }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;
const rangeIssue = { message: 'from must not be after to', path: ['from'] };

/** docs/product.md §20 Admin list query: filters, limit 1–100 (default 20), offset ≥ 0 (default 0). */
export const registrationsQuerySchema = z
  .object({ ...registrationFilters, limit: limit.default(20), offset: offset.default(0) })
  .refine(fromNotAfterTo, rangeIssue);

/** The same query for the CSV; without limit it exports every matching registration. */
export const registrationsCsvQuerySchema = z
  .object({ ...registrationFilters, limit: limit.optional(), offset: offset.default(0) })
  .refine(fromNotAfterTo, rangeIssue);
export type RegistrationsCsvQuery = z.infer<typeof registrationsCsvQuerySchema>;

const registrationSchema = z.object({
  id: z.number(),
  email: z.string(),
  referralSource: z.string().nullable(),
  status: z.string(),
  locale: z.enum(['ja', 'en']),
  createdAt: z.number().describe('epoch seconds'),
  updatedAt: z.number().describe('epoch seconds'),
});
export type Registration = z.infer<typeof registrationSchema>;

export const registrationsResponseSchema = z.object({
  data: z.object({ items: z.array(registrationSchema), total: z.number() }),
});

export const REGISTRATIONS_CSV_COLUMNS = ['ID', 'Email', 'Referral Source', 'Status', 'Locale', 'Created At'] as const;
