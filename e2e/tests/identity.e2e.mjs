import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { apiCall, baseUrl, PHONE, signIn, textOf, withPage } from '../support.mjs';

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function assertFitsPhone(page, where) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `${where}: the page is ${width}px wide on a ${PHONE.width}px phone`);
}

test('on a phone: register a cow with a full-width ID, its zero kept → ship her for 624,800 → find her by ０８７１', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const name = `ゼロ子${Date.now() % 100000}`;
    await page.goto(`${baseUrl}/cattle/new`);
    await page.getByLabel('名前', { exact: true }).fill(name);
    const id = page.getByLabel('個体識別番号（10桁）');
    await id.fill('０８７１－２３４５６６');
    const hint = await id.evaluate(
      (input) => document.getElementById(input.getAttribute('aria-describedby'))?.textContent,
    );
    assert.equal(hint, '10桁（先頭の0も入力）');
    await page.getByLabel('性別').selectOption('雌');
    await page.getByLabel('成長段階').selectOption('MULTI_PAROUS');
    await assertFitsPhone(page, 'the registration form');
    await page.getByRole('button', { name: '登録する' }).click();

    await page.getByRole('heading', { level: 1, name }).waitFor();
    const header = await textOf(page.locator('.animal-header'));
    assert.match(header, /個体識別番号 0871234566/, header);
    assert.match(header, /耳標 3456/, header);
    await assertFitsPhone(page, 'the detail page');

    await page.getByRole('link', { name: '編集' }).click();
    await page.getByRole('heading', { name: '牛の情報を編集' }).waitFor();
    assert.equal(await page.getByLabel('個体識別番号（10桁）').inputValue(), '0871234566');
    assert.equal(await page.getByLabel('耳標番号').inputValue(), '3456');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    await page.goto(`${baseUrl}/cattle`);
    await page.getByRole('searchbox', { name: '耳標・個体識別番号・名前で検索' }).fill('０８７１');
    // The list answers the search once the typing settles: then the 0871… cow is the only match.
    await page.waitForFunction(() => document.querySelectorAll('.cattle-row').length === 1);
    const row = page.getByRole('link', { name: new RegExp(name) });
    await row.waitFor();
    await assertFitsPhone(page, 'the herd list');

    // The herd for Excel: the ID cell is text, so Excel keeps its zero (§10).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '出力' }).click();
    await page.getByRole('button', { name: 'Excel（.xlsx）を書き出す' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^牛台帳_\d{8}\.xlsx$/);
    const sheet = strFromU8(unzipSync(readFileSync(await file.path()))['xl/worksheets/sheet1.xml']);
    assert.match(sheet, /<c r="A\d+" t="inlineStr"><is><t xml:space="preserve">0871234566<\/t>/);

    await row.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const panel = page.getByRole('region', { name: '出荷', exact: true });
    await panel.getByRole('button', { name: '出荷を記録する' }).click();
    await panel.getByLabel('価格（円）').fill('624,800');
    await assertFitsPhone(page, 'the shipment form');
    await panel.getByRole('button', { name: '記録する', exact: true }).click();
    await panel.getByText('出荷を記録しました').waitFor();
    await panel.getByText('624,800円').waitFor();
    await assertFitsPhone(page, 'the detail page after the shipment');
  });
});

test('a calf registered from a calving without an ID reads 未登録 until its number is filled in', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const mother = await apiCall(page, '/cattle', {
      method: 'POST',
      body: {
        name: `はは${Date.now() % 100000}`,
        identificationNumber: `0872${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
      },
    });
    assert.equal(mother.status, 201, JSON.stringify(mother.json));
    const calving = await apiCall(page, '/events', {
      method: 'POST',
      body: {
        cattleId: mother.json.data.cattleId,
        eventType: 'CALVING',
        eventDatetime: new Date().toISOString(),
        details: { calf: { name: 'みかく', gender: '雌' } },
      },
    });
    assert.equal(calving.status, 201, JSON.stringify(calving.json));
    const calfId = calving.json.data.details.calves[0].cattleId;
    const calf = await apiCall(page, `/cattle/${calfId}`);
    assert.equal(calf.json.data.identificationNumber, null);

    await page.goto(`${baseUrl}/cattle/${calfId}`);
    await page.getByRole('heading', { level: 1, name: 'みかく' }).waitFor();
    assert.match(await textOf(page.locator('.animal-header')), /個体識別番号 未登録/);
    await assertFitsPhone(page, 'the calf page');

    await page.getByRole('link', { name: '編集' }).click();
    await page.getByRole('heading', { name: '牛の情報を編集' }).waitFor();
    const id = page.getByLabel('個体識別番号（10桁）');
    assert.equal(await id.inputValue(), '');
    const number = `0873${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    await id.fill(number);
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByRole('heading', { level: 1, name: 'みかく' }).waitFor();
    await page.locator('.animal-header').getByText(`個体識別番号 ${number}`).waitFor();
  });
});
