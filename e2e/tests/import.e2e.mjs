import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { artifacts, baseUrl, call, DESKTOP, newFarmer, outbox, PHONE, signIn, textOf, withPage } from '../support.mjs';

const FIXTURES = path.resolve(import.meta.dirname, '../../worker/imports/fixtures');

/** The number shown in one of the preview's counts (create, update, unchanged, error). */
const countOf = async (page, action) =>
  Number((await textOf(page.getByTestId(`import-count-${action}`).locator('.import-count__value'))).replace(/\D/g, ''));

const noSideScroll = async (page, width) => {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `the page scrolls sideways: ${scrollWidth}px`);
};

test('a new farm brings its herd in from the national register file on a phone, fixing nothing', async () => {
  const farmer = await newFarmer('取込 花子', 'e2e-import');
  await withPage(async (page) => {
    await signIn(page, farmer);
    const steps = page.locator('section', { has: page.getByRole('heading', { name: 'はじめの一歩' }) });
    await steps.waitFor();
    await steps.getByRole('link', { name: /1頭ずつ登録する/ }).waitFor();
    await steps.getByRole('link', { name: /家族や従業員を招待する/ }).waitFor();
    await steps.getByRole('link', { name: /牛をまとめて取り込む/ }).click();
    await page.waitForURL(/\/cattle\/import$/);
    await page.getByRole('heading', { level: 1, name: '牛の一括取り込み' }).waitFor();
    await page.getByText('R6.4.15').first().waitFor();

    // Chosen → previewed at once: NLBC headers read as they are, 5 new animals, nothing in error.
    await page.getByLabel('CSVファイルを選ぶ').setInputFiles(path.join(FIXTURES, 'nlbc-sample.csv'));
    await page.getByRole('heading', { name: '行ごとの確認' }).waitFor();
    assert.equal(await textOf(page.getByTestId('import-encoding')), 'UTF-8');
    assert.equal(await countOf(page, 'create'), 5);
    assert.equal(await countOf(page, 'error'), 0);
    await page.getByText('出生の年月日 → 生年月日').waitFor();
    await page.locator('.import-column--ignored', { hasText: '異動内容' }).waitFor();
    assert.equal(await page.locator('.import-card').count(), 5, 'one card per row on a phone');
    assert.equal(await page.locator('.import-table').count(), 0, 'no wide table on a phone');
    assert.equal(await page.locator('.import-row__error').count(), 0);
    await page.locator('.import-card', { hasText: '0812345675' }).getByText('新規').waitFor();
    await noSideScroll(page, 390);

    const submit = page.getByRole('button', { name: '5行を取り込む' });
    assert.equal(await submit.isEnabled(), true);
    await submit.click();
    await page.getByRole('heading', { name: '取り込みが終わりました' }).waitFor();
    assert.match(await textOf(page.getByTestId('import-done-summary')), /新規 5頭・更新 0頭・変更なし 0頭/);
    await noSideScroll(page, 390);

    // The herd: five head, the calf found by her ID with its leading zero.
    await page.getByRole('link', { name: '牛一覧を見る' }).click();
    await page.waitForURL(/\/cattle$/);
    await page.getByText('5頭', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: '耳標・個体識別番号・名前で検索' }).fill('0812345675');
    await page.waitForURL(/search=0812345675/);
    await page.getByText('1頭', { exact: true }).waitFor();
    await page.locator('.cattle-row').first().click();
    await page.waitForURL(/\/cattle\/\d+$/);
    await page.getByText('0812345675').first().waitFor();

    // Done: the first steps are gone from the home screen.
    await page.goto(`${baseUrl}/home`);
    await page.getByText('飼養頭数 5頭').waitFor();
    assert.equal(await page.getByRole('heading', { name: 'はじめの一歩' }).count(), 0);

    // The same file again creates nothing: every row unchanged, the import button explains why it is off.
    await page.goto(`${baseUrl}/cattle/import`);
    await page.getByLabel('CSVファイルを選ぶ').setInputFiles(path.join(FIXTURES, 'nlbc-sample.csv'));
    await page.getByRole('heading', { name: '行ごとの確認' }).waitFor();
    assert.equal(await countOf(page, 'unchanged'), 5);
    assert.equal(await page.getByRole('button', { name: '5行を取り込む' }).isDisabled(), true);
    await page.getByText('すべての行が登録済みの内容と同じです').waitFor();
  });
});

