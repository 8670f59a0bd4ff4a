import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, call, DEMO, signIn, withPage } from '../support.mjs';

/** A JST calendar date `offset` days from today. */
const jstDay = (offset) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A cow on the demo farm that calved 75 days ago and has not been inseminated: the OPEN_DAYS_OVER60_NO_AI
 * situation, created through the API, then the dawn cron run so the alert exists whatever wired it.
 */
async function cowWithOpenDaysAlert() {
  const { token } = await call('/auth/login', { method: 'POST', body: DEMO });
  const name = `E2Eアラート${Date.now() % 100000}`;
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
  const cattleId = created.data.cattleId;
  await call('/events', {
    method: 'POST',
    token,
    body: { cattleId, eventType: 'CALVING', eventDatetime: `${jstDay(-75)}T08:00:00+09:00` },
  });
  const cron = await fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent('0 21 * * *')}`);
  assert.equal(cron.status, 200);
  const list = await call(`/alerts?cattleId=${cattleId}`, { token });
  const alert = list.data.results.find((a) => a.type === 'OPEN_DAYS_OVER60_NO_AI');
  assert.ok(alert, 'the open-days alert exists');
  assert.equal(alert.message, '分娩後75日経過・未授精');
  return { token, name, cattleId, alertId: alert.id };
}

test('acknowledge then resolve an alert on the demo farm', async () => {
  const { token, name, cattleId, alertId } = await cowWithOpenDaysAlert();
  await withPage(async (page) => {
    await signIn(page);
    await page.goto(`${baseUrl}/alerts`);
    await page.getByRole('heading', { name: 'アラート', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /重要度「高」/ }).waitFor();

    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: new RegExp(`^${name}`) }) });
    await card.getByText('分娩後75日経過・未授精').waitFor();
    await card.getByRole('button', { name: '確認' }).click();
    await card.getByText('確認済み').waitFor();

    await card.getByRole('button', { name: '解決' }).click();
    const dialog = page.getByRole('dialog', { name: 'アラートを解決にする' });
    await dialog.getByLabel('理由（任意）').fill('本日授精しました');
    await dialog.getByRole('button', { name: '解決' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '解決済み' }).click();
    const resolved = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: new RegExp(`^${name}`) }) });
    await resolved.getByText('解決済み', { exact: true }).waitFor();
    await resolved.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await page.waitForURL(new RegExp(`/cattle/${cattleId}$`));
  });

  const history = await call(`/alerts/${alertId}/history`, { token });
  assert.deepEqual(
    history.data.results.map((h) => [h.action, h.reason]),
    [
      ['created', null],
      ['acknowledged', null],
      ['resolved', '本日授精しました'],
    ],
  );
  assert.equal(history.data.alert.status, 'resolved');
});
