import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, DEMO, outbox, signIn, textOf, uniqueEmail, withPage } from '../support.mjs';

const DEMO_FARM = '北牧場（デモ）';
const STAFF = { email: 'staff@ushicho.example', password: DEMO.password };
const DAY = 86_400_000;
const nowJst = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 16);
/** The JST date 7 days from now as shown on the members page (an invitation lasts 7 days). */
const expiryShown = () => new Date(Date.now() + 9 * 3600_000 + 7 * DAY).toISOString().slice(0, 10).replaceAll('-', '/');

/** The link of the latest mail to `email` matching `path` (/invite, /verify), on the suite's server. */
async function linkFrom(email, path) {
  const pattern = new RegExp(`https?://[^\\s"]+${path.replace('/', '\\/')}\\?token=[\\w%-]+`);
  const mails = await outbox(email, (all) => all.some((m) => pattern.test(m.text)));
  const mail = mails.find((m) => pattern.test(m.text));
  assert.ok(mail, `no ${path} mail to ${email}`);
  return { mail, link: pattern.exec(mail.text)[0].replace(/^https?:\/\/[^/]+/, baseUrl) };
}

test('an owner invites a new address; the invitee registers from the link, joins, records, and the owner sees it', async () => {
  const inviteeEmail = uniqueEmail('e2e-invitee');
  const withdrawnEmail = uniqueEmail('e2e-withdrawn');
  const inviteeName = `招待 太郎${Math.floor(Math.random() * 1e4)}`;
  const inviteePassword = 'invited-pass-2026';

  await withPage(async (owner) => {
    await signIn(owner);
    const earTag = 30_000 + Math.floor(Math.random() * 9_000);
    const created = await apiCall(owner, '/cattle', {
      method: 'POST',
      body: {
        name: 'さくら',
        identificationNumber: 1_200_000_000 + earTag,
        earTagNumber: earTag,
        gender: '雌',
        growthStage: 'GROWING',
        breed: '黒毛和種',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const cattleId = created.json.data.cattleId;
    const demoFarm = (await apiCall(owner, '/farms')).json.data.find((f) => f.name === DEMO_FARM);

    // The owner's invite form: the address is checked in place; the role defaults to スタッフ.
    await owner.goto(`${baseUrl}/farms/members`);
    const invite = owner.getByRole('region', { name: 'メンバーを招待' });
    await invite.getByLabel('メールアドレス').fill('not-an-email');
    await invite.getByRole('button', { name: '招待する' }).click();
    await invite.getByText('有効なメールアドレスを入力してください').waitFor();
    assert.equal(await invite.getByLabel('役割').inputValue(), 'staff');

    await invite.getByLabel('メールアドレス').fill(inviteeEmail);
    await invite.getByRole('button', { name: '招待する' }).click();
    await invite.getByText(`${inviteeEmail} に招待メールを送りました`).waitFor();
    const pendingRow = invite.locator(`[data-testid="invitation"][data-email="${inviteeEmail}"]`);
    await pendingRow.waitFor();
    assert.equal(await textOf(pendingRow.locator('.member__email')), `スタッフ · 有効期限 ${expiryShown()}`);
    assert.equal(await invite.getByLabel('メールアドレス').inputValue(), '');

    // A second invitation, withdrawn after confirming: its link no longer works.
    await invite.getByLabel('メールアドレス').fill(withdrawnEmail);
    await invite.getByLabel('役割').selectOption('viewer');
    await invite.getByRole('button', { name: '招待する' }).click();
    const withdrawnRow = invite.locator(`[data-testid="invitation"][data-email="${withdrawnEmail}"]`);
    await withdrawnRow.getByText('閲覧のみ').waitFor();
    await withdrawnRow.getByRole('button', { name: '取り消す' }).click();
    const dialog = owner.getByRole('dialog', { name: '招待を取り消す' });
    await dialog.getByText(`${withdrawnEmail} への招待を取り消しますか？`).waitFor();
    await dialog.getByRole('button', { name: '取り消す' }).click();
    await withdrawnRow.waitFor({ state: 'detached' });
    await pendingRow.waitFor();

    const { mail, link } = await linkFrom(inviteeEmail, '/invite');
    assert.equal(mail.subject, `【牛帳】「${DEMO_FARM}」への招待`);
    const { link: withdrawnLink } = await linkFrom(withdrawnEmail, '/invite');

    // Someone signed in with another address sees the API's refusal and can switch accounts.
    await withPage(async (other) => {
      await signIn(other, STAFF);
      await other.goto(link);
      await other.getByText('招待されたメールアドレスでログインしてください').waitFor();
      await other.getByText(`ログイン中: ${STAFF.email}`).waitFor();
      assert.equal(await other.getByRole('button', { name: '参加する' }).count(), 0);
      await other.getByRole('button', { name: 'ログアウトして別のアカウントで続ける' }).click();
      await other.getByRole('link', { name: 'ログインして参加' }).waitFor();
      assert.equal(await other.evaluate(() => localStorage.getItem('ushicho.token')), null);

      // The withdrawn link: the API's message and a way on.
      await other.goto(withdrawnLink);
      await other.getByText('招待リンクが無効か期限切れです').waitFor();
      await other.getByRole('link', { name: 'ログインへ' }).waitFor();
    });

    // The invitee: a brand-new address, not signed in, in a browser of their own.
    await withPage(async (page) => {
      await page.goto(link);
      const invitation = page.getByTestId('invitation-summary');
      await invitation.getByText(`さんから「${DEMO_FARM}」にスタッフとして招待されています`).waitFor();
      await invitation.getByText(inviteeEmail).waitFor();
      await page.getByRole('link', { name: 'ログインして参加' }).waitFor();
      await page.getByRole('link', { name: '新規登録して参加' }).click();

      // Register → verify from the outbox → complete (signed in at once): back on the invitation.
      await page.waitForURL(/\/register$/);
      await page.getByLabel('メールアドレス').fill(inviteeEmail);
      await page.getByRole('button', { name: '確認メールを送る' }).click();
      await page.getByRole('heading', { name: '確認メールを送りました' }).waitFor();
      const { link: verifyLink } = await linkFrom(inviteeEmail, '/verify');
      await page.goto(verifyLink);
      await page.waitForURL(/\/complete\?token=/);
      await page.getByLabel('お名前', { exact: true }).fill(inviteeName);
      await page.getByLabel('パスワード', { exact: true }).fill(inviteePassword);
      await page.getByLabel('パスワード（確認）').fill(inviteePassword);
      await page.getByRole('button', { name: '登録を完了する' }).click();
      await page.waitForURL(/\/invite\?token=/);
      await page.getByText(`ログイン中: ${inviteeEmail}`).waitFor();

      // Joining makes the demo farm the one shown.
      await page.getByRole('button', { name: '参加する' }).click();
      await page.waitForURL(/\/home$/);
      const farmSelect = page.locator('.topbar').getByLabel('牧場', { exact: true });
      await farmSelect.waitFor();
      assert.equal(await farmSelect.evaluate((select) => select.selectedOptions[0]?.textContent), DEMO_FARM);
      assert.equal(await page.evaluate(() => localStorage.getItem('ushicho.farm')), String(demoFarm.id));
      assert.equal(await page.evaluate(() => localStorage.getItem('ushicho.invite')), null);

      // As staff they record a heat on the demo farm's heifer.
      await page.goto(`${baseUrl}/events/new`);
      await page.getByLabel('耳標番号または名前で検索').fill(String(earTag));
      await page.getByRole('radio', { name: `#${earTag} さくら` }).click();
      await page.getByRole('radio', { name: '発情', exact: true }).click();
      await page.getByLabel('日時').fill(nowJst());
      await page.getByRole('button', { name: '保存する' }).click();
      await page.getByText('記録しました').waitFor();

      // The link is single use.
      await page.goto(link);
      await page.getByText('招待リンクが無効か期限切れです').waitFor();
      await page.getByRole('link', { name: 'ホームへ' }).waitFor();
    });

    // The owner: the recorder's name on the timeline, the new member, no pending invitation left.
    await owner.goto(`${baseUrl}/cattle/${cattleId}`);
    const heat = owner.locator('.event-timeline .event-item[data-event-type="ESTRUS"]');
    await heat.waitFor();
    assert.equal(await textOf(heat.locator('.event-item__by')), `記録: ${inviteeName}`);
    await owner.goto(`${baseUrl}/farms/members`);
    const memberRow = owner.locator(`[data-testid="member"][data-email="${inviteeEmail}"]`);
    assert.equal(await memberRow.getByLabel(`${inviteeName} さんの役割`).inputValue(), 'staff');
    const invitations = owner.getByRole('region', { name: 'メンバーを招待' });
    await invitations.getByRole('heading', { name: '参加待ちの招待' }).waitFor();
    await owner.waitForFunction(() => !document.querySelector('[aria-labelledby="invite-title"] .state--loading'));
    assert.equal(await invitations.locator(`[data-testid="invitation"][data-email="${inviteeEmail}"]`).count(), 0);
  });
});
