// §22: the day's work. Three cows enrolled in Ovsynch from the herd list; today's tasks on home; a task ticked off
// without a signal waits under 未送信 and is sent once when the signal is back; 今日の巡回 for a member of two farms,
// where opening an item shows that farm.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, call, newFarmer, signIn, withPage } from '../support.mjs';

const jstDay = (offset = 0) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
let tag = 70_000 + Math.floor(Math.random() * 9_000);

/** A cow on the farmer's farm (or `farmId`), through the API. */
async function cow(farmer, name, farmId) {
  tag += 1;
  const response = await fetch(`${baseUrl}/api/v1/cattle`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${farmer.token}`,
      ...(farmId ? { 'X-Farm-Id': String(farmId) } : {}),
    },
    body: JSON.stringify({
      name,
      identificationNumber: 1_500_000_000 + tag,
      earTagNumber: tag,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
    }),
  });
  assert.equal(response.status, 201);
  return { id: (await response.json()).data.cattleId, label: `${tag} ${name}` };
}

const tasksOf = async (farmer, query) => (await call(`/tasks?${query}`, { token: farmer.token })).data;

test('three cows enrolled in Ovsynch from the herd list; today’s tasks on home; one ticked off offline is sent once', async () => {
  const farmer = await newFarmer('東 花子', 'e2e-tasks');
  const cows = [];
  for (const name of ['はな', 'ゆり', 'さくら']) cows.push(await cow(farmer, name));
  await withPage(async (page) => {
    await signIn(page, farmer);
    await page.goto(`${baseUrl}/cattle`);
    await page.getByRole('button', { name: 'プログラムに登録' }).click();
    const dialog = page.getByRole('dialog', { name: '牛をプログラムに登録' });
    await dialog.getByLabel('プログラム', { exact: true }).selectOption({ label: 'Ovsynch（定時授精）' });
    await dialog.getByLabel('開始日').fill(jstDay());
    for (const c of cows) await dialog.getByLabel(c.label).check();
    await dialog.getByRole('button', { name: '登録する' }).click();
    await dialog.getByText('3頭を登録し、作業を12件作成しました').waitFor();
    assert.equal((await tasksOf(farmer, 'status=open')).length, 12);

    // Home: 今日の作業 lists the three GnRH of today.
    await page.goto(`${baseUrl}/home`);
    const today = page.getByRole('region', { name: '今日の作業' });
    for (const c of cows) await today.getByRole('button', { name: `完了: ${c.label}の「GnRH」` }).waitFor();

    // No signal for the done: it waits under 未送信.
    const cut = (route) => route.abort('connectionrefused');
    await page.route('**/api/v1/tasks/*/done', cut);
    await today.getByRole('button', { name: `完了: ${cows[0].label}の「GnRH」` }).click();
    await today.getByText('未送信に保存しました').waitFor();
    await page.getByRole('link', { name: /未送信 1/ }).waitFor();
    assert.equal((await tasksOf(farmer, 'status=done')).length, 0);

    // The signal is back (twice over): recorded once.
    await page.unroute('**/api/v1/tasks/*/done', cut);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('link', { name: /未送信/ }).waitFor({ state: 'detached' });
    const done = await tasksOf(farmer, 'status=done');
    assert.equal(done.length, 1);
    assert.equal(done[0].cattleId, cows[0].id);
    assert.equal(done[0].title, 'GnRH');
  });
});

test('今日の巡回: a member of two farms sees both mornings; opening an item shows that farm', async () => {
  const vet = await newFarmer('西 獣医', 'e2e-round');
  const second = await call('/farms', { method: 'POST', token: vet.token, body: { name: '西の放牧場' } });
  const farmId = second.data.id;
  const there = await cow(vet, 'もも', farmId);
  const programmes = await fetch(`${baseUrl}/api/v1/programmes`, {
    headers: { Authorization: `Bearer ${vet.token}`, 'X-Farm-Id': String(farmId) },
  }).then((r) => r.json());
  const ovsynch = programmes.data.find((p) => p.name.startsWith('Ovsynch'));
  const enrolled = await fetch(`${baseUrl}/api/v1/programmes/${ovsynch.id}/enrol`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${vet.token}`, 'X-Farm-Id': String(farmId) },
    body: JSON.stringify({ cattleIds: [there.id], startDate: jstDay(-7) }),
  });
  assert.equal(enrolled.status, 201);

  await withPage(async (page) => {
    await signIn(page, vet);
    await page.goto(`${baseUrl}/today`);
    await page.getByRole('heading', { level: 1, name: '今日の巡回' }).waitFor();
    await page.getByRole('heading', { level: 2, name: '西 獣医の牧場' }).waitFor();
    const farm = page.getByRole('region', { name: '西の放牧場' });
    await farm.getByText(/作業 2/).waitFor();
    await farm.getByRole('button', { name: /PGF2α/ }).click();
    await page.waitForURL(new RegExp(`/cattle/${there.id}$`));
    assert.equal(await page.evaluate(() => localStorage.getItem('ushicho.farm')), String(farmId));
  });
});
