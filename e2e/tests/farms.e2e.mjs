import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, call, DEMO, newFarmer, signIn, textOf, withPage } from '../support.mjs';

const STAFF = { email: 'staff@ushicho.example', password: DEMO.password };
const STAFF_NAME = '田中 健太';
const nowJst = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 16);

async function signOutOnPhone(page) {
  await page.goto(`${baseUrl}/menu`);
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await page.waitForURL(/\/login$/);
}

/** The member row of the members page for one mail address. */
const memberRow = (page, email) => page.locator(`[data-testid="member"][data-email="${email}"]`);

test('staff records an event; the owner sees who recorded it, manages roles, and staff cannot remove members', async () => {
  await withPage(async (page) => {
    // The hired hand records a heat on a heifer of the demo farm.
    await signIn(page, STAFF);
    await page.locator('.topbar').getByText('北牧場（デモ）').waitFor();
    const earTag = 60_000 + Math.floor(Math.random() * 9_000);
    const created = await apiCall(page, '/cattle', {
      method: 'POST',
      body: {
        name: 'こむぎ',
        identificationNumber: 1_400_000_000 + earTag,
        earTagNumber: earTag,
        gender: '雌',
        growthStage: 'GROWING',
        breed: '黒毛和種',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const cattleId = created.json.data.cattleId;
    await page.goto(`${baseUrl}/events/new`);
    await page.getByLabel('耳標番号または名前で検索').fill(String(earTag));
    await page.getByRole('radio', { name: `#${earTag} こむぎ` }).click();
    await page.getByRole('radio', { name: '発情', exact: true }).click();
    await page.getByLabel('日時').fill(nowJst());
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('記録しました').waitFor();

    // Staff sees the members but has no role selects and no 外す, only their own 牧場から抜ける.
    await page.goto(`${baseUrl}/farms/members`);
    await page.getByRole('heading', { level: 2, name: '北牧場（デモ）' }).waitFor();
    await memberRow(page, STAFF.email).getByText('スタッフ').waitFor();
    await memberRow(page, DEMO.email).getByText('オーナー').waitFor();
    assert.equal(await page.getByRole('button', { name: '外す' }).count(), 0);
    assert.equal(await page.locator('main select').count(), 0);
    assert.equal(await page.getByRole('button', { name: '名前を変更' }).count(), 0);
    await memberRow(page, STAFF.email).getByRole('button', { name: '牧場から抜ける' }).waitFor();
    assert.equal(await memberRow(page, DEMO.email).getByRole('button').count(), 0);
    await signOutOnPhone(page);

    // The owner sees the heat with the recorder's name on the animal's timeline.
    await signIn(page);
    await page.goto(`${baseUrl}/cattle/${cattleId}`);
    const heat = page.locator('.event-timeline .event-item[data-event-type="ESTRUS"]');
    await heat.waitFor();
    assert.equal(await textOf(heat.locator('.event-item__by')), `記録: ${STAFF_NAME}`);

    // Both members with their roles; the staff row has a role select and 外す.
    await page.goto(`${baseUrl}/farms/members`);
    const staffRow = memberRow(page, STAFF.email);
    const ownerRow = memberRow(page, DEMO.email);
    const staffRole = staffRow.getByLabel(`${STAFF_NAME} さんの役割`);
    await staffRole.waitFor();
    assert.equal(await staffRole.inputValue(), 'staff');
    assert.equal(await ownerRow.locator('select').inputValue(), 'owner');
    assert.match(await textOf(ownerRow.locator('.member__name')), /（あなた）$/);
    assert.equal(await textOf(staffRow.locator('.member__name')), STAFF_NAME);

    // 外す asks first; cancelling keeps the member.
    await staffRow.getByRole('button', { name: '外す' }).click();
    const dialog = page.getByRole('dialog', { name: 'メンバーを外す' });
    await dialog.getByText(`${STAFF_NAME} さん（${STAFF.email}）をこの牧場から外しますか？`).waitFor();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await staffRow.waitFor();

    // The last owner cannot step down: the API's message shows in the row and the select goes back.
    await ownerRow.locator('select').selectOption('staff');
    await ownerRow.getByText('牧場には少なくとも1人のオーナーが必要です').waitFor();
    assert.equal(await ownerRow.locator('select').inputValue(), 'owner');

    // A role change is saved, and put back.
    const [farm] = (await apiCall(page, '/farms')).json.data;
    const staffRoleSaved = async (role) => {
      await staffRow.getByText('役割を変更しました').waitFor();
      await page.waitForFunction(
        ([email, role]) => {
          const select = document.querySelector(`[data-email="${email}"] select`);
          return select && !select.disabled && select.value === role;
        },
        [STAFF.email, role],
      );
      const members = await apiCall(page, `/farms/${farm.id}/members`);
      assert.equal(members.json.data.find((m) => m.email === STAFF.email).role, role);
    };
    await staffRole.selectOption('viewer');
    await staffRoleSaved('viewer');
    await staffRole.selectOption('staff');
    await staffRoleSaved('staff');
  });
});

test('a member of two farms switches farms in the app bar; the choice lasts and every screen follows it', async () => {
  const farmer = await newFarmer('東 花子', 'e2e-farms');
  const second = await call('/farms', { method: 'POST', token: farmer.token, body: { name: '西の放牧場' } });
  const earTag = 50_000 + Math.floor(Math.random() * 9_000);
  await call('/cattle', {
    method: 'POST',
    token: farmer.token,
    body: {
      name: 'はるな',
      identificationNumber: 1_300_000_000 + earTag,
      earTagNumber: earTag,
      gender: '雌',
      growthStage: 'GROWING',
      breed: '黒毛和種',
    },
  });

  await withPage(async (page) => {
    await signIn(page, farmer);
    const farmSelect = page.locator('.topbar').getByLabel('牧場', { exact: true });
    await farmSelect.waitFor();
    const selectedName = () => farmSelect.evaluate((select) => select.selectedOptions[0]?.textContent);
    assert.equal(await selectedName(), '東 花子の牧場');
    await page.goto(`${baseUrl}/cattle`);
    await page.getByText('はるな').first().waitFor();

    // The second farm: its herd is empty, and the header names it.
    await farmSelect.selectOption({ label: '西の放牧場' });
    await page.getByText('はるな').first().waitFor({ state: 'detached' });
    assert.equal(await selectedName(), '西の放牧場');
    assert.equal(await page.evaluate(() => localStorage.getItem('ushicho.farm')), String(second.data.id));

    // It stays chosen after a reload, and the owner renames it from the members page.
    await page.goto(`${baseUrl}/farms/members`);
    await page.getByRole('heading', { level: 2, name: '西の放牧場' }).waitFor();
    assert.equal(await selectedName(), '西の放牧場');
    await page.getByRole('button', { name: '名前を変更' }).click();
    // The farm name's own form (the farmer code below has its own 保存).
    const nameForm = page.locator('form', { has: page.getByLabel('牧場名') });
    await page.getByLabel('牧場名').fill('');
    await nameForm.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('牧場名は1〜50文字で入力してください').waitFor();
    await page.getByLabel('牧場名').fill('西の放牧場（夏）');
    await nameForm.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: '西の放牧場（夏）' }).waitFor();
    await page.getByText('牧場名を変更しました').waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.topbar select option')].some((o) => o.textContent === '西の放牧場（夏）'),
    );

    // Back to the first farm: its herd again.
    await farmSelect.selectOption({ label: '東 花子の牧場' });
    await page.getByRole('heading', { level: 2, name: '東 花子の牧場' }).waitFor();
    await page.goto(`${baseUrl}/cattle`);
    await page.getByText('はるな').first().waitFor();
  });
});
