import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, call, DESKTOP, newFarmer, signIn, textOf, withPage } from '../support.mjs';

const jstToday = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('a graded shipment reads A5 / BMS 10 / 512 kg and ranks its sire; an animal under withdrawal is marked and cannot be shipped', async () => {
  const farmer = await newFarmer('枝肉 太郎', 'e2e-carcass');
  const farms = await call('/farms', { token: farmer.token });
  const headers = { token: farmer.token };
  const birthday = addDays(jstToday(), -900);
  const register = (name, earTagNumber, identificationNumber) =>
    call('/cattle', {
      method: 'POST',
      ...headers,
      body: {
        name,
        identificationNumber,
        earTagNumber,
        gender: '去勢',
        growthStage: 'FATTENING',
        birthday,
        breed: '黒毛和種',
        bloodline: { fatherCattleName: '安福久' },
      },
    });
  const graded = await register('はなまる', 4101, 1_741_010_001);
  const treated = await register('くすり号', 4102, 1_741_010_002);
  assert.ok(graded.data.cattleId && treated.data.cattleId && farms.data.length === 1);
  // An antibiotic today with 30 days for meat: restricted until today + 30 (JST).
  await call('/events', {
    method: 'POST',
    ...headers,
    body: {
      cattleId: treated.data.cattleId,
      eventType: 'MEDICATION',
      eventDatetime: new Date().toISOString(),
      details: { product: 'マイシリン', withdrawalMeatDays: 30 },
    },
  });
  const until = addDays(jstToday(), 30).replaceAll('-', '/');
  // Planned for this month, inside the period: the plan board warns.
  await call('/shipments/plans', {
    method: 'POST',
    ...headers,
    body: { cattleId: treated.data.cattleId, plannedShipmentMonth: jstToday().slice(0, 7) },
  });

  await withPage(async (page) => {
    await signIn(page, farmer);
    // Home: the card of animals under withdrawal, with the day it ends.
    const card = page.getByRole('region', { name: '出荷制限中' });
    await card.getByText('#4102 くすり号').waitFor();
    assert.match(await textOf(card), new RegExp(`肉 ${until}まで`));

    // The herd list marks it.
    await page.goto(`${baseUrl}/cattle`);
    const row = page.getByRole('link', { name: /くすり号/ });
    await row.getByText('出荷制限中').waitFor();
    assert.equal(
      await page
        .getByRole('link', { name: /はなまる/ })
        .getByText('出荷制限中')
        .count(),
      0,
    );

    // The plan board warns about its plan.
    await page.goto(`${baseUrl}/shipments?tab=plans`);
    await page.getByText(`休薬期間中（${until}まで）：この月の出荷に注意`).waitFor();

    // Recording its shipment is refused, with the day the withdrawal ends.
    await page.goto(`${baseUrl}/shipments`);
    await page.getByRole('button', { name: '出荷を記録' }).first().click();
    await page.getByLabel('牛を探す（耳標・名前・個体識別番号）').fill('4102');
    await page.getByRole('radio', { name: /#4102 くすり号/ }).click();
    await page.getByLabel('価格（円）').fill('1200000');
    await page.getByRole('button', { name: '記録する' }).click();
    await page.getByText(`休薬期間中のため出荷できません（${until}まで）`).waitFor();
    await page.getByRole('button', { name: 'キャンセル' }).click();

    // A graded shipment of the other steer.
    await page.getByRole('button', { name: '出荷を記録' }).first().click();
    await page.getByLabel('牛を探す（耳標・名前・個体識別番号）').fill('4101');
    await page.getByRole('radio', { name: /#4101 はなまる/ }).click();
    await page.getByLabel('価格（円）').fill('1,350,000');
    await page.getByLabel('枝肉重量（kg）').fill('512');
    await page.getByLabel('歩留等級').selectOption('A');
    await page.getByLabel('肉質等級').selectOption('5');
    await page.getByLabel('BMS').selectOption('10');
    await page.getByRole('button', { name: '記録する' }).click();
    await page.getByText('出荷を記録しました').waitFor();
    await page.getByText('A5 / BMS 10 / 512 kg').waitFor();

    // The sire list on a phone: one calf of 安福久, graded 5 — 100%, of one calf, and it says so.
    await page.getByRole('tab', { name: '種雄牛別' }).click();
    const sireCard = page.locator('.sire-item', { has: page.getByRole('heading', { name: /^安福久/ }) });
    await sireCard.waitFor();
    assert.deepEqual(
      (await sireCard.locator('dt, dd').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim()),
      ['4・5等級率', '100% 1頭中', '平均BMS', '10 1頭中', '平均枝肉重量', '512 kg 1頭中', '平均価格', '1,350,000円'],
    );
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the sire list fits 390 px');

    // On a wide screen the table, each mean and rate with its n, nothing clipped.
    await page.setViewportSize(DESKTOP);
    const sire = page.getByRole('table').getByRole('row', { name: /安福久/ });
    await sire.waitFor();
    assert.deepEqual(
      (await sire.locator('th, td').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim()),
      ['安福久', '1頭', '1,350,000円', '512 kg 1頭中', '10 1頭中', '100% 1頭中'],
    );
    const region = page.getByRole('region', { name: '種雄牛別の成績の表' });
    const [scroll, client] = await region.evaluate((n) => [n.scrollWidth, n.clientWidth]);
    assert.ok(scroll <= client, `the sire table is not clipped (${scroll} > ${client})`);
    await page.getByRole('img', { name: /種雄牛別の4・5等級率/ }).waitFor();
  });
});
