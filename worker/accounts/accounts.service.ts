/**
 * Account use cases: registering with an email (verification mail), completing the registration, and signing in
 * with a password (docs/product.md §3).
 */
import { eq } from 'drizzle-orm';
import { issueSession, PASSWORD_SESSION_SECONDS } from '../auth/tokens';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Env, Logger } from '../env';
import { ensureOwnFarm } from '../farms/farms.service';
import { randomToken, sha256Hex } from '../lib/crypto';
import { AppError, conflict, tooManyRequests, unauthorized } from '../lib/errors';
import { rateLimiter } from '../lib/rate-limit';
import { sendMail } from '../mail/send-mail';
import { completedMail, verificationMail } from './mail-templates';
import { hashPassword, OAUTH_PASSWORD_MARKER, verifyPassword } from './password';

const VERIFICATION_TOKEN_HOURS = 24;
const LOGIN_FAILURE_LIMIT = 5;
const LOGIN_WINDOW_SECONDS = 15 * 60;

const invalidToken = () =>
  new AppError({ status: 400, code: 'INVALID_TOKEN', message: '無効なトークンです。', field: 'token' });
const wrongCredentials = () => unauthorized('メールアドレスまたはパスワードが正しくありません');

export async function findUserByVerificationToken(db: ReturnType<typeof getDb>, token: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.verificationTokenHash, await sha256Hex(token)))
    .limit(1);
  if (!user?.verificationTokenExpiresAt || user.verificationTokenExpiresAt < new Date().toISOString()) {
    throw invalidToken();
  }
  return user;
}

/** Registers an email (POST /auth/register): a verification link by mail, again for an unfinished one. */
export async function registerAccount(
  env: Env,
  log: Logger,
  { email, userName }: { email: string; userName?: string },
) {
  const db = getDb(env);
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing?.isVerified) {
    throw conflict(
      'このメールアドレスは既に登録されています。ログインしてください。',
      'EMAIL_ALREADY_REGISTERED',
      'email',
    );
  }
  const token = randomToken(32);
  const tokenFields = {
    verificationTokenHash: await sha256Hex(token),
    verificationTokenExpiresAt: new Date(Date.now() + VERIFICATION_TOKEN_HOURS * 3600_000).toISOString(),
    updatedAt: new Date().toISOString(),
  };
  let userId: number;
  if (existing) {
    await db.update(users).set(tokenFields).where(eq(users.id, existing.id));
    userId = existing.id;
  } else {
    const [created] = await db
      .insert(users)
      .values({ email, ...(userName ? { userName } : {}), oauthProvider: 'email', ...tokenFields })
      .returning({ id: users.id });
    userId = created.id;
  }
  await sendMail(
    env,
    {
      to: email,
      type: 'verification',
      idempotencyKey: `verification-${userId}-${tokenFields.verificationTokenHash.slice(0, 16)}`,
      ...verificationMail(env.APP_URL, token),
    },
    log,
  );
  return {
    success: true,
    message: '仮登録が完了しました。メールを確認してください。',
    isExistingUser: Boolean(existing),
  };
}

/** Completes a registration from its verification link (POST /auth/complete): name and password. */
export async function completeRegistration(
  env: Env,
  log: Logger,
  { token, name, password }: { token: string; name: string; password: string },
) {
  const db = getDb(env);
  const user = await findUserByVerificationToken(db, token);
  await db
    .update(users)
    .set({
      userName: name,
      passwordHash: await hashPassword(password),
      isVerified: true,
      verificationTokenHash: null,
      verificationTokenExpiresAt: null,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(users.id, user.id));
  // Completing the registration gives the new user their own farm ({userName}の牧場).
  await ensureOwnFarm(db, user.id, name);
  try {
    await sendMail(
      env,
      {
        to: user.email,
        type: 'completed',
        idempotencyKey: `completed-${user.id}`,
        ...completedMail(env.APP_URL, name),
      },
      log,
    );
  } catch {
    // The account is complete; a lost welcome mail is logged in email_logs and must not undo it.
  }
}

/** Signs in with email and password (POST /auth/login), throttled per email. */
export async function login(env: Env, { email, password }: { email: string; password: string }) {
  const db = getDb(env);
  const limiter = rateLimiter(db, `login:${email}`, LOGIN_FAILURE_LIMIT, LOGIN_WINDOW_SECONDS);
  const retryAfter = await limiter.retryAfter();
  if (retryAfter > 0) {
    throw tooManyRequests('ログイン試行回数が多すぎます。しばらくしてから再度お試しください', retryAfter);
  }
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && user.passwordHash === OAUTH_PASSWORD_MARKER) {
    await verifyPassword(password, null);
    throw unauthorized(
      user.oauthProvider === 'line'
        ? 'このアカウントはLINEログインでご利用ください'
        : 'このアカウントはGoogleログインでご利用ください',
    );
  }
  if (user && !user.passwordHash) {
    await verifyPassword(password, null);
    await limiter.hit();
    throw unauthorized('メールアドレスまたはパスワードもしくはログイン方法が正しくありません');
  }
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    await limiter.hit();
    throw wrongCredentials();
  }
  const { token, session } = await issueSession(env, user.id, PASSWORD_SESSION_SECONDS);
  const now = new Date().toISOString();
  await db.batch([
    db.insert(sessions).values(session),
    db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)),
    limiter.reset(),
  ]);
  return {
    token,
    expiresAt: session.expiresAt,
    user: { id: user.id, userName: user.userName, email: user.email, theme: user.theme },
  };
}
