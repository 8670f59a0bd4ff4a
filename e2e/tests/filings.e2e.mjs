import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { apiCall, artifacts, baseUrl, DESKTOP, PHONE, signIn, textOf, withPage } from '../support.mjs';

const jstDay = (offset = 0) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
/** A day as the screens show it (§18): YYYY/MM/DD. */
const shown = (day) => day.replaceAll('-', '/');
/** A5 and A4 portrait at 96 dpi. */
const A5 = { width: 559, height: 794 };
const A4_LANDSCAPE = { width: 1123, height: 794 };

async function newCow(page, earTag) {
  const created = await apiCall(page, '/cattle', {
    method: 'POST',
    body: {
      name: `届出${earTag}`,
      identificationNumber: 1_710_000_000 + earTag,
      earTagNumber: earTag,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      birthday: '2020-04-01',
      breed: '黒毛和種',
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  return created.json.data.cattleId;
}

test('a calving makes a pending birth filing on /filings, marked filed with its date', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const earTag = 30_000 + Math.floor(Math.random() * 9_000);
    const cow = await newCow(page, earTag);
    const calfTag = String(earTag + 1);
    const calving = await apiCall(page, '/events', {
      method: 'POST',
      body: {
        cattleId: cow,
        eventType: 'CALVING',
        eventDatetime: `${jstDay(-2)}T08:00:00+09:00`,
        details: { calves: [{ gender: '雌', earTagNumber: calfTag }] },
      },
    });
    assert.equal(calving.status, 201, JSON.stringify(calving.json));

    await page.goto(`${baseUrl}/filings?kind=BIRTH&status=pending`);
    await page.getByRole('heading', { name: '届出', exact: true }).waitFor();
    const item = page.locator('.filing', { hasText: calfTag });
    await item.waitFor();
    // Due 2 days ago + 7 = in 5 days; the untagged calf still misses its ID number.
    assert.match(await textOf(item), new RegExp(`期限 ${shown(jstDay(5))}`));
    assert.match(await textOf(item), /未入力: 個体識別番号/);
    // Named by its tag and its dam, never '#id'; the missing number links to the calf's edit screen.
    const calfId = calving.json.data.details.calves[0].cattleId;
    assert.match(await textOf(item), new RegExp(`${calfTag} 子牛（${earTag} 届出${earTag}の子）`));
    assert.doesNotMatch(await textOf(item), /#\d/);
    assert.equal(
      await item.getByRole('link', { name: /個体識別番号を入力する/ }).getAttribute('href'),
      `/cattle/${calfId}/edit`,
    );
    await item.getByRole('checkbox').check();
    await page.getByLabel('届出日').fill(jstDay(0));
    await page.getByRole('button', { name: '届出済みにする' }).click();
    // Asked first: the number is still missing.
    const dialog = page.getByRole('dialog', { name: '個体識別番号が未入力です。届出済みにしますか？' });
    await dialog.waitFor();
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, 'filings-confirm-missing-phone.png') });
    await dialog.getByRole('button', { name: '届出済みにする' }).click();
    await page.getByText('1件を届出済みにしました').waitFor();
    await page.locator('.filing', { hasText: calfTag }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '届出済み', exact: true }).click();
    const filed = page.locator('.filing', { hasText: calfTag });
    await page.locator('.filing').first().waitFor();
    // Oldest due first: the demo's older filed births come before it, page after page.
    for (let i = 0; i < 20 && (await filed.count()) === 0; i++) {
      await page.getByRole('button', { name: 'さらに表示' }).click();
      await page.waitForTimeout(300);
    }
    await filed.waitFor();
    assert.match(await textOf(filed), new RegExp(`届出日 ${shown(jstDay(0))}`));

    // The worksheet printed on A4 (landscape), for the NLBC web form.
    mkdirSync(artifacts, { recursive: true });
    await page.setViewportSize(A4_LANDSCAPE);
    await page.emulateMedia({ media: 'print' });
    await page.locator('.filings-worksheet').waitFor({ state: 'visible' });
    assert.equal(await page.locator('.sidebar').isVisible(), false);
    // Headed with the farm, its 農家コード and the print date (§21, turn 4).
    const heading = await textOf(page.locator('.filings-worksheet__heading'));
    assert.match(heading, new RegExp(`農場名 ?北牧場（デモ）.*農家コード.*印刷日 ?${shown(jstDay(0))}`));
    await page.screenshot({ path: path.join(artifacts, 'filings-worksheet-a4-print.png'), fullPage: true });
    await page.screenshot({ path: path.join(artifacts, 'filings-worksheet-a4-print-first-page.png') });
    // The worksheet spans the page: its table is as wide as the A4 page less the margins the screen keeps.
    const width = await page.locator('.filings-worksheet table').evaluate((el) => el.getBoundingClientRect().width);
    assert.ok(width > A4_LANDSCAPE.width * 0.8, `worksheet ${width}px wide`);
  });
});

test('an insemination’s certificate page prints on a phone and on A5', async () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['a5', A5],
    ['desktop', DESKTOP],
  ]) {
    await withPage(
      async (page) => {
        await signIn(page);
        const earTag = 40_000 + Math.floor(Math.random() * 9_000);
        const cow = await newCow(page, earTag);
        const ai = await apiCall(page, '/events', {
          method: 'POST',
          body: {
            cattleId: cow,
            eventType: 'INSEMINATION',
            eventDatetime: `${jstDay(-1)}T09:00:00+09:00`,
            details: { method: 'AI', sireName: '安福久', semenLot: 'L-E2E', technician: '佐藤 授精師' },
          },
        });
        assert.equal(ai.status, 201, JSON.stringify(ai.json));
        // From the animal's timeline, the insemination links to its certificate.
        await page.goto(`${baseUrl}/cattle/${cow}`);
        await page
          .locator('.event-item[data-event-type="INSEMINATION"]')
          .getByRole('link', { name: '授精証明書' })
          .click();
        await page.waitForURL(new RegExp(`/events/${ai.json.data.eventId}/certificate$`));
        await page.getByRole('heading', { name: '家畜人工授精証明書' }).waitFor();
        const certificate = page.locator('.certificate');
        assert.match(await textOf(certificate), /授精年月日/);
        assert.match(await textOf(certificate), new RegExp(shown(jstDay(-1))));
        assert.match(await textOf(certificate), /安福久/);
        assert.match(await textOf(certificate), /佐藤 授精師/);
        // Someone else's name: no licence beside it (the demo owner's 北海道 第2048号 is not 佐藤's).
        assert.doesNotMatch(await textOf(certificate), /第2048号/);
        await page.emulateMedia({ media: 'print' });
        assert.equal(await page.getByRole('button', { name: '印刷する' }).isVisible(), false);
        assert.equal(await page.locator('.sidebar, .bottom-nav').first().isVisible(), false);
        mkdirSync(artifacts, { recursive: true });
        await page.screenshot({ path: path.join(artifacts, `certificate-${name}-print.png`), fullPage: true });
      },
      { viewport },
    );
  }
});
