import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { baseUrl, outbox, uniqueEmail, withPage } from '../support.mjs';

// This machine has no internet: the Turnstile script cannot load, exactly as here. In development without
// TURNSTILE_SECRET_KEY the form then submits with a development token and the server skips verification.
const offlineTurnstile = (page) =>
  page.route('https://challenges.cloudflare.com/**', (route) => route.abort('internetdisconnected'));

test('a visitor joins the waiting list on / and the admin finds the address and downloads the CSV', async () => {
  await withPage(async (page) => {
    await offlineTurnstile(page);
    const email = uniqueEmail('e2e-waiting');

    await page.goto(`${baseUrl}/`);
    const waitingList = page.getByRole('region', { name: '事前登録（ウェイティングリスト）' });
    await waitingList.getByText('開発環境のため、ボット確認を省略して送信できます。').waitFor();
    await waitingList.getByRole('button', { name: '事前登録する' }).click();
    await waitingList.getByText('有効なメールアドレスを入力してください').waitFor();

    await waitingList.getByLabel('メールアドレス').fill(email);
    await waitingList.getByLabel('牛帳を知ったきっかけ').selectOption({ label: 'JA・農協' });
    await waitingList.getByRole('button', { name: '事前登録する' }).click();
    await page.getByRole('heading', { name: '事前登録ありがとうございます' }).waitFor();
    await page.getByText(`${email} に確認メールをお送りしました。`, { exact: false }).waitFor();
    const [mail] = await outbox(email);
    assert.equal(mail.subject, '【牛帳】事前登録ありがとうございます');

    await page.getByRole('button', { name: '別のメールアドレスを登録する' }).click();
    await page.getByLabel('メールアドレス').fill(email.toUpperCase());
    await page.getByRole('button', { name: '事前登録する' }).click();
    await page.getByRole('heading', { name: 'すでに事前登録されています' }).waitFor();
    assert.equal((await outbox(email)).length, 1);

    await page.goto(`${baseUrl}/admin/registrations`);
    await page.getByLabel('ユーザー名').fill('admin');
    await page.getByLabel('パスワード').fill('not-the-password');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByText('ユーザー名またはパスワードが正しくありません').waitFor();
    await page.getByLabel('パスワード').fill('ushicho-admin-dev');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByRole('heading', { name: '事前登録一覧' }).waitFor();

    await page.getByLabel('メールアドレスで検索').fill(email);
    await page.getByRole('button', { name: '絞り込む' }).click();
    await page.getByText('1件中 1–1件').waitFor();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await row.getByText('JA・農協').waitFor();
    await row.getByText('受付済み').waitFor();

    // Credentials last for the tab, the filters live in the URL.
    await page.reload();
    await page.getByText('1件中 1–1件').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSVをダウンロード' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'registrations.csv');
    const bytes = readFileSync(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    assert.equal(lines[0], 'ID,Email,Referral Source,Status,Locale,Created At');
    assert.match(
      lines[1],
      new RegExp(
        `^\\d+,${email.replace(/[.]/g, '\\.')},ja,pending,ja,\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.000Z$`,
      ),
    );
    assert.equal(lines[2], '');
    assert.equal(lines.length, 3);

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.getByRole('heading', { name: '管理者ログイン' }).waitFor();
  });
});
