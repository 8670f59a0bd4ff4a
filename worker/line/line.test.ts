import { env } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Env } from '../env';
import { api, signUp } from '../test/api';
import { linkCookieNames } from './link';
import { lineSignature } from './signature';

afterEach(() => vi.restoreAllMocks());

const SECRET = 'line-messaging-secret-for-tests';
const MESSAGING: Partial<Env> = { LINE_MESSAGING_CHANNEL_SECRET: SECRET };
const LOGIN: Partial<Env> = {
  LINE_CHANNEL_ID: '2001234567',
  LINE_CHANNEL_SECRET: 'line-login-secret-0123456789abcdef',
};
const LINE_TOKEN_URL = 'https://api.line.me/oauth2/v2.1/token';

let counter = 0;
const lineUserId = () => `U${Date.now().toString(16)}${(++counter).toString().padStart(8, '0')}`;
const eventId = () => `01JEVENT${Date.now()}${++counter}`;

type LineEvent = { type: string; userId?: string; id?: string; timestamp?: number; redelivery?: boolean };
const webhookBody = (events: LineEvent[]) =>
  JSON.stringify({
    destination: 'Ubot',
    events: events.map((e) => ({
      type: e.type,
      mode: 'active',
      timestamp: e.timestamp ?? Date.now(),
      source: e.userId ? { type: 'user', userId: e.userId } : { type: 'group', groupId: 'C1' },
      webhookEventId: e.id ?? eventId(),
      deliveryContext: { isRedelivery: e.redelivery ?? false },
    })),
  });

async function webhook(body: string, signature: string | null, envOverrides: Partial<Env> = MESSAGING) {
  return api('/line/webhook', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'X-Line-Signature': signature }) },
    env: envOverrides,
  });
}
const signed = async (body: string) => webhook(body, await lineSignature(SECRET, body));

const friend = (id: string) =>
  env.DB.prepare('SELECT following, event_at FROM line_friends WHERE line_user_id = ?').bind(id).first<any>();
const counts = async () =>
  env.DB.prepare(
    'SELECT (SELECT count(*) FROM line_friends) AS friends, (SELECT count(*) FROM line_webhook_events) AS events',
  ).first<any>();

describe('the webhook signature (X-Line-Signature over the raw body)', () => {
  it('is HMAC-SHA256 of the body with the channel secret, in base64 (a vector computed with node:crypto)', async () => {
    expect(await lineSignature('line-messaging-secret', '{"destination":"U0","events":[]}')).toBe(
      '4YoEGmmbCpJpapTVM1AgJLvMkLsPvTpDUGaOorotwhI=',
    );
  });

  it('refuses a missing, wrong or another body’s signature with 401 and records nothing', async () => {
    const user = lineUserId();
    const body = webhookBody([{ type: 'follow', userId: user }]);
    const other = webhookBody([{ type: 'follow', userId: lineUserId() }]);
    const before = await counts();
    for (const signature of [
      null,
      '',
      'not-a-signature',
      await lineSignature(SECRET, other),
      await lineSignature('another-secret', body),
    ]) {
      const res = await webhook(body, signature);
      expect(res.status, String(signature)).toBe(401);
      expect(res.json.error.code).toBe('INVALID_SIGNATURE');
    }
    // The same body re-serialised (whitespace) is not the body that was signed.
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect((await webhook(reformatted, await lineSignature(SECRET, body))).status).toBe(401);
    expect(await counts()).toEqual(before);
    expect(await friend(user)).toBeNull();
  });

  it('fails closed with 503 when the Messaging API secret is not configured', async () => {
    const body = webhookBody([{ type: 'follow', userId: lineUserId() }]);
    const res = await webhook(body, await lineSignature(SECRET, body), { LINE_MESSAGING_CHANNEL_SECRET: '' });
    expect(res.status).toBe(503);
  });

  it('accepts a valid signature, and LINE’s verification request (no events)', async () => {
    const res = await signed(webhookBody([]));
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ events: 0, recorded: 0 });
  });

  it('answers 400 to a signed body that is not a webhook', async () => {
    expect((await signed('not json')).status).toBe(400);
    expect((await signed('{"events":[{"type":"follow"}]}')).status).toBe(400);
  });
});

