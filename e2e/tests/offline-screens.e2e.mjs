// §20 (turn 4) in the barn: an animal never opened on this phone opens offline from the roster kept on it, with its
// record buttons; and a farmer who loses the signal two seconds after a first visit still opens every main screen
// (the screens' code and styles are fetched once the first screen is up, not only when the service worker has
// precached them). Like offline.e2e.mjs, each test runs its own server and really stops it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { migrate, seedDemoFarm } from '../../scripts/local-server.mjs';
import { freePort, serveForTests } from '../server.mjs';
import { artifacts, DEMO, DESKTOP, PHONE, withPage } from '../support.mjs';

async function withOwnServer(fn) {
  const persistTo = mkdtempSync(path.join(tmpdir(), 'ushicho-offline-screens-'));
  const port = await freePort();
  migrate(persistTo);
  const server = await serveForTests({ port, persistTo });
  const stop = () =>
    new Promise((resolve) => {
      if (server.child.exitCode !== null) return resolve();
      server.child.once('exit', () => resolve());
      server.stop();
    });
  try {
    await seedDemoFarm(server.url);
    await fn(server.url, stop);
  } finally {
    await stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

async function signIn(page, url) {
  await page.goto(`${url}/login`);
  await page.getByLabel('メールアドレス').fill(DEMO.email);
  await page.getByLabel('パスワード').fill(DEMO.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(/\/home$/);
}

/** What a screen whose code or styles could not be fetched shows (the router's error), never a screen's own state. */
const CHUNK_FAILED = /Unable to preload|dynamically imported module|Importing a module script failed/;

test('offline: an animal never opened opens from the kept roster, with its record buttons, and records from it', async () => {
  await withOwnServer(async (url, stop) => {
    await withPage(async (page) => {
      const roster = page.waitForResponse((r) => r.url().includes('/api/v1/cattle/roster') && r.ok(), {
        timeout: 30_000,
      });
      await signIn(page, url);
      await roster;
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
      // An animal of the herd that this phone has never opened: only the roster knows her.
      const cow = await page.evaluate(async () => {
        const response = await fetch('/api/v1/cattle/roster', {
          headers: { Authorization: `Bearer ${localStorage.getItem('ushicho.token')}` },
          cache: 'no-store',
        });
        const { data } = await response.json();
        // A cow in calf after a calving: every breeding fact of her page has a value.
        return data.find(
          (a) =>
            a.gender === '雌' && a.name && a.earTagNumber && a.parity > 0 && a.lastCalvingDate && a.expectedCalvingDate,
        );
      });
      assert.ok(cow, 'the demo herd has a named cow in calf after a calving');

      await stop();
      await page.goto(`${url}/cattle/${cow.cattleId}`);
      await page.getByRole('heading', { level: 1, name: cow.name }).waitFor({ timeout: 20_000 });
      await page
        .getByText(/最終更新 \d\d:\d\d（オフライン）/)
        .first()
        .waitFor();
      await page.getByText('記録の一覧はオンラインで表示されます').waitFor();
      assert.equal(await page.getByText('読み込み中').count(), 0);
      await page.getByRole('link', { name: 'イベントを記録' }).waitFor();
      // Her breeding state, from the roster alone (§20 turn 4): parity, last calving and calving due as the server had them.
      const breeding = page.getByRole('region', { name: '繁殖状況' });
      const fact = (label) =>
        breeding
          .locator('.facts__item')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .textContent();
      const slashed = (date) => date.replaceAll('-', '/');
      assert.equal(await fact('産次'), String(cow.parity));
      assert.equal(await fact('最終分娩日'), slashed(cow.lastCalvingDate));
      assert.equal(await fact('分娩予定日'), slashed(cow.expectedCalvingDate));
      assert.match(await fact('空胎日数'), /^\d+日$/);
      const shots = path.join(artifacts, 'screens');
      mkdirSync(shots, { recursive: true });
      // Her page without a signal on a phone and a desktop, light and dark (the theme as the app applies it).
      for (const [label, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ]) {
        for (const scheme of ['light', 'dark']) {
          await page.setViewportSize(viewport);
          await page.evaluate((theme) => {
            document.documentElement.dataset.theme = theme;
          }, scheme);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= viewport.width, `${label}: ${width}px wide`);
          await page.screenshot({
            path: path.join(shots, `offline-animal-${label}-${scheme}.png`),
            fullPage: label === 'phone',
          });
        }
      }
      await page.setViewportSize(PHONE);
      await page.evaluate(() => {
        document.documentElement.dataset.theme = 'light';
      });

      // Recording from her page: the form opens for her, and the record waits under 未送信.
      await page.getByRole('link', { name: '授精', exact: true }).click();
      await page.waitForURL(/\/events\/new\?cattleId=/);
      await page.getByText(`#${cow.earTagNumber} ${cow.name}`).first().waitFor();
      await page.getByLabel('種雄牛名').fill('安福久');
      await page.getByRole('button', { name: '保存する' }).click();
      await page.getByText('電波がないため未送信に保存しました').waitFor();
      await page.getByRole('link', { name: /未送信 1/ }).waitFor();
    });
  });
});

test('offline 2 s after a first visit: every main screen opens (code and styles already fetched)', async () => {
  await withOwnServer(async (url, stop) => {
    await withPage(
      async (page) => {
        await signIn(page, url);
        await page.waitForTimeout(2_000);
        await stop();
        const nav = page.getByRole('complementary', { name: 'メインメニュー' });
        const screens = [
          ['牛一覧', /\/cattle$/],
          ['アラート', /\/alerts$/],
          ['作業', /\/tasks$/],
          ['今日の巡回', /\/today$/],
          ['イベント', /\/events$/],
          ['予定', /\/schedule$/],
          ['繁殖成績', /\/kpi$/],
          ['出荷', /\/shipments$/],
          ['書類', /\/papers$/],
          ['牧場とメンバー', /\/farms\/members$/],
          ['設定', /\/settings$/],
          ['ホーム', /\/home$/],
        ];
        for (const [label, address] of screens) {
          // The alerts link carries its count ('アラート 15'): matched by its start.
          await nav
            .getByRole('link', { name: new RegExp(`^${label}`) })
            .first()
            .click();
          // A screen may add its default search (/tasks?status=open).
          await page
            .waitForURL((u) => address.test(u.pathname))
            .catch((err) => {
              throw new Error(`${label}: ${page.url()} — ${err.message.split('\n')[0]}`);
            });
          // The screen's own code ran: its main landmark holds it, and no chunk or stylesheet failed to load.
          await page.locator('main').waitFor();
          await page.waitForTimeout(300);
          const text = await page.locator('body').textContent();
          assert.doesNotMatch(text, CHUNK_FAILED, `${label}: ${text.slice(0, 300)}`);
        }
        // The filings, reached from 書類, open too.
        await nav.getByRole('link', { name: '書類', exact: true }).click();
        await page.getByRole('link', { name: '届出を開く' }).click();
        await page.waitForURL(/\/filings/);
        await page.getByRole('heading', { level: 1, name: '届出' }).waitFor();
        assert.doesNotMatch(await page.locator('body').textContent(), CHUNK_FAILED);
      },
      { viewport: DESKTOP },
    );
  });
});
