import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, newFarmer, outbox, uniqueEmail, withPage } from '../support.mjs';

test('register → verify from the outbox → complete → sign in → dark theme persists → sign out', async () => {
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

    await page.getByLabel('お名前（牧場名）').fill('東 牧場');
    await page.getByLabel('パスワード', { exact: true }).fill(password);
    await page.getByLabel('パスワード（確認）').fill('different-password');
    await page.getByRole('button', { name: '登録を完了する' }).click();
    await page.getByText('パスワードが一致しません').waitFor();
    await page.getByLabel('パスワード（確認）').fill(password);
    await page.getByRole('button', { name: '登録を完了する' }).click();
    await page.getByText('本登録が完了しました。ログインしてください。').waitFor();

    await page.goto(`${baseUrl}/settings`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード').fill('wrong-password');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByText('メールアドレスまたはパスワードが正しくありません').waitFor();
    await page.getByLabel('パスワード').fill(password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/settings$/);

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
  });
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
    const [mail] = await outbox(farmer.email);
    assert.equal(mail.subject, '【牛帳】このメールアドレスは登録済みです');
  });
});
