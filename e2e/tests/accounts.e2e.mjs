import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
  apiCall,
  artifacts,
  baseUrl,
  call,
  DESKTOP,
  newFarmer,
  outbox,
  PHONE,
  uniqueEmail,
  withPage,
} from '../support.mjs';

/** A verification link's token for a new address, registered through the API. */
async function verificationToken(email) {
  await call('/auth/register', { method: 'POST', body: { email } });
  const [mail] = await outbox(email);
  return decodeURIComponent(/verify\?token=([\w%-]+)/.exec(mail.text)[1]);
}

test('register → verify from the outbox → complete with the farm name → on /home signed in on that farm → dark theme persists → sign out → sign in', async () => {
  await withPage(async (page) => {
    const email = uniqueEmail('e2e-account');
    const password = 'ぼくじょう-pass-2026';

    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('メールアドレス').fill('not-an-email');
    await page.getByRole('button', { name: '確認メールを送る' }).click();
    await page.getByText('有効なメールアドレスを入力してください').waitFor();

    await page.getByLabel('メールアドレス').fill(email);
    const submit = page.getByRole('button', { name: '確認メールを送る' });
    await submit.click();
    await page.getByRole('heading', { name: '確認メールを送りました' }).waitFor();

    const [mail] = await outbox(email);
    const link = /https?:\/\/\S+\/verify\?token=\S+/.exec(mail.text)[0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.waitForURL(/\/complete\?token=/);

    // The person and the farm are asked apart; the farm's placeholder shows the name it gets when left blank.
    const farmName = page.getByLabel('牧場名');
    assert.equal(await farmName.getAttribute('placeholder'), 'お名前の牧場');
    await page.getByLabel('お名前', { exact: true }).fill('東 一郎');
    assert.equal(await farmName.getAttribute('placeholder'), '東 一郎の牧場');
    await page.getByText('空欄なら「東 一郎の牧場」になります。').waitFor();
    await page.getByLabel('パスワード', { exact: true }).fill(password);
    await page.getByLabel('パスワード（確認）').fill('different-password');
    await page.getByRole('button', { name: '登録を完了する' }).click();
    await page.getByText('パスワードが一致しません').waitFor();
    await farmName.fill('東牧場');
    await page.getByLabel('パスワード（確認）').fill(password);
    await page.getByRole('button', { name: '登録を完了する' }).click();

    // Signed in at once: no second typing of the password, the farm bar shows the farm just named.
    await page.waitForURL(/\/home$/);
    await page.locator('.topbar .farm-switcher__name').getByText('東牧場', { exact: true }).waitFor();
    const farms = await apiCall(page, '/farms');
    assert.deepEqual(
      farms.json.data.map((f) => [f.name, f.role]),
      [['東牧場', 'owner']],
    );

    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('radio', { name: 'ダーク' }).check();
    await page.getByText('テーマを保存しました').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await page.evaluate(() => localStorage.removeItem('ushicho.theme'));
    await page.reload();
    await page.getByRole('radio', { name: 'ダーク' }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'ダーク' }).isChecked(), true);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');

    await page.getByRole('button', { name: 'ログアウト' }).last().click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${baseUrl}/home`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード').fill('wrong-password');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByText('メールアドレスまたはパスワードが正しくありません').waitFor();
    await page.getByLabel('パスワード').fill(password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/home$/);
  });
});

test('the completion screen fits a phone and a desktop, light and dark, with 44 px controls (screenshots)', async () => {
  const shots = path.join(artifacts, 'screens');
  mkdirSync(shots, { recursive: true });
  for (const [device, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
    for (const colorScheme of ['light', 'dark']) {
      const token = await verificationToken(uniqueEmail('e2e-complete'));
      await withPage(
        async (page) => {
          // The theme is the app's own choice (stored on the device before sign-in), not only the system's.
          await page.goto(`${baseUrl}/login`);
          await page.evaluate((theme) => localStorage.setItem('ushicho.theme', theme), colorScheme);
          await page.goto(`${baseUrl}/complete?token=${encodeURIComponent(token)}`);
          assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), colorScheme);
          await page.getByLabel('お名前', { exact: true }).fill('田中 一郎');
          await page.getByLabel('牧場名').waitFor();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= viewport.width, `${device}: the page is ${width}px wide on ${viewport.width}px`);
          for (const control of await page.locator('form input, form button').all()) {
            const box = await control.boundingBox();
            assert.ok(box.height >= 44, `${await control.getAttribute('name')}: ${box.height}px high`);
          }
          await page.screenshot({ path: path.join(shots, `complete-${device}-${colorScheme}.png`), fullPage: true });
        },
        { viewport, colorScheme },
      );
    }
  }
});

test('the language switch turns the sign-in page into English', async () => {
  await withPage(async (page) => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  });
});

test('after 50 failed sign-ins for an email, the login form asks for the check and then signs in (§3)', async () => {
  const farmer = await newFarmer('西 牧場', 'e2e-throttle');
  for (let i = 0; i < 50; i++) {
    const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: farmer.email, password: `wrong-password-${i}` }),
    });
    assert.equal(response.status, 401);
  }
  await withPage(async (page) => {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('メールアドレス').fill(farmer.email);
    await page.getByLabel('パスワード').fill(farmer.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    // The API answers TURNSTILE_REQUIRED: the check appears (in development without a key it needs no click).
    await page.getByTestId('login-turnstile').waitFor();
    await page.getByText('このメールアドレスへのログイン試行が多いため、確認をお願いします。').waitFor();
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/home$/);
  });
});

test('registering an address that is already registered answers like a new one', async () => {
  const farmer = await newFarmer('北 牧場', 'e2e-again');
  await withPage(async (page) => {
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('メールアドレス').fill(farmer.email);
    await page.getByRole('button', { name: '確認メールを送る' }).click();
    await page.getByRole('heading', { name: '確認メールを送りました' }).waitFor();
    // The mail leaves from the account-mail queue after the answer: wait for it, not for the earlier ones.
    const [mail] = await outbox(
      farmer.email,
      ([newest]) => newest?.subject === '【牛帳】このメールアドレスは登録済みです',
    );
    assert.equal(mail.subject, '【牛帳】このメールアドレスは登録済みです');
  });
});
