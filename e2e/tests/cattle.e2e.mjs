import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, DEMO, DESKTOP, signIn, withPage } from '../support.mjs';

async function demoCow() {
  const login = await (
    await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO),
    })
  ).json();
  const list = await (
    await fetch(
      `${baseUrl}/api/v1/cattle?gender=雌&growth_stage=MULTI_PAROUS&status=PREGNANT&sortBy=name&sortOrder=asc&limit=1`,
      { headers: { Authorization: `Bearer ${login.token}` } },
    )
  ).json();
  return list.data.results[0];
}

test('find a cow by ear tag → open her page → edit → change status with a reason → the history shows it', async () => {
  const cow = await demoCow();
  await withPage(async (page) => {
    await signIn(page);
    await page.getByRole('link', { name: '牛一覧' }).first().click();
    await page.waitForURL(/\/cattle/);
    await page.getByRole('searchbox', { name: '耳標・個体識別番号・名前で検索' }).fill(String(cow.earTagNumber));
    const row = page.getByRole('link', { name: new RegExp(cow.name) }).first();
    await row.waitFor();
    assert.equal((await page.locator('.cattle-row').count()) <= 5, true, 'the ear tag narrows the list down');
    await row.click();
    await page.getByRole('heading', { level: 1, name: cow.name }).waitFor();
    await page.getByRole('heading', { name: '繁殖状況' }).waitFor();

    await page.getByRole('link', { name: '編集' }).click();
    await page.getByRole('heading', { name: '牛の情報を編集' }).waitFor();
    await page.getByLabel('評価（1〜5）', { exact: true }).fill('9');
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('評価スコアは1-5の範囲内である必要があります').first().waitFor();
    await page.getByLabel('評価（1〜5）', { exact: true }).fill('5');
    await page.getByLabel('牛舎').fill('分娩房1');
    await page.getByLabel('父牛').fill('福之姫');
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByRole('heading', { level: 1, name: cow.name }).waitFor();
    const card = (name) => page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    await card('プロフィール').getByText('分娩房1').waitFor();
    await card('血統').getByText('福之姫').waitFor();

    await page.getByRole('button', { name: '状態を変更' }).click();
    const dialog = page.getByRole('dialog', { name: '状態を変更' });
    await dialog.getByLabel('新しい状態').selectOption('TREATING');
    await dialog.getByLabel('理由（任意）').fill('右後肢の蹄病');
    await dialog.getByRole('button', { name: '状態を変更' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The dialog (loaded when opened, gone when closed) gives focus back to the button that opened it.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), '状態を変更');
    await page.locator('.animal-header').getByText('治療中').waitFor();
    const history = page.locator('section', { has: page.getByRole('heading', { name: '状態の履歴' }) });
    await history.getByText('右後肢の蹄病').waitFor();
    assert.match(await history.textContent(), /妊娠中 → 治療中/);
  });
});

test('register a heifer with her bloodline on a desktop, then find her in the herd', async () => {
  await withPage(
    async (page) => {
      await signIn(page);
      await page.goto(`${baseUrl}/cattle/new`);
      await page.getByRole('button', { name: '登録する' }).click();
      await page.getByText('名前は必須です').waitFor();
      await page.getByLabel('名前', { exact: true }).fill('はつね');
      await page.getByLabel('耳標番号').fill('4242');
      await page.getByLabel('個体識別番号（10桁）').fill('1999942420');
      await page.getByLabel('性別').selectOption('雌');
      await page.getByLabel('成長段階').selectOption('GROWING');
      await page.getByLabel('生年月日').fill('2025-10-01');
      await page.getByLabel('父牛').fill('美国桜');
      await page.getByRole('button', { name: '登録する' }).click();
      await page.getByRole('heading', { level: 1, name: 'はつね' }).waitFor();
      await page.getByText('美国桜', { exact: true }).waitFor();
      await page.goto(`${baseUrl}/cattle?search=4242`);
      await page.getByRole('link', { name: /はつね/ }).waitFor();
    },
    { viewport: DESKTOP },
  );
});
