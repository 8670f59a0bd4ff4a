import { env } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_PASSWORD_MARKER } from '../auth/password';
import type { Env } from '../env';
import { api, signUp, uniqueEmail } from '../test/api';

afterEach(() => vi.restoreAllMocks());

const GOOGLE: Partial<Env> = {
  GOOGLE_CLIENT_ID: 'ushicho-test.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-client-secret',
};
const LINE: Partial<Env> = {
  LINE_CHANNEL_ID: '2001234567',
  LINE_CHANNEL_SECRET: 'line-channel-secret-0123456789abcdef',
};
const APP = 'http://127.0.0.1:8787';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';
const LINE_TOKEN_URL = 'https://api.line.me/oauth2/v2.1/token';
const cookieNames = (provider: Provider) => ['state', 'verifier', 'nonce'].map((part) => `ushicho_${provider}_${part}`);
const COOKIE_NAMES = cookieNames('google');
const LINE_COOKIE_NAMES = cookieNames('line');

let subjectCounter = 0;
const uniqueSubject = (prefix: string) => `${prefix}${Date.now()}${++subjectCounter}`;

type Provider = 'google' | 'line';

/** Parses `Set-Cookie` lines into name → { value, attributes (lowercased names) }. */
function parseSetCookies(headers: Headers) {
  const cookies: Record<string, { value: string; attributes: Record<string, string | true> }> = {};
  for (const line of headers.getAll('Set-Cookie')) {
    const [pair, ...rest] = line.split(/;\s*/);
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    const attributes: Record<string, string | true> = {};
    for (const part of rest) {
      const eq = part.indexOf('=');
      attributes[(eq < 0 ? part : part.slice(0, eq)).toLowerCase()] = eq < 0 ? true : part.slice(eq + 1);
    }
    cookies[name] = { value, attributes };
  }
  return cookies;
}

/** GET /oauth/{provider} as a browser would; returns what the callback needs. */
async function start(provider: Provider, overrides: Partial<Env> = {}) {
  const res = await api(`/oauth/${provider}`, { env: { ...(provider === 'google' ? GOOGLE : LINE), ...overrides } });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('Location')!);
  const cookies = parseSetCookies(res.headers);
  const cookieHeader = cookieNames(provider)
    .map((name) => `${name}=${cookies[name].value}`)
    .join('; ');
  return {
    res,
    location,
    cookies,
    cookieHeader,
    state: location.searchParams.get('state')!,
    nonce: location.searchParams.get('nonce')!,
    verifier: decodeURIComponent(cookies[`ushicho_${provider}_verifier`].value),
  };
}

async function callback(
  provider: Provider,
  query: Record<string, string>,
  cookieHeader: string | undefined,
  overrides: Partial<Env> = {},
) {
  const headers: Record<string, string> = cookieHeader ? { Cookie: cookieHeader } : {};
  return api(`/oauth/${provider}/callback?${new URLSearchParams(query)}`, {
    headers,
    env: { ...(provider === 'google' ? GOOGLE : LINE), ...overrides },
  });
}

async function s256(value: string) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** A Google ID token: its signature is not what is checked (TLS is), its claims are. */
function googleIdToken(claims: Record<string, unknown>) {
  return new SignJWT({ iss: 'https://accounts.google.com', aud: GOOGLE.GOOGLE_CLIENT_ID, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : '1h')
    .sign(new TextEncoder().encode('not-google-but-unchecked-signature-key'));
}

function lineIdToken(claims: Record<string, unknown>, secret = LINE.LINE_CHANNEL_SECRET!) {
  return new SignJWT({ iss: 'https://access.line.me', aud: LINE.LINE_CHANNEL_ID, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : '1h')
    .sign(new TextEncoder().encode(secret));
}

type Reply = Response | Error | (() => Response | Promise<Response>);

/** Stubs the outbound HTTP boundary: each provider URL answers what the test says; anything else fails the test. */
function mockProviders(replies: Record<string, Reply>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const reply = replies[url];
    if (!reply) throw new Error(`unexpected outbound request to ${url}`);
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply() : reply.clone();
  });
}

