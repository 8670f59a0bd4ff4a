// LINE end to end (docs/product.md §15): a farmer who signed up by email links LINE from settings through a fake
// LINE Login on 127.0.0.1, follows the official account (a signed webhook), chooses LINE, and after the morning run
// finds the day's high alert in the development push outbox. A forged webhook changes nothing. No Messaging API
// token is set, so pushes stay in the outbox and nothing leaves the machine.
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { migrate } from '../../scripts/local-server.mjs';
import { freePort, serveForTests } from '../server.mjs';
import { artifacts, DESKTOP, outbox, PHONE, withPage } from '../support.mjs';

const CHANNEL_ID = '2009876543';
const CHANNEL_SECRET = 'e2e-line-login-secret';
const MESSAGING_SECRET = 'e2e-line-messaging-secret';
const LINE_USER = `U${randomBytes(16).toString('hex')}`;

const base64url = (value) => Buffer.from(value).toString('base64url');
const hs256 = (claims, secret) => {
  const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

/** A minimal LINE Login v2.1: an authorization page with 許可する, and a token endpoint checking PKCE. */
function startFakeLine() {
  const codes = new Map();
  const seen = { authorizations: [], tokenRequests: [] };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const send = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/oauth2/v2.1/authorize') {
      const params = Object.fromEntries(url.searchParams);
      seen.authorizations.push(params);
      if (params.client_id !== CHANNEL_ID || params.code_challenge_method !== 'S256') {
        return send(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, params);
      const back = `${params.redirect_uri}?${new URLSearchParams({ code, state: params.state })}`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="ja"><meta charset="utf-8"><title>Fake LINE</title>
        <h1>Fake LINE</h1><a href="${back}">許可する</a>`);
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = Object.fromEntries(new URLSearchParams(raw));
      seen.tokenRequests.push(form);
      const grant = codes.get(form.code);
      codes.delete(form.code);
      const challenge = form.code_verifier && createHash('sha256').update(form.code_verifier).digest('base64url');
      if (!grant || form.client_secret !== CHANNEL_SECRET || challenge !== grant.code_challenge) {
        return send(400, { error: 'invalid_grant' });
      }
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: 'https://access.line.me',
        aud: CHANNEL_ID,
        sub: LINE_USER,
        nonce: grant.nonce,
        iat: now,
        exp: now + 3600,
        name: '牧場 次郎',
      };
      return send(200, { access_token: 'line-access', id_token: hs256(claims, CHANNEL_SECRET), token_type: 'Bearer' });
    }
    send(404, { error: 'not_found' });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, server, seen }));
  });
}

let line;
let app;
let persistTo;

before(
  async () => {
    line = await startFakeLine();
    persistTo = mkdtempSync(path.join(tmpdir(), 'ushicho-e2e-line-'));
    const port = await freePort();
    migrate(persistTo);
    app = await serveForTests({
      port,
      persistTo,
      vars: {
        LINE_CHANNEL_ID: CHANNEL_ID,
        LINE_CHANNEL_SECRET: CHANNEL_SECRET,
        LINE_AUTH_URL: `${line.url}/oauth2/v2.1/authorize`,
        LINE_TOKEN_URL: `${line.url}/oauth2/v2.1/token`,
        LINE_MESSAGING_CHANNEL_SECRET: MESSAGING_SECRET,
        LINE_MESSAGING_ACCESS_TOKEN: '',
      },
    });
  },
  { timeout: 300_000 },
);

after(() => {
  app?.stop();
  line?.server.closeAllConnections();
  line?.server.close();
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
});

async function call(pathname, { method = 'GET', body, token, headers = {} } = {}) {
  const response = await fetch(`${app.url}/api/v1${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

async function newFarmer() {
  const email = `e2e-line-${Date.now()}@example.jp`;
  const password = 'e2e-farmer-2026';
  await call('/auth/register', { method: 'POST', body: { email } });
  // Registration answers before it sends the mail (decision 039): wait for it, as the other browser tests do.
  const [mail] = await outbox(email, undefined, app.url);
  const token = decodeURIComponent(/verify\?token=([\w%-]+)/.exec(mail.text)[1]);
  await call('/auth/complete', { method: 'POST', body: { token, name: '牧場 次郎', password } });
  const login = await call('/auth/login', { method: 'POST', body: { email, password } });
  return { email, password, token: login.json.token };
}

/** A follow/unfollow delivery as LINE sends it, signed with `secret` (the channel's, or a forger's). */
function webhook(type, secret, timestamp = Date.now()) {
  const body = JSON.stringify({
    destination: 'Ubot',
    events: [
      {
        type,
        mode: 'active',
        timestamp,
        source: { type: 'user', userId: LINE_USER },
        webhookEventId: `01E2E${randomBytes(8).toString('hex')}`,
        deliveryContext: { isRedelivery: false },
      },
    ],
  });
  const signature = createHmac('sha256', secret).update(body).digest('base64');
  return call('/line/webhook', { method: 'POST', body, headers: { 'X-Line-Signature': signature } });
}

/** A JST calendar date `offset` days from today. */
const jstDay = (offset) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

test('a farmer links LINE from the first steps, chooses LINE, and gets the morning alerts as a push', {
  timeout: 180_000,
}, async () => {
  const farmer = await newFarmer();
  await withPage(async (page) => {
    await page.goto(`${app.url}/login`);
    await page.getByLabel('メールアドレス').fill(farmer.email);
    await page.getByLabel('パスワード').fill(farmer.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/home$/);

    // The empty farm's first steps lead to the real linking in settings.
    const steps = page.locator('section', { has: page.getByRole('heading', { name: 'はじめの一歩' }) });
    await steps.getByRole('link', { name: /LINEを連携する/ }).click();
    await page.waitForURL(/\/settings#line$/);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'LINE連携と通知' }) });
    await card.getByText('未連携').waitFor();
    const lineChoice = card.getByRole('radio', { name: 'LINE', exact: true });
    assert.equal(await lineChoice.isDisabled(), true, 'LINE cannot be chosen before linking');
    assert.equal(await card.getByRole('radio', { name: 'メール', exact: true }).isChecked(), true, 'mail by default');

    await card.getByRole('button', { name: 'LINEと連携する' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${line.url}/oauth2/v2.1/authorize`));
    const request = line.seen.authorizations.at(-1);
    assert.equal(request.redirect_uri, `${app.url}/api/v1/line/link/callback`);
    await page.getByRole('link', { name: '許可する' }).click();
    await page.waitForURL(`${app.url}/settings`);
    await card.getByText('LINEと連携しました。').waitFor();
    await card.getByText('連携済み').waitFor();
    await card.getByText('公式アカウントがまだ友だち追加されていません（またはブロックされています）。').waitFor();
    assert.equal(await lineChoice.isDisabled(), true, 'not following yet');
    const leftovers = (await page.context().cookies(app.url)).filter((c) => c.name.startsWith('ushicho_line_link'));
    assert.deepEqual(leftovers, [], 'the linking cookies are removed after the callback');

    // A forged follow changes nothing; LINE's own (signed with the channel secret) makes LINE selectable.
    assert.equal((await webhook('follow', 'not-the-channel-secret')).status, 401);
    assert.equal((await call('/users/me/notifications', { token: farmer.token })).json.data.lineFollowing, false);
    assert.equal((await webhook('follow', MESSAGING_SECRET)).status, 200);
    await page.reload();
    await card.getByText('公式アカウント：友だち追加済み').waitFor();
    await lineChoice.check();
    await card.getByText('通知方法を保存しました。').waitFor();
    assert.equal(await lineChoice.isChecked(), true);

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `settings are ${width}px wide on a 390px phone`);
  });

  // A forged unfollow changes nothing either.
  assert.equal((await webhook('unfollow', 'forged', Date.now() + 60_000)).status, 401);
  const settings = (await call('/users/me/notifications', { token: farmer.token })).json.data;
  assert.deepEqual(
    { digest: settings.digest, lineLinked: settings.lineLinked, lineFollowing: settings.lineFollowing },
    { digest: 'line', lineLinked: true, lineFollowing: true },
  );

  // A cow that calved 59 days ago, recorded through the API as the farmer would: no alert yet (§7 counts from 60).
  const identificationNumber = String(1_900_000_000 + Math.floor(Math.random() * 90_000_000));
  const cow = await call('/cattle', {
    method: 'POST',
    token: farmer.token,
    body: { name: 'らいん号', identificationNumber, gender: '雌', growthStage: 'MULTI_PAROUS', breed: '黒毛和種' },
  });
  assert.equal(cow.status, 201, JSON.stringify(cow.json));
  const calving = await call('/events', {
    method: 'POST',
    token: farmer.token,
    body: { cattleId: cow.json.data.cattleId, eventType: 'CALVING', eventDatetime: `${jstDay(-59)}T08:00:00+09:00` },
  });
  assert.equal(calving.status, 201, JSON.stringify(calving.json));

  // Tomorrow's morning run: day 60 is this morning's news. The development route enqueues the farms for that day
  // as the 06:00 cron does for today.
  const dawn = await call(`/dev/dawn?day=${jstDay(1)}`, { method: 'POST' });
  assert.equal(dawn.status, 202, JSON.stringify(dawn.json));

  // The cron puts the farms on the dawn queue; the push goes out once the queue's consumer has run the farm.
  let pushes = [];
  for (let waited = 0; waited < 20_000 && !pushes.length; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    pushes = (await call(`/dev/line-outbox?to=${LINE_USER}`)).json.data;
  }
  assert.equal(pushes.length, 1, 'one push for the morning');
  assert.match(pushes[0].text, /重要度「高」のアラートが1件あります（今朝の新規1件）。/);
  assert.match(pushes[0].text, /らいん号.*：分娩後60日経過・未授精/);
  assert.match(pushes[0].text, new RegExp(`アラート一覧：${app.url}/alerts`));
  const mails = (await call(`/dev/outbox?to=${encodeURIComponent(farmer.email)}`)).json.data;
  assert.equal(
    mails.filter((m) => m.subject.startsWith('【牛帳】対応が必要なアラート')).length,
    0,
    'LINE only: no mail',
  );
});

/** A text message from `lineUserId` as LINE sends it, signed with the channel secret. */
function message(lineUserId, text) {
  const body = JSON.stringify({
    destination: 'Ubot',
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        source: { type: 'user', userId: lineUserId },
        webhookEventId: `01E2E${randomBytes(8).toString('hex')}`,
        deliveryContext: { isRedelivery: false },
        replyToken: randomBytes(16).toString('hex'),
        message: { id: '1', type: 'text', text },
      },
    ],
  });
  const signature = createHmac('sha256', MESSAGING_SECRET).update(body).digest('base64');
  return call('/line/webhook', { method: 'POST', body, headers: { 'X-Line-Signature': signature } });
}

/** The LINE card on a phone and a desktop, light and dark, into e2e/artifacts/screens/ (not committed). */
async function shootCard(page, card, state) {
  const screens = path.join(artifacts, 'screens');
  mkdirSync(screens, { recursive: true });
  for (const scheme of ['light', 'dark']) {
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ]) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      // The account's theme is light: the page is shown in the scheme as the theme switch would show it.
      await page.evaluate((dark) => {
        document.documentElement.dataset.theme = dark ? 'dark' : 'light';
      }, scheme === 'dark');
      await card.screenshot({ path: path.join(screens, `settings-line-${state}-${label}-${scheme}.png`) });
    }
  }
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
}

test('settings show a link code; once it is sent in the chat (a signed webhook) they show 連携済み (§25)', {
  timeout: 240_000,
}, async () => {
  const farmer = await newFarmer();
  const chatUser = `U${randomBytes(16).toString('hex')}`;
  await withPage(async (page) => {
    await page.goto(`${app.url}/login`);
    await page.getByLabel('メールアドレス').fill(farmer.email);
    await page.getByLabel('パスワード').fill(farmer.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/home$/);
    await page.goto(`${app.url}/settings#line`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'LINE連携と通知' }) });
    await card.getByText('未連携').waitFor();
    await card.getByRole('button', { name: '連携コードを表示' }).click();
    const code = (await card.locator('.line-code__value').textContent()).trim();
    assert.match(code, /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
    await card.getByText(/まで有効（10分）/).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `settings are ${width}px wide on a 390px phone`);

    await shootCard(page, card, 'code');

    assert.equal((await message(chatUser, code)).status, 200);
    // The card asks again every 3 s while a code is shown.
    await card.getByText('連携済み', { exact: true }).waitFor({ timeout: 10_000 });
    assert.equal(await card.locator('.line-code__value').count(), 0, 'the code is gone once linked');
    await shootCard(page, card, 'linked');
  });
  const replies = (await call(`/dev/line-outbox?to=${chatUser}`)).json.data;
  assert.equal(replies.length, 1);
  assert.equal(replies[0].kind, 'reply');
  assert.equal(replies[0].text, '連携しました：牧場 次郎さん（牧場 次郎の牧場）');
});
