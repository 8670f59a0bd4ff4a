import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, call, DESKTOP, newFarmer, signIn, textOf, withPage } from '../support.mjs';

const todayJst = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (n) => new Date(Date.parse(`${todayJst()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const slashed = (date) => date.replaceAll('-', '/');
const CONCEPTION_DEFINITION = '受胎率 = 受胎した授精 ÷ 結果の出た授精';

async function fromApi(page, path) {
  const response = await apiCall(page, path);
  assert.equal(response.status, 200, path);
  return response.json.data;
}

const pageWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth);
/** The cattle ids of the drill-down's cards (phone) or rows (wide), top to bottom. */
/** Waits until the cards show `ids` in that order: a change of sort reads the next answer from the API. */
const cardsInOrder = (page, ids) =>
  page.waitForFunction(
    (want) =>
      JSON.stringify([...document.querySelectorAll('a.kpi-cow-card')].map((n) => Number(n.dataset.cattleId))) ===
      JSON.stringify(want),
    ids,
  );
const shownOrder = (page, selector) =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.cattleId)));
/** The drill-down's first page: the API answers 50 cows at a time (worker/kpi/kpi.schemas.ts). */
const FIRST_PAGE = 50;
/** Waits until the table's rows show `ids` in that order (a change of sort reads the next page from the API). */
const rowsInOrder = async (page, ids) => {
  try {
    await page.waitForFunction(
      (want) =>
        JSON.stringify(
          [...document.querySelectorAll('.kpi-cow-table tbody tr')].map((n) => Number(n.dataset.cattleId)),
        ) === JSON.stringify(want),
      ids,
      { timeout: 10_000 },
    );
  } catch {
    // Show what differs rather than a bare timeout.
    assert.deepEqual(await shownOrder(page, '.kpi-cow-table tbody tr'), ids);
  }
};
/** The API's rows sorted on one field, a missing value last, ties in the order the cows were registered (§8). */
const sortedIds = (rows, field, order) =>
  [...rows]
    .sort((a, b) => {
      if (a[field] === null || b[field] === null)
        return a[field] === b[field] ? a.cattleId - b.cattleId : a[field] === null ? 1 : -1;
      return (order === 'asc' ? a[field] - b[field] : b[field] - a[field]) || a.cattleId - b.cattleId;
    })
    .map((r) => r.cattleId);

test('on a phone, a KPI tile leads to the cows behind it for the same period, sorted and opened', async () => {
  const farmer = await newFarmer('東 牧場', 'e2e-kpi-cows');
  // Worked out by hand for the last 365 days (§8: a service's outcome is read from what follows it):
  //   A: calved 300 days ago; served 220 (open: served again) and 199 (pending: nothing after)
  //      → services 2, pregnant 0, open 1; days to first service 300→220 = 80; no days open, no interval
  //   B: calved 400 days ago; served 310, calved 20 days ago (so the service conceived)
  //      → services 1, pregnant 1, open 0; days open 400→310 = 90; first service 90; calving interval 380
  //   C: served 100 days ago, nothing after (pending) → services 1, pregnant 0, open 0; no day figures
  //   Most open services first, ties in the order the cows were registered: A, B, C.
  const herd = {
    A: [
      ['CALVING', 300],
      ['INSEMINATION', 220],
      ['INSEMINATION', 199],
    ],
    B: [
      ['CALVING', 400],
      ['INSEMINATION', 310],
      ['CALVING', 20],
    ],
    C: [['INSEMINATION', 100]],
  };
  const ids = {};
  let number = Math.floor(Math.random() * 1e6) * 1000;
  for (const [name, events] of Object.entries(herd)) {
    const created = await call('/cattle', {
      method: 'POST',
      token: farmer.token,
      body: {
        name: `内訳${name}`,
        identificationNumber: String(++number).padStart(10, '0'),
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
      },
    });
    ids[name] = created.data.cattleId;
    for (const [eventType, ago] of events) {
      await call('/events', {
        method: 'POST',
        token: farmer.token,
        body: { cattleId: ids[name], eventType, eventDatetime: `${daysAgo(ago)}T00:00:00.000Z` },
      });
    }
  }
  const from = daysAgo(364);
  const to = todayJst();

  await withPage(async (page) => {
    await signIn(page, farmer);
    await page.goto(`${baseUrl}/kpi`);
    const tile = page.getByRole('link', { name: /^受胎率 / });
    await tile.waitFor();
    // Each tile says in one line what the figure is, is one 44px link, and the page fits the phone.
    assert.equal(await textOf(tile.locator('.kpi-tile__definition')), CONCEPTION_DEFINITION);
    assert.equal(await page.locator('a.kpi-tile').count(), 8);
    assert.ok((await tile.boundingBox()).height >= 44);
    // Named by what it shows (label in name, WCAG 2.5.3): the figure first, then where it leads.
    await page.getByRole('link', { name: /^受胎率 50\.0 ?%.*牛ごとの内訳/ }).waitFor();
    assert.ok((await pageWidth(page)) <= 390, '/kpi fits 390 px');

    await tile.click();
    await page.waitForURL(/\/kpi\/cattle\?/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('from'), from);
    assert.equal(url.searchParams.get('to'), to);
    // Opened from 受胎率: sorted by the services that did not conceive, most first, and the sort says so.
    assert.equal(url.searchParams.get('sort'), 'open');
    assert.equal(url.searchParams.get('order'), 'desc');
    await page.getByRole('heading', { name: '牛ごとの繁殖成績', level: 1 }).waitFor();
    await page.getByText(`${slashed(from)} 〜 ${slashed(to)}`).waitFor();

    // A card per cow on the phone, in the API's order, each a link to the cow.
    const cards = page.locator('a.kpi-cow-card');
    await cards.first().waitFor();
    await cardsInOrder(page, [ids.A, ids.B, ids.C]);
    assert.equal(await page.getByLabel('並び替え').inputValue(), 'open:desc');
    const figures = async (id) => {
      const card = page.locator(`a.kpi-cow-card[data-cattle-id="${id}"]`);
      assert.equal(await card.getAttribute('href'), `/cattle/${id}`);
      return (await card.locator('dd').allTextContents()).map((s) => s.trim());
    };
    assert.deepEqual(await figures(ids.A), ['2', '0', '1', '—', '80日', '—']);
    assert.deepEqual(await figures(ids.B), ['1', '1', '0', '90日', '90日', '380日']);
    assert.deepEqual(await figures(ids.C), ['1', '0', '0', '—', '—', '—']);
    assert.ok((await pageWidth(page)) <= 390, '/kpi/cattle fits 390 px');
    // The table of wider screens is not shown on a phone.
    assert.equal(await page.locator('.kpi-cow-table').isVisible(), false);

    // Fewest open services first (ties still in registration order), and the choice is kept in the URL.
    await page.getByLabel('並び替え').selectOption({ label: '不受胎の少ない順' });
    await page.waitForURL(/sort=open&order=asc/);
    await cardsInOrder(page, [ids.B, ids.C, ids.A]);
    await page.getByLabel('並び替え').selectOption({ label: '空胎日数の長い順' });
    await page.waitForURL(/sort=daysOpen/);
    await page.waitForFunction(
      (id) => Number(document.querySelector('a.kpi-cow-card')?.getAttribute('data-cattle-id')) === id,
      ids.B,
    );
    // The figure sorted by is marked on each card.
    assert.equal(await textOf(page.locator(`a.kpi-cow-card[data-cattle-id="${ids.B}"] .is-sorted dd`)), '90日');

    // Opened from 初回授精日数 on /kpi, the cows come longest first by that figure.
    await page.goto(`${baseUrl}/kpi`);
    await page.getByRole('link', { name: /^初回授精日数 / }).click();
    await page.waitForURL(/sort=daysToFirstService&order=desc/);
    assert.equal(await page.getByLabel('並び替え').inputValue(), 'daysToFirstService:desc');
    await cardsInOrder(page, [ids.B, ids.A, ids.C]);

    // The way back keeps the period, and a cow opens from its card.
    await page.getByRole('link', { name: '繁殖成績に戻る' }).click();
    await page.waitForURL(/\/kpi(\?|$)/);
    assert.equal(await page.getByRole('radio', { name: '直近365日' }).isChecked(), true);
    await page.getByRole('link', { name: /^受胎率 / }).click();
    await page.waitForURL(/\/kpi\/cattle\?/);
    await page.locator(`a.kpi-cow-card[data-cattle-id="${ids.A}"]`).click();
    await page.waitForURL(new RegExp(`/cattle/${ids.A}$`));
    await page.getByRole('heading', { name: '内訳A', level: 1 }).waitFor();
  });
});

test('on a wide screen the demo farm’s cows are a table sorted by its column headers', async () => {
  await withPage(
    async (page) => {
      await signIn(page);
      await page.goto(`${baseUrl}/kpi?period=thisYear`);
      await page.getByRole('link', { name: /^空胎日数 / }).click();
      await page.waitForURL(/\/kpi\/cattle\?/);
      const url = new URL(page.url());
      const year = todayJst().slice(0, 4);
      assert.equal(url.searchParams.get('from'), `${year}-01-01`);
      assert.equal(url.searchParams.get('to'), todayJst());
      // Every cow of the period in one answer (the demo herd has fewer than 100 behind its figures); the
      // screen shows the first 50 of them in the order asked for.
      const data = await fromApi(page, `/kpi/breeding/cattle?from=${year}-01-01&to=${todayJst()}&limit=100`);
      assert.equal(data.hasNext, false);
      const rows = page.locator('.kpi-cow-table tbody tr');
      if (data.results.length === 0) {
        await page.getByText('この期間に繁殖の記録がある牛はいません').waitFor();
        return;
      }
      await rows.first().waitFor();
      // The table sits in a labelled region that scrolls sideways if it must; the page itself does not.
      await page.getByRole('region', { name: '牛ごとの繁殖成績の表（横にスクロールできます）' }).waitFor();
      assert.ok((await pageWidth(page)) <= DESKTOP.width);
      assert.equal(await page.locator('a.kpi-cow-card').first().isVisible(), false);
      // Opened from 空胎日数: longest days open first, and its header says so.
      assert.equal(url.searchParams.get('sort'), 'daysOpen');
      assert.equal(url.searchParams.get('order'), 'desc');
      const daysHeader = page.locator('th', { has: page.getByRole('button', { name: '空胎日数' }) });
      const openHeader = page.locator('th', { has: page.getByRole('button', { name: '不受胎' }) });
      assert.equal(await daysHeader.getAttribute('aria-sort'), 'descending');
      assert.equal(await openHeader.getAttribute('aria-sort'), 'none');
      await rowsInOrder(page, sortedIds(data.results, 'daysOpen', 'desc').slice(0, FIRST_PAGE));

      // 不受胎 starts with the most open services (the API's order); pressed again it turns round.
      await page.getByRole('button', { name: '不受胎' }).click();
      assert.equal(await openHeader.getAttribute('aria-sort'), 'descending');
      assert.equal(await daysHeader.getAttribute('aria-sort'), 'none');
      await rowsInOrder(page, sortedIds(data.results, 'open', 'desc').slice(0, FIRST_PAGE));
      await page.getByRole('button', { name: '不受胎' }).click();
      assert.equal(await openHeader.getAttribute('aria-sort'), 'ascending');
      await rowsInOrder(page, sortedIds(data.results, 'open', 'asc').slice(0, FIRST_PAGE));
      await page.getByRole('button', { name: '空胎日数' }).click();
      assert.equal(await daysHeader.getAttribute('aria-sort'), 'descending');
      const shown = sortedIds(data.results, 'daysOpen', 'desc').slice(0, FIRST_PAGE);
      await rowsInOrder(page, shown);
      // A missing figure is a dash, never 0.
      const blanks = data.results.filter((r) => shown.includes(r.cattleId) && r.daysOpen === null).length;
      const dashes = await page.locator('.kpi-cow-table tbody td:nth-child(6)', { hasText: '—' }).count();
      assert.equal(dashes, blanks);

      // Each row opens its cow; the way back returns to this year on /kpi.
      const first = data.results.find((r) => r.cattleId === sortedIds(data.results, 'daysOpen', 'desc')[0]);
      await page.getByRole('link', { name: '繁殖成績に戻る' }).click();
      await page.waitForURL(/\/kpi\?period=thisYear$/);
      assert.equal(await page.getByRole('radio', { name: '今年' }).isChecked(), true);
      await page.goBack();
      await page.waitForURL(/\/kpi\/cattle\?/);
      await rows.first().waitFor();
      await page.locator(`.kpi-cow-table tr[data-cattle-id="${first.cattleId}"] a`).click();
      await page.waitForURL(new RegExp(`/cattle/${first.cattleId}$`));
      await page.getByRole('heading', { name: first.name ?? '—', level: 1 }).waitFor();
    },
    { viewport: DESKTOP },
  );
});
