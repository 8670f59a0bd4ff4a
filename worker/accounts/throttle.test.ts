import { env } from 'cloudflare:test';
import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITEVERIFY_ENDPOINT } from '../lib/turnstile';
import { api, latestVerificationToken, signUp, uniqueEmail } from '../test/api';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords';

/**
 * §3 hardening of accounts: no enumeration (one answer, one bcrypt compare), throttling without lockout (per email
 * and IP, per IP, per email → Turnstile; sliding windows; per-IP only where the IP is known), mail limits, common
 * passwords, and CORS by environment.
 */
afterEach(() => vi.restoreAllMocks());

const PRODUCTION = { ENVIRONMENT: 'production', TURNSTILE_SECRET_KEY: 'test-turnstile-secret' } as const;
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
const WRONG = 'wrong-password-1';
const login = (body: Record<string, unknown>, ip?: string, production = true) =>
  api('/auth/login', {
    method: 'POST',
    body,
    headers: ip ? { 'CF-Connecting-IP': ip } : {},
    env: production ? PRODUCTION : {},
  });
const seedHits = async (key: string, n: number, ageMs = 0) => {
  const at = Date.now() - ageMs;
  for (let i = 0; i < n; i++)
    await env.DB.prepare('INSERT INTO rate_limit_hits (key, created_at) VALUES (?, ?)')
      .bind(key, at - i)
      .run();
};
const WRONG_CREDENTIALS = 'メールアドレスまたはパスワードが正しくありません';

describe('login: the same answer after the same bcrypt work', () => {
  it('unknown email, wrong password, unfinished registration and Google-only: one cost-10 compare, one 401', async () => {
    const { email } = await signUp();
    const provisional = uniqueEmail();
    await api('/auth/register', { method: 'POST', body: { email: provisional } });
    const google = uniqueEmail();
    await env.DB.prepare(
      "INSERT INTO users (email, is_verified, oauth_provider, google_id, password_hash) VALUES (?, 1, 'google', ?, '!oauth-only')",
    )
      .bind(google, `g-${google}`)
      .run();
    const compare = vi.spyOn(bcrypt, 'compare');
    const hash = vi.spyOn(bcrypt, 'hash');
    for (const address of [uniqueEmail('nobody'), email, provisional, google]) {
      compare.mockClear();
      const res = await login({ email: address, password: WRONG }, undefined, false);
      expect(res.status).toBe(401);
      expect(res.json.error).toMatchObject({ code: 'UNAUTHORIZED', message: WRONG_CREDENTIALS });
      expect(compare).toHaveBeenCalledTimes(1);
      expect(String(compare.mock.calls[0][1])).toMatch(/^\$2[ab]\$10\$/);
    }
    expect(hash).not.toHaveBeenCalled();
  });
});

