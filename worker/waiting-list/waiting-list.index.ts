import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { registrations } from '../db/schema';
import { tooManyRequests } from '../lib/errors';
import { createRouter } from '../lib/http';
import { rateLimiter } from '../lib/rate-limit';
import { sendMail } from '../mail/send-mail';
import { preRegistrationMail } from './mail-templates';
import { turnstileRequired, verifyTurnstile } from './turnstile';
import * as routes from './waiting-list.routes';

const ATTEMPTS_PER_IP = 10;
const THROTTLE_WINDOW_SECONDS = 15 * 60;

export const waitingListRouter = createRouter()
  .openapi(routes.config, (c) =>
    c.json(
      { data: { turnstileSiteKey: c.env.TURNSTILE_SITE_KEY || null, turnstileRequired: turnstileRequired(c.env) } },
      200,
    ),
  )
  .openapi(routes.preRegister, async (c) => {
    const { email, referralSource, locale, turnstileToken } = c.req.valid('json');
    const log = c.get('log');
    const db = getDb(c.env);
    const ip = c.req.header('CF-Connecting-IP') ?? null;

    const limiter = rateLimiter(db, `pre-register:${ip ?? 'unknown'}`, ATTEMPTS_PER_IP, THROTTLE_WINDOW_SECONDS);
    const retryAfter = await limiter.retryAfter();
    if (retryAfter > 0) throw tooManyRequests('リクエストが多すぎます。しばらくしてから再度お試しください', retryAfter);
    await db.batch([limiter.hit(), limiter.prune()]);

    await verifyTurnstile(c.env, turnstileToken, ip, log);

    // The unique email index settles a race between two submissions: the loser sees alreadyRegistered.
    const [created] = await db
      .insert(registrations)
      .values({ email, referralSource, locale, status: 'pending' })
      .onConflictDoNothing({ target: registrations.email })
      .returning({ id: registrations.id });
    if (!created) {
      return c.json(
        { data: { email, alreadyRegistered: true, message: 'このメールアドレスは既に事前登録されています。' } },
        200,
      );
    }

    await sendMail(
      c.env,
      {
        to: email,
        type: 'pre_registration',
        idempotencyKey: `pre-registration-${created.id}`,
        ...preRegistrationMail(locale, c.env.APP_URL),
      },
      log,
    );
    return c.json(
      { data: { email, alreadyRegistered: false, message: '事前登録を受け付けました。確認メールをお送りしました。' } },
      201,
    );
  });
