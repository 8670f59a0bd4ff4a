import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, signIn, textOf, withPage } from '../support.mjs';

const jstMonth = (offset = 0) => {
  const now = new Date(Date.now() + 9 * 3600_000);
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
const monthLabel = (month) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;

test('plan a steer for next month, record its shipment: it leaves the plan board and appears in the statistics', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const earTag = 90_000 + Math.floor(Math.random() * 9_000);
    const birthday = new Date(Date.now() - 29 * 30.44 * 86_400_000).toISOString().slice(0, 10);
    const created = await apiCall(page, '/cattle', {
      method: 'POST',
      body: {
        name: 'てすと号',
        identificationNumber: 1_700_000_000 + earTag,
        earTagNumber: earTag,
        gender: '去勢',
        growthStage: 'FATTENING',
        birthday,
        breed: '黒毛和種',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const statsBefore = await apiCall(page, '/shipments/price-stats');
    const countBefore = statsBefore.json.data.monthlyStats.at(-1).count;

    const nextMonth = jstMonth(1);
    await page.goto(`${baseUrl}/shipments?tab=plans`);
    await page.getByRole('button', { name: '出荷予定を追加' }).click();
    await page.getByLabel('牛を探す（耳標・名前・個体識別番号）').fill(String(earTag));
    await page.getByRole('radio', { name: new RegExp(`#${earTag} てすと号`) }).click();
    await page.getByText(`#${earTag} てすと号`, { exact: true }).waitFor();
    await page.getByLabel('出荷予定月', { exact: true }).selectOption(nextMonth);
    await page.getByRole('button', { name: '予定に入れる' }).click();
    await page.getByText('出荷予定に入れました').waitFor();
    const column = page.getByRole('region', { name: monthLabel(nextMonth) });
    // The plan's card names the animal by its ear tag and name.
    const planCard = column.locator('.plan-card', { has: page.getByText('てすと号', { exact: true }) });
    assert.equal(await textOf(planCard.locator('.plan-card__animal')), `耳標 ${earTag} てすと号`);

    await column.getByRole('button', { name: new RegExp(`^出荷を記録.*#${earTag} てすと号`) }).click();
    await page.waitForURL(/tab=records/);
    await page.getByRole('heading', { name: '出荷を記録する' }).waitFor();
    await page.getByLabel('価格（円）').fill('-5');
    await page.getByRole('button', { name: '記録する' }).click();
    await page.getByText('価格は正の整数である必要があります').waitFor();
    await page.getByLabel('価格（円）').fill('1234000');
    await page.getByLabel('体重（kg）').fill('785.5');
    await page.getByLabel('出荷先', { exact: true }).fill('東京都中央卸売市場食肉市場');
    await page.getByRole('button', { name: '記録する' }).click();
    await page.getByText('出荷を記録しました').waitFor();
    await page.getByText(`#${earTag} てすと号`, { exact: true }).first().waitFor();
    await page.getByText('1,234,000円').first().waitFor();

    await page.getByRole('tab', { name: '出荷予定' }).click();
    await page.getByRole('region', { name: monthLabel(nextMonth) }).waitFor();
    assert.equal(await page.getByText(`#${earTag} てすと号`, { exact: true }).count(), 0);

    await page.getByRole('tab', { name: '価格統計' }).click();
    const thisMonthRow = page.getByRole('row', { name: new RegExp(`^${monthLabel(jstMonth())}`) });
    await thisMonthRow.waitFor();
    assert.equal(await textOf(thisMonthRow.getByRole('cell').first()), String(countBefore + 1));
    const animal = await apiCall(page, `/shipments?cattleId=${created.json.data.cattleId}`);
    assert.equal(animal.json.data.results[0].price, 1_234_000);

    // The record wrote its SHIPMENT event (§9): the animal's timeline shows it, held by the record (no edit or
    // delete there, a link to the records instead), and the API refuses to delete it.
    await page.goto(`${baseUrl}/cattle/${created.json.data.cattleId}`);
    const shipped = page.locator('.event-item[data-event-type="SHIPMENT"]');
    await shipped.getByText('出荷記録と連動').waitFor();
    assert.equal(await shipped.getByRole('button', { name: '削除' }).count(), 0);
    const eventId = animal.json.data.results[0].eventId;
    const refused = await apiCall(page, `/events/${eventId}`, { method: 'DELETE' });
    assert.equal(refused.status, 409);
    assert.equal(refused.json.error.code, 'SHIPMENT_EVENT_HELD');
    await shipped.getByRole('link', { name: '出荷記録へ' }).click();
    await page.waitForURL(/\/shipments\?tab=records/);
    await page.getByText(`#${earTag} てすと号`, { exact: true }).first().waitFor();
  });
});

test('the mothers list sorts and filters, and the CSV and the Excel workbook download', async () => {
  await withPage(async (page) => {
    await signIn(page);
    await page.goto(`${baseUrl}/shipments?tab=mothers`);
    await page.getByLabel('並び替え').selectOption('motherName');
    await page.getByLabel('絞り込み').selectOption('year');
    await page.getByLabel('絞り込む値').fill('25');
    await page.getByRole('button', { name: '絞り込む', exact: true }).click();
    await page.getByText('年はYYYY形式で入力してください').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSVを書き出す' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^shipments-\d{8}\.csv$/);
    const workbook = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel（.xlsx）を書き出す' }).click();
    assert.match((await workbook).suggestedFilename(), /^出荷記録_\d{8}\.xlsx$/);
  });
});
