import { z } from 'zod';

/** An email address as every form takes it: NFKC (a full-width ＠ is @, §18), trimmed, checked, lower-cased. */
export const emailSchema = z
  .string({ error: '有効なメールアドレスを入力してください' })
  .normalize('NFKC')
  .trim()
  .max(254, 'Email address is too long')
  .email('有効なメールアドレスを入力してください')
  .transform((v) => v.toLowerCase());
