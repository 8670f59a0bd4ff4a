// §23 (turn 4): the farm's history a farmer reads — after an AI, a task done and a filing marked, each row names the
// animal by ear tag and name and says what happened in her words; and §21 (turn 4): one 書類 entry of the menu leads
// to the filings, the 1 February head count and the AI register.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, signIn, textOf, withPage } from '../support.mjs';

const jstDay = (offset = 0) => new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

test('the farm history after an AI, a task done and a filing marked names the animal in each row', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const earTag = 60_000 + Math.floor(Math.random() * 9_000);
    const created = await apiCall(page, '/cattle', {
      method: 'POST',
      body: {
        name: 'れんげ',
        identificationNumber: 1_720_000_000 + earTag,
        earTagNumber: earTag,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        birthday: '2020-04-01',
        breed: '黒毛和種',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const cattleId = created.json.data.cattleId;
    const named = `${earTag} れんげ`;
    const ai = await apiCall(page, '/events', {
      method: 'POST',
      body: {
        cattleId,
        eventType: 'INSEMINATION',
        eventDatetime: `${jstDay(0)}T07:00:00+09:00`,
        details: { method: 'AI', sireName: '安福久' },
      },
    });
    assert.equal(ai.status, 201, JSON.stringify(ai.json));
    const programmes = await apiCall(page, '/programmes');
    const postCalving = programmes.json.data.find((p) => p.name === '分娩後検診') ?? programmes.json.data[0];
    const enrolled = await apiCall(page, `/programmes/${postCalving.id}/enrol`, {
      method: 'POST',
      body: { cattleIds: [cattleId], startDate: jstDay(0) },
    });
    assert.equal(enrolled.status, 201, JSON.stringify(enrolled.json));
    const tasks = await apiCall(page, '/tasks?status=open&limit=100');
    const task = tasks.json.data.find((t) => t.cattleId === cattleId);
    assert.equal((await apiCall(page, `/tasks/${task.id}/done`, { method: 'POST', body: {} })).status, 200);
    const arrival = await apiCall(page, '/events', {
      method: 'POST',
      body: { cattleId, eventType: 'ARRIVAL', eventDatetime: jstDay(0) },
    });
    assert.equal(arrival.status, 201, JSON.stringify(arrival.json));
    const filings = await apiCall(page, '/filings?status=pending&kind=MOVE_IN&limit=100');
    const filing = filings.json.data.find((f) => f.cattleId === cattleId);
    const marked = await apiCall(page, '/filings/mark', {
      method: 'POST',
      body: { ids: [filing.id], filed: true, filedAt: jstDay(0), acceptMissing: true },
    });
    assert.equal(marked.status, 200, JSON.stringify(marked.json));

    await page.goto(`${baseUrl}/history`);
    const history = page.getByRole('region', { name: '変更履歴' });
    const rows = history.locator('.history-item');
    await rows.first().waitFor();
    const summaries = (await history.locator('.history-item__summary').allTextContents()).slice(0, 5);
    assert.deepEqual(summaries, [
      `届出：${named}の転入を届出済みに`,
      `${named}：導入を記録`,
      `${named}：作業「${task.title}」を完了`,
      `プログラム「${postCalving.name}」に登録：${named}`,
      `${named}：授精を記録（安福久）`,
    ]);
    // Labels and values a farmer writes: no id, raw key, ISO time or JSON.
    const text = await textOf(rows.first());
    assert.match(text, new RegExp(`届出日: ${jstDay(0).replaceAll('-', '/')}`));
    const firstFive = (await rows.allTextContents()).slice(0, 5).join('\n');
    assert.doesNotMatch(firstFive, /cattleId|eventType|sireName|INSEMINATION|pending|\d{4}-\d{2}-\d{2}T|[{}"]/);

    // Her own page tells her whole story.
    await page.goto(`${baseUrl}/cattle/${cattleId}`);
    const story = page.getByRole('region', { name: '変更履歴' });
    await story.getByText(`${named}：授精を記録（安福久）`).waitFor();
    await story.getByText(`${named}：作業「${task.title}」を完了`).waitFor();
    await story.getByText(`届出：${named}の転入を届出済みに`).waitFor();
  });
});

test('the 書類 entry of the menu reaches the filings, the 1 February head count and the AI register', async () => {
  await withPage(async (page) => {
    await signIn(page);
    await page.goto(`${baseUrl}/menu`);
    await page.getByRole('link', { name: '書類' }).click();
    await page.waitForURL(/\/papers$/);
    await page.getByRole('heading', { level: 1, name: '書類' }).waitFor();
    const census = page.getByRole('region', { name: /飼養頭数/ });
    await census.waitFor();
    assert.match(await textOf(census), /\d+頭/);
    await page.getByRole('heading', { name: '家畜人工授精簿' }).waitFor();
    await page.getByRole('link', { name: '届出を開く' }).click();
    await page.waitForURL(/\/filings/);
    await page.getByRole('heading', { level: 1, name: '届出' }).waitFor();
  });
});