describe('throttling without lockout (production, CF-Connecting-IP known)', () => {
  it('5 failures for one email from one IP: 429 for that pair only; the owner elsewhere still signs in', async () => {
    const { email, password } = await signUp();
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) expect((await login({ email, password: WRONG }, attacker)).status).toBe(401);
    const blocked = await login({ email, password }, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.message).toBe('ログイン試行回数が多すぎます。しばらくしてから再度お試しください');
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    const owner = await login({ email, password }, freshIp());
    expect(owner.status).toBe(200);
    // The attacker's IP may still try other emails (its own pair is what is throttled).
    expect((await login({ email: uniqueEmail(), password: WRONG }, attacker)).status).toBe(401);
  });

  it('a correct password after fewer than 5 failures signs in and clears that pair', async () => {
    const { email, password } = await signUp();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await login({ email, password: WRONG }, ip)).status).toBe(401);
    expect((await login({ email, password }, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ email, password: WRONG }, ip)).status).toBe(401);
    expect((await login({ email, password }, ip)).status).toBe(200);
  });

  it('windows slide: failures older than 15 minutes no longer count', async () => {
    const { email, password } = await signUp();
    const ip = freshIp();
    await seedHits(`login:pair:${ip}:${email}`, 5, 16 * 60_000);
    expect((await login({ email, password }, ip)).status).toBe(200);
    await seedHits(`login:pair:${ip}:${email}`, 5, 14 * 60_000);
    expect((await login({ email, password }, ip)).status).toBe(429);
  });

  it('a failure deletes the hits that have left its windows, so the table stays small', async () => {
    const email = uniqueEmail('gone');
    const ip = freshIp();
    await seedHits(`login:email:${email}`, 3, 20 * 60_000);
    await seedHits(`login:pair:${ip}:${email}`, 3, 20 * 60_000);
    expect((await login({ email, password: WRONG }, ip)).status).toBe(401);
    const rows = await env.DB.prepare('SELECT key, count(*) AS n FROM rate_limit_hits WHERE key IN (?, ?) GROUP BY key')
      .bind(`login:email:${email}`, `login:pair:${ip}:${email}`)
      .all<{ n: number }>();
    expect(rows.results.map((r) => r.n)).toEqual([1, 1]);
  });

  it('100 failures from one IP across emails: 429 for that IP, whatever the email', async () => {
    const { email, password } = await signUp();
    const ip = freshIp();
    await seedHits(`login:ip:${ip}`, 99);
    expect((await login({ email: uniqueEmail(), password: WRONG }, ip)).status).toBe(401);
    const res = await login({ email, password }, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await login({ email, password }, freshIp())).status).toBe(200);
  });

  it('50 failures for one email from all IPs: a valid Turnstile token is required, else 429', async () => {
    const { email, password } = await signUp();
    await seedHits(`login:email:${email}`, 50);
    const ip = freshIp();
    const without = await login({ email, password }, ip);
    expect(without.status).toBe(429);
    expect(without.json.error).toMatchObject({ code: 'TURNSTILE_REQUIRED', field: 'turnstileToken' });
    const verify = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input instanceof Request ? input.url : input) !== SITEVERIFY_ENDPOINT) throw new Error('unexpected');
      return Response.json({ success: false, 'error-codes': ['invalid-input-response'] });
    });
    const rejected = await login({ email, password, turnstileToken: 'bad' }, ip);
    expect(rejected.status).toBe(429);
    expect(rejected.json.error.code).toBe('TURNSTILE_REQUIRED');
    verify.mockImplementation(async () => Response.json({ success: true, 'error-codes': [] }));
    const ok = await login({ email, password, turnstileToken: 'good' }, ip);
    expect(ok.status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('in development (every client 127.0.0.1) per-IP limits are off: 10 failures do not lock the owner out', async () => {
    const { email, password } = await signUp();
    for (let i = 0; i < 10; i++) expect((await login({ email, password: WRONG }, undefined, false)).status).toBe(401);
    expect((await login({ email, password }, undefined, false)).status).toBe(200);
  });

  it('in production without CF-Connecting-IP the per-email limit still applies', async () => {
    const { email, password } = await signUp();
    await seedHits(`login:email:${email}`, 50);
    expect((await login({ email, password })).json.error.code).toBe('TURNSTILE_REQUIRED');
  });
});

