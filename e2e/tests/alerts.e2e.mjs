import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, call, DEMO, demoCow, PHONE, signIn, textOf, withPage } from '../support.mjs';

/** A JST calendar date `offset` days from today. */
const jstDay = (offset) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A cow on the demo farm that calved 75 days ago and has not been inseminated: the OPEN_DAYS_OVER60_NO_AI
 * situation, created through the API, then the dawn cron run so the alert exists whatever wired it.
 */
async function cowWithOpenDaysAlert() {
  const { token } = await call('/auth/login', { method: 'POST', body: DEMO });
  const name = `E2Eアラート${Date.now() % 100000}`;
  const cattleId = await demoCow(token, name);
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

    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: new RegExp(name) }) });
    await card.getByText('分娩後75日経過・未授精', { exact: true }).waitFor();
    // On the card: the ear tag and name, and the event that answers it; 確認 and 解決 behind その他.
    assert.match(await textOf(card.getByRole('link', { name: new RegExp(name) })), new RegExp(`^耳標 \\d+ ${name}$`));
    await card.getByRole('link', { name: '授精を記録' }).waitFor();
    await card.getByText('その他').click();
    await card.getByRole('button', { name: '確認' }).click();
    await card.getByText('確認済み').waitFor();

    await card.getByText('その他').click();
    await card.getByRole('button', { name: '解決' }).click();
    const dialog = page.getByRole('dialog', { name: 'アラートを解決にする' });
    await dialog.getByLabel('理由（任意）').fill('本日授精しました');
    await dialog.getByRole('button', { name: '解決' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '解決済み' }).click();
    const resolved = page.getByRole('article').filter({ has: page.getByRole('link', { name: new RegExp(name) }) });
    await resolved.getByText('解決済み', { exact: true }).waitFor();
    await resolved.getByRole('link', { name: new RegExp(name) }).click();
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

/** The alert cards wholly inside the phone's first screen, between the top bar and the bottom navigation. */
const cardsOnFirstScreen = (page) =>
  page.evaluate(() => {
    const top = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    const bottom = document.querySelector('.bottom-nav')?.getBoundingClientRect().top ?? window.innerHeight;
    return [...document.querySelectorAll('article.alert-card')].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= top && box.bottom <= bottom;
    }).length;
  });

/** Pills, titles and actions that stick out of their card (English words are longer). */
const overflowingParts = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('article.alert-card')].flatMap((card) => {
      const box = card.getBoundingClientRect();
      return [...card.querySelectorAll('.severity, .alert-card__message, .alert-card__actions > *, .badge')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < box.left - 0.5 || r.right > box.right + 0.5 || el.scrollWidth > el.clientWidth + 1;
        })
        .map((el) => el.textContent);
    }),
  );

for (const [locale, colorScheme] of [
  ['ja', 'light'],
  ['en', 'dark'],
]) {
  test(`two or more alert cards fit the first screen of a phone (${locale}, ${colorScheme})`, async () => {
    await withPage(
      async (page) => {
        await signIn(page);
        await page.evaluate((l) => localStorage.setItem('ushicho.locale', l), locale);
        await page.goto(`${baseUrl}/alerts`);
        await page.locator('article.alert-card').nth(2).waitFor();
        assert.equal(page.viewportSize().height, PHONE.height);
        const shown = await cardsOnFirstScreen(page);
        assert.ok(shown >= 2, `${shown} alert card(s) wholly visible in the first ${PHONE.height} px`);
        assert.deepEqual(await overflowingParts(page), []);
        assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width);
        // The status badge of an open alert is not 'アクティブ' under a tab called 未対応.
        assert.equal(await page.getByText(/アクティブ|Active/).count(), 0);
      },
      { colorScheme },
    );
  });
}

test('a cow found open 30 days ago shows OPEN_AFTER_CHECK on /alerts, filtered by its type, with 授精を記録', async () => {
  const { token } = await call('/auth/login', { method: 'POST', body: DEMO });
  const name = `E2E不受胎${Date.now() % 100000}`;
  const cattleId = await demoCow(token, name);
  for (const [eventType, offset, details] of [
    ['INSEMINATION', -70, undefined],
    ['PREGNANCY_CHECK', -30, { result: 'OPEN' }],
  ])
    await call('/events', {
      method: 'POST',
      token,
      body: { cattleId, eventType, eventDatetime: `${jstDay(offset)}T08:00:00+09:00`, details },
    });
  await withPage(async (page) => {
    await signIn(page);
    // The filter's options come from the alert types: 不受胎後・再授精なし among them.
    await page.goto(`${baseUrl}/alerts?alertType=OPEN_AFTER_CHECK`);
    await page.getByRole('heading', { name: 'アラート', level: 1 }).waitFor();
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: new RegExp(name) }) });
    // Raised by the check's own write: 30 days after it, medium.
    await card.getByText('不受胎確認から30日・再授精なし', { exact: true }).waitFor();
    await card.getByRole('link', { name: '授精を記録' }).waitFor();
    const options = await page.locator('select option').allTextContents();
    assert.ok(options.includes('不受胎後・再授精なし'), options.join(','));
  });
});
