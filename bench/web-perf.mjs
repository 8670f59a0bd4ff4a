// The app as a farmer's phone gets it in the barn (§15): Chromium with the CPU slowed 4× and a slow mobile link
// (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) through the DevTools protocol. Measures
//   firstVisitMs  — a signed-in farmer's first visit of /home (empty cache, no service worker) until today's alerts
//                   are on screen, from the navigation's start;
//   repeatVisitMs — the next visit's first contentful paint (HTTP cache and the service worker in place).
// Budgets in bench/budgets.mjs. `node bench/web-perf.mjs [--url http://127.0.0.1:8787] [--runs 3]`: without --url it
// builds nothing, serves web/dist with wrangler dev on a free port and its own fresh database, seeds the demo farm,
// measures and stops. `npm run bench` runs it unless --skip-web.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { migrate, seedDemoFarm, serve } from '../scripts/local-server.mjs';

export const THROTTLE = {
  cpuRate: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
};
const DEMO = { email: 'demo@ushicho.example', password: 'ushicho-demo-2026' };

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function throttle(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpuRate });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLE.latencyMs,
    downloadThroughput: THROTTLE.downloadBitsPerSecond / 8,
    uploadThroughput: THROTTLE.uploadBitsPerSecond / 8,
  });
  return cdp;
}

/**
 * Installed in every document before its own scripts: records the frame that first shows today's alerts — the home
 * list's first alert, or its empty message (no alert today is also an answer) — in `window.__alertsAt`. The page is
 * read from outside through the DevTools protocol (`Runtime.evaluate`), never with Playwright's waitForFunction: that
 * injects Playwright's own script into the measured page, 130–155 ms of the throttled phone's main thread in the
 * middle of the load (traced: an unnamed EvaluateScript before the first paint), which no farmer's phone runs.
 */
const recordAlerts = () => {
  const shown = () => document.querySelector('.today-alerts')?.querySelector('.compact-alert, p.muted');
  // Looked for when the DOM changes (no frame forced while nothing changes); the time is that of the next frame.
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__alertsAt = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
};

/** The value of `expression` in the page once it is not null, asked every 50 ms through the DevTools protocol. */
async function poll(cdp, expression, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (result.value !== null && result.value !== undefined) return result.value;
    if (Date.now() > until) throw new Error(`web-perf: ${expression} not seen in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ALERTS_AT = 'window.__alertsAt ?? null';
const FCP_AT = "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null";

/** One first visit and one repeat visit in a fresh browser profile. */
async function visitTwice(url, token) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'ushicho-webperf-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--lang=ja-JP'],
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  try {
    // Signed in already (the token the login screen keeps): the visit measured is the farm's, not the login's.
    await context.addInitScript((t) => localStorage.setItem('ushicho.token', t), token);
    await context.addInitScript(recordAlerts);
    const first = context.pages()[0] ?? (await context.newPage());
    const firstCdp = await throttle(first);
    await first.goto(`${url}/home`, { waitUntil: 'commit' });
    const firstVisitMs = await poll(firstCdp, ALERTS_AT);
    // The service worker installs after the first screen; a repeat visit is one it controls.
    await poll(firstCdp, 'navigator.serviceWorker?.controller ? true : null');
    await first.close();

    const again = await context.newPage();
    const againCdp = await throttle(again);
    await again.goto(`${url}/home`, { waitUntil: 'commit' });
    const repeatVisitMs = await poll(againCdp, FCP_AT);
    const repeatAlertsMs = await poll(againCdp, ALERTS_AT);
    return { firstVisitMs, repeatVisitMs, repeatAlertsMs };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Measures against a running server (the demo farm seeded): medians of `runs` fresh profiles. */
export async function measureWebPerf(url, { runs = 3 } = {}) {
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status}`);
  const { token } = await login.json();
  const samples = [];
  for (let i = 0; i < runs; i += 1) samples.push(await visitTwice(url, token));
  const pick = (key) => Math.round(median(samples.map((s) => s[key])));
  return {
    throttle: THROTTLE,
    runs,
    firstVisitMs: pick('firstVisitMs'),
    repeatVisitMs: pick('repeatVisitMs'),
    repeatAlertsMs: pick('repeatAlertsMs'),
    samples: samples.map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Math.round(v)]))),
  };
}

/** Serves the built app (web/dist) on its own fresh database, seeds the demo farm and its alerts, measures, stops. */
export async function runWebPerf({ runs = 3 } = {}) {
  const persistTo = mkdtempSync(path.join(os.tmpdir(), 'ushicho-webperf-db-'));
  const port = await freePort();
  let server;
  try {
    migrate(persistTo);
    server = await serve({
      port,
      persistTo,
      quiet: true,
      vars: { APP_URL: `http://127.0.0.1:${port}`, ENVIRONMENT: 'development', RESEND_API_KEY: '' },
    });
    await seedDemoFarm(server.url);
    await fetch(`${server.url}/__scheduled?cron=${encodeURIComponent('0 21 * * *')}`);
    return await measureWebPerf(server.url, { runs });
  } finally {
    server?.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '3' } } });
  const runs = Number(values.runs);
  const result = values.url ? await measureWebPerf(values.url, { runs }) : await runWebPerf({ runs });
  console.log(JSON.stringify(result, null, 2));
}
