/**
 * Account use cases: registering with an email (verification mail), completing the registration, and signing in
 * with a password (docs/product.md §3).
 */
import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { hashPassword, verifyPassword } from '../auth/password';
import { issueSession, SESSION_SECONDS } from '../auth/tokens';
import { directoryDb } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Env, Logger } from '../env';
import { ensureOwnFarm } from '../farms/farms.service';
import { randomToken, sha256Hex } from '../lib/crypto';
import { AppError, unauthorized } from '../lib/errors';
import { verifyTurnstile } from '../lib/turnstile';
import { sendMail } from '../mail/send-mail';
import { assertUncommonPassword } from './common-passwords';
import { alreadyRegisteredMail, completedMail, verificationMail } from './mail-templates';
import { loginThrottle, takeMailAllowance, throttled, turnstileRequiredError } from './throttle';

const VERIFICATION_TOKEN_HOURS = 24;

const invalidToken = () =>
  new AppError({ status: 400, code: 'INVALID_TOKEN', message: '無効なトークンです。', field: 'token' });
const wrongCredentials = () => unauthorized('メールアドレスまたはパスワードが正しくありません');

export async function findUserByVerificationToken(db: ReturnType<typeof directoryDb>, token: string) {
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

/** The one answer of POST /auth/register, whatever the address (§3: no account enumeration). */
export const REGISTERED_ANSWER = {
  success: true,
  message: '仮登録が完了しました。メールを確認してください。',
  isExistingUser: false,
} as const;

/**
 * Registers an email (POST /auth/register): a verification link by mail, again for an unfinished registration; a
 * verified address gets a mail saying it is registered instead. The answer is the same for all, and when the
 * address or the client IP has had its mails for the hour (§3) nothing is written or sent.
 */
export async function registerAccount(
  env: Env,
  log: Logger,
  { email, userName }: { email: string; userName?: string },
  ip: string | null = null,
) {
  const db = directoryDb(env);
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!(await takeMailAllowance(db, 'register', email, ip))) return REGISTERED_ANSWER;
  if (existing?.isVerified) {
    await sendMail(
      env,
      {
        to: email,
        type: 'verification',
        idempotencyKey: `registered-${existing.id}-${Date.now()}`,
        ...alreadyRegisteredMail(env.APP_URL),
      },
      log,
    );
    return REGISTERED_ANSWER;
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
  return REGISTERED_ANSWER;
}

/**
 * Completes a registration from its verification link (POST /auth/complete): name, password and the user's own farm
 * (`farmName`, else `{name}の牧場`), then signs the user in as POST /auth/login does.
 */
export async function completeRegistration(
  env: Env,
  log: Logger,
  { token, name, password, farmName }: { token: string; name: string; password: string; farmName?: string },
) {
  assertUncommonPassword(password);
  const db = directoryDb(env);
  const user = await findUserByVerificationToken(db, token);
  // Only while the link is unused: of concurrent completions exactly one takes effect, the others are a used link (§3).
  const [completed] = await db
    .update(users)
    .set({
      userName: name,
      passwordHash: await hashPassword(password),
      isVerified: true,
      verificationTokenHash: null,
      verificationTokenExpiresAt: null,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(users.id, user.id), eq(users.verificationTokenHash, user.verificationTokenHash ?? '')))
    .returning({ id: users.id });
  if (!completed) throw invalidToken();
  await ensureOwnFarm(env, user.id, name, farmName);
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
  return startSession(env, { ...user, userName: name });
}

/** A hash a password can match: an OAuth-only account or an unfinished registration has none. */
const usableHash = (hash: string | null | undefined) => (hash?.startsWith('$2') ? hash : null);

/**
 * Signs in with email and password (POST /auth/login), throttled without lockout (§3, decision 026). Every failure
 * is the same 401 after the same bcrypt work: unknown email, wrong password, unfinished registration, Google/LINE.
 */
export async function login(
  env: Env,
  log: Logger,
  { email, password, turnstileToken }: { email: string; password: string; turnstileToken?: string },
  ip: string | null = null,
) {
  const db = directoryDb(env);
  const throttle = await loginThrottle(db, email, ip);
  if (throttle.retryAfter > 0) throw throttled(throttle.retryAfter);
  if (throttle.needsTurnstile) {
    if (!turnstileToken) throw turnstileRequiredError();
    await verifyTurnstile(env, turnstileToken, ip, log).catch(() => {
      throw turnstileRequiredError();
    });
  }
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const matches = await verifyPassword(password, usableHash(user?.passwordHash));
  if (!user || !matches) {
    await throttle.fail();
    throw wrongCredentials();
  }
  return startSession(env, user, throttle.succeeded());
}

/** A password sign-in's session row and its answer: `token`, `expiresAt` and `user` (login and completion). */
async function startSession(
  env: Env,
  user: Pick<typeof users.$inferSelect, 'id' | 'userName' | 'email' | 'theme'>,
  alsoWrite: BatchItem<'sqlite'>[] = [],
) {
  const db = directoryDb(env);
  const { token, session } = await issueSession(env, user.id, SESSION_SECONDS);
  const now = new Date().toISOString();
  await db.batch([
    db.insert(sessions).values(session),
    db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)),
    ...alsoWrite,
  ]);
  return {
    token,
    expiresAt: session.expiresAt,
    user: { id: user.id, userName: user.userName, email: user.email, theme: user.theme },
  };
}
