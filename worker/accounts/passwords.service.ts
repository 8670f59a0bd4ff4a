/**
 * Password use cases (docs/product.md §12): a reset link by mail (the same answer whether the address is known or
 * not), setting a new password from it (every session ends), changing the password while signed in (the other
 * sessions end), and signing out everywhere.
 */
import { and, eq, exists, gt, isNull, ne, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/password';
import { directoryDb } from '../db/client';
import { passwordResets, sessions, users } from '../db/schema';
import type { Env, Logger } from '../env';
import { randomToken, sha256Hex } from '../lib/crypto';
import { validationError } from '../lib/errors';
import { sendMail } from '../mail/send-mail';
import { assertUncommonPassword } from './common-passwords';
import { passwordResetMail } from './mail-templates';
import { takeMailAllowance } from './throttle';

const RESET_HOURS = 1;
export const RESET_REQUESTED_MESSAGE =
  'パスワード再設定のメールを送信しました。届かない場合はメールアドレスをご確認ください。';
const invalidResetLink = () => validationError('パスワード再設定リンクが無効か期限切れです', 'token');

/**
 * Mails a reset link to a registered address, at most 3 mails an hour per address and 20 per client IP (§3);
 * unknown addresses get nothing, after the same hashing work, so neither the answer nor its time tells whether an
 * account exists.
 */
export async function requestPasswordReset(env: Env, log: Logger, email: string, ip: string | null = null) {
  const db = directoryDb(env);
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isVerified, true)))
    .limit(1);
  if (!user || !(await takeMailAllowance(db, 'reset', email, ip))) return;
  await db.insert(passwordResets).values({
    tokenHash,
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_HOURS * 3600_000).toISOString(),
  });
  try {
    const mail = passwordResetMail(env.APP_URL, token);
    await sendMail(
      env,
      { to: email, type: 'password_reset', idempotencyKey: `reset-${tokenHash.slice(0, 24)}`, ...mail },
      log,
    );
  } catch {
    // The failure is logged in email_logs; the answer stays the same, so it cannot tell the address exists.
  }
}

/**
 * Sets a new password from a reset link (single use, one hour) and ends every session of the user. Of concurrent
 * confirms of one link exactly one takes effect (§3): the batch changes the password only while the link is still
 * unused, and marks it used last, so a second batch — D1 runs batches one at a time — finds it used and changes
 * nothing.
 */
export async function confirmPasswordReset(env: Env, token: string, password: string) {
  assertUncommonPassword(password);
  const db = directoryDb(env);
  const now = new Date().toISOString();
  const tokenHash = await sha256Hex(token);
  const usable = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
  const [reset] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(usable).limit(1);
  if (!reset) throw invalidResetLink();
  const passwordHash = await hashPassword(password);
  const stillUnused = exists(db.select({ one: sql`1` }).from(passwordResets).where(usable));
  const [, , used] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, reset.userId), stillUnused)),
    db.delete(sessions).where(and(eq(sessions.userId, reset.userId), stillUnused)),
    db.update(passwordResets).set({ usedAt: now }).where(usable).returning({ userId: passwordResets.userId }),
  ]);
  if (used.length === 0) throw invalidResetLink();
}

/** Changes the password of a signed-in user after checking the current one; their other sessions end. */
export async function changePassword(
  env: Env,
  session: { userId: number; sessionId: string },
  input: { currentPassword: string; newPassword: string },
) {
  assertUncommonPassword(input.newPassword, 'newPassword');
  const db = directoryDb(env);
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, session.userId))
    .limit(1);
  if (!(await verifyPassword(input.currentPassword, user?.passwordHash))) {
    throw validationError('現在のパスワードが正しくありません', 'currentPassword');
  }
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date().toISOString() })
      .where(eq(users.id, session.userId)),
    db.delete(sessions).where(and(eq(sessions.userId, session.userId), ne(sessions.id, session.sessionId))),
  ]);
}

/** Ends every session of the user, this one included. */
export async function logoutEverywhere(env: Env, userId: number) {
  await directoryDb(env).delete(sessions).where(eq(sessions.userId, userId));
}
