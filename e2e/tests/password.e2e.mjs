import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, outbox, signIn, uniqueEmail, withPage } from '../support.mjs';

const post = async (path, body, token) => {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
};

/** The link to `pathname` in the newest mail to `email` holding one, pointed at the server under test. */
async function linkFromMail(email, pathname) {
  const pattern = new RegExp(`https?://\\S+${pathname}\\?token=\\S+`);
  const mail = (await outbox(email, (mails) => mails.some((m) => pattern.test(m.text)))).find((m) =>
    pattern.test(m.text),
  );
  assert.ok(mail, `no mail with a ${pathname} link to ${email}`);
  return pattern.exec(mail.text)[0].replace(/^https?:\/\/[^/]+/, baseUrl);
}

/** A fresh farmer with a password, registered through the API (the registration screens have their own test). */
async function registerFarmer(password) {
  const email = uniqueEmail('e2e-password');
  assert.equal((await post('/auth/register', { email })).status, 200);
  const token = new URL(await linkFromMail(email, '/verify')).searchParams.get('token');
  assert.equal((await post('/auth/complete', { token, name: '西 牧場', password })).status, 200);
  return email;
}

/** A second session of the farmer, as if signed in on another phone: whether its token still works. */
async function otherDevice(email, password) {
  const { json } = await post('/auth/login', { email, password });
  return async () =>
    (await fetch(`${baseUrl}/api/v1/users/me`, { headers: { Authorization: `Bearer ${json.token}` } })).status;
}

test('forgotten password: reset mail → new password → sign in; then change it in settings and sign out everywhere', async () => {
  await withPage(async (page) => {
    const oldPassword = 'ふるい-pass-2026';
    const newPassword = 'あたらしい-pass-2026';
    const changedPassword = 'かえた-pass-2027';
    const email = await registerFarmer(oldPassword);
    const before = await otherDevice(email, oldPassword);
    assert.equal(await before(), 200);

    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole('heading', { name: 'パスワードの再設定' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
    await page.getByLabel('メールアドレス').fill('not-an-email');
    await page.getByRole('button', { name: '再設定メールを送る' }).click();
    await page.getByText('有効なメールアドレスを入力してください').waitFor();
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '再設定メールを送る' }).click();
    await page.getByText('パスワード再設定のメールを送信しました。').waitFor();
    await page.getByRole('link', { name: 'ログイン画面に戻る' }).waitFor();

    const [mail] = await outbox(email, ([newest]) => newest?.subject === '【牛帳】パスワードの再設定');
    assert.equal(mail.subject, '【牛帳】パスワードの再設定');
    const link = await linkFromMail(email, '/reset-password');
    await page.goto(link);
    await page.getByRole('heading', { name: '新しいパスワードの設定' }).waitFor();
    await page.getByLabel('新しいパスワード', { exact: true }).fill(newPassword);
    await page.getByLabel('新しいパスワード（確認）').fill('something-else-1');
    await page.getByRole('button', { name: 'パスワードを設定する' }).click();
    await page.getByText('パスワードが一致しません').waitFor();
    await page.getByLabel('新しいパスワード（確認）').fill(newPassword);
    await page.getByRole('button', { name: 'パスワードを設定する' }).click();
    await page.getByText('パスワードを再設定しました。新しいパスワードでログインしてください。').waitFor();
    assert.equal(await before(), 401, 'a reset ends every session');

    // The link works once.
    await page.goto(link);
    await page.getByLabel('新しいパスワード', { exact: true }).fill('one-more-pass-1');
    await page.getByLabel('新しいパスワード（確認）').fill('one-more-pass-1');
    await page.getByRole('button', { name: 'パスワードを設定する' }).click();
    await page.getByText('パスワード再設定リンクが無効か期限切れです').waitFor();
    await page.getByRole('link', { name: '再設定メールをもう一度送る' }).waitFor();

    await page.getByRole('link', { name: 'ログイン画面に戻る' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード').fill(oldPassword);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByText('メールアドレスまたはパスワードが正しくありません').waitFor();
    await signIn(page, { email, password: newPassword });

    const phone = await otherDevice(email, newPassword);
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'パスワードの変更' }).waitFor();
    await page.getByLabel('現在のパスワード').fill('wrong-password-1');
    await page.getByLabel('新しいパスワード', { exact: true }).fill(changedPassword);
    await page.getByLabel('新しいパスワード（確認）').fill(changedPassword);
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await page.getByText('現在のパスワードが正しくありません').waitFor();
    await page.getByLabel('現在のパスワード').fill(newPassword);
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await page.getByText('パスワードを変更しました。ほかの端末はログアウトしました。').waitFor();
    assert.equal(await page.getByLabel('現在のパスワード').inputValue(), '', 'the form is cleared');
    assert.equal(await phone(), 401, 'the other device is signed out');
    await page.reload();
    await page.getByRole('heading', { name: 'パスワードの変更' }).waitFor();

    const laptop = await otherDevice(email, changedPassword);
    assert.equal(await laptop(), 200);
    await page.getByRole('button', { name: 'すべての端末からログアウト' }).click();
    const dialog = page.getByRole('dialog', { name: 'すべての端末からログアウトしますか？' });
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'すべての端末からログアウト' }).click();
    await dialog.getByRole('button', { name: 'ログアウトする' }).click();
    await page.waitForURL(/\/login$/);
    assert.equal(await laptop(), 401, 'every device is signed out');
    assert.equal(await page.evaluate(() => localStorage.getItem('ushicho.token')), null);
    await page.goto(`${baseUrl}/home`);
    await page.waitForURL(/\/login\?redirect=/);

    await signIn(page, { email, password: changedPassword });
  });
});

test('a reset link without a token offers a new mail, in English too', async () => {
  await withPage(async (page) => {
    await page.goto(`${baseUrl}/reset-password`);
    await page.getByText('パスワード再設定リンクが無効か期限切れです').waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByRole('link', { name: 'Send a new reset mail' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  });
});