describe('registration and reset mails: 3 an hour per address, 20 per IP; the answer stays the same', () => {
  it('a fourth registration of one address in an hour answers the same and sends nothing', async () => {
    const email = uniqueEmail();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await api('/auth/register', { method: 'POST', body: { email } }));
    for (const a of answers) expect(a.json).toEqual(answers[0].json);
    const outbox = await api(`/dev/outbox?to=${email}`);
    expect(outbox.json.data).toHaveLength(3);
  });

  it('registration from an IP that had its 20 mails: same answer, no user, no mail', async () => {
    const ip = freshIp();
    await seedHits(`mail:register:ip:${ip}`, 20);
    const email = uniqueEmail();
    const res = await api('/auth/register', {
      method: 'POST',
      body: { email },
      headers: { 'CF-Connecting-IP': ip },
      env: PRODUCTION,
    });
    expect(res.status).toBe(200);
    expect(res.json.isExistingUser).toBe(false);
    expect(await env.DB.prepare('SELECT 1 FROM users WHERE email = ?').bind(email).first()).toBeNull();
    expect(await env.DB.prepare('SELECT 1 FROM email_logs WHERE email = ?').bind(email).first()).toBeNull();
  });

  it('password reset from an IP that had its 20 mails: same answer, no reset written', async () => {
    const { email, userId } = await signUp();
    const ip = freshIp();
    await seedHits(`mail:reset:ip:${ip}`, 20);
    const res = await api('/auth/password-reset', {
      method: 'POST',
      body: { email },
      headers: { 'CF-Connecting-IP': ip },
      env: PRODUCTION,
    });
    expect(res.status).toBe(200);
    const resets = await env.DB.prepare('SELECT count(*) AS n FROM password_resets WHERE user_id = ?')
      .bind(userId)
      .first<{ n: number }>();
    expect(resets?.n).toBe(0);
  });
});

describe('common passwords are refused', () => {
  it.each(['12345678', 'password', 'PASSWORD', 'iloveyou', 'qwertyuiop'])(
    '%s on completing a registration',
    async (password) => {
      const email = uniqueEmail();
      await api('/auth/register', { method: 'POST', body: { email } });
      const token = await latestVerificationToken(email);
      const res = await api('/auth/complete', { method: 'POST', body: { token, name: '牧場 太郎', password } });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ field: 'password', message: COMMON_PASSWORD_MESSAGE });
      const user = await env.DB.prepare('SELECT password_hash FROM users WHERE email = ?').bind(email).first();
      expect(user?.password_hash).toBeNull();
    },
  );

  it('a password of spaces only is refused; an uncommon one is accepted', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { method: 'POST', body: { email } });
    const token = await latestVerificationToken(email);
    const spaces = await api('/auth/complete', {
      method: 'POST',
      body: { token, name: '牧場', password: '          ' },
    });
    expect(spaces.status).toBe(400);
    const ok = await api('/auth/complete', {
      method: 'POST',
      body: { token, name: '牧場', password: 'kuroge-wagyu-2026' },
    });
    expect(ok.status).toBe(200);
  });

  it('on a password change and a reset', async () => {
    const user = await signUp();
    const change = await api('/users/me/password', {
      method: 'PUT',
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'password1' },
    });
    expect(change.status).toBe(400);
    expect(change.json.error).toMatchObject({ field: 'newPassword', message: COMMON_PASSWORD_MESSAGE });
    await api('/auth/password-reset', { method: 'POST', body: { email: user.email } });
    const outbox = await api(`/dev/outbox?to=${encodeURIComponent(user.email)}`);
    const resetToken = /token=([\w%-]+)/.exec(outbox.json.data[0].text)?.[1] ?? '';
    const reset = await api('/auth/password-reset/confirm', {
      method: 'POST',
      body: { token: decodeURIComponent(resetToken), password: '1234567890' },
    });
    expect(reset.status).toBe(400);
    expect(reset.json.error).toMatchObject({ field: 'password', message: COMMON_PASSWORD_MESSAGE });
  });
});

describe('CORS by environment', () => {
  const preflight = (environment: 'production' | 'development') =>
    api('/auth/login', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
      env: { ENVIRONMENT: environment },
    });
  it('production does not allow the development origin; development does', async () => {
    expect((await preflight('production')).headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect((await preflight('development')).headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:3000');
    const prod = await api('/health', {
      headers: { Origin: 'https://ushicho.example' },
      env: { ENVIRONMENT: 'production' },
    });
    expect(prod.headers.get('Access-Control-Allow-Origin')).toBe('https://ushicho.example');
  });
});
