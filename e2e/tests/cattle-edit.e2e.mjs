import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, DEMO, signIn, withPage } from '../support.mjs';

/** The demo owner's API token, for finding the animals a test works on. */
async function demoToken() {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  return (await res.json()).token;
}

const get = async (token, path) =>
  (await fetch(`${baseUrl}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();

/** A calf of the demo farm linked to her dam on the farm (a calving registered her). */
async function calfWithDam(token) {
  const calves = await get(token, '/cattle?growth_stage=CALF&limit=50');
  for (const row of calves.data.results) {
    const calf = (await get(token, `/cattle/${row.cattleId}`)).data;
    if (calf.motherInfo?.motherCattleId) return calf;
  }
  throw new Error('the demo has no calf with a dam on the farm');
}

test('rename a calf on its edit screen: she stays in her dam’s 子牛 list and her page still shows the dam (§5)', async () => {
  const token = await demoToken();
  const calf = await calfWithDam(token);
  const damId = calf.motherInfo.motherCattleId;
  const newName = `${calf.name ?? '子牛'}改`;
  await withPage(async (page) => {
    await signIn(page);
    await page.goto(`${baseUrl}/cattle/${calf.cattleId}/edit`);
    await page.getByRole('heading', { name: '牛の情報を編集' }).waitFor();
    // The dam is chosen in the picker from the first paint, not left at 選ばない.
    assert.equal(await page.getByLabel('母牛（登録済みの牛から選ぶ）').inputValue(), String(damId));
    const sent = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/cattle/${calf.cattleId}`));
    await page.getByLabel('名前', { exact: true }).fill(newName);
    await page.getByRole('button', { name: '保存する' }).click();
    // The edit sends the name alone.
    assert.deepEqual(JSON.parse((await sent).postData() ?? '{}'), { name: newName });
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();
    // Her page still links to her dam.
    await page.locator(`a[href="/cattle/${damId}"]`).first().waitFor();

    await page.goto(`${baseUrl}/cattle/${damId}`);
    const calves = page.locator('.animal-calves');
    await calves.getByText(newName).waitFor();
  });
  const after = (await get(token, `/cattle/${calf.cattleId}`)).data;
  assert.equal(after.motherInfo.motherCattleId, damId);
  assert.deepEqual(after.bloodline, calf.bloodline);
});

test('a cow registered as 経産牛 without a parity shows 産次不明, then the parity the farmer gives', async () => {
  const token = await demoToken();
  const res = await fetch(`${baseUrl}/api/v1/cattle`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'ふじ',
      identificationNumber: '1460000461',
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      birthday: '2018-04-01',
    }),
  });
  assert.equal(res.status, 201);
  const cow = (await res.json()).data;
  await withPage(async (page) => {
    await signIn(page);
    await page.goto(`${baseUrl}/cattle/${cow.cattleId}`);
    const breeding = page.locator('section', { has: page.getByRole('heading', { name: '繁殖状況', exact: true }) });
    await breeding.getByText('産次不明').waitFor();
    await page.getByRole('link', { name: '編集' }).click();
    await page.getByRole('heading', { name: '牛の情報を編集' }).waitFor();
    assert.equal(await page.getByLabel('産次', { exact: true }).inputValue(), '');
    await page.getByLabel('産次', { exact: true }).fill('4');
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByRole('heading', { level: 1, name: 'ふじ' }).waitFor();
    await breeding.getByText('産次不明').waitFor({ state: 'detached' });
    assert.match(await breeding.textContent(), /産次\s*4/);
  });
});
