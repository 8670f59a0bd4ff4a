// §26 in the browser: a pen's animals chosen in the herd list and vaccinated in one record (online, then with the
// request failing as with no signal: queued as one record under 未送信 and sent once), three animals moved to another
// pen, and the growth chart of an animal with four weights.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, call, demoCow, newFarmer, signIn, withPage } from '../support.mjs';

const daysAgo = (n) => new Date(Date.now() + 9 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);

async function farmWithPens() {
  const farmer = await newFarmer('牛房 太郎', 'e2e-pens');
  const { token } = farmer;
  const first = (await call('/pens', { method: 'POST', token, body: { name: '育成1', capacity: 10 } })).data.id;
  const second = (await call('/pens', { method: 'POST', token, body: { name: '育成2' } })).data.id;
  const cows = [];
  for (const name of ['はな', 'ゆり', 'すず']) cows.push(await demoCow(token, name));
  await call('/events/bulk', {
    method: 'POST',
    token,
    body: { cattleIds: cows, eventType: 'MOVE_PEN', eventDatetime: daysAgo(3), details: { toPenId: first } },
  });
  return { farmer, first, second, cows };
}

const vaccinations = async (token) =>
  (await call('/events?eventType=VACCINATION&limit=100', { token })).data.results.length;

test('a pen’s animals vaccinated in one record from the herd list, online and with no signal', async () => {
  const { farmer, first } = await farmWithPens();
  await withPage(async (page) => {
    await signIn(page, farmer);
    await page.goto(`${baseUrl}/cattle?penId=${first}`);
    // The list shows the pen: この牛房の全頭 is offered at once.
    const bar = page.getByRole('region', { name: 'まとめて記録' });
    await bar.getByText('牛房「育成1」の全頭').waitFor();
    await bar.getByRole('button', { name: 'まとめて記録' }).click();
    const dialog = page.getByRole('dialog', { name: 'まとめて記録' });
    await dialog.getByLabel('薬品名').fill('牛5種混合');
    await dialog.getByRole('button', { name: '記録する' }).click();
    await page.getByText('3頭に記録しました').waitFor();
    assert.equal(await vaccinations(farmer.token), 3);

    // No signal: the one request fails; it waits under 未送信 as one record, and is sent once when back.
    await page.route('**/api/v1/events/bulk', (route) => route.abort('internetdisconnected'));
    for (const name of ['はな', 'ゆり'])
      await page.getByRole('checkbox', { name: new RegExp(`${name}を選ぶ`) }).check();
    await bar.getByText('2頭を選択中').waitFor();
    await bar.getByRole('button', { name: 'まとめて記録' }).click();
    await dialog.getByLabel('薬品名').fill('BVD');
    await dialog.getByRole('button', { name: '記録する' }).click();
    await page.getByText('電波がないため未送信に保存しました').waitFor();
    assert.equal(await vaccinations(farmer.token), 3);
    await page.unroute('**/api/v1/events/bulk');
    await page.goto(`${baseUrl}/outbox`);
    await page.getByText('未送信の記録はありません。').waitFor({ timeout: 20_000 });
    // The list can be empty a moment before the queued request has been answered: wait for its two records.
    const until = Date.now() + 20_000;
    while ((await vaccinations(farmer.token)) < 5 && Date.now() < until) await page.waitForTimeout(250);
    assert.equal(await vaccinations(farmer.token), 5);
  });
});

test('three animals moved to another pen from the herd list', async () => {
  const { farmer, first, second } = await farmWithPens();
  await withPage(async (page) => {
    await signIn(page, farmer);
    await page.goto(`${baseUrl}/cattle`);
    for (const name of ['はな', 'ゆり', 'すず'])
      await page.getByRole('checkbox', { name: new RegExp(`${name}を選ぶ`) }).check();
    const bar = page.getByRole('region', { name: 'まとめて記録' });
    await bar.getByText('3頭を選択中').waitFor();
    await bar.getByRole('button', { name: '牛房を移動' }).click();
    const dialog = page.getByRole('dialog', { name: '牛房を移動' });
    await dialog.getByLabel('移動先の牛房').selectOption({ label: '育成2' });
    await dialog.getByRole('button', { name: '記録する' }).click();
    await page.getByText('3頭に記録しました').waitFor();
    const moved = (await call(`/pens/${second}`, { token: farmer.token })).data;
    assert.equal(moved.headCount, 3);
    assert.equal((await call(`/pens/${first}`, { token: farmer.token })).data.headCount, 0);
    // The pens screen shows it: 育成2 with three head.
    await page.goto(`${baseUrl}/pens`);
    await page.getByRole('article', { name: '育成2' }).getByText('3頭').waitFor();
  });
});

test('the growth chart of an animal with four weights, with its daily gain', async () => {
  const { farmer, cows } = await farmWithPens();
  const [cow] = cows;
  for (const [days, kg] of [
    [40, 300],
    [20, 320],
    [10, 331],
    [3, 338],
  ])
    await call('/events', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId: cow, eventType: 'WEIGHT_MEASURED', eventDatetime: daysAgo(days), details: { weightKg: kg } },
    });
  await withPage(async (page) => {
    await signIn(page, farmer);
    await page.goto(`${baseUrl}/cattle/${cow}`);
    const chart = page.getByRole('img', { name: '体重の推移と標準発育曲線' });
    await chart.waitFor();
    assert.equal(await chart.locator('circle').count(), 4);
    // overall (338 − 300) ÷ 37 = 1.03; recent (338 − 331) ÷ 7 = 1.00.
    assert.equal((await page.getByTestId('dg-overall').textContent())?.trim(), '1.03 kg/日');
    assert.equal((await page.getByTestId('dg-recent').textContent())?.trim(), '1.00 kg/日');
  });
});
