// §15 in the barn: the app opens with no signal (service worker), an event recorded offline waits as 未送信 and is
// recorded exactly once when the signal is back. Playwright's offline switch does not cover the service worker's own
// requests, so this test runs its own server and really stops it, then starts it again on the same port and data.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { migrate, seedDemoFarm } from '../../scripts/local-server.mjs';
import { freePort, serveForTests } from '../server.mjs';
import { artifacts, DEMO, PHONE, withPage } from '../support.mjs';

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

      // The signal is back: the queue tries again by itself, and opening 未送信 sends at once; the list empties.
      server = await start(port, persistTo);
      await page.goto(`${server.url}/outbox`);
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

/** The ids of the animals of every roster kept on this phone (IndexedDB `ushicho-roster`). */
const keptAnimals = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('ushicho-roster');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('roster')) return resolve([]);
          const all = db.transaction('roster').objectStore('roster').getAll();
          all.onsuccess = () => resolve([...new Set(all.result.flatMap((r) => r.data.map((a) => a.cattleId)))]);
          all.onerror = () => resolve([]);
        };
      }),
  );

const jstDay = (offset) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

test('offline: an animal never opened is found by any digits, recorded from an alert and from the form, named in 未送信 and sent when back (§20)', async () => {
  const persistTo = mkdtempSync(path.join(tmpdir(), 'ushicho-offline-roster-'));
  const port = await freePort();
  migrate(persistTo);
  let server = await start(port, persistTo);
  const shots = path.join(artifacts, 'screens');
  mkdirSync(shots, { recursive: true });
  try {
    await seedDemoFarm(server.url);
    await withPage(async (page) => {
      await page.goto(`${server.url}/login`);
      await page.getByLabel('メールアドレス').fill(DEMO.email);
      await page.getByLabel('パスワード').fill(DEMO.password);
      await page.getByRole('button', { name: 'ログイン' }).click();
      await page.waitForURL(/\/home$/);
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });

      // A cow registered elsewhere, never opened on this phone; calved 75 days ago with no service (an alert).
      const tag = String(7000 + Math.floor(Math.random() * 2000)).padStart(4, '0');
      const identificationNumber = `12345${tag.slice(0, 2)}${tag.slice(2)}5`.slice(0, 10);
      const created = await api(page, '/cattle', {
        method: 'POST',
        body: {
          name: 'ゆり',
          identificationNumber,
          earTagNumber: tag,
          gender: '雌',
          growthStage: 'MULTI_PAROUS',
          breed: '黒毛和種',
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      const cattleId = created.json.data.cattleId;
      const calving = await api(page, '/events', {
        method: 'POST',
        body: { cattleId, eventType: 'CALVING', eventDatetime: `${jstDay(-75)}T08:00:00+09:00` },
      });
      assert.equal(calving.status, 201, JSON.stringify(calving.json));
      assert.equal((await fetch(`${server.url}/__scheduled?cron=${encodeURIComponent('0 21 * * *')}`)).status, 200);

      // With a signal the app keeps the herd's roster (she is in it) and the alert list is seen once.
      await page.goto(`${server.url}/alerts`);
      const card = page.getByRole('article').filter({ hasText: 'ゆり' }).filter({ hasText: tag });
      await card.first().waitFor();
      await page.waitForFunction(
        async (id) => {
          const open = await new Promise((r) => {
            const req = indexedDB.open('ushicho-roster');
            req.onsuccess = () => r(req.result);
            req.onerror = () => r(null);
          });
          if (!open?.objectStoreNames.contains('roster')) return false;
          const rows = await new Promise((r) => {
            const all = open.transaction('roster').objectStore('roster').getAll();
            all.onsuccess = () => r(all.result);
          });
          return rows.some((roster) => roster.data.some((a) => a.cattleId === id));
        },
        cattleId,
        { timeout: 20_000, polling: 500 },
      );
      // The whole herd, not only the animals opened: what the server's roster holds.
      const herd = (await api(page, '/cattle/roster')).json.data.map((a) => a.cattleId);
      assert.ok(herd.length > 50);
      // The roster is refreshed a few seconds after the page loads (If-None-Match); the first copy may predate the calf.
      for (let i = 0; i < 40 && (await keptAnimals(page)).length !== herd.length; i++) await page.waitForTimeout(500);
      assert.deepEqual(new Set(await keptAnimals(page)), new Set(herd));

      // No signal. The alert's '授精を記録' opens the quick form for her from the kept roster, 保存 on the first screen.
      await server.stop();
      await page.reload();
      await card.first().getByRole('link', { name: '授精を記録' }).click();
      await page.getByText(`#${tag} ゆり`).waitFor();
      const save = page.getByRole('button', { name: '保存する' });
      const box = await save.boundingBox();
      assert.ok(box && box.y + box.height <= PHONE.height - 64, `保存 at ${box?.y} px, below the first screen`);
      await page.screenshot({ path: path.join(shots, 'offline-alert-form-phone-light.png') });
      await page.getByLabel('種雄牛名').fill('安福久');
      await save.click();
      // Back where it came from, told it waits under 未送信.
      await page.waitForURL(/\/alerts/);
      await page.getByText(/電波がないため未送信に保存しました: 授精/).waitFor();

      // The herd search finds her by four digits from the middle of her 個体識別番号, from the kept roster.
      const middle = identificationNumber.slice(3, 7);
      await page.goto(`${server.url}/cattle`);
      await page.getByLabel('耳標・個体識別番号・名前で検索').fill(middle);
      await page.getByText(/この端末の牛台帳（最終更新 \d\d:\d\d）· \d+頭/).waitFor();
      await page.locator('.cattle-row').first().filter({ hasText: 'ゆり' }).filter({ hasText: tag }).waitFor();
      assert.ok((await page.locator('.cattle-row').count()) < herd.length);
      assert.equal(await page.getByText('条件に合う牛はいません').count(), 0);
      await page.screenshot({ path: path.join(shots, 'offline-cattle-search-phone-light.png') });

      // The event form's picker finds her too, and a weight is recorded for her.
      await page.goto(`${server.url}/events/new`);
      await page.getByLabel('耳標番号または名前で検索').fill(middle);
      await page.getByText(/この端末の牛台帳から（最終更新 \d\d:\d\d）/).waitFor();
      await page.getByRole('radio', { name: new RegExp(`#${tag} ゆり`) }).click();
      await page.getByRole('button', { name: '変更' }).waitFor();
      await page.getByRole('button', { name: '計測' }).click();
      await page.getByRole('radio', { name: '体重測定' }).check();
      await page.getByLabel('体重（kg）').fill('512');
      await page.getByRole('button', { name: '保存する' }).click();
      await page.getByText('電波がないため未送信に保存しました').waitFor();

      // 未送信 names each record by type, value, ear tag and name.
      await page.goto(`${server.url}/outbox`);
      await page.getByText(`授精 安福久 · ${tag} ゆり`).waitFor();
      await page.getByText(`体重測定 512kg · ${tag} ゆり`).waitFor();
      await page.screenshot({ path: path.join(shots, 'offline-outbox-phone-light.png'), fullPage: true });

      // The signal is back: what waited goes out, and the farmer is told on the screen they are on.
      server = await start(port, persistTo);
      await page.goto(`${server.url}/cattle`);
      // Usually both in one go; a server still starting answers nothing, and the queue tries again by itself.
      await page.getByText(/未送信の記録を送信しました（[12]件）/).waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: /未送信 \d/ }).waitFor({ state: 'detached', timeout: 20_000 });
      const events = (await api(page, `/events/cattle/${cattleId}`)).json.data.results;
      assert.equal(events.filter((e) => e.eventType === 'INSEMINATION').length, 1);
      assert.equal(events.filter((e) => e.eventType === 'WEIGHT_MEASURED').length, 1);
    });
  } finally {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
});
