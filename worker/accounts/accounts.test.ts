import { env } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, latestVerificationToken, signUp, uniqueEmail } from '../test/api';

afterEach(() => vi.restoreAllMocks());

describe('POST /auth/register', () => {
  it('creates a provisional user and keeps the verification mail in the development outbox', async () => {
    const email = uniqueEmail();
    const res = await api('/auth/register', { method: 'POST', body: { email: email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: '仮登録が完了しました。メールを確認してください。',
      isExistingUser: false,
    });
    const outbox = await api(`/dev/outbox?to=${email}`);
    expect(outbox.json.data[0].subject).toBe('【牛帳】メールアドレスの確認');
    expect(outbox.json.data[0].text).toContain('http://127.0.0.1:8787/verify?token=');
    const user = await env.DB.prepare('SELECT * FROM users WHERE email = ?').bind(email).first<any>();
    expect(user.is_verified).toBe(0);
    expect(user.password_hash).toBeNull();
    expect(user.user_name).toBe('仮登録ユーザー');
    const token = await latestVerificationToken(email);
    expect(user.verification_token_hash).not.toContain(token);
    expect(user.verification_token_hash).toMatch(/^[0-9a-f]{64}$/);
    const log = await env.DB.prepare('SELECT * FROM email_logs WHERE email = ?').bind(email).first<any>();
    expect(log.type).toBe('verification');
  });

  it('issues a new token and resends to an unverified email', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { method: 'POST', body: { email } });
    const first = await latestVerificationToken(email);
    const again = await api('/auth/register', { method: 'POST', body: { email } });
    expect(again.status).toBe(200);
    expect(again.json.isExistingUser).toBe(false);
    const second = await latestVerificationToken(email);
    expect(second).not.toBe(first);
    expect((await api('/auth/verify', { method: 'POST', body: { token: first } })).status).toBe(400);
    expect((await api('/auth/verify', { method: 'POST', body: { token: second } })).status).toBe(200);
  });

  it('answers a registered address exactly like a new one, and mails it how to sign in instead of a link', async () => {
    const { email } = await signUp();
    const res = await api('/auth/register', { method: 'POST', body: { email } });
    const fresh = await api('/auth/register', { method: 'POST', body: { email: uniqueEmail() } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(fresh.json);
    expect(res.json).toEqual({
      success: true,
      message: '仮登録が完了しました。メールを確認してください。',
      isExistingUser: false,
    });
    const outbox = await api(`/dev/outbox?to=${email}`);
    expect(outbox.json.data[0].subject).toBe('【牛帳】このメールアドレスは登録済みです');
    expect(outbox.json.data[0].text).not.toContain('verify?token=');
    expect(outbox.json.data[0].text).toContain('/forgot-password');
  });

  it.each([
    [{}, '有効なメールアドレスを入力してください'],
    [{ email: 'not-an-email' }, '有効なメールアドレスを入力してください'],
    [{ email: `${'a'.repeat(250)}@x.jp` }, 'Email address is too long'],
  ])('rejects %j with the message and field', async (body, message) => {
    const res = await api('/auth/register', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', message, field: 'email' });
  });

  it('sends through Resend with an Idempotency-Key when a key is configured', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ id: 're_123' }));
    const email = uniqueEmail();
    const res = await api('/auth/register', {
      method: 'POST',
      body: { email },
      env: { RESEND_API_KEY: 're_test_key' },
    });
    expect(res.status).toBe(200);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://api.resend.com/emails');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer re_test_key');
    expect(headers.get('Idempotency-Key')).toMatch(/^verification-\d+-[0-9a-f]{16}$/);
    const body = JSON.parse(String(init.body));
    expect(body.to).toEqual([email]);
    expect(body.subject).toBe('【牛帳】メールアドレスの確認');
    expect(body.text).toContain('/verify?token=');
    const log = await env.DB.prepare('SELECT * FROM email_logs WHERE email = ?').bind(email).first<any>();
    expect(log).toMatchObject({ type: 'verification', http_status: 200, resend_id: 're_123', error: null });
  });

  it('answers the same 200 when Resend refuses (the mail goes after the answer, §3) and logs the failure', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ statusCode: 422, name: 'validation_error', message: 'invalid from' }, { status: 422 }),
    );
    const email = uniqueEmail();
    const res = await api('/auth/register', {
      method: 'POST',
      body: { email },
      env: { RESEND_API_KEY: 're_test_key' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: '仮登録が完了しました。メールを確認してください。',
      isExistingUser: false,
    });
    const log = await env.DB.prepare('SELECT * FROM email_logs WHERE email = ?').bind(email).first<any>();
    expect(log).toMatchObject({ http_status: 422, error: 'invalid from' });
  });
});

