// Google sign-in end to end against a fake Google on 127.0.0.1: the app runs on its own server whose
// GOOGLE_*_URL vars point at the fake, so nothing leaves the machine.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { migrate } from '../../scripts/local-server.mjs';
import { freePort, serveForTests } from '../server.mjs';
import { withPage } from '../support.mjs';

const CLIENT_ID = 'e2e-client.apps.googleusercontent.com';
const CLIENT_SECRET = 'e2e-client-secret';
const FARMER = { sub: '109876543210987654321', email: 'hanako.google@example.jp', name: '牧場 花子' };

const base64url = (value) => Buffer.from(value).toString('base64url');

/** A minimal Google: an authorization page with Continue/Cancel, a token endpoint checking PKCE, and userinfo. */
function startFakeGoogle() {
  const codes = new Map();
  const tokens = new Map();
  const seen = { authorizations: [], tokenRequests: [] };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/o/oauth2/auth') {
      const params = Object.fromEntries(url.searchParams);
      seen.authorizations.push(params);
      if (
        params.client_id !== CLIENT_ID ||
        params.response_type !== 'code' ||
        params.code_challenge_method !== 'S256'
      ) {
        return send(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, params);
      const back = (query) => `${params.redirect_uri}?${new URLSearchParams({ ...query, state: params.state })}`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="ja"><meta charset="utf-8"><title>Fake Google</title>
        <h1>Fake Google</h1><p>${FARMER.email}</p>
        <a href="${back({ code })}">続ける</a> <a href="${back({ error: 'access_denied' })}">キャンセル</a>`);
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = Object.fromEntries(new URLSearchParams(raw));
      seen.tokenRequests.push(form);
      const grant = codes.get(form.code);
      codes.delete(form.code);
      const challenge = form.code_verifier && createHash('sha256').update(form.code_verifier).digest('base64url');
      if (
        !grant ||
        form.client_secret !== CLIENT_SECRET ||
        form.redirect_uri !== grant.redirect_uri ||
        challenge !== grant.code_challenge
      ) {
        return send(400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, FARMER);
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: 'https://accounts.google.com',
        aud: CLIENT_ID,
        sub: FARMER.sub,
        email: FARMER.email,
        nonce: grant.nonce,
        iat: now,
        exp: now + 3600,
      };
      const idToken = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.${base64url('fake-signature')}`;
      return send(200, { access_token: accessToken, id_token: idToken, token_type: 'Bearer', expires_in: 3599 });
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) return send(401, { error: 'invalid_token' });
      return send(200, { sub: user.sub, email: user.email, email_verified: true, name: user.name });
    }
    send(404, { error: 'not_found' });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, server, seen }));
  });
}

let google;
let app;
let persistTo;

before(
  async () => {
    google = await startFakeGoogle();
    persistTo = mkdtempSync(path.join(tmpdir(), 'ushicho-e2e-oauth-'));
    const port = await freePort();
    migrate(persistTo);
    app = await serveForTests({
      port,
      persistTo,
      vars: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        GOOGLE_AUTH_URL: `${google.url}/o/oauth2/auth`,
        GOOGLE_TOKEN_URL: `${google.url}/token`,
        GOOGLE_USERINFO_URL: `${google.url}/userinfo`,
        LINE_CHANNEL_ID: '',
        LINE_CHANNEL_SECRET: '',
      },
    });
  },
  { timeout: 120_000 },
);

after(() => {
  app?.stop();
  google?.server.closeAllConnections();
  google?.server.close();
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
});

test('a farmer signs in with Google and lands where they were headed, with the token gone from the address bar', {
  timeout: 120_000,
}, async () => {
  await withPage(async (page) => {
    await page.goto(`${app.url}/settings`);
    await page.waitForURL(/\/login\?redirect=/);
    const googleButton = page.getByRole('link', { name: 'Googleでログイン' });
    await googleButton.waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'LINEでログイン' }).count(),
      0,
      'LINE is not configured, so its button is hidden',
    );
    const box = await googleButton.boundingBox();
    assert.ok(box.height >= 44, `touch target is ${box.height}px high`);

    await googleButton.click();
    await page.waitForURL((url) => url.href.startsWith(`${google.url}/o/oauth2/auth`));
    const request = google.seen.authorizations.at(-1);
    assert.equal(request.scope, 'openid profile email');
    assert.equal(request.redirect_uri, `${app.url}/api/v1/oauth/google/callback`);
    assert.ok(request.state && request.nonce && request.code_challenge);

    await page.getByRole('link', { name: '続ける' }).click();
    await page.waitForURL(`${app.url}/settings`);
    assert.equal(google.seen.tokenRequests.length, 1);
    await page.getByText(FARMER.email).waitFor();
    await page.getByText(FARMER.name, { exact: true }).waitFor();
    // A Google-only account has no password to change: settings offers a reset mail to set one instead.
    await page.getByText('Googleでログインしているため、パスワードはありません。').waitFor();
    assert.equal(await page.getByLabel('現在のパスワード').count(), 0);
    await page.getByRole('button', { name: '再設定メールを送る' }).click();
    await page.getByText('パスワード再設定のメールを送信しました。').waitFor();
    assert.ok(await page.evaluate(() => localStorage.getItem('ushicho.token')), 'the session token is kept');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('ushicho.redirect')), null);

    const leftovers = (await page.context().cookies(app.url)).filter((c) => c.name.startsWith('ushicho_google_'));
    assert.deepEqual(leftovers, [], 'the OAuth cookies are removed after the callback');

    await page.goBack();
    assert.ok(!page.url().includes('token='), `history still holds the token: ${page.url()}`);
  });
});

test('a returning Google user without a pending destination goes to the home screen', {
  timeout: 120_000,
}, async () => {
  await withPage(async (page) => {
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Googleでログイン' }).click();
    await page.getByRole('link', { name: '続ける' }).click();
    await page.waitForURL(`${app.url}/home`);
  });
});

test('cancelling at Google brings the farmer back to the login page with a Japanese explanation', {
  timeout: 120_000,
}, async () => {
  await withPage(async (page) => {
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Googleでログイン' }).click();
    await page.getByRole('link', { name: 'キャンセル' }).click();
    await page.waitForURL(/\/login\?error=oauth_failed&details=access_denied$/);
    await page.getByText('Google・LINEでのログインに失敗しました').waitFor();
    await page
      .getByText('ログインがキャンセルされました。もう一度ボタンを押すか、メールアドレスでログインしてください。')
      .waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('ushicho.token')), null);
  });
});
