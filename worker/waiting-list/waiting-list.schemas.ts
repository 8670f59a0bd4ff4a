import { z } from 'zod';
import { emailSchema } from '../accounts/accounts.schemas';

/** How a visitor heard of Ushichō; the landing form offers these, the API accepts any text up to 100 characters. */
export const REFERRAL_SOURCES = ['search', 'sns', 'line', 'friend', 'ja', 'dealer', 'event', 'media', 'other'] as const;

const localeSchema = z.enum(['ja', 'en'], { error: 'Invalid locale' });
export type Locale = z.infer<typeof localeSchema>;

/**
 * Sent by the landing form when the Turnstile widget cannot load in development (no network). The server accepts
 * it only because development without TURNSTILE_SECRET_KEY skips verification; anywhere else siteverify rejects it.
 */
export const DEVELOPMENT_TURNSTILE_TOKEN = 'development-offline-token';

/** docs/product.md §20 Pre-registration, shared by the API and the landing form. */
export const preRegisterBodySchema = z.object({
  email: emailSchema,
  referralSource: z
    .string({ error: 'Referral source is too long' })
    .trim()
    .max(100, 'Referral source is too long')
    .optional()
    .transform((v) => v || null),
  locale: localeSchema.default('ja'),
  turnstileToken: z
    .string({ error: 'Turnstileトークンは必須です' })
    .min(10, 'Turnstileトークンは必須です')
    .max(2048, 'Turnstile検証に失敗しました'),
});

export const preRegisterResponseSchema = z.object({
  data: z.object({
    email: z.string(),
    alreadyRegistered: z.boolean(),
    message: z.string(),
  }),
});

export const waitingListConfigSchema = z.object({
  data: z.object({
    turnstileSiteKey: z.string().nullable(),
    /** False only in development without a secret key: the server then accepts any token. */
    turnstileRequired: z.boolean(),
  }),
});
