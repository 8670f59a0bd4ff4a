import { z } from 'zod';
import { emailSchema } from '../domain/email';
import { farmNameSchema } from '../domain/farm-name';
import { inseminatorLicenseSchema } from '../domain/filing-input';
import { containsUrl, NAME_URL_MESSAGE } from '../domain/input';

export { emailSchema };

/** Request rules of docs/product.md §3, shared by the API validators and the web forms. */

const passwordSchema = z
  .string({ error: 'パスワードは8文字以上で入力してください' })
  .min(8, 'パスワードは8文字以上で入力してください')
  .max(128, 'パスワードは128文字以下で入力してください')
  .refine((v) => v.trim().length > 0, 'パスワードを空白だけにすることはできません');

const userNameSchema = z
  .string({ error: 'ユーザー名は必須です' })
  .normalize('NFKC')
  .trim()
  .min(1, 'ユーザー名は必須です')
  .max(100, 'ユーザー名は100文字以下で入力してください')
  .refine((name) => !containsUrl(name), NAME_URL_MESSAGE);

const themeSchema = z.enum(['light', 'dark', 'auto'], { error: '無効なテーマです' });
export type Theme = z.infer<typeof themeSchema>;

export const registerBodySchema = z.object({
  email: emailSchema,
  userName: userNameSchema.optional(),
  oauthProvider: z.enum(['email', 'google', 'line']).optional(),
});

export const verifyBodySchema = z.object({
  token: z.string({ error: '無効なトークンです。' }).min(1, '無効なトークンです。'),
});

export const completeBodySchema = z.object({
  token: z.string({ error: '無効なトークンです。' }).min(1, '無効なトークンです。'),
  name: userNameSchema,
  password: passwordSchema,
  /** The user's own farm (§20); left out or blank, it is `{name}の牧場`. */
  farmName: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), farmNameSchema.optional()),
});

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'パスワードは8文字以上で入力してください' })
    .min(8, 'パスワードは8文字以上で入力してください'),
  /** Required once an email has had 50 failed sign-ins in 15 minutes (429 TURNSTILE_REQUIRED until then). */
  turnstileToken: z.string().max(4096).optional(),
});

export const themeBodySchema = z.object({ theme: themeSchema });
/** PATCH /users/me (§21): the inseminator's licence number; null or empty clears it. */
export const mePatchSchema = z.object({ inseminatorLicense: inseminatorLicenseSchema });

export const publicUserSchema = z.object({
  id: z.number(),
  userName: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  theme: themeSchema,
  oauthProvider: z.enum(['email', 'google', 'line']),
  /** Whether the account can sign in with a password (a Google/LINE user may set one through the reset mail). */
  hasPassword: z.boolean(),
  avatarUrl: z.string().nullable(),
  /** The inseminator's licence number (免許番号, §21); null when not entered. */
  inseminatorLicense: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: z.object({ id: z.number(), userName: z.string(), email: z.string(), theme: themeSchema }),
});

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
/** A completed registration signs the user in: the session as POST /auth/login answers it. */
export const completeResponseSchema = messageResponseSchema.extend(loginResponseSchema.shape);
export const registerResponseSchema = messageResponseSchema.extend({ isExistingUser: z.boolean() });

export const passwordResetBodySchema = z.object({ email: emailSchema });
export const passwordResetConfirmBodySchema = z.object({
  token: z
    .string({ error: 'パスワード再設定リンクが無効か期限切れです' })
    .min(1, 'パスワード再設定リンクが無効か期限切れです'),
  password: passwordSchema,
});
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: '現在のパスワードを入力してください' })
    .min(1, '現在のパスワードを入力してください'),
  newPassword: passwordSchema,
});
