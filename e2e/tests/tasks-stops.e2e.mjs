// §22 turn 4: a protocol stops when the cow's state says so, and the picker shows who a programme is for. An AI
// recorded from a cow's alert ('授精を記録') stops her Ovsynch: her open steps show 中止 with the reason on her page
// and on /tasks. The enrol picker shows each animal's status and greys out a pregnant cow with '対象外：妊娠中'.
// With E2E_SHOTS=1 it also writes phone and desktop, light and dark shots of both screens to e2e/artifacts/screens/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { artifacts, baseUrl, call, DESKTOP, newFarmer, PHONE, signIn, textOf, withPage } from '../support.mjs';

const jstDay = (offset = 0) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
let tag = 60_000 + Math.floor(Math.random() * 9_000);

async function cow(farmer, name, extra = {}) {
  tag += 1;
  const created = await call('/cattle', {
    method: 'POST',
    token: farmer.token,
    body: {
      name,
      identificationNumber: 1_600_000_000 + tag,
      earTagNumber: tag,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      ...extra,
    },
  });
  return { id: created.data.cattleId, label: `${tag} ${name}`, tag: String(tag) };
}

const record = (farmer, cattleId, eventType, day, details) =>
  call('/events', {
    method: 'POST',
    token: farmer.token,
    body: { cattleId, eventType, eventDatetime: `${day}T08:00:00+09:00`, details },
  });

/** Phone and desktop, light and dark shots of the page as it is, when E2E_SHOTS asks for them. */
async function shots(page, name, open) {
  if (!process.env.E2E_SHOTS) return;
  const dir = path.join(artifacts, 'screens');
  mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'])
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ]) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate((theme) => localStorage.setItem('ushicho.theme', theme), scheme);
      await open();
      await page.screenshot({ path: path.join(dir, `${name}-${label}-${scheme}.png`), fullPage: true });
    }
}

test('an AI recorded from her alert stops her Ovsynch: the open steps show 中止 with the reason', async () => {
  const farmer = await newFarmer('北 次郎', 'e2e-stops');
  // Calved 75 days ago, not served: the open-days alert; in Ovsynch from 7 days ago (68 days after calving ≥ 40).
  const ayame = await cow(farmer, 'あやめ');
  await record(farmer, ayame.id, 'CALVING', jstDay(-75));
  const programmes = await call('/programmes', { token: farmer.token });
  const ovsynch = programmes.data.find((p) => p.name === 'Ovsynch（定時授精）');
  const enrolled = await call(`/programmes/${ovsynch.id}/enrol`, {
    method: 'POST',
    token: farmer.token,
    body: { cattleIds: [ayame.id], startDate: jstDay(-7) },
  });
  assert.equal(enrolled.data.tasksCreated, 4);

  await withPage(async (page) => {
    await signIn(page, farmer);
    await page.goto(`${baseUrl}/alerts`);
    const card = page.getByRole('article').filter({ hasText: 'あやめ' });
    await card.getByText('分娩後75日経過・未授精', { exact: true }).waitFor();
    await card.getByRole('link', { name: '授精を記録' }).click();
    await page.getByRole('heading', { level: 1, name: 'イベント記録' }).waitFor();
    await page.getByRole('button', { name: '保存する' }).click();
    await page.waitForURL(/\/alerts/);

    // Her page: the four steps stopped, each with the reason; the 分娩後検診 her calving enrolled still open.
    await page.goto(`${baseUrl}/cattle/${ayame.id}`);
    const tasks = page.getByRole('region', { name: '作業' });
    await tasks.getByText('中止：授精が記録されました').first().waitFor();
    const rows = tasks.getByRole('listitem');
    const texts = await Promise.all((await rows.all()).map((row) => textOf(row)));
    const stopped = texts.filter((t) => t.includes('中止：授精が記録されました'));
    assert.equal(stopped.length, 4, texts.join('\n'));
    for (const [title, text] of ['GnRH', 'PGF2α', 'GnRH', '授精'].map((title, i) => [title, stopped[i]]))
      assert.match(text, new RegExp(`${title}.*Ovsynch（定時授精）.*中止：授精が記録されました.*中止$`));
    assert.ok(texts.some((t) => t.includes('分娩後検診') && t.includes('完了')));
    // No 完了 button is left on a stopped step: PGF2α cannot be ticked on a cow just served.
    assert.equal(await tasks.getByRole('button', { name: `完了: ${ayame.label}の「PGF2α」` }).count(), 0);

    // /tasks, the stopped ones: the same reason on each card.
    const open = async () => {
      await page.goto(`${baseUrl}/tasks?status=cancelled`);
      await page.getByText('中止：授精が記録されました').first().waitFor();
    };
    await open();
    assert.equal(await page.getByText('中止：授精が記録されました').count(), 4);
    await shots(page, 'tasks-stopped', open);
  });
  const api = await call(`/tasks?cattleId=${ayame.id}&status=cancelled`, { token: farmer.token });
  assert.deepEqual(
    api.data.map((t) => [t.title, t.cancelReason]),
    ['GnRH', 'PGF2α', 'GnRH', '授精'].map((title) => [title, '中止：授精が記録されました']),
  );
});

test('the enrol picker shows each animal’s status and greys out a pregnant cow with the reason', async () => {
  const farmer = await newFarmer('北 三郎', 'e2e-picker');
  const open = await cow(farmer, 'すみれ');
  const pregnant = await cow(farmer, 'かえで');
  await record(farmer, pregnant.id, 'INSEMINATION', jstDay(-60), { method: 'AI' });
  await record(farmer, pregnant.id, 'PREGNANCY_CHECK', jstDay(-20), { result: 'PREGNANT' });
  const steer = await cow(farmer, 'たろう', { gender: '去勢', growthStage: 'FATTENING' });

  await withPage(async (page) => {
    await signIn(page, farmer);
    const openPicker = async () => {
      await page.goto(`${baseUrl}/cattle`);
      await page.getByRole('button', { name: 'プログラムに登録' }).click();
      const dialog = page.getByRole('dialog', { name: '牛をプログラムに登録' });
      await dialog.getByLabel('プログラム', { exact: true }).selectOption({ label: 'Ovsynch（定時授精）' });
      await dialog.getByText('対象外：妊娠中').waitFor();
      return dialog;
    };
    const dialog = await openPicker();
    // The pregnant cow: her status and the reason, her box disabled; the steer likewise; the open cow offered.
    const row = (c) => dialog.getByRole('listitem').filter({ hasText: c.label });
    assert.equal(await dialog.getByLabel(pregnant.label).isDisabled(), true);
    assert.match(await textOf(row(pregnant)), /妊娠中.*対象外：妊娠中/);
    assert.equal(await dialog.getByLabel(steer.label).isDisabled(), true);
    assert.match(await textOf(row(steer)), /健康.*対象外：雌ではありません/);
    assert.equal(await dialog.getByLabel(open.label).isDisabled(), false);
    assert.match(await textOf(row(open)), new RegExp(`^${open.label}\\s?健康$`));
    await dialog.getByLabel(open.label).check();
    await dialog.getByRole('button', { name: '登録する' }).click();
    await dialog.getByText('1頭を登録し、作業を4件作成しました').waitFor();
    await shots(page, 'enrol-picker', async () => {
      await openPicker();
    });
  });
});
