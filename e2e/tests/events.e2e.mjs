import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, signIn, withPage } from '../support.mjs';

const DAY = 86_400_000;
/** A JST calendar date `offset` days from today, and the same as `YYYY/MM/DD`. */
const jstDay = (offset) => new Date(Date.now() + 9 * 3600_000 + offset * DAY).toISOString().slice(0, 10);
const shown = (date) => date.replaceAll('-', '/');
const addDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The breeding-state card shown after saving: value of one fact. */
const fact = (page, label) =>
  page
    .getByTestId('breeding-state')
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

test('insemination then a PREGNANT check gives the expected calving date; a calving registers the calf; deleting it puts the state back', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const earTag = 80_000 + Math.floor(Math.random() * 9_000);
    const created = await apiCall(page, '/cattle', {
      method: 'POST',
      body: {
        name: 'えみ',
        identificationNumber: 1_600_000_000 + earTag,
        earTagNumber: earTag,
        gender: '雌',
        growthStage: 'GROWING',
        breed: '黒毛和種',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const cattleId = created.json.data.cattleId;

    // Pick the heifer by ear tag, as in the barn.
    await page.goto(`${baseUrl}/events/new`);
    await page.getByLabel('耳標番号または名前で検索').fill(String(earTag));
    await page.getByRole('radio', { name: `#${earTag} えみ` }).click();
    await page.getByRole('radio', { name: '授精', exact: true }).click();
    // A service is 人工授精 unless told otherwise.
    assert.equal(await page.getByRole('radio', { name: '人工授精' }).isChecked(), true);
    const aiDay = jstDay(-40);
    await page.getByLabel('日時').fill(`${aiDay}T08:15`);
    await page.getByLabel('種雄牛名').fill('安福久');
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('記録しました').waitFor();
    assert.equal(await fact(page, '授精回数').textContent(), '1');
    assert.equal(await fact(page, '妊娠鑑定予定日').textContent(), shown(addDays(aiDay, 30)));

    await page.getByRole('button', { name: '続けて記録' }).click();
    await page.getByText(`#${earTag} えみ`).waitFor();
    await page.getByRole('radio', { name: '妊娠鑑定' }).click();
    await page.getByLabel('日時').fill(`${jstDay(-5)}T10:00`);
    await page.getByRole('radio', { name: '受胎', exact: true }).click();
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('記録しました').waitFor();
    assert.equal(await fact(page, '状態').textContent(), '妊娠中');
    assert.equal(await fact(page, '分娩予定日').textContent(), shown(addDays(aiDay, 285)));

    // A calving recorded by mistake, with a calf.
    await page.getByRole('button', { name: '続けて記録' }).click();
    await page.getByRole('button', { name: '分娩・異常' }).click();
    await page.getByRole('radio', { name: '分娩', exact: true }).click();
    await page.getByLabel('日時').fill(`${jstDay(0)}T05:30`);
    const calf = page.getByRole('group', { name: '子牛1', exact: true });
    await calf.getByRole('radio', { name: '雌' }).click();
    await calf.getByLabel('名前', { exact: true }).fill('えみ2');
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('記録しました').waitFor();
    assert.equal(await fact(page, '状態').textContent(), '休養中');
    assert.equal(await fact(page, '産次').textContent(), '1');
    assert.equal(await fact(page, '分娩予定日').textContent(), '—');
    await page.getByRole('link', { name: '子牛を見る' }).click();
    await page.getByRole('heading', { level: 1, name: 'えみ2' }).waitFor();

    // Delete the wrong calving from the mother's timeline: she is pregnant again.
    await page.goto(`${baseUrl}/cattle/${cattleId}`);
    const calving = page.locator('.event-timeline .event-item[data-event-type="CALVING"]');
    await calving.waitFor();
    page.once('dialog', (dialog) => dialog.accept());
    await calving.getByRole('button', { name: '削除' }).click();
    await calving.waitFor({ state: 'detached' });
    const status = await apiCall(page, `/cattle/${cattleId}`);
    assert.equal(status.json.data.status, 'PREGNANT');
    assert.equal(status.json.data.breedingStatus.expectedCalvingDate, addDays(aiDay, 285));
    assert.equal(status.json.data.breedingStatus.parity, 0);
    await page
      .getByText(shown(addDays(aiDay, 285)))
      .first()
      .waitFor();
  });
});

test('the schedule shows the expected calving and links to the animal', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const earTag = 70_000 + Math.floor(Math.random() * 9_000);
    const created = await apiCall(page, '/cattle', {
      method: 'POST',
      body: {
        name: 'かえで',
        identificationNumber: 1_500_000_000 + earTag,
        earTagNumber: earTag,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        breed: '黒毛和種',
      },
    });
    const cattleId = created.json.data.cattleId;
    // Inseminated 280 days ago and confirmed: she calves in 5 days.
    await apiCall(page, '/events', {
      method: 'POST',
      body: { cattleId, eventType: 'INSEMINATION', eventDatetime: `${jstDay(-280)}T09:00:00+09:00` },
    });
    await apiCall(page, '/events', {
      method: 'POST',
      body: {
        cattleId,
        eventType: 'PREGNANCY_CHECK',
        eventDatetime: `${jstDay(-240)}T09:00:00+09:00`,
        details: { result: 'PREGNANT' },
      },
    });
    const due = jstDay(5);
    await page.goto(`${baseUrl}/schedule?month=${due.slice(0, 7)}&view=list`);
    const day = page.locator('.schedule-list > li', { has: page.getByText(shown(due), { exact: true }) });
    await day.getByRole('link', { name: `分娩予定 #${earTag} かえで` }).click();
    await page.waitForURL(new RegExp(`/cattle/${cattleId}$`));
  });
});