describe('POST /auth/verify and /auth/complete', () => {
  it('verifies a token, completes registration and clears the token', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { method: 'POST', body: { email } });
    const token = await latestVerificationToken(email);
    const verified = await api('/auth/verify', { method: 'POST', body: { token } });
    expect(verified.json).toEqual({ success: true, message: 'トークンは有効です。本登録を完了してください。' });
    const done = await api('/auth/complete', {
      method: 'POST',
      body: { token, name: '山田 花子', password: '牛舎のパスワード123' },
    });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ success: true, message: '本登録が完了しました。ログインしてください。' });
    const user = await env.DB.prepare('SELECT * FROM users WHERE email = ?').bind(email).first<any>();
    expect(user).toMatchObject({ is_verified: 1, verification_token_hash: null, user_name: '山田 花子' });
    expect((await api('/auth/verify', { method: 'POST', body: { token } })).json.error.message).toBe(
      '無効なトークンです。',
    );
  });

  it('rejects an unknown or expired token', async () => {
    const res = await api('/auth/verify', { method: 'POST', body: { token: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('無効なトークンです。');
    const email = uniqueEmail();
    await api('/auth/register', { method: 'POST', body: { email } });
    const token = await latestVerificationToken(email);
    await env.DB.prepare("UPDATE users SET verification_token_expires_at = '2000-01-01T00:00:00.000Z' WHERE email = ?")
      .bind(email)
      .run();
    expect((await api('/auth/verify', { method: 'POST', body: { token } })).status).toBe(400);
  });

  it.each([
    [{ name: '', password: 'password1' }, 'ユーザー名は必須です', 'name'],
    [{ name: 'あ'.repeat(101), password: 'password1' }, 'ユーザー名は100文字以下で入力してください', 'name'],
    [{ name: '太郎', password: 'short' }, 'パスワードは8文字以上で入力してください', 'password'],
    [{ name: '太郎', password: 'p'.repeat(129) }, 'パスワードは128文字以下で入力してください', 'password'],
  ])('rejects completion %j', async (fields, message, field) => {
    const res = await api('/auth/complete', { method: 'POST', body: { token: 'x', ...fields } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ message, field });
  });

  it('rejects a farm name over 50 characters and keeps the token for another try', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { method: 'POST', body: { email } });
    const token = await latestVerificationToken(email);
    const body = { token, name: '田中 一郎', password: '牛舎のパスワード123' };
    const res = await api('/auth/complete', { method: 'POST', body: { ...body, farmName: 'あ'.repeat(51) } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field: 'farmName', message: '牧場名は1〜50文字で入力してください' });
    const retry = await api('/auth/complete', { method: 'POST', body: { ...body, farmName: 'あ'.repeat(50) } });
    expect(retry.status).toBe(200);
  });

  it('accepts a 128-character Japanese password beyond bcrypt’s 72 bytes, and only that one', async () => {
    // 128 characters, 384 bytes in UTF-8, and 5 distinct characters (fewer is refused as too easy, §3).
    const password = `${'うしの牧場'.repeat(25)}うしの`;
    const { email } = await signUp({ password });
    expect((await api('/auth/login', { method: 'POST', body: { email, password } })).status).toBe(200);
    const almost = `${'うしの牧場'.repeat(25)}うしま`;
    expect((await api('/auth/login', { method: 'POST', body: { email, password: almost } })).status).toBe(401);
  });
});

