// The animal page on a phone (issue 32): jump chips to its sections, 削除 only in the owner's danger area at the
// bottom, and a calf named a calf with its age in days under a month.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, call, DEMO, PHONE, signIn, textOf, withPage } from '../support.mjs';

const STAFF = { email: 'staff@ushicho.example', password: DEMO.password };

test('on a phone the animal page jumps to a section and keeps 削除 for the owner at the bottom', async () => {
  const { token } = await call('/auth/login', { method: 'POST', body: DEMO });
  const cow = (await call('/cattle?limit=1', { token })).data.results[0];
  await withPage(async (page) => {
    await signIn(page);
    await page.goto(`${baseUrl}/cattle/${cow.cattleId}`);
    await page.locator('main h1').first().waitFor();
    const sections = page.getByRole('navigation', { name: 'この牛の項目' });
    assert.deepEqual(
      (await sections.getByRole('link').allTextContents()).map((s) => s.trim()),
      ['繁殖', '基本', '血統', '成績・子牛', 'アラート', 'イベント', '出荷', '履歴'],
    );
    // The header holds no delete button.
    assert.equal(await page.locator('.animal-header').getByRole('button', { name: '削除' }).count(), 0);

    await sections.getByRole('link', { name: 'イベント' }).click();
    await page.waitForURL(/#animal-events$/);
    await page.waitForTimeout(300);
    const heading = page.locator('#animal-events h2');
    const [navBottom, headingBox] = [
      (await sections.boundingBox()).y + (await sections.boundingBox()).height,
      await heading.boundingBox(),
    ];
    assert.ok(headingBox.y >= navBottom - 1, `the heading (${headingBox.y}) is below the sticky chips (${navBottom})`);
    assert.ok(headingBox.y + headingBox.height <= PHONE.height, 'the section heading is on screen');
    // The chips stay at hand while reading further down.
    assert.ok((await sections.boundingBox()).y >= 0);

    // 削除 at the bottom, in the owner's danger area, with the confirm dialog as before.
    const danger = page.getByRole('region', { name: 'この牛を削除' });
    await danger.getByRole('button', { name: '削除' }).click();
    const dialog = page.getByRole('dialog', { name: 'この牛を削除しますか？' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const last = await page.locator('main .page > section').last().getAttribute('class');
    assert.match(last ?? '', /danger-zone/);
  });

  // Staff does not see it.
  await withPage(async (page) => {
    await signIn(page, STAFF);
    await page.goto(`${baseUrl}/cattle/${cow.cattleId}`);
    await page.getByRole('navigation', { name: 'この牛の項目' }).waitFor();
    await page.locator('#animal-history h2').waitFor();
    // Staff may delete events in the timeline, but not the animal: no danger area, no 削除 outside the timeline.
    assert.equal(await page.locator('.danger-zone').count(), 0);
    assert.equal(await page.locator('.animal-header').getByRole('button', { name: '削除' }).count(), 0);
  });
});

test('a young calf is shown as a calf, with its age in days under a month (Japanese and English)', async () => {
  const { token } = await call('/auth/login', { method: 'POST', body: DEMO });
  const youngest = (await call('/cattle?sortBy=days_old&sortOrder=asc&limit=1', { token })).data.results[0];
  const calf = (await call(`/cattle/${youngest.cattleId}`, { token })).data;
  assert.ok(calf.monthsOld !== null && calf.monthsOld < 6, 'the demo farm has a calf under 6 months');
  const sex = { 雌: ['雌子牛', 'Heifer calf'], 雄: ['雄子牛', 'Bull calf'], 去勢: ['去勢子牛', 'Steer calf'] }[
    calf.gender
  ];
  const age =
    calf.monthsOld < 1
      ? [`生後${calf.daysOld}日`, `${calf.daysOld} ${calf.daysOld === 1 ? 'day' : 'days'} old`]
      : [`${calf.monthsOld}か月`, `${calf.monthsOld} mo`];
  await withPage(async (page) => {
    await signIn(page);
    await page.goto(`${baseUrl}/cattle/${calf.cattleId}`);
    const line = page.locator('.animal-header__id p');
    await line.waitFor();
    assert.match(await textOf(line), new RegExp(` · ${sex[0]} · ${age[0]}$`));
    await page.evaluate(() => localStorage.setItem('ushicho.locale', 'en'));
    await page.reload();
    await line.waitFor();
    assert.match(await textOf(line), new RegExp(` · ${sex[1]} · ${age[1]}$`));
    assert.doesNotMatch(await textOf(line), /Cow\/heifer|0 mo/);
  });
});
