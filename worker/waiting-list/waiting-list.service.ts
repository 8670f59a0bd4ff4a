/** The waiting list's use case: a visitor's pre-registration, throttled per IP and checked by Turnstile. */
import { directoryDb } from '../db/client';
import { rateLimiter } from '../db/rate-limit';
import { registrations } from '../db/schema';
import type { Env, Logger } from '../env';
import { tooManyRequests } from '../lib/errors';
import { verifyTurnstile } from '../lib/turnstile';
import { sendMail } from '../mail/send-mail';
import { preRegistrationMail } from './mail-templates';

const ATTEMPTS_PER_IP = 10;
const THROTTLE_WINDOW_SECONDS = 15 * 60;

interface PreRegistration {
  email: string;
  referralSource: string | null;
  locale: 'ja' | 'en';
  turnstileToken: string;
}

/** Puts an email on the waiting list (POST /waiting-list); `created` is false when it was there already. */
export async function preRegister(env: Env, log: Logger, ip: string | null, input: PreRegistration) {
  const { email, referralSource, locale, turnstileToken } = input;
  const db = directoryDb(env);
  const limiter = rateLimiter(db, `pre-register:${ip ?? 'unknown'}`, ATTEMPTS_PER_IP, THROTTLE_WINDOW_SECONDS);
  const retryAfter = await limiter.retryAfter();
  if (retryAfter > 0) throw tooManyRequests('リクエストが多すぎます。しばらくしてから再度お試しください', retryAfter);
  await db.batch([limiter.hit(), limiter.prune()]);

  await verifyTurnstile(env, turnstileToken, ip, log);

  // The unique email index settles a race between two submissions: the loser sees alreadyRegistered.
  const [created] = await db
    .insert(registrations)
    .values({ email, referralSource, locale, status: 'pending' })
    .onConflictDoNothing({ target: registrations.email })
    .returning({ id: registrations.id });
  if (!created) return { created: false };
  const mail = preRegistrationMail(locale, env.APP_URL);
  await sendMail(
    env,
    { to: email, type: 'pre_registration', idempotencyKey: `pre-registration-${created.id}`, ...mail },
    log,
  );
  return { created: true };
}
