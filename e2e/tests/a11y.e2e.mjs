// Every screen, on a 390 px phone and a 1280 px desktop: axe-core (loaded into the page by this test, never part of
// the app) finds no serious or critical violation and no label-content-name-mismatch, and nothing is wider than
// the screen (document.documentElement.scrollWidth ≤ innerWidth).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { baseUrl, call, DEMO, DESKTOP, PHONE, signIn, withPage } from '../support.mjs';

// Evaluated through the DevTools protocol: the app's Content-Security-Policy (rightly) refuses injected <script>s.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PUBLIC = ['/', '/login', '/register', '/forgot-password'];
const SIGNED_IN = [
  '/home',
  '/alerts',
  '/cattle',
  '/cattle/new',
  '/cattle/import',
  '/cattle/{id}',
  '/events',
  '/events/new',
  '/schedule',
  '/schedule?view=list',
  '/kpi',
  '/kpi/cattle',
  '/shipments',
  '/shipments?tab=plans',
  '/shipments?tab=stats',
  '/shipments?tab=mothers',
  '/shipments?tab=sires',
  '/settings',
  '/farms/members',
  '/menu',
  '/outbox',
];

/** The problems on the screen shown: axe's serious/critical and name-mismatch findings, and any sideways overflow. */
async function problemsOf(page, path) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.loading, [aria-busy="true"]'), null, { timeout: 15_000 });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch')
      .map(
        (v) =>
          `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
  });
  const width = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    widest: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  }));
  if (width.scroll > width.inner)
    found.push(`scrollWidth ${width.scroll} > ${width.inner}: ${width.widest.join(', ')}`);
  return found.map((f) => `${path}: ${f}`);
}

for (const [label, viewport] of [
  ['phone 390', PHONE],
  ['desktop 1280', DESKTOP],
]) {
  test(`every screen fits and passes axe (${label})`, async () => {
    const { token } = await call('/auth/login', { method: 'POST', body: DEMO });
    const cattle = await call('/cattle?limit=1', { token });
    const id = String(cattle.data.results[0].cattleId);
    await withPage(
      async (page) => {
        const problems = [];
        for (const path of PUBLIC) {
          await page.goto(`${baseUrl}${path}`);
          problems.push(...(await problemsOf(page, path)));
        }
        await signIn(page);
        for (const path of SIGNED_IN) {
          await page.goto(`${baseUrl}${path.replace('{id}', id)}`);
          await page.locator('main h1').first().waitFor();
          problems.push(...(await problemsOf(page, path)));
        }
        assert.deepEqual(problems, []);
      },
      { viewport },
    );
  });
}
