import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { OAUTH_PASSWORD_MARKER } from '../auth/password';
import { issueSession, SESSION_SECONDS } from '../auth/tokens';
import { type Db, directoryDb } from '../db/client';
import { sessions, users } from '../db/schema';
import { type AppEnv, type Env, isProduction, type Logger } from '../env';
import { ensureOwnFarm } from '../farms/farms.service';
import { randomToken, timingSafeEqual } from '../lib/crypto';
import { AppError } from '../lib/errors';

export type OAuthProviderName = 'google' | 'line';

const OAUTH_COOKIE_SECONDS = 600;
/** Named per provider, so a flow started for one provider cannot be finished at the other. */
const oauthCookieNames = (provider: OAuthProviderName) => ({
  state: `ushicho_${provider}_state`,
  verifier: `ushicho_${provider}_verifier`,
  nonce: `ushicho_${provider}_nonce`,
});
/** LINE does not always share an email; such accounts get an address under this never-deliverable domain (RFC 6761). */
const PLACEHOLDER_EMAIL_DOMAIN = 'line.invalid';
const DEFAULT_USER_NAME = '仮登録ユーザー';
const PROVIDER_TIMEOUT_MS = 10_000;

/** docs/product.md §3 OAuth: these answer with their status and message; every other failure redirects to /login. */
export const oauthErrors = {
  missingParameters: () =>
    new AppError({ status: 400, code: 'OAUTH_MISSING_PARAMETERS', message: 'Missing required OAuth parameters' }),
  invalidState: () => new AppError({ status: 400, code: 'OAUTH_INVALID_STATE', message: 'Invalid OAuth state' }),
  noAccessToken: () =>
    new AppError({ status: 500, code: 'OAUTH_NO_ACCESS_TOKEN', message: 'No valid access token received' }),
  userInfoFailed: () =>
    new AppError({
      status: 500,
      code: 'OAUTH_USERINFO_FAILED',
      message: 'Failed to fetch user information from Google',
    }),
  networkError: () =>
    new AppError({ status: 500, code: 'OAUTH_NETWORK_ERROR', message: 'Network error while fetching user info' }),
  emailNotVerified: () =>
    new AppError({ status: 400, code: 'OAUTH_EMAIL_NOT_VERIFIED', message: 'Google email not verified' }),
  notConfigured: (label: string) =>
    new AppError({ status: 503, code: 'OAUTH_NOT_CONFIGURED', message: `${label} sign-in is not configured` }),
};

/** A failure the user is sent back to /login for; `details` is the short code the login page explains. */
export class OAuthFailure extends Error {
  constructor(readonly details: 'access_denied' | 'provider_error' | 'invalid_id_token' | 'email_in_use') {
    super(details);
    this.name = 'OAuthFailure';
  }
}

/** What a provider tells us about the person signing in. `email` is lowercased; `emailVerified` only counts for Google. */
interface OAuthProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

interface OAuthStart {
  state: string;
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
}

interface OAuthExchange {
  code: string;
  verifier: string;
  nonce: string;
  redirectUri: string;
  log: Logger;
}

export interface OAuthProvider {
  name: OAuthProviderName;
  label: string;
  isConfigured(env: Env): boolean;
  authorizationUrl(env: Env, start: OAuthStart): URL;
  profile(env: Env, exchange: OAuthExchange): Promise<OAuthProfile>;
}

const appUrl = (env: Env) => env.APP_URL.replace(/\/+$/, '');
const redirectUri = (env: Env, provider: OAuthProviderName) => `${appUrl(env)}/api/v1/oauth/${provider}/callback`;

/** HttpOnly, 600 s, scoped to the provider's routes; cross-site (SameSite=None, Secure) only in production. */
export function oauthCookieOptions(env: Env, provider: OAuthProviderName): CookieOptions {
  const production = isProduction(env);
  return {
    path: `/api/v1/oauth/${provider}`,
    httpOnly: true,
    secure: production,
    sameSite: production ? 'None' : 'Lax',
    maxAge: OAUTH_COOKIE_SECONDS,
  };
}

/** The PKCE S256 challenge of a verifier (base64url SHA-256). */
export async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** GET /oauth/{provider}: fresh state, PKCE verifier and nonce in cookies, then off to the provider. */
export async function startSignIn(c: Context<AppEnv>, provider: OAuthProvider): Promise<Response> {
  if (!provider.isConfigured(c.env)) throw oauthErrors.notConfigured(provider.label);
  let location: string;
  const values = { state: randomToken(32), verifier: randomToken(48), nonce: randomToken(32) };
  try {
    location = provider
      .authorizationUrl(c.env, {
        state: values.state,
        nonce: values.nonce,
        codeChallenge: await s256(values.verifier),
        redirectUri: redirectUri(c.env, provider.name),
      })
      .toString();
  } catch (err) {
    c.get('log')('error', 'oauth initialization failed', { provider: provider.name, error: String(err) });
    return c.json(
      {
        error: {
          code: 'OAUTH_INIT_FAILED',
          message: 'OAuth initialization failed',
          ...(isProduction(c.env) ? {} : { details: err instanceof Error ? err.message : String(err) }),
          requestId: c.get('requestId'),
        },
      },
      500,
    );
  }
  const options = oauthCookieOptions(c.env, provider.name);
  for (const [key, name] of Object.entries(oauthCookieNames(provider.name))) {
    setCookie(c, name, values[key as keyof typeof values], options);
  }
  return c.redirect(location, 302);
}

type CallbackQuery = { code?: string; state?: string; error?: string };

