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

export async function outbox(to) {
  const response = await fetch(`${baseUrl}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await response.json()).data;
}

export async function signIn(page, { email, password } = DEMO) {
  await page.goto(`${baseUrl}/login`);
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
