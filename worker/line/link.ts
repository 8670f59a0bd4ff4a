/**
 * Linking LINE to a signed-in account from settings (docs/product.md §15, decision 023): LINE Login as sign-in does
 * it (state, PKCE verifier and nonce in HttpOnly cookies of 600 s), on its own callback. The API is called with a
 * Bearer token, so the start answers the authorization URL and a cookie naming the session; the callback links the
 * LINE subject to that session's user only while the session is still signed in.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { directoryDb } from '../db/client';
import { sessions, users } from '../db/schema';
import type { AppEnv, Env } from '../env';
import { randomToken, timingSafeEqual } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { lineProvider } from '../oauth/oauth-line';
import { OAuthFailure, oauthCookieOptions, oauthErrors, s256 } from '../oauth/oauth-shared';
import { linkLine } from './line.service';

const LINK_PATH = '/api/v1/line/link';
export const linkCookieNames = {
  state: 'ushicho_line_link_state',
  verifier: 'ushicho_line_link_verifier',
  nonce: 'ushicho_line_link_nonce',
  session: 'ushicho_line_link_session',
} as const;

const appUrl = (env: Env) => env.APP_URL.replace(/\/+$/, '');
const linkRedirectUri = (env: Env) => `${appUrl(env)}${LINK_PATH}/callback`;
const cookieOptions = (env: Env) => ({ ...oauthCookieOptions(env, 'line'), path: LINK_PATH });

/** POST /line/link: the LINE authorization URL to open, with the flow's cookies set. */
export async function startLink(c: Context<AppEnv>): Promise<string> {
  if (!lineProvider.isConfigured(c.env)) throw oauthErrors.notConfigured(lineProvider.label);
  const [me] = await directoryDb(c.env)
    .select({ lineId: users.lineId })
    .from(users)
    .where(eq(users.id, c.get('userId')));
  if (me?.lineId)
    throw new AppError({ status: 409, code: 'LINE_ALREADY_LINKED', message: 'LINEはすでに連携されています' });
  const values = {
    state: randomToken(32),
    verifier: randomToken(48),
    nonce: randomToken(32),
    session: c.get('sessionId'),
  };
  const url = lineProvider.authorizationUrl(c.env, {
    state: values.state,
    nonce: values.nonce,
    codeChallenge: await s256(values.verifier),
    redirectUri: linkRedirectUri(c.env),
  });
  for (const [key, name] of Object.entries(linkCookieNames)) {
    setCookie(c, name, values[key as keyof typeof values], cookieOptions(c.env));
  }
  return url.toString();
}

type CallbackQuery = { code?: string; state?: string; error?: string };

/** GET /line/link/callback: back to settings with `?line=linked`, or `?line=failed&details=…`. */
export async function finishLink(c: Context<AppEnv>, query: CallbackQuery): Promise<Response> {
  if (!lineProvider.isConfigured(c.env)) throw oauthErrors.notConfigured(lineProvider.label);
  const saved = Object.fromEntries(
    Object.entries(linkCookieNames).map(([key, name]) => [key, getCookie(c, name)]),
  ) as Record<keyof typeof linkCookieNames, string | undefined>;
  for (const name of Object.values(linkCookieNames)) deleteCookie(c, name, cookieOptions(c.env));
  const log = c.get('log');
  const back = (outcome: string) => c.redirect(`${appUrl(c.env)}/settings?line=${outcome}`, 302);
  try {
    if (query.error) throw new OAuthFailure(query.error === 'access_denied' ? 'access_denied' : 'provider_error');
    if (!query.code || !query.state || !saved.state || !saved.verifier || !saved.nonce || !saved.session) {
      return back('failed&details=invalid_state');
    }
    if (!(await timingSafeEqual(query.state, saved.state))) return back('failed&details=invalid_state');
    const db = directoryDb(c.env);
    const [session] = await db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.id, saved.session), gt(sessions.expiresAt, new Date().toISOString())))
      .limit(1);
    if (!session) return back('failed&details=signed_out');
    const profile = await lineProvider.profile(c.env, {
      code: query.code,
      verifier: saved.verifier,
      nonce: saved.nonce,
      redirectUri: linkRedirectUri(c.env),
      log,
    });
    const outcome = await linkLine(db, session.userId, profile.subject);
    log('info', 'line link', { userId: session.userId, outcome });
    return back(outcome === 'linked' ? 'linked' : 'failed&details=line_in_use');
  } catch (err) {
    const details = err instanceof OAuthFailure ? err.details : 'provider_error';
    log('warn', 'line link failed', { details, error: String(err) });
    return back(`failed&details=${details}`);
  }
}