test('a file with bad rows shows each error on its line and cannot be imported', async () => {
  const farmer = await newFarmer('取込 次郎', 'e2e-import');
  await withPage(async (page) => {
    await signIn(page, farmer);
    await page.goto(`${baseUrl}/cattle`);
    await page.getByText('まだ牛が登録されていません').waitFor();
    await page.locator('.state').getByRole('link', { name: '一括取り込み（CSV）' }).click();
    await page.waitForURL(/\/cattle\/import$/);

    await page.getByLabel('CSVファイルを選ぶ').setInputFiles(path.join(FIXTURES, 'bad-rows.csv'));
    const line3 = page.locator('.import-card[data-line="3"]');
    await line3.getByText('3行目: 個体識別番号は10桁の数字で入力してください').waitFor();
    await line3.getByText('エラー', { exact: true }).waitFor();
    const submit = page.getByRole('button', { name: /行を取り込む$/ });
    assert.equal(await submit.isDisabled(), true);
    await page.getByText(/エラーのある行が\d+行あります/).waitFor();
    const errors = await countOf(page, 'error');
    assert.ok(errors >= 5, `errors counted: ${errors}`);

    // エラーのみ: only the rows in error remain.
    await page.getByRole('button', { name: /エラーのみ/ }).click();
    assert.equal(await page.locator('.import-card').count(), errors);
    assert.equal(await page.locator('.import-card:not(.is-error)').count(), 0);
    await noSideScroll(page, 390);

    // Nothing was written.
    await page.goto(`${baseUrl}/cattle`);
    await page.getByText('まだ牛が登録されていません').waitFor();
  });
});

test('on a desktop the preview is a table; the template downloads as UTF-8 with a BOM', async () => {
  const farmer = await newFarmer('取込 三郎', 'e2e-import');
  await withPage(
    async (page) => {
      await signIn(page, farmer);
      await page.goto(`${baseUrl}/cattle/import`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'テンプレート（CSV）' }).click(),
      ]);
      const stream = await download.createReadStream();
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 BOM');
      const text = bytes.subarray(3).toString('utf8');
      assert.equal(
        text.split('\r\n')[0],
        '個体識別番号,耳標番号,名前,生年月日,性別,品種,母牛の個体識別番号,父牛,産次,最終分娩日,最終授精日,授精種雄牛,妊娠,分娩予定日,導入日,牛房,体重,備考',
      );
      assert.equal(text.split('\r\n').length, 3, 'header, one example row, CRLF at the end');

      // The template itself imports without an error (its example row is one new animal).
      await page
        .getByLabel('CSVファイルを選ぶ')
        .setInputFiles({ name: 'template.csv', mimeType: 'text/csv', buffer: bytes });
      await page.locator('.import-table').waitFor();
      assert.equal(await countOf(page, 'create'), 1);
      assert.equal(await countOf(page, 'error'), 0);
      const example = page.locator('.import-table tr[data-line="2"]', { hasText: '0812345675' });
      // R6.4.15 read as a date
      assert.equal(await textOf(example.locator('td[data-field="lastCalvingDate"]')), '2024/04/15');
    },
    { viewport: DESKTOP },
  );
});

