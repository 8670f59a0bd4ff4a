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
  '/tasks',
  '/today',
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

/**
 * Gloved thumbs (§11, WCAG 2.2 target size): on a 390 × 844 phone every link, button, field, select and summary of
 * the main screens is at least 44 px tall, and no element is wider than the screen. Exempt from the height only a
 * link inside a sentence of a paragraph (WCAG 2.5.8's inline exception: its height is the line's); from the width
 * only what sits inside a region that scrolls sideways (a table), whose targets are still measured.
 */
const MAIN_SCREENS = ['/home', '/cattle', '/cattle/{id}', '/alerts', '/kpi', '/shipments', '/settings', '/events/new'];
const MIN_TARGET = 44;

const smallTargetsAndWideElements = (min) => {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 1 && r.height > 1 && style.visibility !== 'hidden' && !el.closest('.visually-hidden, [hidden]');
  };
  /** A link in running text: inline, inside a paragraph that has words of its own around it. */
  const inSentence = (el) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const paragraph = el.closest('p');
    return Boolean(paragraph) && (paragraph.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 4;
  };
  /** The box a finger hits: a radio or checkbox is hit through its label. */
  const targetOf = (el) =>
    el.matches('input[type=radio], input[type=checkbox]') ? (el.closest('label') ?? el.labels?.[0] ?? el) : el;
  const small = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
    .filter((el) => visible(targetOf(el)) && !inSentence(el))
    .map((el) => [el, targetOf(el).getBoundingClientRect()])
    .filter(([, r]) => r.height < min - 0.5 && r.right > 0)
    .map(
      ([el, r]) =>
        `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || el.name || '').trim().slice(0, 30)}" ${Math.round(r.height)}px`,
    );
  const scrolls = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  const wide = [...document.querySelectorAll('main *')]
    .filter((el) => visible(el) && !scrolls(el) && el.getBoundingClientRect().width > window.innerWidth + 0.5)
    .map(
      (el) =>
        `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().width)}px wide`,
    );
  return { small, wide };
};

test('on a phone every control of the main screens is at least 44 px tall and nothing is wider than the screen', async () => {
  const { token } = await call('/auth/login', { method: 'POST', body: DEMO });
  // An animal with calves: its page lists them as links.
  const herd = await call('/cattle?limit=100', { token });
  const withCalves = [];
  for (const cow of herd.data.results.filter((c) => c.gender === '雌').slice(0, 10)) {
    const detail = await call(`/cattle/${cow.cattleId}`, { token });
    if (detail.data.calves?.length) withCalves.push(cow.cattleId);
  }
  const id = String(withCalves[0] ?? herd.data.results[0].cattleId);
  await withPage(async (page) => {
    await signIn(page);
    const problems = [];
    for (const path of MAIN_SCREENS) {
      await page.goto(`${baseUrl}${path.replace('{id}', id)}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('.loading, [aria-busy="true"]'), null, {
        timeout: 15_000,
      });
      const { small, wide } = await page.evaluate(smallTargetsAndWideElements, MIN_TARGET);
      problems.push(...small.map((s) => `${path}: under ${MIN_TARGET}px: ${s}`));
      problems.push(...wide.map((w) => `${path}: wider than the screen: ${w}`));
    }
    assert.deepEqual(problems, []);
  });
});

/**
 * English that fits (§11, §20 turn 4): every route at 390 px, in English and in Japanese — no text wider than its own
 * box (a label spilling out of its button, a heading cut short, a select's chosen option clipped: 'Registerec'), no
 * element wider than the screen, and no tap target under 44 px (links in running text aside).
 */
const EVERY_ROUTE = [...SIGNED_IN, '/cattle/{id}/edit', '/papers', '/filings', '/filings?status=filed', '/history'];

const textOutsideItsBox = () => {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return (
      r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.visually-hidden')
    );
  };
  const scrolls = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  const canvas = document.createElement('canvas').getContext('2d');
  const found = [];
  for (const el of document.querySelectorAll(
    'main button, main a.button, main .chip, main h1, main h2, main label, main legend, main th, main .badge',
  )) {
    if (!visible(el) || scrolls(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      found.push(
        `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}" cut (${el.scrollWidth} > ${el.clientWidth})`,
      );
    const r = el.getBoundingClientRect();
    for (const child of el.children) {
      const c = child.getBoundingClientRect();
      if (visible(child) && (c.right > r.right + 1 || c.left < r.left - 1))
        found.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}" spills its text`);
    }
  }
  // A select shows its chosen option's text: it must fit the box beside the arrow.
  for (const select of document.querySelectorAll('main select')) {
    if (!visible(select)) continue;
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.textContent ?? '';
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (canvas.measureText(text).width > room + 1) found.push(`select "${text}" clipped (${Math.round(room)}px room)`);
  }
  return [...new Set(found)];
};

test('every route fits a 390 px phone in English and in Japanese, with 44 px targets', async () => {
  const { token } = await call('/auth/login', { method: 'POST', body: DEMO });
  const cattle = await call('/cattle?limit=1', { token });
  const id = String(cattle.data.results[0].cattleId);
  await withPage(async (page) => {
    const problems = [];
    for (const locale of ['en', 'ja']) {
      await page.goto(`${baseUrl}/login`);
      await page.evaluate((l) => localStorage.setItem('ushicho.locale', l), locale);
      for (const path of PUBLIC) {
        await page.goto(`${baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        const { small, wide } = await page.evaluate(smallTargetsAndWideElements, MIN_TARGET);
        const cut = await page.evaluate(textOutsideItsBox);
        problems.push(...[...small, ...wide, ...cut].map((p) => `${locale} ${path}: ${p}`));
      }
      await page.evaluate(
        ([t, l]) => {
          localStorage.setItem('ushicho.token', t);
          localStorage.setItem('ushicho.locale', l);
        },
        [token, locale],
      );
      for (const path of EVERY_ROUTE) {
        await page.goto(`${baseUrl}${path.replace('{id}', id)}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => !document.querySelector('.loading, [aria-busy="true"]'), null, {
          timeout: 15_000,
        });
        const { small, wide } = await page.evaluate(smallTargetsAndWideElements, MIN_TARGET);
        const cut = await page.evaluate(textOutsideItsBox);
        problems.push(...small.map((s) => `${locale} ${path}: under ${MIN_TARGET}px: ${s}`));
        problems.push(...wide.map((w) => `${locale} ${path}: wider than the screen: ${w}`));
        problems.push(...cut.map((c) => `${locale} ${path}: ${c}`));
      }
    }
    assert.deepEqual(problems, []);
  });
});