describe('completing registration signs in on the farm it names (§20)', () => {
  async function complete(fields: Record<string, unknown>) {
    const email = uniqueEmail();
    await api('/auth/register', { method: 'POST', body: { email } });
    const token = await latestVerificationToken(email);
    const body = { token, name: '田中 一郎', password: '牛舎のパスワード123', ...fields };
    return { email, body, res: await api('/auth/complete', { method: 'POST', body }) };
  }

  it('answers token, expiresAt and user as /auth/login does, and the token opens the farm it named', async () => {
    const { email, res } = await complete({ farmName: '田中牧場' });
    expect(res.status).toBe(200);
    const user = await env.DB.prepare('SELECT id, theme FROM users WHERE email = ?').bind(email).first<any>();
    expect(res.json).toEqual({
      success: true,
      message: '本登録が完了しました。ログインしてください。',
      token: expect.any(String),
      expiresAt: expect.any(String),
      user: { id: user.id, userName: '田中 一郎', email, theme: user.theme },
    });
    const login = await api('/auth/login', { method: 'POST', body: { email, password: '牛舎のパスワード123' } });
    expect(Object.keys(res.json).filter((k) => k in login.json)).toEqual(Object.keys(login.json));
    // A session row like any sign-in: 30 days, so expiresAt is about 30 days from now.
    const days = (Date.parse(res.json.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const sessions = await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?')
      .bind(user.id)
      .first<any>();
    expect(sessions.n).toBe(2);
    const farms = await api('/farms', { token: res.json.token });
    expect(farms.status).toBe(200);
    expect(farms.json.data).toEqual([{ id: expect.any(Number), name: '田中牧場', farmerCode: null, role: 'owner' }]);
  });

  it.each([
    [{}, '田中 一郎の牧場'],
    [{ farmName: '   ' }, '田中 一郎の牧場'],
    [{ farmName: ' 田中牧場 ' }, '田中牧場'],
    [{ farmName: '西の放牧場（夏）' }, '西の放牧場（夏）'],
  ])('names the farm from %j: %s', async (fields, name) => {
    const { res } = await complete(fields);
    expect(res.status).toBe(200);
    expect((await api('/farms', { token: res.json.token })).json.data.map((f: { name: string }) => f.name)).toEqual([
      name,
    ]);
  });

  it('refuses a used link with the existing error, and creates no second farm', async () => {
    const { body, res } = await complete({ farmName: '田中牧場' });
    const again = await api('/auth/complete', { method: 'POST', body: { ...body, farmName: '別の牧場' } });
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ code: 'INVALID_TOKEN', message: '無効なトークンです。', field: 'token' });
    expect((await api('/farms', { token: res.json.token })).json.data).toHaveLength(1);
  });

  it('gives a token that stops working at logout (401)', async () => {
    const { res } = await complete({});
    await api('/auth/logout', { method: 'POST', token: res.json.token });
    const farms = await api('/farms', { token: res.json.token });
    expect(farms.status).toBe(401);
  });
});

describe('addresses and passwords as typed (§18)', () => {
  it('reads a full-width address as its ASCII form, and keeps a full-width password exactly as typed', async () => {
    const password = 'ＡＢＣｄｅｆ１２３';
    const { email } = await signUp({ password });
    const wide = email.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
    expect((await api('/auth/login', { method: 'POST', body: { email: wide, password } })).status).toBe(200);
    // NFKC is not applied to passwords: the ASCII spelling is another password.
    expect((await api('/auth/login', { method: 'POST', body: { email, password: 'ABCdef123' } })).status).toBe(401);
  });
});

describe('POST /auth/login and /auth/logout', () => {
  it('signs in with a 30-day signed token and a session row', async () => {
    const { email, password } = await signUp();
    const res = await api('/auth/login', { method: 'POST', body: { email, password } });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email, userName: '牧場 太郎', theme: 'light' });
    const [, payload] = res.json.token.split('.');
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/')));
    expect(claims.exp - claims.iat).toBe(30 * 86_400);
    expect(claims).toMatchObject({ userId: res.json.user.id, iss: 'ushicho', aud: 'ushicho-app' });
    const session = await env.DB.prepare('SELECT * FROM sessions WHERE id = ?').bind(claims.sid).first();
    expect(session).not.toBeNull();
  });

  it('rejects a wrong password and an unknown email with the same message', async () => {
    const { email } = await signUp();
    const wrong = await api('/auth/login', { method: 'POST', body: { email, password: 'wrong-password' } });
    const unknown = await api('/auth/login', {
      method: 'POST',
      body: { email: uniqueEmail(), password: 'wrong-password' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json.error.message).toBe('メールアドレスまたはパスワードが正しくありません');
    }
  });

  it('answers an unfinished registration like a wrong password', async () => {
    const email = uniqueEmail();
    await api('/auth/register', { method: 'POST', body: { email } });
    const res = await api('/auth/login', { method: 'POST', body: { email, password: 'whatever-1' } });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('メールアドレスまたはパスワードが正しくありません');
  });

  it('answers a Google-only account like a wrong password, even given its marker', async () => {
    const email = uniqueEmail();
    await env.DB.prepare(
      "INSERT INTO users (email, is_verified, oauth_provider, google_id, password_hash) VALUES (?, 1, 'google', 'g-1', '!oauth-only')",
    )
      .bind(email)
      .run();
    const res = await api('/auth/login', { method: 'POST', body: { email, password: '!oauth-only' } });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('メールアドレスまたはパスワードが正しくありません');
  });

  it.each([
    [{ email: 'bad', password: 'password1' }, '有効なメールアドレスを入力してください', 'email'],
    [{ email: 'a@b.jp', password: 'short' }, 'パスワードは8文字以上で入力してください', 'password'],
  ])('validates %j', async (body, message, field) => {
    const res = await api('/auth/login', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ message, field });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await api('/auth/login', {
      method: 'POST',
      body: '{not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('BAD_REQUEST');
  });

  it('signs out: the token stops working', async () => {
    const { token } = await signUp();
    expect((await api('/users/me', { token })).status).toBe(200);
    const out = await api('/auth/logout', { method: 'POST', token });
    expect(out.status).toBe(200);
    const after = await api('/users/me', { token });
    expect(after.status).toBe(401);
    expect(after.json.error.message).toBe('Session expired or signed out');
  });
});