test('a viewer is told they cannot import; once someone joined, the owner is no longer asked to invite', async () => {
  const owner = await newFarmer('取込 オーナー', 'e2e-import');
  const viewer = await newFarmer('取込 閲覧', 'e2e-import');
  const [farm] = (await call('/farms', { token: owner.token })).data;
  await call(`/farms/${farm.id}/invitations`, {
    method: 'POST',
    token: owner.token,
    body: { email: viewer.email, role: 'viewer' },
  });
  const mail = (await outbox(viewer.email)).find((m) => /invite\?token=/.test(m.text));
  const token = decodeURIComponent(/invite\?token=([\w%-]+)/.exec(mail.text)[1]);
  await call('/invitations/accept', { method: 'POST', token: viewer.token, body: { token } });

  await withPage(async (page) => {
    await signIn(page, viewer);
    // The viewer's farm list has their own farm and the owner's: they switch to the owner's in the app bar.
    await page.locator('.topbar').getByLabel('牧場', { exact: true }).selectOption({ label: '取込 オーナーの牧場' });
    await page.waitForFunction((id) => localStorage.getItem('ushicho.farm') === String(id), farm.id);
    await page.goto(`${baseUrl}/cattle/import`);
    await page.getByRole('heading', { name: '閲覧のみのメンバーは取り込めません' }).waitFor();
    assert.equal(await page.getByLabel('CSVファイルを選ぶ').count(), 0);
    // The viewer's home has no first steps: they could do none of them.
    await page.goto(`${baseUrl}/home`);
    await page.getByText('飼養頭数 0頭').waitFor();
    assert.equal(await page.getByRole('heading', { name: 'はじめの一歩' }).count(), 0);
  });

  await withPage(async (page) => {
    const members = page.waitForResponse((r) => /\/farms\/\d+\/members$/.test(new URL(r.url()).pathname));
    await signIn(page, owner);
    assert.equal((await (await members).json()).data.length, 2);
    const steps = page.locator('section', { has: page.getByRole('heading', { name: 'はじめの一歩' }) });
    await steps.getByRole('link', { name: /牛をまとめて取り込む/ }).waitFor();
    await steps.getByRole('link', { name: /1頭ずつ登録する/ }).waitFor();
    assert.equal(await steps.getByRole('link', { name: /家族や従業員を招待する/ }).count(), 0);
  });
});

/** A JST date `offset` days from today, as YYYY-MM-DD. */
const jstDay = (offset) => new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const reiwa = (iso) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `R${y - 2018}.${m}.${d}`;
};
/** A farm's herd book with its breeding history: 和暦 and slashed dates, ○ for pregnant, and one wrong number. */
const herdBook = () =>
  Buffer.from(
    [
      '個体識別番号,名前,性別,品種,生年月日,産次,最終分娩日,最終授精日,授精種雄牛,妊娠',
      `0812340017,はなこ,雌,黒毛和種,R2.4.1,2,${reiwa(jstDay(-80))},,,`,
      `0812340024,もも,雌,黒毛和種,2020/5/1,3,${jstDay(-200).replaceAll('-', '/')},${jstDay(-120)},安福久,○`,
      '123456795,みじかい,雌,黒毛和種,2021/1/1,,,,,',
    ].join('\r\n'),
  );
const HERD_BOOK_FILE = () => ({ name: 'herd-book.csv', mimeType: 'text/csv', buffer: herdBook() });

