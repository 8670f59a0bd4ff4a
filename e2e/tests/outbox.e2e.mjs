// §15: a queued create the API refuses is never dropped silently. It shows under 未送信 with the API's message, can be
// fixed in its own form (and is then recorded once) or discarded. The lost signal is a refused connection for the
// event POSTs only (the service worker does not handle POSTs, so the page's own routing covers them).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, signIn, withPage } from '../support.mjs';

const jstDay = (offset) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

test('a queued event the API refuses shows its message under 未送信; fixed in its form it is recorded once; another is discarded', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const earTag = 60_000 + Math.floor(Math.random() * 9_000);
    const created = await apiCall(page, '/cattle', {
      method: 'POST',
      body: {
        name: 'さくら',
        identificationNumber: 1_400_000_000 + earTag,
        earTagNumber: earTag,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        breed: '黒毛和種',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const cattleId = created.json.data.cattleId;
    const services = async () =>
      (await apiCall(page, `/events/cattle/${cattleId}`)).json.data.results.filter(
        (e) => e.eventType === 'INSEMINATION',
      );

    // No signal for recording events: two services wait in the queue. Only the app's sends are cut (they carry an
    // Idempotency-Key), so the death below is recorded while the queue's own retries still fail.
    const cut = (route) =>
      route.request().method() === 'POST' && route.request().headers()['idempotency-key']
        ? route.abort('connectionrefused')
        : route.fallback();
    await page.route('**/api/v1/events', cut);
    for (const sire of ['北国7の8', '百合茂']) {
      await page.goto(`${baseUrl}/events/new?cattleId=${cattleId}&type=INSEMINATION`);
      await page.getByText(`#${earTag} さくら`).waitFor();
      await page.getByLabel('種雄牛名').fill(sire);
      await page.getByRole('button', { name: '保存する' }).click();
      await page.getByText('電波がないため未送信に保存しました').waitFor();
    }
    await page.getByRole('link', { name: /未送信 2/ }).waitFor();

    // Meanwhile her death was recorded yesterday (from another phone): services dated now are refused.
    const death = await apiCall(page, '/events', {
      method: 'POST',
      body: { cattleId, eventType: 'DEATH', eventDatetime: `${jstDay(-1)}T07:00:00+09:00` },
    });
    assert.equal(death.status, 201, JSON.stringify(death.json));
    await page.unroute('**/api/v1/events', cut);

    await page.getByRole('link', { name: /未送信 2/ }).click();
    const failed = page.locator('.outbox-item--failed');
    await failed.nth(1).waitFor();
    assert.equal(await failed.count(), 2);
    await failed.first().getByText('死亡・出荷後の日付にはイベントを記録できません').waitFor();
    assert.equal((await services()).length, 0);

    // Fix the first: its form opens with what was queued; dated before her death it is recorded.
    await failed.first().getByRole('link', { name: '直す' }).click();
    await page.getByRole('heading', { level: 1, name: 'イベント記録' }).waitFor();
    assert.equal(await page.getByLabel('種雄牛名').inputValue(), '北国7の8');
    await page.getByLabel('日時').fill(`${jstDay(-3)}T08:30`);
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByRole('heading', { level: 1, name: '未送信' }).waitFor();
    await page.locator('.outbox-item').nth(1).waitFor({ state: 'detached' });
    const recorded = await services();
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0].details.sireName, '北国7の8');

    // Discard the other: asked first, then gone, and nothing recorded for it.
    page.once('dialog', (dialog) => dialog.accept());
    await page.locator('.outbox-item').getByRole('button', { name: '破棄' }).click();
    await page.getByText('未送信の記録はありません。').waitFor();
    assert.equal((await services()).length, 1);
  });
});

test('on a shared phone each farmer sees and sends only their own waiting records', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const cows = await apiCall(page, '/cattle?limit=1&gender=雌&status=HEALTHY');
    const cow = cows.json.data.results[0];
    const cut = (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback());
    await page.route('**/api/v1/events', cut);
    await page.goto(`${baseUrl}/events/new?cattleId=${cow.cattleId}&type=ESTRUS`);
    await page.getByRole('heading', { level: 1, name: 'イベント記録' }).waitFor();
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('電波がないため未送信に保存しました').waitFor();
    await page.getByRole('link', { name: /未送信 1/ }).waitFor();

    // The staff member signs in on the same phone: the owner's record is not theirs to see or send.
    await page.evaluate(() => localStorage.removeItem('ushicho.token'));
    await signIn(page, { email: 'staff@ushicho.example', password: 'ushicho-demo-2026' });
    await page.goto(`${baseUrl}/outbox`);
    await page.getByText('未送信の記録はありません。').waitFor();
    assert.equal(await page.getByRole('link', { name: /未送信 \d/ }).count(), 0);

    // Back as the owner, it still waits; discarded, the demo farm is left as it was.
    await page.evaluate(() => localStorage.removeItem('ushicho.token'));
    await signIn(page);
    await page.goto(`${baseUrl}/outbox`);
    await page.locator('.outbox-item').first().waitFor();
    page.once('dialog', (dialog) => dialog.accept());
    await page.locator('.outbox-item').getByRole('button', { name: '破棄' }).click();
    await page.getByText('未送信の記録はありません。').waitFor();
  });
});
