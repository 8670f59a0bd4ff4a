import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';
import { AppError, conflict, tooManyRequests, unauthorized } from '../lib/errors';
import { createRouter } from '../lib/http';
import { rateLimiter } from '../lib/rate-limit';
import { sendMail } from '../mail/send-mail';
import * as routes from './accounts.routes';
import { completedMail, verificationMail } from './mail-templates';
import { hashPassword, OAUTH_PASSWORD_MARKER, verifyPassword } from './password';
import { issueSession, PASSWORD_SESSION_SECONDS } from './tokens';

const VERIFICATION_TOKEN_HOURS = 24;
const LOGIN_FAILURE_LIMIT = 5;
const LOGIN_WINDOW_SECONDS = 15 * 60;

const invalidToken = () => new AppError(400, 'INVALID_TOKEN', '無効なトークンです。', 'token');
const wrongCredentials = () => unauthorized('メールアドレスまたはパスワードが正しくありません');

async function findUserByVerificationToken(db: ReturnType<typeof getDb>, token: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.verificationTokenHash, await sha256Hex(token)))
    .limit(1);
  if (!user || !user.verificationTokenExpiresAt || user.verificationTokenExpiresAt < new Date().toISOString()) {
    throw invalidToken();
  }
  return user;
}

export const accountsRouter = createRouter()
  .openapi(routes.register, async (c) => {
    const { email, userName } = c.req.valid('json');
    const db = getDb(c.env);
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
      c.env,
      {
        to: email,
        type: 'verification',
        idempotencyKey: `verification-${userId}-${tokenFields.verificationTokenHash.slice(0, 16)}`,
        ...verificationMail(c.env.APP_URL, token),
      },
      c.get('log'),
    );
    return c.json(
      { success: true, message: '仮登録が完了しました。メールを確認してください。', isExistingUser: Boolean(existing) },
      200,
    );
  })
  .openapi(routes.verify, async (c) => {
    const user = await findUserByVerificationToken(getDb(c.env), c.req.valid('json').token);
    if (user.isVerified && user.passwordHash) {
      throw conflict('既に本登録が完了しています。', 'ALREADY_COMPLETED');
    }
    return c.json({ success: true, message: 'トークンは有効です。本登録を完了してください。' }, 200);
  })
  .openapi(routes.complete, async (c) => {
    const { token, name, password } = c.req.valid('json');
    const db = getDb(c.env);
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
    try {
      await sendMail(
        c.env,
        {
          to: user.email,
          type: 'completed',
          idempotencyKey: `completed-${user.id}`,
          ...completedMail(c.env.APP_URL, name),
        },
        c.get('log'),
      );
    } catch {
      // The account is complete; a lost welcome mail is logged in email_logs and must not undo it.
    }
    return c.json({ success: true, message: '本登録が完了しました。ログインしてください。' }, 200);
  })
  .openapi(routes.login, async (c) => {
    const { email, password } = c.req.valid('json');
    const db = getDb(c.env);
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
    const { token, session } = await issueSession(c.env, user.id, PASSWORD_SESSION_SECONDS);
    const now = new Date().toISOString();
    await db.batch([
      db.insert(sessions).values(session),
      db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)),
      limiter.reset(),
    ]);
    return c.json(
      {
        token,
        expiresAt: session.expiresAt,
        user: { id: user.id, userName: user.userName, email: user.email, theme: user.theme },
      },
      200,
    );
  })
  .openapi(routes.providers, (c) =>
    c.json(
      {
        data: {
          google: Boolean(c.env.GOOGLE_CLIENT_ID && c.env.GOOGLE_CLIENT_SECRET),
          line: Boolean(c.env.LINE_CHANNEL_ID && c.env.LINE_CHANNEL_SECRET),
        },
      },
      200,
    ),
  )
  .openapi(routes.logout, async (c) => {
    await getDb(c.env)
      .delete(sessions)
      .where(eq(sessions.id, c.get('sessionId')));
    return c.json({ success: true, message: 'ログアウトしました' }, 200);
  });