test('a herd book with its breeding history and one wrong number: the good rows come in with their breeding state', async () => {
  const farmer = await newFarmer('取込 四郎', 'e2e-import');
  await withPage(async (page) => {
    await signIn(page, farmer);
    await page.goto(`${baseUrl}/cattle/import`);
    await page.getByLabel('CSVファイルを選ぶ').setInputFiles(HERD_BOOK_FILE());
    await page.getByRole('heading', { name: '行ごとの確認' }).waitFor();

    // What was read: the 和暦 calving date as YYYY/MM/DD, the service and its sire, 受胎 for ○.
    const hanako = page.locator('.import-card[data-line="2"]');
    const calved = jstDay(-80).replaceAll('-', '/');
    assert.equal(await textOf(hanako.locator('[data-field="lastCalvingDate"] dd')), calved);
    assert.equal(await textOf(hanako.locator('[data-field="name"] dd')), 'はなこ');
    assert.equal(await textOf(hanako.locator('[data-field="birthday"] dd')), '2020/04/01');
    const momo = page.locator('.import-card[data-line="3"]');
    assert.equal(await textOf(momo.locator('[data-field="lastServiceDate"] dd')), jstDay(-120).replaceAll('-', '/'));
    assert.equal(await textOf(momo.locator('[data-field="pregnancy"] dd')), '受胎');
    // The wrong number is shown as written, not '番号なし'.
    const wrong = page.locator('.import-card[data-line="4"]');
    assert.equal(await textOf(wrong.getByTestId('import-wrong-id')), '読めない値: 123456795');
    assert.equal(await wrong.getByText('番号なし').count(), 0);
    await wrong.getByText('4行目: 個体識別番号は10桁の数字で入力してください').waitFor();
    await noSideScroll(page, 390);

    // All or nothing stays off; the other rows can come in without it.
    assert.equal(await page.getByRole('button', { name: '3行を取り込む' }).isDisabled(), true);
    const skip = page.getByRole('button', { name: 'エラーの行を除いて取り込む（2行）' });
    const box = await skip.boundingBox();
    assert.ok(box && box.height >= 44, `the button is ${box?.height}px tall`);
    await skip.click();
    await page.getByRole('heading', { name: '取り込みが終わりました' }).waitFor();
    assert.match(await textOf(page.getByTestId('import-done-summary')), /新規 2頭・更新 0頭・変更なし 0頭/);
    await page
      .getByTestId('import-done-skipped')
      .getByText('エラーのあった1行は取り込んでいません', { exact: false })
      .waitFor();

    // In the herd with their breeding state: もも pregnant, due on service + 285 days (黒毛和種).
    await page.getByRole('link', { name: '牛一覧を見る' }).click();
    await page.waitForURL(/\/cattle$/);
    await page.getByText('2頭', { exact: true }).waitFor();
    const due = new Date(`${jstDay(-120)}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 285);
    await page.getByText(`分娩予定 ${due.toISOString().slice(0, 10).replaceAll('-', '/')}`).waitFor();
    // はなこ calved 80 days ago with no service: her alert is there at once.
    await page.goto(`${baseUrl}/alerts`);
    await page.getByText('分娩後80日経過・未授精').first().waitFor();
  });
});

test('the preview of a herd book fits a phone and a desktop, light and dark (screenshots)', async () => {
  const farmer = await newFarmer('取込 五郎', 'e2e-import');
  const screens = path.join(artifacts, 'screens');
  mkdirSync(screens, { recursive: true });
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ]) {
    for (const colorScheme of ['light', 'dark']) {
      await withPage(
        async (page) => {
          // The account's theme wins once signed in; the shots want the scheme asked for.
          await page.route('**/api/v1/users/me', async (route) => {
            const response = await route.fetch();
            const body = await response.json();
            body.data.theme = colorScheme;
            await route.fulfill({ response, json: body });
          });
          await signIn(page, farmer);
          await page.goto(`${baseUrl}/cattle/import`);
          await page.getByLabel('CSVファイルを選ぶ').setInputFiles(HERD_BOOK_FILE());
          await page.getByRole('button', { name: 'エラーの行を除いて取り込む（2行）' }).waitFor();
          assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), colorScheme);
          await noSideScroll(page, viewport.width);
          const small = await page.evaluate(() =>
            [...document.querySelectorAll('.import-page button, .import-page a, .import-page label.button')]
              .filter((el) => el.getBoundingClientRect().height > 0 && el.getBoundingClientRect().height < 44)
              .map((el) => el.textContent),
          );
          assert.deepEqual(small, [], 'every control of the import screen is at least 44px tall');
          // The rows in view with the bar stuck below them, as the farmer sees them before importing.
          await page.evaluate(() =>
            window.scrollBy(0, document.querySelector('.import-counts').getBoundingClientRect().top - 70),
          );
          await page.screenshot({ path: path.join(screens, `import-preview-${name}-${colorScheme}.png`) });
        },
        { viewport, colorScheme },
      );
    }
  }
});
