// §15 in the barn: the app opens with no signal (service worker), an event recorded offline waits as 未送信 and is
// recorded exactly once when the signal is back. Playwright's offline switch does not cover the service worker's own
// requests, so this test runs its own server and really stops it, then starts it again on the same port and data.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { migrate, seedDemoFarm } from '../../scripts/local-server.mjs';
import { freePort, serveForTests } from '../server.mjs';
import { DEMO, withPage } from '../support.mjs';

/** wrangler dev on `port` with the data in `persistTo`; stop() resolves once the process is gone. */
async function start(port, persistTo) {
  const server = await serveForTests({ port, persistTo });
  return {
    url: server.url,
    stop: () =>
      new Promise((resolve) => {
        if (server.child.exitCode !== null) return resolve();
        server.child.once('exit', () => resolve());
        server.stop();
      }),
  };
}

const api = (page, path, init = {}) =>
  page.evaluate(
    async ([path, init]) => {
      const response = await fetch(`/api/v1${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('ushicho.token')}`,
          'Content-Type': 'application/json',
          // Past the service worker's saved copies: the count must be the server's.
          'Cache-Control': 'no-store',
        },
        cache: 'no-store',
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    [path, init],
  );

test('offline: the app opens without a server, an AI recorded offline waits as 未送信 and is saved once when back', async () => {
  const persistTo = mkdtempSync(path.join(tmpdir(), 'ushicho-offline-'));
  const port = await freePort();
  migrate(persistTo);
  let server = await start(port, persistTo);
  try {
    await seedDemoFarm(server.url);
    await withPage(async (page) => {
      await page.goto(`${server.url}/login`);
      await page.getByLabel('メールアドレス').fill(DEMO.email);
      await page.getByLabel('パスワード').fill(DEMO.password);
      await page.getByRole('button', { name: 'ログイン' }).click();
      await page.waitForURL(/\/home$/);
      // The service worker installs after the first screen and takes the page over.
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });

      const earTag = 70_000 + Math.floor(Math.random() * 9_000);
      const created = await api(page, '/cattle', {
        method: 'POST',
        body: {
          name: 'はな',
          identificationNumber: 1_500_000_000 + earTag,
          earTagNumber: earTag,
          gender: '雌',
          growthStage: 'GROWING',
          breed: '黒毛和種',
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      const cattleId = created.json.data.cattleId;
      const eventsOf = async () => (await api(page, `/events/cattle/${cattleId}`)).json.data.results;

      // Open the form for her once with the signal, so her record is saved for offline reading.
      await page.goto(`${server.url}/events/new?cattleId=${cattleId}`);
      await page.getByText(`#${earTag} はな`).waitFor();

      // No signal: the server is gone. The app still opens (shell from the service worker, data from its copy).
      await server.stop();
      await page.reload();
      await page.getByText(`#${earTag} はな`).waitFor();
      await page.getByText(/最終更新 \d\d:\d\d（オフライン）/).waitFor();

      await page.getByRole('radio', { name: '授精', exact: true }).click();
      await page.getByLabel('種雄牛名').fill('安福久');
      await page.getByRole('button', { name: '保存する' }).click();
      await page.getByText('電波がないため未送信に保存しました').waitFor();
      const queued = page.getByRole('link', { name: /未送信 1/ });
      await queued.waitFor();

      // The signal is back: opening 未送信 sends what waited, and the list empties.
      server = await start(port, persistTo);
      await queued.click();
      await page.getByRole('heading', { level: 1, name: '未送信' }).waitFor();
      await page.getByText('未送信の記録はありません。').waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: /未送信 \d/ }).waitFor({ state: 'detached' });

      // Recorded exactly once, with what was entered offline.
      const events = await eventsOf();
      const services = events.filter((e) => e.eventType === 'INSEMINATION');
      assert.equal(services.length, 1, JSON.stringify(events));
      assert.equal(services[0].details.sireName, '安福久');

      // Sending the queue again (app start, another 'online') records nothing more.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: '未送信' }).waitFor();
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByText('未送信の記録はありません。').waitFor();
      assert.equal((await eventsOf()).filter((e) => e.eventType === 'INSEMINATION').length, 1);
    });
  } finally {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
});
