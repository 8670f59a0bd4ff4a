/**
 * Throttling without lockout (docs/product.md §3, decision 026). Failed sign-ins are counted in sliding 15-minute
 * windows per email and client IP (5), per IP across emails (100) and per email from every IP (50: a Turnstile
 * token is required from then on, never a lockout of the owner). Registration and reset mails: 3 an hour per
 * address, 20 an hour per IP. Per-IP windows apply only where the client IP is known (CF-Connecting-IP outside
 * development).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hitAndPrune, readWindows, type Window } from '../db/rate-limit';
import { rateLimitHits } from '../db/schema';
import { type Env, isDevelopment } from '../env';
import { AppError, tooManyRequests } from '../lib/errors';

const FIFTEEN_MINUTES = 15 * 60;
const LOGIN_LIMITS = { emailAndIp: 5, ip: 100, emailTurnstile: 50 } as const;
const MAIL_LIMITS = { address: 3, ip: 20 } as const;
const THROTTLED_MESSAGE = 'ログイン試行回数が多すぎます。しばらくしてから再度お試しください';
const TURNSTILE_REQUIRED_MESSAGE = 'ログイン試行回数が多いため、確認が必要です。確認を完了してから再度お試しください';

/** The client IP where it is known: Cloudflare's CF-Connecting-IP, not in development (all 127.0.0.1 there). */
export const knownClientIp = (env: Env, header: string | undefined | null) =>
  isDevelopment(env) ? null : header?.trim() || null;

export const turnstileRequiredError = () =>
  new AppError({
    status: 429,
    code: 'TURNSTILE_REQUIRED',
    message: TURNSTILE_REQUIRED_MESSAGE,
    field: 'turnstileToken',
  });

/** The sign-in windows of one attempt: which apply, whether it may go on, and how to count its failure. */
export async function loginThrottle(db: Db, email: string, ip: string | null) {
  const pairKey = ip ? `login:pair:${ip}:${email}` : null;
  const windows: Window[] = [
    { key: `login:email:${email}`, limit: LOGIN_LIMITS.emailTurnstile, windowSeconds: FIFTEEN_MINUTES },
    ...(ip && pairKey
      ? [
          { key: pairKey, limit: LOGIN_LIMITS.emailAndIp, windowSeconds: FIFTEEN_MINUTES },
          { key: `login:ip:${ip}`, limit: LOGIN_LIMITS.ip, windowSeconds: FIFTEEN_MINUTES },
        ]
      : []),
  ];
  const [email50, ...perIp] = await readWindows(db, windows);
  return {
    /** Seconds to wait when this client (pair or IP) is over its limit, else 0. */
    retryAfter: Math.max(0, ...perIp.map((w) => w.retryAfter)),
    /** 50 failures for this email from anywhere: the attempt must carry a valid Turnstile token. */
    needsTurnstile: email50.retryAfter > 0,
    /** Counts a failure in every window. */
    fail: () => hitAndPrune(db, windows),
    /** A success clears this client's failures for the email (the other windows keep sliding). */
    succeeded: () => (pairKey ? [db.delete(rateLimitHits).where(eq(rateLimitHits.key, pairKey))] : []),
  };
}

export function throttled(retryAfter: number) {
  return tooManyRequests(THROTTLED_MESSAGE, retryAfter);
}

/**
 * Whether a registration or reset mail may go to `email` now (3 an hour per address, 20 per IP, each kind on its
 * own); when it may, the mail is counted. Callers answer the same either way, only the mail is not sent.
 */
export async function takeMailAllowance(
  db: Db,
  kind: 'register' | 'reset',
  email: string,
  ip: string | null,
): Promise<boolean> {
  const windows: Window[] = [
    { key: `mail:${kind}:address:${email}`, limit: MAIL_LIMITS.address, windowSeconds: 3600 },
    ...(ip ? [{ key: `mail:${kind}:ip:${ip}`, limit: MAIL_LIMITS.ip, windowSeconds: 3600 }] : []),
  ];
  const read = await readWindows(db, windows);
  if (read.some((w) => w.retryAfter > 0)) return false;
  await hitAndPrune(db, windows);
  return true;
}