describe('follow and unfollow', () => {
  it('records whether pushes can reach the user; redeliveries and older events change nothing', async () => {
    const user = lineUserId();
    const followId = eventId();
    const t0 = Date.now();
    const follow = webhookBody([{ type: 'follow', userId: user, id: followId, timestamp: t0 }]);
    expect((await signed(follow)).json.data).toEqual({ events: 1, recorded: 1 });
    expect(await friend(user)).toEqual({ following: 1, event_at: t0 });

    // The exact same delivery again: nothing new.
    expect((await signed(follow)).json.data).toEqual({ events: 1, recorded: 0 });

    const unfollow = webhookBody([{ type: 'unfollow', userId: user, timestamp: t0 + 1000 }]);
    expect((await signed(unfollow)).json.data.recorded).toBe(1);
    expect(await friend(user)).toEqual({ following: 0, event_at: t0 + 1000 });

    // A redelivery of the first follow, after the unfollow: still unfollowed.
    const redelivered = webhookBody([{ type: 'follow', userId: user, id: followId, timestamp: t0, redelivery: true }]);
    expect((await signed(redelivered)).json.data.recorded).toBe(0);
    expect((await friend(user)).following).toBe(0);
    // A new follow event older than the unfollow (out of order): still unfollowed.
    await signed(webhookBody([{ type: 'follow', userId: user, timestamp: t0 + 500 }]));
    expect((await friend(user)).following).toBe(0);
    // Following again later: reachable again.
    await signed(webhookBody([{ type: 'follow', userId: user, timestamp: t0 + 2000 }]));
    expect((await friend(user)).following).toBe(1);
  });

  it('ignores other events and events without a user, acknowledging them once', async () => {
    const before = await counts();
    const body = webhookBody([{ type: 'message', userId: lineUserId() }, { type: 'join' }]);
    expect((await signed(body)).json.data).toEqual({ events: 2, recorded: 2 });
    expect((await signed(body)).json.data).toEqual({ events: 2, recorded: 0 });
    const after = await counts();
    expect(after.friends).toBe(before.friends);
    expect(after.events).toBe(before.events + 2);
  });
});

/** A farmer with LINE linked (as settings would) and, optionally, following the official account. */
async function farmerWithLine(options: { following: boolean }) {
  const farmer = await signUp();
  const lineId = lineUserId();
  await env.DB.prepare('UPDATE users SET line_id = ? WHERE id = ?').bind(lineId, farmer.userId).run();
  if (options.following) await signed(webhookBody([{ type: 'follow', userId: lineId }]));
  return { ...farmer, lineId };
}
const choose = (token: string | undefined, digest: unknown) =>
  api('/users/me/notifications', { method: 'PUT', token, body: { digest } });

describe('the notification choice (PUT /users/me/notifications)', () => {
  it('defaults to mail and shows the LINE state', async () => {
    const farmer = await signUp();
    const res = await api('/users/me/notifications', { token: farmer.token, env: LOGIN });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      digest: 'mail',
      lineLinked: false,
      lineFollowing: false,
      lineLoginAvailable: true,
      canUnlinkLine: true,
      friendUrl: null,
    });
  });

  it("allows mail and none without LINE, and refuses line and both with 'LINEが連携されていません'", async () => {
    const farmer = await signUp();
    for (const digest of ['none', 'mail']) {
      const res = await choose(farmer.token, digest);
      expect(res.status).toBe(200);
      expect(res.json.data.digest).toBe(digest);
    }
    for (const digest of ['line', 'both']) {
      const res = await choose(farmer.token, digest);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'LINE_NOT_LINKED', message: 'LINEが連携されていません' });
    }
    expect((await api('/users/me/notifications', { token: farmer.token })).json.data.digest).toBe('mail');
  });

  it('refuses line and both when linked but not following (or blocked)', async () => {
    const farmer = await farmerWithLine({ following: false });
    expect((await choose(farmer.token, 'line')).status).toBe(400);
    expect((await choose(farmer.token, 'both')).status).toBe(400);
  });

  it('allows every choice once linked and following', async () => {
    const farmer = await farmerWithLine({ following: true });
    for (const digest of ['line', 'both', 'none', 'mail']) {
      const res = await choose(farmer.token, digest);
      expect(res.status).toBe(200);
      expect(res.json.data).toMatchObject({ digest, lineLinked: true, lineFollowing: true });
    }
  });

  it('refuses an unknown choice with 400 and a missing sign-in with 401', async () => {
    const farmer = await signUp();
    expect((await choose(farmer.token, 'fax')).status).toBe(400);
    expect((await choose(farmer.token, undefined)).status).toBe(400);
    expect((await choose(undefined, 'mail')).status).toBe(401);
    expect((await api('/users/me/notifications')).status).toBe(401);
  });
});

