import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, signUp, uniqueEmail } from '../test/api';

/** The reset token of the newest password_reset mail to `email`, or null when none was kept. */
async function latestResetToken(email: string): Promise<string | null> {
  const outbox = await api(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = outbox.json.data.find((m: { subject: string }) => m.subject === '【牛帳】パスワードの再設定');
  const match = /reset-password\?token=([\w%-]+)/.exec(mail?.text ?? '');
  return match ? decodeURIComponent(match[1]) : null;
}

const login = (email: string, password: string) => api('/auth/login', { method: 'POST', body: { email, password } });

describe('password reset by mail', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const user = await signUp();
    const known = await api('/auth/password-reset', { method: 'POST', body: { email: user.email } });
    const unknown = await api('/auth/password-reset', { method: 'POST', body: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(await latestResetToken(user.email)).not.toBeNull();
    const logged = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_logs WHERE type = 'password_reset' AND email = ?",
    )
      .bind(user.email)
      .first<{ n: number }>();
    expect(logged?.n).toBe(1);
  });

  it('sets a new password once, ends every session, and refuses the link again', async () => {
    const user = await signUp();
    await api('/auth/password-reset', { method: 'POST', body: { email: user.email } });
    const token = await latestResetToken(user.email);
    const done = await api('/auth/password-reset/confirm', {
      method: 'POST',
      body: { token, password: 'new-barn-password-2' },
    });
    expect(done.status).toBe(200);
    expect((await api('/users/me', { token: user.token })).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'new-barn-password-2')).status).toBe(200);
    const again = await api('/auth/password-reset/confirm', {
      method: 'POST',
      body: { token, password: 'another-password-3' },
    });
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ field: 'token', message: 'パスワード再設定リンクが無効か期限切れです' });
  });

  it('refuses an expired link, an unknown one and a short password', async () => {
    const user = await signUp();
    await api('/auth/password-reset', { method: 'POST', body: { email: user.email } });
    const token = await latestResetToken(user.email);
    const short = await api('/auth/password-reset/confirm', { method: 'POST', body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.json.error.field).toBe('password');
    await env.DB.prepare("UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z'").run();
    const expired = await api('/auth/password-reset/confirm', {
      method: 'POST',
      body: { token, password: 'long-enough-password' },
    });
    expect(expired.status).toBe(400);
    const unknown = await api('/auth/password-reset/confirm', {
      method: 'POST',
      body: { token: 'not-a-real-token', password: 'long-enough-password' },
    });
    expect(unknown.json.error.message).toBe('パスワード再設定リンクが無効か期限切れです');
  });

  it('mails at most 3 links an hour to one address, with the same answer', async () => {
    const user = await signUp();
    for (let i = 0; i < 5; i++) {
      const res = await api('/auth/password-reset', { method: 'POST', body: { email: user.email } });
      expect(res.status).toBe(200);
    }
    const outbox = await api(`/dev/outbox?to=${encodeURIComponent(user.email)}`);
    const resets = outbox.json.data.filter((m: { subject: string }) => m.subject === '【牛帳】パスワードの再設定');
    expect(resets).toHaveLength(3);
  });
});

describe('changing the password and signing out everywhere', () => {
  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const user = await signUp();
    const other = (await login(user.email, user.password)).json.token;
    const wrong = await api('/users/me/password', {
      method: 'PUT',
      token: user.token,
      body: { currentPassword: 'not-my-password', newPassword: 'brand-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ field: 'currentPassword', message: '現在のパスワードが正しくありません' });
    const changed = await api('/users/me/password', {
      method: 'PUT',
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'brand-new-password' },
    });
    expect(changed.status).toBe(200);
    expect((await api('/users/me', { token: user.token })).status).toBe(200);
    expect((await api('/users/me', { token: other })).status).toBe(401);
    expect((await login(user.email, 'brand-new-password')).status).toBe(200);
    expect((await api('/users/me/password', { method: 'PUT', body: {} })).status).toBe(401);
  });

  it('tells the settings page whether the account has a password', async () => {
    const user = await signUp();
    expect((await api('/users/me', { token: user.token })).json.data.hasPassword).toBe(true);
  });

  it('signs out every session of the caller', async () => {
    const user = await signUp();
    const other = (await login(user.email, user.password)).json.token;
    expect((await api('/auth/logout-all', { method: 'POST', token: user.token })).status).toBe(200);
    expect((await api('/users/me', { token: user.token })).status).toBe(401);
    expect((await api('/users/me', { token: other })).status).toBe(401);
    expect((await api('/auth/logout-all', { method: 'POST' })).status).toBe(401);
  });
});

describe('sessions that last in the barn', () => {
  /** Moves the session's sign-in back by `days`, as if it had been signed in that long ago. */
  const age = (sessionToken: string, days: number) => {
    const sid = JSON.parse(atob(sessionToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sid;
    return env.DB.prepare('UPDATE sessions SET created_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - days * 86_400_000).toISOString(), sid)
      .run();
  };

  it('lasts 30 days, and a request in its last half gets a renewed token for the same session', async () => {
    const user = await signUp();
    const payload = JSON.parse(atob(user.token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expect(payload.exp - payload.iat).toBe(30 * 86_400);
    // Fresh: no renewal.
    expect((await api('/users/me', { token: user.token })).headers.get('X-Refreshed-Token')).toBeNull();
    // A token with 10 days left (signed for an older session) is renewed.
    const { signToken } = await import('../auth/tokens');
    const { testEnv } = await import('../test/api');
    const sid = payload.sid;
    const old = await signToken(testEnv, user.userId, sid, Math.floor(Date.now() / 1000) + 10 * 86_400);
    await age(user.token, 20);
    const res = await api('/cattle', { token: old });
    expect(res.status).toBe(200);
    const fresh = res.headers.get('X-Refreshed-Token');
    expect(fresh).toBeTruthy();
    const renewed = JSON.parse(atob(String(fresh).split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expect(renewed.sid).toBe(sid);
    expect(renewed.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(29 * 86_400);
    expect((await api('/users/me', { token: String(fresh) })).status).toBe(200);
    // Signing out ends it at once, renewed or not.
    await api('/auth/logout', { method: 'POST', token: String(fresh) });
    expect((await api('/users/me', { token: old })).status).toBe(401);
  });

  it('is never renewed beyond 90 days after sign-in', async () => {
    const user = await signUp();
    const payload = JSON.parse(atob(user.token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    const { signToken } = await import('../auth/tokens');
    const { testEnv } = await import('../test/api');
    const old = await signToken(testEnv, user.userId, payload.sid, Math.floor(Date.now() / 1000) + 5 * 86_400);
    await age(user.token, 85);
    const res = await api('/users/me', { token: old });
    expect(res.status).toBe(200);
    // 85 days after sign-in only 5 days remain to the 90-day limit, which the old token already reaches.
    expect(res.headers.get('X-Refreshed-Token')).toBeNull();
  });
});
