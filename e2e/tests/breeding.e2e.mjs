import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, PHONE, signIn, textOf, withPage } from '../support.mjs';

const DAY = 86_400_000;
/** A JST calendar date `offset` days from today. */
const jstDay = (offset) => new Date(Date.now() + 9 * 3600_000 + offset * DAY).toISOString().slice(0, 10);

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function assertFitsPhone(page, where) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `${where}: the page is ${width}px wide on a ${PHONE.width}px phone`);
}

test('on a phone: an embryo transfer on a Holstein shows 受精卵移植 in her timeline; twins, one stillborn, register the live calf', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const earTag = 60_000 + Math.floor(Math.random() * 9_000);
    const created = await apiCall(page, '/cattle', {
      method: 'POST',
      body: {
        name: 'みるく',
        identificationNumber: 1_400_000_000 + earTag,
        earTagNumber: earTag,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        breed: 'ホルスタイン',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const cattleId = created.json.data.cattleId;

    // The service: 受精卵移植 of a 黒毛和種 embryo. The method comes first; its own fields follow.
    await page.goto(`${baseUrl}/events/new`);
    await page.getByLabel('耳標番号または名前で検索').fill(String(earTag));
    await page.getByRole('radio', { name: `#${earTag} みるく` }).click();
    await page.getByRole('radio', { name: '授精', exact: true }).click();
    // A dairy cow: 乾乳 is one of the breeding events, and the form says when to record it.
    await page.getByRole('radio', { name: '乾乳' }).waitFor();
    await page.getByText('分娩予定のおよそ60日前に「乾乳」を記録します').waitFor();
    assert.equal(await page.getByRole('radio', { name: '人工授精' }).isChecked(), true);
    await page.getByRole('radio', { name: '受精卵移植' }).check();
    assert.equal(await page.getByLabel('精液ロット').count(), 0);
    await page.getByLabel('日時').fill(`${jstDay(-278)}T09:00`);
    await page.getByLabel('受精卵番号').fill('ET-2041');
    await page.getByLabel('受精卵の品種').fill('黒毛和種');
    await page.getByLabel('移植した人').fill('佐藤');
    await page.getByText('生まれる子牛の見込み: 黒毛和種').waitFor();
    await assertFitsPhone(page, 'the service form');
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('記録しました').waitFor();

    const service = (await apiCall(page, `/events/cattle/${cattleId}`)).json.data.results.find(
      (e) => e.eventType === 'INSEMINATION',
    );
    assert.deepEqual(service.details, {
      method: 'ET',
      embryoId: 'ET-2041',
      embryoBreed: '黒毛和種',
      technician: '佐藤',
    });

    await page.goto(`${baseUrl}/cattle/${cattleId}`);
    const serviceItem = page.locator('.event-timeline .event-item[data-event-type="INSEMINATION"]');
    await serviceItem.waitFor();
    const serviceText = await textOf(serviceItem);
    assert.match(serviceText, /受精卵移植/, serviceText);
    assert.match(serviceText, /ET-2041（黒毛和種）/, serviceText);
    await assertFitsPhone(page, 'her page after the service');

    // Twins, one born dead: the calves are added one by one.
    await page.goto(`${baseUrl}/events/new?cattleId=${cattleId}`);
    await page.getByText(`#${earTag} みるく`).waitFor();
    await page.getByRole('button', { name: '分娩・異常' }).click();
    await page.getByRole('radio', { name: '分娩', exact: true }).click();
    await page.getByLabel('日時').fill(`${jstDay(0)}T04:30`);
    const first = page.getByRole('group', { name: '子牛1', exact: true });
    // A calf is born 雌 or 雄: 去勢 is not offered at birth.
    const sexes = first.getByRole('group', { name: '性別' }).getByRole('radio');
    assert.deepEqual(await sexes.evaluateAll((radios) => radios.map((r) => r.value)), ['雌', '雄']);
    await first.getByRole('radio', { name: '雌' }).click();
    await first.getByLabel('名前', { exact: true }).fill('ふたご1');
    await first.getByLabel('生時体重（kg）').fill('32.5');
    await page.getByRole('button', { name: '子牛を追加' }).click();
    const second = page.getByRole('group', { name: '子牛2', exact: true });
    await second.getByRole('radio', { name: '雄' }).click();
    // A wrong number on the second calf is shown under the second calf.
    await second.getByLabel('個体識別番号（10桁・任意）').fill('12345');
    await page.getByRole('button', { name: '保存する' }).click();
    await second.locator('.field__error').waitFor();
    assert.equal(await first.locator('.field__error').count(), 0);
    // Born dead: no numbers, not registered.
    await second.getByLabel('死産').check();
    assert.equal(await second.getByLabel('個体識別番号（10桁・任意）').count(), 0);
    await assertFitsPhone(page, 'the calving form');
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('記録しました').waitFor();
    const calfLinks = page.getByTestId('breeding-state').getByRole('link');
    assert.equal(await calfLinks.count(), 1);
    assert.equal(await textOf(calfLinks), '子牛を見る（ふたご1）');

    await page.goto(`${baseUrl}/cattle/${cattleId}`);
    const calvingItem = page.locator('.event-timeline .event-item[data-event-type="CALVING"]');
    await calvingItem.waitFor();
    const calvingText = await textOf(calvingItem);
    assert.match(calvingText, /子牛2頭: 雌 ふたご1 32.5kg, 雄 死産/, calvingText);
    await assertFitsPhone(page, 'her page after the calving');

    // The live calf is an animal of its own: a 黒毛和種 (the embryo's breed), her calf.
    await calvingItem.getByRole('link', { name: '雌 ふたご1 32.5kg' }).click();
    await page.getByRole('heading', { level: 1, name: 'ふたご1' }).waitFor();
    const calfId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const calf = (await apiCall(page, `/cattle/${calfId}`)).json.data;
    assert.equal(calf.breed, '黒毛和種');
    assert.equal(calf.motherInfo.motherCattleId, cattleId);
    await assertFitsPhone(page, 'the calf page');
  });
});
