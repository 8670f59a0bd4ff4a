import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, signIn, withPage } from '../support.mjs';

test('an edit shows in the animal’s 変更履歴; a deleted animal waits in the ゴミ箱 and comes back with its records', async () => {
  await withPage(async (page) => {
    await signIn(page);
    const earTag = 70_000 + Math.floor(Math.random() * 9_000);
    const created = await apiCall(page, '/cattle', {
      method: 'POST',
      body: {
        name: 'つばき',
        identificationNumber: 1_410_000_000 + earTag,
        earTagNumber: earTag,
        gender: '雌',
        growthStage: 'GROWING',
        breed: '黒毛和種',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const cattleId = created.json.data.cattleId;
    const edited = await apiCall(page, `/cattle/${cattleId}`, { method: 'PATCH', body: { name: 'つばき二世' } });
    assert.equal(edited.status, 200, JSON.stringify(edited.json));
    const heat = await apiCall(page, '/events', {
      method: 'POST',
      body: { cattleId, eventType: 'ESTRUS', eventDatetime: new Date().toISOString() },
    });
    assert.equal(heat.status, 201, JSON.stringify(heat.json));

    // The animal page's 変更履歴 shows the edit, before and after.
    await page.goto(`${baseUrl}/cattle/${cattleId}`);
    const history = page.getByRole('region', { name: '変更履歴' });
    await history.getByText('名前: つばき → つばき二世').waitFor();

    // Deleted, it waits in the trash of the settings screen.
    const removed = await apiCall(page, `/cattle/${cattleId}`, { method: 'DELETE' });
    assert.equal(removed.status, 200);
    await page.goto(`${baseUrl}/settings`);
    const trash = page.getByRole('region', { name: 'ゴミ箱' });
    await trash.getByText('牛: つばき二世').waitFor();
    await trash.getByRole('button', { name: '復元: つばき二世' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '復元' }).click();
    await page.getByText('「つばき二世」を復元しました').waitFor();

    // Back, with its record.
    const back = await apiCall(page, `/cattle/${cattleId}`);
    assert.equal(back.status, 200);
    assert.equal(back.json.data.name, 'つばき二世');
    assert.deepEqual(
      back.json.data.events.map((e) => e.eventType),
      ['ESTRUS'],
    );
  });
});
