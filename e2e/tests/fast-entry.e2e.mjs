// §15: from the morning's alert list to a recorded AI in two taps on a phone — the alert's '授精を記録', then the
// form's 保存する — with the animal, the type, the time and the farm's last sire and technician already filled in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, call, DEMO, demoCow, PHONE, signIn, withPage } from '../support.mjs';

const jstDay = (offset) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const jstNow = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 16);

test('two taps from the alert list to a recorded AI, with the last sire and technician filled in', async () => {
  const { token } = await call('/auth/login', { method: 'POST', body: DEMO });
  const stamp = Date.now() % 100000;
  // The farm's latest service names the sire and technician the form should offer first.
  const sire = `E2E種雄${stamp}`;
  const other = await demoCow(token, `E2E前回${stamp}`);
  await call('/events', {
    method: 'POST',
    token,
    body: {
      cattleId: other,
      eventType: 'INSEMINATION',
      eventDatetime: `${jstNow()}:00+09:00`,
      details: { method: 'AI', sireName: sire, sireBreed: '黒毛和種', technician: '授精師 山本' },
    },
  });
  // A cow 75 days after calving with no service: the open-days alert.
  const name = `E2E二タップ${stamp}`;
  const cattleId = await demoCow(token, name);
  await call('/events', {
    method: 'POST',
    token,
    body: { cattleId, eventType: 'CALVING', eventDatetime: `${jstDay(-75)}T08:00:00+09:00` },
  });
  const cron = await fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent('0 21 * * *')}`);
  assert.equal(cron.status, 200);

  await withPage(
    async (page) => {
      await signIn(page);
      await page.goto(`${baseUrl}/alerts`);
      const card = page.getByRole('article').filter({ hasText: name });
      await card.getByText('分娩後75日経過・未授精', { exact: true }).waitFor();

      let taps = 0;
      const tap = async (locator) => {
        taps += 1;
        await locator.click();
      };
      await tap(card.getByRole('link', { name: '授精を記録' }));
      // The form, filled in: the animal and 授精 in a line, now, the last sire and technician; 保存 on the first
      // screen, the optional details (method, semen lot, notes) folded below it.
      await page.getByRole('heading', { level: 1, name: 'イベント記録' }).waitFor();
      await page.waitForFunction((s) => document.querySelector('input[list="event-recent-sires"]')?.value === s, sire);
      await page.locator('.event-quick').getByText('授精', { exact: true }).waitFor();
      assert.equal(await page.getByLabel('授精師').inputValue(), '授精師 山本');
      assert.match(await page.getByLabel('日時').inputValue(), new RegExp(`^${jstDay(0)}T`));
      const save = page.getByRole('button', { name: '保存する' });
      const box = await save.boundingBox();
      assert.ok(box && box.y + box.height <= PHONE.height - 64, `保存 ends at ${box && box.y + box.height} px`);
      await page.getByText('そのほかの項目（任意）').click();
      assert.equal(await page.getByRole('radio', { name: '人工授精' }).isChecked(), true);
      await tap(save);
      // Saved, and back on the alert list it came from.
      await page.waitForURL(/\/alerts/);
      await page.getByText(`記録しました: 授精 — `).waitFor();
      assert.equal(taps, 2);

      const events = await call(`/events/cattle/${cattleId}`, { token });
      const services = events.data.results.filter((e) => e.eventType === 'INSEMINATION');
      assert.equal(services.length, 1);
      assert.equal(services[0].details.sireName, sire);
      assert.equal(services[0].details.technician, '授精師 山本');
      assert.equal(services[0].details.method, 'AI');
    },
    { viewport: PHONE },
  );
});

test('the herd list on a phone: title, exports, import and register in one row; the first animal high on the screen', async () => {
  await withPage(
    async (page) => {
      await signIn(page);
      await page.goto(`${baseUrl}/cattle`);
      const header = page.locator('.cattle-header');
      await header.waitFor();
      const row = page.locator('.cattle-row').first();
      await row.waitFor();
      const headerBox = await header.boundingBox();
      assert.ok(headerBox.height <= 52, `header ${headerBox.height} px tall`);
      for (const control of [
        page.getByRole('button', { name: '出力' }),
        page.getByRole('link', { name: '取込' }),
        page.getByRole('link', { name: '登録' }),
      ]) {
        const box = await control.boundingBox();
        assert.ok(box.height >= 44, `${await control.textContent()} is ${box.height} px tall`);
        assert.ok(box.x + box.width <= PHONE.width, `${await control.textContent()} ends at ${box.x + box.width}`);
      }
      const first = await row.boundingBox();
      assert.ok(first.y < PHONE.height / 2, `first animal at ${first.y} px`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);

      // The exports are a menu: both formats, each a 44 px control, closed with Escape.
      await page.getByRole('button', { name: '出力' }).click();
      await page.getByRole('button', { name: 'CSVを書き出す' }).waitFor();
      await page.getByRole('button', { name: 'Excel（.xlsx）を書き出す' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'CSVを書き出す' }).waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('button', { name: '出力' }).getAttribute('aria-expanded'), 'false');
    },
    { viewport: PHONE },
  );
});
