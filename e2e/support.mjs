// Browser-suite helpers: Debian's Chromium driven by playwright-core, never a downloaded browser.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8787';
export const artifacts = path.resolve(import.meta.dirname, 'artifacts');
export const DEMO = { email: 'demo@ushicho.example', password: 'ushicho-demo-2026' };
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function launch() {
  return chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'ushicho-chromium-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--lang=ja-JP',
    ],
    viewport: PHONE,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
}

/** A fresh browser context per test: its own storage, phone-sized unless told otherwise. */
export async function withPage(fn, { viewport = PHONE, colorScheme = 'light' } = {}) {
  const context = await launch();
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme });
  page.setDefaultTimeout(15_000);
  // A fresh Chromium's first navigation on a busy 2-core machine: twice in a day one took over 15 s to get the login
  // page (the same tests passed alone), so navigations get 30 s; every other wait keeps 15 s.
  page.setDefaultNavigationTimeout(30_000);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err));
  try {
    await fn(page);
    if (errors.length) throw new Error(`Page errors: ${errors.map((e) => e.message).join('; ')}`);
  } catch (err) {
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, `failure-${Date.now()}.png`), fullPage: true }).catch(() => {});
    throw err;
  } finally {
    await context.close();
  }
}

/**
 * The development outbox's mails to `to`, newest first. Register and reset mails leave from the account-mail queue
 * after the answer (§3, decision 049), so the outbox is asked again for up to 10 s until `ready(mails)` (by default:
 * any mail at all; a test expecting a second mail names it). `base`: a test's own server, when it serves one.
 */
export async function outbox(to, ready = (mails) => mails.length > 0, base = baseUrl) {
  const until = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${base}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()).data;
    if (ready(mails) || Date.now() > until) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function signIn(page, { email, password } = DEMO) {
  // Once the document is parsed: the fields below are waited for as they appear. Waiting for `load` (every preloaded
  // chunk) timed out once at 15 s on a busy machine, in a run where the same test passed alone.
  await page.goto(`${baseUrl}/login`, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(/\/home$/);
}

/**
 * A locator's text with runs of whitespace collapsed to one space and the ends trimmed, so assertions read the text
 * as shown rather than the DOM's raw whitespace (textContent does not collapse it the way innerText does).
 */
export const textOf = async (locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

export const uniqueEmail = (prefix) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.jp`;

/** Calls the API from the page as the signed-in farmer, with the token the app keeps. */
export const apiCall = (page, path, init = {}) =>
  page.evaluate(
    async ([path, init]) => {
      const response = await fetch(`/api/v1${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('ushicho.token')}`,
          'Content-Type': 'application/json',
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    [path, init],
  );

/**
 * A JSON call to the API from the test process (not the page); throws on any answer other than 2xx. A 503 that is not
 * the app's (no JSON body: workerd restarting its isolate, seen once on the first sign-in after the demo seed) is
 * asked again, up to 3 times a second apart; the app's own 503s (JSON) are answers.
 */
export async function call(path, { method = 'GET', body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not the app's answer
    }
    if (response.status === 503 && json === null && attempt < 3) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (!response.ok)
      throw new Error(`${method} ${path} → ${response.status} ${json ? JSON.stringify(json) : text.slice(0, 200)}`);
    return json;
  }
}

/** A new farmer, signed up through the API the way the screens do it: they own an empty farm `{name}の牧場`. */
export async function newFarmer(name = '南 牧場', prefix = 'e2e-farmer') {
  const email = uniqueEmail(prefix);
  const password = 'e2e-farmer-2026';
  await call('/auth/register', { method: 'POST', body: { email } });
  const [mail] = await outbox(email);
  const token = decodeURIComponent(/verify\?token=([\w%-]+)/.exec(mail.text)[1]);
  await call('/auth/complete', { method: 'POST', body: { token, name, password } });
  const login = await call('/auth/login', { method: 'POST', body: { email, password } });
  return { email, password, token: login.token };
}

/** A 黒毛和種 経産牛 with a random 個体識別番号 (ear tag its last four digits), registered through the API: her cattle id. */
export async function demoCow(token, name) {
  const identificationNumber = 1_900_000_000 + Math.floor(Math.random() * 90_000_000);
  const created = await call('/cattle', {
    method: 'POST',
    token,
    body: {
      name,
      identificationNumber,
      earTagNumber: identificationNumber % 10000,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
    },
  });
  return created.data.cattleId;
}