/** GET /oauth/{provider}/callback: check state, ask the provider who this is, sign them in, back to the app. */
export async function finishSignIn(
  c: Context<AppEnv>,
  provider: OAuthProvider,
  query: CallbackQuery,
): Promise<Response> {
  if (!provider.isConfigured(c.env)) throw oauthErrors.notConfigured(provider.label);
  const options = oauthCookieOptions(c.env, provider.name);
  const names = oauthCookieNames(provider.name);
  const saved = {
    state: getCookie(c, names.state),
    verifier: getCookie(c, names.verifier),
    nonce: getCookie(c, names.nonce),
  };
  // One use only, whatever happens next.
  for (const name of Object.values(names)) deleteCookie(c, name, options);

  const log = c.get('log');
  try {
    if (query.error) throw new OAuthFailure(query.error === 'access_denied' ? 'access_denied' : 'provider_error');
    if (!query.code || !query.state) throw oauthErrors.missingParameters();
    if (!saved.state || !saved.verifier || !saved.nonce || !(await timingSafeEqual(query.state, saved.state))) {
      throw oauthErrors.invalidState();
    }
    const profile = await provider.profile(c.env, {
      code: query.code,
      verifier: saved.verifier,
      nonce: saved.nonce,
      redirectUri: redirectUri(c.env, provider.name),
      log,
    });
    const db = directoryDb(c.env);
    const userId = await findOrCreateUser(db, provider.name, profile);
    const [signedIn] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
    await ensureOwnFarm(c.env, userId, signedIn.userName);
    const { token, session } = await issueSession(c.env, userId, SESSION_SECONDS);
    await db.batch([
      db.insert(sessions).values(session),
      db.update(users).set({ lastLoginAt: new Date().toISOString() }).where(eq(users.id, userId)),
    ]);
    log('info', 'oauth sign-in', { provider: provider.name, userId });
    return c.redirect(`${appUrl(c.env)}/auth/callback?token=${encodeURIComponent(token)}`, 302);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const details = err instanceof OAuthFailure ? err.details : 'server_error';
    log(details === 'server_error' ? 'error' : 'warn', 'oauth sign-in failed', {
      provider: provider.name,
      details,
      error: String(err),
      providerError: query.error,
    });
    return c.redirect(`${appUrl(c.env)}/login?error=oauth_failed&details=${details}`, 302);
  }
}

/** Outbound calls to the provider: a dropped connection or a timeout is the documented network error (docs/product.md §3). */
export async function providerFetch(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw oauthErrors.networkError();
  }
}

/** The authorization-code exchange both providers share (form POST with the PKCE verifier). */
export async function exchangeCode(
  tokenUrl: string,
  params: Record<string, string>,
  log: Logger,
): Promise<{ accessToken: string; idToken: string | null }> {
  const response = await providerFetch(tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', ...params }),
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || typeof body?.access_token !== 'string' || !body.access_token) {
    log('warn', 'oauth token exchange failed', { status: response.status, providerError: body?.error });
    throw oauthErrors.noAccessToken();
  }
  return { accessToken: body.access_token, idToken: typeof body.id_token === 'string' ? body.id_token : null };
}

const cleanName = (name: string | null) => name?.trim().slice(0, 100) || null;
export const cleanPicture = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
};
export const cleanEmail = (value: unknown): string | null =>
  typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254
    ? value.toLowerCase()
    : null;

/**
 * Users are keyed by the provider's subject. A Google account whose verified email matches an existing account
 * is linked to it; a LINE email is never trusted for linking. Otherwise a new verified user is created.
 */
async function findOrCreateUser(db: Db, provider: OAuthProviderName, profile: OAuthProfile): Promise<number> {
  const subjectColumn = provider === 'google' ? users.googleId : users.lineId;
  const now = new Date().toISOString();
  const picture = cleanPicture(profile.picture);
  const [known] = await db.select().from(users).where(eq(subjectColumn, profile.subject)).limit(1);
  if (known) {
    if (picture && picture !== known.avatarUrl) {
      await db.update(users).set({ avatarUrl: picture, updatedAt: now }).where(eq(users.id, known.id));
    }
    return known.id;
  }

  if (profile.email) {
    const [sameEmail] = await db.select().from(users).where(eq(users.email, profile.email)).limit(1);
    if (sameEmail) {
      if (provider !== 'google' || !profile.emailVerified || sameEmail.googleId) throw new OAuthFailure('email_in_use');
      const hasPassword = Boolean(sameEmail.passwordHash) && sameEmail.passwordHash !== OAUTH_PASSWORD_MARKER;
      await db
        .update(users)
        .set({
          googleId: profile.subject,
          isVerified: true,
          verificationTokenHash: null,
          verificationTokenExpiresAt: null,
          avatarUrl: sameEmail.avatarUrl ?? picture,
          ...(hasPassword ? {} : { passwordHash: OAUTH_PASSWORD_MARKER, oauthProvider: 'google' as const }),
          ...(sameEmail.userName === DEFAULT_USER_NAME && cleanName(profile.name)
            ? { userName: cleanName(profile.name)! }
            : {}),
          updatedAt: now,
        })
        .where(eq(users.id, sameEmail.id));
      return sameEmail.id;
    }
  }

  const [created] = await db
    .insert(users)
    .values({
      email: profile.email ?? `${profile.subject.toLowerCase()}@${PLACEHOLDER_EMAIL_DOMAIN}`,
      userName: cleanName(profile.name) ?? DEFAULT_USER_NAME,
      passwordHash: OAUTH_PASSWORD_MARKER,
      isVerified: true,
      oauthProvider: provider,
      avatarUrl: picture,
      ...(provider === 'google' ? { googleId: profile.subject } : { lineId: profile.subject }),
    })
    .returning({ id: users.id });
  return created.id;
}