describe('bearer authentication', () => {
  const secret = new TextEncoder().encode('test-secret-that-is-at-least-32-bytes-long!!');
  const sign = (claims: Record<string, unknown>, exp: number, key = secret) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setIssuer('ushicho')
      .setAudience('ushicho-app')
      .setExpirationTime(exp)
      .sign(key);

  it('401 No token provided', async () => {
    const res = await api('/users/me');
    expect(res.status).toBe(401);
    expect(res.json.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'No token provided' });
  });

  it.each(['Token abc', 'Bearer not-a-jwt'])('401 for a badly formatted header %s', async (header) => {
    const res = await api('/users/me', { headers: { Authorization: header } });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('Invalid token format');
  });

  it('401 Token expired', async () => {
    const token = await sign({ userId: 1, sid: 'x' }, Math.floor(Date.now() / 1000) - 60);
    const res = await api('/users/me', { token });
    expect(res.json.error.message).toBe('Token expired');
  });

  it('401 for a bad signature', async () => {
    const token = await sign(
      { userId: 1, sid: 'x' },
      Math.floor(Date.now() / 1000) + 600,
      new TextEncoder().encode('another-secret-of-at-least-32-bytes!!'),
    );
    const res = await api('/users/me', { token });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('Invalid token');
  });

  it('401 for a token without userId', async () => {
    const token = await sign({ sid: 'x' }, Math.floor(Date.now() / 1000) + 600);
    const res = await api('/users/me', { token });
    expect(res.json.error.message).toBe('Invalid token: missing userId');
  });

  it('401 for an unsigned (alg none) token', async () => {
    const header = btoa(JSON.stringify({ alg: 'none' })).replace(/=+$/, '');
    const payload = btoa(JSON.stringify({ userId: 1, sid: 'x', exp: 9999999999 })).replace(/=+$/, '');
    const res = await api('/users/me', { headers: { Authorization: `Bearer ${header}.${payload}.x` } });
    expect(res.status).toBe(401);
  });

  it('refuses to work in production with a short JWT secret', async () => {
    const res = await api('/auth/login', {
      method: 'POST',
      body: { email: 'a@b.jp', password: 'password1' },
      env: { ENVIRONMENT: 'production', JWT_SECRET: 'short' },
    });
    expect([401, 500]).toContain(res.status);
    const me = await api('/users/me', { token: 'a.b.c', env: { ENVIRONMENT: 'production', JWT_SECRET: 'short' } });
    expect(me.status).toBe(500);
    expect(me.json.error.code).toBe('MISCONFIGURED');
  });
});

describe('users', () => {
  it('GET /users/{id} returns your own record', async () => {
    const { token, userId, email } = await signUp();
    const res = await api(`/users/${userId}`, { token });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.data).toMatchObject({ id: userId, email, isVerified: true, theme: 'light' });
    expect(res.json.data.passwordHash).toBeUndefined();
  });

  it('GET /users/{id} of another user is 403', async () => {
    const me = await signUp();
    const other = await signUp();
    const res = await api(`/users/${other.userId}`, { token: me.token });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe('You can only access your own user information');
  });

  it('GET /users/{id} without a token is 401', async () => {
    expect((await api('/users/1')).status).toBe(401);
  });

  it('a deleted account takes its sessions with it, so its token stops working', async () => {
    const { token, userId } = await signUp();
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(userId).run();
    const res = await api(`/users/${userId}`, { token });
    expect(res.status).toBe(401);
  });

  it('GET /users/{id} with a malformed id is 400', async () => {
    const { token } = await signUp();
    const res = await api('/users/abc', { token });
    expect(res.status).toBe(400);
    expect(res.json.error.field).toBe('id');
  });

  it('PATCH /users/{id}/theme saves the theme', async () => {
    const { token, userId } = await signUp();
    const res = await api(`/users/${userId}/theme`, { method: 'PATCH', token, body: { theme: 'dark' } });
    expect(res.status).toBe(200);
    expect(res.json.data.theme).toBe('dark');
    expect((await api('/users/me', { token })).json.data.theme).toBe('dark');
  });

  it('PATCH /users/{id}/theme rejects an unknown theme', async () => {
    const { token, userId } = await signUp();
    const res = await api(`/users/${userId}/theme`, { method: 'PATCH', token, body: { theme: 'pink' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ message: '無効なテーマです', field: 'theme' });
  });

  it('PATCH /users/{id}/theme of another user is 403', async () => {
    const me = await signUp();
    const other = await signUp();
    const res = await api(`/users/${other.userId}/theme`, {
      method: 'PATCH',
      token: me.token,
      body: { theme: 'dark' },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe('他のユーザーのテーマは変更できません');
  });
});