async function mockGoogle(
  flow: { nonce: string },
  profile: { sub: string; email: string; email_verified?: boolean | string; name?: string; picture?: string },
) {
  return mockProviders({
    [GOOGLE_TOKEN_URL]: Response.json({
      access_token: 'google-access-token',
      id_token: await googleIdToken({ sub: profile.sub, nonce: flow.nonce }),
      token_type: 'Bearer',
      expires_in: 3599,
    }),
    [GOOGLE_USERINFO_URL]: Response.json({ email_verified: true, ...profile }),
  });
}

async function googleSignIn(profile: Parameters<typeof mockGoogle>[1], overrides: Partial<Env> = {}) {
  const flow = await start('google', overrides);
  const fetchSpy = await mockGoogle(flow, profile);
  const res = await callback('google', { code: 'google-code', state: flow.state }, flow.cookieHeader, overrides);
  fetchSpy.mockRestore();
  return { res, flow };
}

const tokenFrom = (res: { headers: Headers }) => new URL(res.headers.get('Location')!).searchParams.get('token')!;
const userBy = (column: 'google_id' | 'line_id' | 'email', value: string) =>
  env.DB.prepare(`SELECT * FROM users WHERE ${column} = ?`).bind(value).first<any>();

describe('GET /oauth/google', () => {
  it('redirects to Google with scopes, state, nonce and an S256 PKCE challenge kept in cookies', async () => {
    const flow = await start('google');
    expect(`${flow.location.origin}${flow.location.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const params = Object.fromEntries(flow.location.searchParams);
    expect(params).toMatchObject({
      client_id: GOOGLE.GOOGLE_CLIENT_ID,
      redirect_uri: `${APP}/api/v1/oauth/google/callback`,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(params.state).toBe(flow.cookies.ushicho_google_state.value);
    expect(params.nonce).toBe(flow.cookies.ushicho_google_nonce.value);
    expect(params.code_challenge).toBe(await s256(flow.verifier));
    expect(flow.verifier.length).toBeGreaterThanOrEqual(43);
    expect(new Set([params.state, params.nonce, flow.verifier]).size).toBe(3);
  });

  it('sets HttpOnly, Lax, 600-second cookies without Secure in development', async () => {
    const { cookies } = await start('google');
    for (const name of COOKIE_NAMES) {
      expect(cookies[name].attributes).toEqual({
        'max-age': '600',
        path: '/api/v1/oauth/google',
        httponly: true,
        samesite: 'Lax',
      });
    }
  });

  it('sets Secure, SameSite=None cookies in production', async () => {
    const { cookies } = await start('google', { ENVIRONMENT: 'production' });
    for (const name of COOKIE_NAMES) {
      expect(cookies[name].attributes).toEqual({
        'max-age': '600',
        path: '/api/v1/oauth/google',
        httponly: true,
        secure: true,
        samesite: 'None',
      });
    }
  });

  it('uses a configured authorization endpoint', async () => {
    const flow = await start('google', { GOOGLE_AUTH_URL: 'http://127.0.0.1:9999/o/oauth2/auth' });
    expect(flow.location.href.startsWith('http://127.0.0.1:9999/o/oauth2/auth?')).toBe(true);
  });

  it('says so clearly when Google is not configured', async () => {
    const res = await api('/oauth/google', { env: { GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' } });
    expect(res.status).toBe(503);
    expect(res.json.error).toMatchObject({ code: 'OAUTH_NOT_CONFIGURED', message: 'Google sign-in is not configured' });
    expect(res.headers.getAll('Set-Cookie')).toEqual([]);
    const callbackRes = await api('/oauth/google/callback?code=c&state=s');
    expect(callbackRes.status).toBe(503);
  });

  it('answers 500 OAuth initialization failed with details outside production only', async () => {
    const dev = await api('/oauth/google', { env: { ...GOOGLE, GOOGLE_AUTH_URL: 'not a url' } });
    expect(dev.status).toBe(500);
    expect(dev.json.error).toMatchObject({ code: 'OAUTH_INIT_FAILED', message: 'OAuth initialization failed' });
    expect(dev.json.error.details).toMatch(/url/i);
    expect(dev.headers.getAll('Set-Cookie')).toEqual([]);

    const prod = await api('/oauth/google', {
      env: { ...GOOGLE, GOOGLE_AUTH_URL: 'not a url', ENVIRONMENT: 'production' },
    });
    expect(prod.status).toBe(500);
    expect(prod.json.error.message).toBe('OAuth initialization failed');
    expect(prod.json.error).not.toHaveProperty('details');
  });
});

describe('GET /oauth/google/callback', () => {
  it('creates a verified Google user, writes a 30-day session and redirects to the app with a working token', async () => {
    const sub = uniqueSubject('g');
    const email = uniqueEmail('google');
    const flow = await start('google');
    const fetchSpy = await mockGoogle(flow, {
      sub,
      email: email.toUpperCase(),
      name: '北海 花子',
      picture: 'https://lh3.googleusercontent.com/a/photo',
    });
    const res = await callback('google', { code: 'the-code', state: flow.state }, flow.cookieHeader);

    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/auth/callback`);

    const [tokenCall, userinfoCall] = fetchSpy.mock.calls as [string, RequestInit][];
    expect(tokenCall[0]).toBe(GOOGLE_TOKEN_URL);
    expect(Object.fromEntries(new URLSearchParams(String(tokenCall[1].body)))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      code_verifier: flow.verifier,
      client_id: GOOGLE.GOOGLE_CLIENT_ID,
      client_secret: GOOGLE.GOOGLE_CLIENT_SECRET,
      redirect_uri: `${APP}/api/v1/oauth/google/callback`,
    });
    expect(userinfoCall[0]).toBe(GOOGLE_USERINFO_URL);
    expect(new Headers(userinfoCall[1].headers).get('Authorization')).toBe('Bearer google-access-token');
    fetchSpy.mockRestore();

    const user = await userBy('google_id', sub);
    expect(user).toMatchObject({
      email,
      user_name: '北海 花子',
      is_verified: 1,
      oauth_provider: 'google',
      avatar_url: 'https://lh3.googleusercontent.com/a/photo',
      password_hash: OAUTH_PASSWORD_MARKER,
      line_id: null,
    });
    expect(user.last_login_at).not.toBeNull();

    const token = location.searchParams.get('token')!;
    const me = await api('/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ id: user.id, email });

    const payload = JSON.parse(atob(token.split('.')[1].replaceAll('-', '+').replaceAll('_', '/')));
    expect(payload.exp - payload.iat).toBe(30 * 24 * 60 * 60);
    const session = await env.DB.prepare('SELECT * FROM sessions WHERE id = ?').bind(payload.sid).first<any>();
    expect(session.user_id).toBe(user.id);
    expect(Math.abs(Date.parse(session.expires_at) - (Date.now() + 30 * 24 * 3600_000))).toBeLessThan(60_000);
  });

  it('removes the OAuth cookies after the callback with the development attributes', async () => {
    const { res } = await googleSignIn({ sub: uniqueSubject('g'), email: uniqueEmail('google') });
    const cleared = parseSetCookies(res.headers);
    expect(Object.keys(cleared).sort()).toEqual([...COOKIE_NAMES].sort());
    for (const name of COOKIE_NAMES) {
      expect(cleared[name].value).toBe('');
      expect(cleared[name].attributes).toMatchObject({
        'max-age': '0',
        path: '/api/v1/oauth/google',
        httponly: true,
        samesite: 'Lax',
      });
      expect(cleared[name].attributes).not.toHaveProperty('secure');
    }
  });

  it('removes the OAuth cookies with Secure and SameSite=None in production, and redirects to APP_URL', async () => {
    const { res } = await googleSignIn(
      { sub: uniqueSubject('g'), email: uniqueEmail('google') },
      { ENVIRONMENT: 'production', APP_URL: 'https://ushicho.example' },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toMatch(
      /^https:\/\/ushicho\.example\/auth\/callback\?token=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    const cleared = parseSetCookies(res.headers);
    for (const name of COOKIE_NAMES) {
      expect(cleared[name].attributes).toMatchObject({
        'max-age': '0',
        path: '/api/v1/oauth/google',
        secure: true,
        samesite: 'None',
      });
    }
  });

  it('signs a returning Google user into the same account and refreshes the avatar', async () => {
    const sub = uniqueSubject('g');
    const email = uniqueEmail('google');
    const first = await googleSignIn({ sub, email, picture: 'https://lh3.googleusercontent.com/old' });
    const second = await googleSignIn({
      sub,
      email,
      name: '別の名前',
      picture: 'https://lh3.googleusercontent.com/new',
    });
    expect(second.res.status).toBe(302);
    const firstMe = await api('/users/me', { token: tokenFrom(first.res) });
    const secondMe = await api('/users/me', { token: tokenFrom(second.res) });
    expect(secondMe.json.data.id).toBe(firstMe.json.data.id);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE google_id = ?')
      .bind(sub)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
    const user = await userBy('google_id', sub);
    expect(user.avatar_url).toBe('https://lh3.googleusercontent.com/new');
    expect(user.user_name).toBe(firstMe.json.data.userName);
  });

  it('links a verified Google email to the existing email account, which keeps its password', async () => {
    const account = await signUp({ name: '既存 牧場' });
    const sub = uniqueSubject('g');
    const { res } = await googleSignIn({ sub, email: account.email, name: 'Google Name' });
    expect(res.status).toBe(302);
    const me = await api('/users/me', { token: tokenFrom(res) });
    expect(me.json.data.id).toBe(account.userId);
    const user = await userBy('email', account.email);
    expect(user).toMatchObject({ google_id: sub, oauth_provider: 'email', user_name: '既存 牧場', is_verified: 1 });
    const login = await api('/auth/login', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(200);
  });

  it('links a provisional (unverified) email registration and makes it a verified Google account', async () => {
    const email = uniqueEmail('provisional');
    await api('/auth/register', { method: 'POST', body: { email } });
    const sub = uniqueSubject('g');
    const { res } = await googleSignIn({ sub, email, name: '仮 太郎' });
    expect(res.status).toBe(302);
    const user = await userBy('email', email);
    expect(user).toMatchObject({
      google_id: sub,
      is_verified: 1,
      oauth_provider: 'google',
      password_hash: OAUTH_PASSWORD_MARKER,
      verification_token_hash: null,
      user_name: '仮 太郎',
    });
  });

  it('does not take over an account already linked to another Google account', async () => {
    const email = uniqueEmail('taken');
    await googleSignIn({ sub: uniqueSubject('g'), email });
    const { res } = await googleSignIn({ sub: uniqueSubject('g'), email });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`${APP}/login?error=oauth_failed&details=email_in_use`);
  });

  it.each([false, 'false', undefined])(
    'refuses an unverified Google email (email_verified %s) with 400',
    async (verified) => {
      const email = uniqueEmail('unverified');
      const flow = await start('google');
      const sub = uniqueSubject('g');
      const spy = await mockGoogle(flow, { sub, email, email_verified: verified as boolean });
      if (verified === undefined) {
        spy.mockRestore();
        mockProviders({
          [GOOGLE_TOKEN_URL]: Response.json({
            access_token: 'at',
            id_token: await googleIdToken({ sub, nonce: flow.nonce }),
          }),
          [GOOGLE_USERINFO_URL]: Response.json({ sub, email }),
        });
      }
      const res = await callback('google', { code: 'c', state: flow.state }, flow.cookieHeader);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'OAUTH_EMAIL_NOT_VERIFIED', message: 'Google email not verified' });
      expect(await userBy('email', email)).toBeNull();
      expect(parseSetCookies(res.headers).ushicho_google_state.attributes['max-age']).toBe('0');
    },
  );

  it('refuses a state that does not match the cookie, before calling Google', async () => {
    const flow = await start('google');
    const fetchSpy = mockProviders({});
    const res = await callback('google', { code: 'c', state: `${flow.state}x` }, flow.cookieHeader);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'OAUTH_INVALID_STATE', message: 'Invalid OAuth state' });
    expect(fetchSpy).not.toHaveBeenCalled();
    const cleared = parseSetCookies(res.headers);
    for (const name of COOKIE_NAMES) expect(cleared[name].attributes['max-age']).toBe('0');
  });

  it('refuses a callback whose cookies are gone (expired after 600 s or another browser)', async () => {
    const flow = await start('google');
    const res = await callback('google', { code: 'c', state: flow.state }, undefined);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Invalid OAuth state');
  });

  it('refuses a replayed callback: the cookies work once', async () => {
    const { flow } = await googleSignIn({ sub: uniqueSubject('g'), email: uniqueEmail('google') });
    // The browser has dropped the cleared cookies; a replay arrives without them.
    const res = await callback('google', { code: 'google-code', state: flow.state }, undefined);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Invalid OAuth state');
  });

  it.each([[{ state: 'some-state' }], [{ code: 'some-code' }], [{}]])(
    'answers 400 Missing required OAuth parameters for %j',
    async (query) => {
      const flow = await start('google');
      const res = await callback('google', query, flow.cookieHeader);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({
        code: 'OAUTH_MISSING_PARAMETERS',
        message: 'Missing required OAuth parameters',
      });
    },
  );

  it('sends a user who cancelled at Google back to the login page', async () => {
    const flow = await start('google');
    const fetchSpy = mockProviders({});
    const res = await callback('google', { error: 'access_denied', state: flow.state }, flow.cookieHeader);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`${APP}/login?error=oauth_failed&details=access_denied`);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(parseSetCookies(res.headers).ushicho_google_nonce.attributes['max-age']).toBe('0');
  });

  it.each([
    ['an error status', () => Response.json({ error: 'invalid_grant' }, { status: 400 })],
    ['no access token', () => Response.json({ token_type: 'Bearer' })],
    ['a body that is not JSON', () => new Response('<html>oops</html>', { status: 200 })],
  ])('answers 500 No valid access token received when the token endpoint gives %s', async (_label, reply) => {
    const flow = await start('google');
    const fetchSpy = mockProviders({ [GOOGLE_TOKEN_URL]: reply });
    const res = await callback('google', { code: 'c', state: flow.state }, flow.cookieHeader);
    expect(res.status).toBe(500);
    expect(res.json.error).toMatchObject({ code: 'OAUTH_NO_ACCESS_TOKEN', message: 'No valid access token received' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('answers 500 Failed to fetch user information from Google when userinfo refuses', async () => {
    const flow = await start('google');
    const sub = uniqueSubject('g');
    mockProviders({
      [GOOGLE_TOKEN_URL]: Response.json({
        access_token: 'at',
        id_token: await googleIdToken({ sub, nonce: flow.nonce }),
      }),
      [GOOGLE_USERINFO_URL]: Response.json({ error: 'invalid_token' }, { status: 401 }),
    });
    const res = await callback('google', { code: 'c', state: flow.state }, flow.cookieHeader);
    expect(res.status).toBe(500);
    expect(res.json.error).toMatchObject({
      code: 'OAUTH_USERINFO_FAILED',
      message: 'Failed to fetch user information from Google',
    });
  });

  it.each([GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL])(
    'answers 500 Network error while fetching user info when %s is unreachable',
    async (down) => {
      const flow = await start('google');
      const sub = uniqueSubject('g');
      mockProviders({
        [GOOGLE_TOKEN_URL]: Response.json({
          access_token: 'at',
          id_token: await googleIdToken({ sub, nonce: flow.nonce }),
        }),
        [GOOGLE_USERINFO_URL]: Response.json({ sub, email: uniqueEmail('g'), email_verified: true }),
        [down]: new TypeError('fetch failed: connection reset'),
      });
      const res = await callback('google', { code: 'c', state: flow.state }, flow.cookieHeader);
      expect(res.status).toBe(500);
      expect(res.json.error).toMatchObject({
        code: 'OAUTH_NETWORK_ERROR',
        message: 'Network error while fetching user info',
      });
    },
  );

  it.each([
    ['another nonce', { nonce: 'someone-elses-nonce' }],
    ['another audience', { aud: 'other-client.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['another subject than userinfo', { sub: 'someone-else' }],
  ])('sends the user back to login when the ID token has %s', async (_label, claims) => {
    const flow = await start('google');
    const sub = uniqueSubject('g');
    mockProviders({
      [GOOGLE_TOKEN_URL]: Response.json({
        access_token: 'at',
        id_token: await googleIdToken({ sub, nonce: flow.nonce, ...claims }),
      }),
      [GOOGLE_USERINFO_URL]: Response.json({ sub, email: uniqueEmail('g'), email_verified: true }),
    });
    const res = await callback('google', { code: 'c', state: flow.state }, flow.cookieHeader);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`${APP}/login?error=oauth_failed&details=invalid_id_token`);
    expect(await userBy('google_id', sub)).toBeNull();
  });

  it('makes a Google-only account answer the password login like a wrong password (no enumeration)', async () => {
    const email = uniqueEmail('google-only');
    await googleSignIn({ sub: uniqueSubject('g'), email });
    const res = await api('/auth/login', { method: 'POST', body: { email, password: 'any-password-1' } });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('メールアドレスまたはパスワードが正しくありません');
  });
});

describe('LINE sign-in', () => {
  async function lineSignIn(claims: Record<string, unknown>, overrides: Partial<Env> = {}) {
    const flow = await start('line', overrides);
    const fetchSpy = mockProviders({
      [LINE_TOKEN_URL]: Response.json({
        access_token: 'line-access-token',
        id_token: await lineIdToken({ nonce: flow.nonce, ...claims }),
        token_type: 'Bearer',
        expires_in: 2592000,
      }),
    });
    const res = await callback('line', { code: 'line-code', state: flow.state }, flow.cookieHeader, overrides);
    const calls = [...fetchSpy.mock.calls] as [string, RequestInit][];
    fetchSpy.mockRestore();
    return { res, flow, calls };
  }

  it('redirects to LINE Login v2.1 with openid profile, state, nonce and PKCE', async () => {
    const flow = await start('line');
    expect(`${flow.location.origin}${flow.location.pathname}`).toBe('https://access.line.me/oauth2/v2.1/authorize');
    expect(Object.fromEntries(flow.location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: LINE.LINE_CHANNEL_ID,
      redirect_uri: `${APP}/api/v1/oauth/line/callback`,
      scope: 'openid profile',
      state: flow.cookies.ushicho_line_state.value,
      nonce: flow.cookies.ushicho_line_nonce.value,
      code_challenge: await s256(flow.verifier),
      code_challenge_method: 'S256',
    });
    for (const name of LINE_COOKIE_NAMES) {
      expect(flow.cookies[name].attributes).toEqual({
        'max-age': '600',
        path: '/api/v1/oauth/line',
        httponly: true,
        samesite: 'Lax',
      });
    }
  });

  it('asks for the email when the channel allows it', async () => {
    const flow = await start('line', { LINE_REQUEST_EMAIL: 'true' });
    expect(flow.location.searchParams.get('scope')).toBe('openid profile email');
  });

  it('sets Secure, SameSite=None cookies in production', async () => {
    const { cookies } = await start('line', { ENVIRONMENT: 'production' });
    for (const name of LINE_COOKIE_NAMES) {
      expect(cookies[name].attributes).toMatchObject({
        'max-age': '600',
        httponly: true,
        secure: true,
        samesite: 'None',
      });
    }
  });

  it('says so clearly when LINE is not configured', async () => {
    const res = await api('/oauth/line', { env: { LINE_CHANNEL_ID: '', LINE_CHANNEL_SECRET: '' } });
    expect(res.status).toBe(503);
    expect(res.json.error.message).toBe('LINE sign-in is not configured');
  });

  it('creates a verified LINE user from a valid ID token and signs them in', async () => {
    const sub = `U${crypto.randomUUID().replaceAll('-', '')}`;
    const email = uniqueEmail('line');
    const { res, flow, calls } = await lineSignIn({
      sub,
      name: '十勝 次郎',
      picture: 'https://profile.line-scdn.net/abc',
      email,
    });
    expect(res.status).toBe(302);
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0];
    expect(url).toBe(LINE_TOKEN_URL);
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      grant_type: 'authorization_code',
      code: 'line-code',
      code_verifier: flow.verifier,
      client_id: LINE.LINE_CHANNEL_ID,
      client_secret: LINE.LINE_CHANNEL_SECRET,
      redirect_uri: `${APP}/api/v1/oauth/line/callback`,
    });
    const user = await userBy('line_id', sub);
    expect(user).toMatchObject({
      email,
      user_name: '十勝 次郎',
      is_verified: 1,
      oauth_provider: 'line',
      avatar_url: 'https://profile.line-scdn.net/abc',
      password_hash: OAUTH_PASSWORD_MARKER,
      google_id: null,
    });
    const me = await api('/users/me', { token: tokenFrom(res) });
    expect(me.json.data.id).toBe(user.id);
    const cleared = parseSetCookies(res.headers);
    for (const name of LINE_COOKIE_NAMES)
      expect(cleared[name].attributes).toMatchObject({ 'max-age': '0', path: '/api/v1/oauth/line' });

    const login = await api('/auth/login', { method: 'POST', body: { email, password: 'any-password-1' } });
    expect(login.status).toBe(401);
    expect(login.json.error.message).toBe('メールアドレスまたはパスワードが正しくありません');
  });

  it('gives a LINE user without a shared email a never-deliverable placeholder address', async () => {
    const sub = `U${crypto.randomUUID().replaceAll('-', '')}`;
    const { res } = await lineSignIn({ sub, name: 'メールなし' });
    expect(res.status).toBe(302);
    const user = await userBy('line_id', sub);
    expect(user.email).toBe(`${sub.toLowerCase()}@line.invalid`);
  });

  it('signs a returning LINE user into the same account', async () => {
    const sub = `U${crypto.randomUUID().replaceAll('-', '')}`;
    const first = await lineSignIn({ sub });
    const second = await lineSignIn({ sub });
    const [a, b] = await Promise.all([first, second].map(({ res }) => api('/users/me', { token: tokenFrom(res) })));
    expect(b.json.data.id).toBe(a.json.data.id);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE line_id = ?')
      .bind(sub)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it('never links by a LINE email: an existing account with it stays untouched', async () => {
    const account = await signUp();
    const sub = `U${crypto.randomUUID().replaceAll('-', '')}`;
    const { res } = await lineSignIn({ sub, email: account.email });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`${APP}/login?error=oauth_failed&details=email_in_use`);
    const user = await userBy('email', account.email);
    expect(user.line_id).toBeNull();
    expect(await userBy('line_id', sub)).toBeNull();
  });

  it.each([
    ['signed with another secret', {}, 'not-the-channel-secret-0123456789abcdef'],
    ['expired', { exp: Math.floor(Date.now() / 1000) - 60 }, undefined],
    ['for another channel', { aud: '1999999999' }, undefined],
    ['from another issuer', { iss: 'https://evil.example' }, undefined],
    ['with another nonce', { nonce: 'replayed-nonce' }, undefined],
  ])('sends the user back to login when the ID token is %s', async (_label, claims, secret) => {
    const flow = await start('line');
    const sub = `U${crypto.randomUUID().replaceAll('-', '')}`;
    mockProviders({
      [LINE_TOKEN_URL]: Response.json({
        access_token: 'at',
        id_token: await lineIdToken({ sub, nonce: flow.nonce, ...claims }, secret),
      }),
    });
    const res = await callback('line', { code: 'c', state: flow.state }, flow.cookieHeader);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`${APP}/login?error=oauth_failed&details=invalid_id_token`);
    expect(await userBy('line_id', sub)).toBeNull();
  });

  it('rejects an ID token whose payload was edited after signing', async () => {
    const flow = await start('line');
    const good = await lineIdToken({ sub: 'Uoriginal', nonce: flow.nonce });
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/')));
    const forged = btoa(JSON.stringify({ ...claims, sub: 'Uvictim' }))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    mockProviders({
      [LINE_TOKEN_URL]: Response.json({ access_token: 'at', id_token: `${header}.${forged}.${signature}` }),
    });
    const res = await callback('line', { code: 'c', state: flow.state }, flow.cookieHeader);
    expect(res.headers.get('Location')).toBe(`${APP}/login?error=oauth_failed&details=invalid_id_token`);
  });

  it('sends the user back to login when LINE returns no ID token', async () => {
    const flow = await start('line');
    mockProviders({ [LINE_TOKEN_URL]: Response.json({ access_token: 'at' }) });
    const res = await callback('line', { code: 'c', state: flow.state }, flow.cookieHeader);
    expect(res.headers.get('Location')).toBe(`${APP}/login?error=oauth_failed&details=invalid_id_token`);
  });

  it('answers 500 No valid access token received when the LINE token endpoint refuses', async () => {
    const flow = await start('line');
    mockProviders({ [LINE_TOKEN_URL]: Response.json({ error: 'invalid_grant' }, { status: 400 }) });
    const res = await callback('line', { code: 'c', state: flow.state }, flow.cookieHeader);
    expect(res.status).toBe(500);
    expect(res.json.error.message).toBe('No valid access token received');
  });

  it('answers 500 Network error while fetching user info when LINE is unreachable', async () => {
    const flow = await start('line');
    mockProviders({ [LINE_TOKEN_URL]: new TypeError('fetch failed') });
    const res = await callback('line', { code: 'c', state: flow.state }, flow.cookieHeader);
    expect(res.status).toBe(500);
    expect(res.json.error.message).toBe('Network error while fetching user info');
  });

  it('refuses a LINE callback carrying a Google flow’s cookies and state', async () => {
    const google = await start('google');
    const fetchSpy = mockProviders({});
    const res = await callback('line', { code: 'c', state: google.state }, google.cookieHeader);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Invalid OAuth state');
  });

  it('answers 400 for missing parameters and a wrong state', async () => {
    const flow = await start('line');
    const missing = await callback('line', { state: flow.state }, flow.cookieHeader);
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toBe('Missing required OAuth parameters');
    const wrong = await callback('line', { code: 'c', state: 'wrong' }, flow.cookieHeader);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe('Invalid OAuth state');
  });
});

describe('OpenAPI', () => {
  it('documents the OAuth routes', async () => {
    const res = await api('/openapi.json');
    for (const path of [
      '/api/v1/oauth/google',
      '/api/v1/oauth/google/callback',
      '/api/v1/oauth/line',
      '/api/v1/oauth/line/callback',
    ]) {
      expect(res.json.paths[path]?.get, path).toBeDefined();
    }
  });
});