function lineIdToken(claims: Record<string, unknown>) {
  return new SignJWT({ iss: 'https://access.line.me', aud: LOGIN.LINE_CHANNEL_ID, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(LOGIN.LINE_CHANNEL_SECRET));
}

/** POST /line/link, then LINE's redirect back with a code; the token endpoint is mocked at the HTTP boundary. */
async function linkFlow(token: string, subject: string, tamper: (cookies: Record<string, string>) => void = () => {}) {
  const start = await api('/line/link', { method: 'POST', token, env: LOGIN });
  expect(start.status).toBe(200);
  const url = new URL(start.json.data.url);
  const cookies: Record<string, string> = {};
  for (const line of start.headers.getAll('Set-Cookie')) {
    const [pair] = line.split(';');
    cookies[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
    expect(line).toMatch(/Path=\/api\/v1\/line\/link/);
    expect(line).toMatch(/HttpOnly/);
  }
  tamper(cookies);
  const tokenRequests: URLSearchParams[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (target !== LINE_TOKEN_URL) throw new Error(`unexpected outbound request to ${target}`);
    tokenRequests.push(new URLSearchParams(String(init?.body)));
    return Response.json({
      access_token: 'line-access-token',
      id_token: await lineIdToken({ sub: subject, nonce: url.searchParams.get('nonce') }),
    });
  });
  const callback = await api(
    `/line/link/callback?${new URLSearchParams({ code: 'line-code', state: url.searchParams.get('state')! })}`,
    {
      headers: {
        Cookie: Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
      env: LOGIN,
    },
  );
  vi.restoreAllMocks();
  return { url, callback, tokenRequests, location: callback.headers.get('Location') };
}
const lineIdOf = (userId: number) =>
  env.DB.prepare('SELECT line_id, digest_channel FROM users WHERE id = ?').bind(userId).first<any>();

describe('linking LINE from settings (POST /line/link, GET /line/link/callback) and unlinking', () => {
  let farmer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    farmer = await signUp();
  });

  it('links the LINE Login subject to the signed-in user, on its own callback', async () => {
    const subject = lineUserId();
    const { url, callback, tokenRequests, location } = await linkFlow(farmer.token, subject);
    expect(`${url.origin}${url.pathname}`).toBe('https://access.line.me/oauth2/v2.1/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8787/api/v1/line/link/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(callback.status).toBe(302);
    expect(location).toBe('http://127.0.0.1:8787/settings?line=linked');
    expect(tokenRequests[0].get('redirect_uri')).toBe('http://127.0.0.1:8787/api/v1/line/link/callback');
    expect((await lineIdOf(farmer.userId)).line_id).toBe(subject);
    // Once linked, a follow makes LINE selectable.
    await signed(webhookBody([{ type: 'follow', userId: subject }]));
    expect((await choose(farmer.token, 'both')).status).toBe(200);
    expect((await api('/line/link', { method: 'POST', token: farmer.token, env: LOGIN })).status).toBe(409);
  });

  it('unlinks, and a LINE choice falls back to mail', async () => {
    const res = await api('/users/me/line', { method: 'DELETE', token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ digest: 'mail', lineLinked: false, lineFollowing: false });
    expect(await lineIdOf(farmer.userId)).toEqual({ line_id: null, digest_channel: 'mail' });
    expect((await api('/users/me/line', { method: 'DELETE' })).status).toBe(401);
  });

  it('refuses a LINE account that belongs to another user', async () => {
    const other = await farmerWithLine({ following: true });
    const me = await signUp();
    const { location } = await linkFlow(me.token, other.lineId);
    expect(location).toBe('http://127.0.0.1:8787/settings?line=failed&details=line_in_use');
    expect((await lineIdOf(me.userId)).line_id).toBeNull();
  });

  it('links nobody when the state or the session cookie is forged, or the session signed out', async () => {
    const me = await signUp();
    const other = await signUp();
    const forged = await linkFlow(me.token, lineUserId(), (c) => {
      c[linkCookieNames.state] = 'forged-state';
    });
    expect(forged.location).toBe('http://127.0.0.1:8787/settings?line=failed&details=invalid_state');
    expect(forged.tokenRequests).toHaveLength(0);
    const swapped = await linkFlow(me.token, lineUserId(), (c) => {
      c[linkCookieNames.session] = 'someone-elses-session';
    });
    expect(swapped.location).toBe('http://127.0.0.1:8787/settings?line=failed&details=signed_out');
    expect((await lineIdOf(me.userId)).line_id).toBeNull();
    expect((await lineIdOf(other.userId)).line_id).toBeNull();
  });

  it('keeps a LINE-only account linked: unlinking would lock it out', async () => {
    const lineOnly = await farmerWithLine({ following: true });
    await env.DB.prepare("UPDATE users SET password_hash = '!oauth-only', oauth_provider = 'line' WHERE id = ?")
      .bind(lineOnly.userId)
      .run();
    const res = await api('/users/me/line', { method: 'DELETE', token: lineOnly.token });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('LINE_UNLINK_LOCKOUT');
    expect((await lineIdOf(lineOnly.userId)).line_id).toBe(lineOnly.lineId);
  });

  it('answers 503 when LINE Login is not configured, and 401 without a sign-in', async () => {
    const res = await api('/line/link', {
      method: 'POST',
      token: farmer.token,
      env: { LINE_CHANNEL_ID: '', LINE_CHANNEL_SECRET: '' },
    });
    expect(res.status).toBe(503);
    expect((await api('/line/link', { method: 'POST', env: LOGIN })).status).toBe(401);
  });
});
