import { createMiddleware } from 'hono/factory';
import { directoryDb } from '../db/client';
import { rateLimiter } from '../db/rate-limit';
import { type AppEnv, type Env, isDevelopment } from '../env';
import { timingSafeEqual } from '../lib/crypto';
import { AppError, tooManyRequests } from '../lib/errors';

/** Development only, documented in README and .dev.vars.example; never applies anywhere else. */
const DEVELOPMENT_ADMIN = { user: 'admin', password: 'ushicho-admin-dev' } as const;

const FAILURES_PER_IP = 10;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const challenge = { 'WWW-Authenticate': 'Basic realm="Ushicho admin", charset="UTF-8"' };

const basicRequired = () =>
  new AppError({ status: 401, code: 'UNAUTHORIZED', message: 'Basic authentication required', headers: challenge });
const invalidCredentials = () =>
  new AppError({ status: 401, code: 'UNAUTHORIZED', message: 'Invalid credentials', headers: challenge });

function adminCredentials(env: Env) {
  if (env.ADMIN_USER && env.ADMIN_PASSWORD) return { user: env.ADMIN_USER, password: env.ADMIN_PASSWORD };
  if (isDevelopment(env)) return DEVELOPMENT_ADMIN;
  throw new AppError({ status: 503, code: 'ADMIN_NOT_CONFIGURED', message: 'Admin credentials are not configured' });
}

/** `user:password` from a Basic header value (UTF-8), or null when it is not valid base64 or has no colon. */
function decodeBasic(encoded: string): { user: string; password: string } | null {
  try {
    const bytes = Uint8Array.from(atob(encoded), (ch) => ch.charCodeAt(0));
    const decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  } catch {
    return null;
  }
}

/** HTTP Basic for the admin area (docs/product.md §20): constant-time compare, failures throttled per IP. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'OPTIONS') return next();
  const expected = adminCredentials(c.env);
  const match = /^Basic\s+(\S*)\s*$/i.exec(c.req.header('Authorization') ?? '');
  if (!match) throw basicRequired();

  const limiter = rateLimiter(
    directoryDb(c.env),
    `admin-auth:${c.req.header('CF-Connecting-IP') ?? 'unknown'}`,
    FAILURES_PER_IP,
    FAILURE_WINDOW_SECONDS,
  );
  const retryAfter = await limiter.retryAfter();
  if (retryAfter > 0) throw tooManyRequests('Too many failed sign-in attempts. Please try again later.', retryAfter);

  const given = decodeBasic(match[1]) ?? { user: '', password: '' };
  const [userOk, passwordOk] = await Promise.all([
    timingSafeEqual(given.user, expected.user),
    timingSafeEqual(given.password, expected.password),
  ]);
  if (!userOk || !passwordOk) {
    await limiter.hit();
    throw invalidCredentials();
  }
  await next();
});
