import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, call, newFarmer, signIn, textOf, withPage } from '../support.mjs';

const METRICS = [
  ['conceptionRate', 1],
  ['firstServiceConceptionRate', 1],
  ['aiPerConception', 1],
  ['avgDaysOpen', 0],
  ['avgDaysToFirstService', 0],
  ['avgCalvingInterval', 0],
  ['pregnancyRate21', 1],
  ['heatDetectionRate', 1],
];
const todayJst = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (n) => new Date(Date.parse(`${todayJst()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

const slashed = (date) => date.replaceAll('-', '/');
const formatted = (value, digits) =>
  new Intl.NumberFormat('ja-JP', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

async function fromApi(page, path) {
  const response = await apiCall(page, path);
  assert.equal(response.status, 200);
  return response.json.data;
}
const kpiFromApi = (page, query = '') => fromApi(page, `/kpi/breeding${query}`);

/** The page shows exactly what the API computed: eight tiles with reliability and counts, or the empty state. */
async function expectPageToShow(page, kpi) {
  await page.getByText(`${slashed(kpi.period.from)} 〜 ${slashed(kpi.period.to)}`).waitFor();
  if (kpi.message) {
    await page.getByText('この期間の繁殖記録がありません').waitFor();
    assert.equal(await page.locator('.kpi-tile').count(), 0);
    return;
  }
  await page.locator('.kpi-tile').first().waitFor();
  for (const [metric, digits] of METRICS) {
    const tile = page.locator(`.kpi-tile[data-metric="${metric}"]`);
    const expected = kpi[metric] === null ? '—' : formatted(kpi[metric], digits);
    assert.equal(
      (await textOf(tile.locator('.kpi-tile__value'))).replace(/\s+/g, '').startsWith(expected),
      true,
      metric,
    );
  }
  const level = { high: '高', medium: '中', low: '低' }[kpi.reliability];
  await page.getByRole('heading', { name: `数値の信頼性: ${level}` }).waitFor();
  const counts = { services: '授精', pregnancies: '受胎', openServices: '不受胎', firstServices: '初回授精' };
  Object.assign(counts, { calvings: '分娩', cattle: '頭数', events: '記録' });
  for (const [key, label] of Object.entries(counts)) {
    const item = page.locator(`.kpi-counts__item[data-count="${key}"]`);
    const n = kpi.counts[key].toLocaleString('ja-JP');
    assert.equal(await textOf(item), `${label}${n}${key === 'cattle' ? '頭' : '件'}`);
  }
}

test('the KPI page shows the demo farm’s numbers, twelve months of trends, and follows a change of period', async () => {
  await withPage(async (page) => {
    await signIn(page);
    await page.locator('.bottom-nav').getByRole('link', { name: 'メニュー' }).click();
    await page.getByRole('link', { name: '繁殖成績' }).click();
    await page.waitForURL(/\/kpi$/);
    await page.getByRole('heading', { name: '繁殖成績', level: 1 }).waitFor();
    assert.equal(await page.getByRole('radio', { name: '直近365日' }).isChecked(), true);
    await expectPageToShow(page, await kpiFromApi(page));

    // Twelve months of trends; every chart has its numbers as a table, one row per month.
    const trends = await fromApi(page, '/kpi/breeding/trends?months=12');
    if (trends.months.every((m) => m.counts.events === 0)) {
      await page.getByText('この12か月の繁殖記録がありません').waitFor();
    } else {
      // One chart at a time, 受胎率 first; the farmer picks another of the eight.
      assert.equal(await page.locator('figure.kpi-chart').count(), 1);
      assert.equal(await page.getByLabel('グラフにする数字').inputValue(), 'conceptionRate');
      await page.getByLabel('グラフにする数字').selectOption({ label: '21日妊娠率' });
      await page.locator('figure.kpi-chart[data-metric="pregnancyRate21"]').waitFor();
      await page.waitForURL(/chart=pregnancyRate21/);
      await page.getByLabel('グラフにする数字').selectOption({ label: '受胎率' });
      await page.getByText('受胎率の数値を表で見る').click();
      const table = page.locator('figure.kpi-chart[data-metric="conceptionRate"] table');
      await table.waitFor();
      assert.equal(await table.locator('tbody tr').count(), 12);
      const first = trends.months[0];
      const firstValue = first.conceptionRate === null ? '—' : formatted(first.conceptionRate, 1);
      assert.equal(await textOf(table.locator('tbody tr').first().locator('td').first()), firstValue);
    }

    // This year.
    const today = todayJst();
    await page.getByRole('radio', { name: '今年' }).check();
    await page.waitForURL(/period=thisYear/);
    await expectPageToShow(page, await kpiFromApi(page, `?from=${today.slice(0, 4)}-01-01&to=${today}`));

    // A custom period: the from-after-to rule is shown in place, then a valid period is applied and kept on reload.
    await page.getByRole('radio', { name: '期間を指定' }).check();
    await page.getByLabel('開始日').fill('2026-06-02');
    await page.getByLabel('終了日').fill('2026-06-01');
    await page.getByRole('button', { name: 'この期間で表示' }).click();
    await page.getByText('開始日は終了日以前の日付を指定してください').waitFor();
    await page.getByLabel('開始日').fill('2025-06-01');
    await page.getByRole('button', { name: 'この期間で表示' }).click();
    await page.waitForURL(/period=custom/);
    const custom = await kpiFromApi(page, '?from=2025-06-01&to=2026-06-01');
    await expectPageToShow(page, custom);
    await page.reload();
    await expectPageToShow(page, custom);
    assert.equal(await page.getByRole('radio', { name: '期間を指定' }).isChecked(), true);
  });
});

test('the KPI page fits a phone and its period choices are 44px targets', async () => {
  await withPage(async (page) => {
    await signIn(page);
    await page.goto(`${baseUrl}/kpi`);
    await page.getByRole('heading', { name: '月ごとの推移（12か月）' }).waitFor();
    await page.locator('.kpi-charts, .kpi-trends .state--empty').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0);
    for (const name of ['直近365日', '今年', '期間を指定']) {
      const box = await page.locator('label.choice', { hasText: name }).boundingBox();
      assert.ok(box.height >= 44, `${name} is a 44px target`);
    }
  });
});

test('a farmer’s recorded events give the hand-computed KPIs on /kpi', async () => {
  const farmer = await newFarmer('南 牧場', 'e2e-kpi');
  // Worked out by hand for the last 365 days (§8: a service's outcome is read from what follows it):
  //   services: A 220 (open: served again), A 199 (pending), B 310 (conceived: she calved 20 days ago), C 100 (pending)
  //   conception rate 1 / (1 + 1) = 50.0 %; services per conception 2 / 1 = 2.0 回
  //   first services: A 220 (80 days after calving), B 310 (90 days); C 100 is none: registered as 経産牛 without a
  //     parity, she has calved at a date not on record, so whether it is her first since is not known (§5)
  //     → first-service conception 1 / 2 = 50.0 %; days to first service (80 + 90) / 2 = 85 日
  //   days open: B 400→310 = 90 日; calving interval: B 400→20 = 380 日
  //   21-day cycles from 364 days ago (17 whole ones, starting 364, 343, …, 28 days ago). All three are registered as
  //     経産牛 without a parity (§5: unknown, she has calved at a date not on record), so each is eligible wherever no
  //     calving on record is under 50 days before the cycle and she is not pregnant:
  //     A in the 4 cycles before her calving 300 days ago and from 50 days after it (238…28 = 11): 15, a service in 2;
  //     B in the cycles starting 343 and 322 days ago (then pregnant until she calves 20 days ago): 2, conceived in
  //     the second; C in all 17 (her service 100 days ago is pending), a service in 1
  //     → 21-day pregnancy rate 1 / 34 = 2.9 %; heat detection rate 4 / 34 = 11.8 %
  //   6 breeding events, 3 cattle, 2 calvings → reliability low; medium needs 24 more events, 2 cattle, 1 calving
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
  let number = Math.floor(Math.random() * 1e6) * 1000;
  for (const [name, events] of Object.entries(herd)) {
    const created = await call('/cattle', {
      method: 'POST',
      token: farmer.token,
      body: {
        name: `繁殖${name}`,
        identificationNumber: String(++number).padStart(10, '0'),
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
      },
    });
    for (const [eventType, ago] of events) {
      await call('/events', {
        method: 'POST',
        token: farmer.token,
        body: { cattleId: created.data.cattleId, eventType, eventDatetime: `${daysAgo(ago)}T00:00:00.000Z` },
      });
    }
  }
  await withPage(async (page) => {
    await signIn(page, farmer);
    await page.goto(`${baseUrl}/kpi`);
    const values = {};
    await page.locator('.kpi-tile').first().waitFor();
    for (const [metric] of METRICS) {
      const value = page.locator(`.kpi-tile[data-metric="${metric}"] .kpi-tile__value`);
      values[metric] = (await textOf(value)).replace(/\s+/g, '');
    }
    assert.deepEqual(values, {
      conceptionRate: '50.0%',
      firstServiceConceptionRate: '50.0%',
      aiPerConception: '2.0回',
      avgDaysOpen: '90日',
      avgDaysToFirstService: '85日',
      avgCalvingInterval: '380日',
      pregnancyRate21: '2.9%',
      heatDetectionRate: '11.8%',
    });
    await page.getByText('受胎率が良好です（50%以上）').first().waitFor();
    await page.getByText('空胎日数が良好です（120日以下）').first().waitFor();
    const counts = await page.locator('.kpi-counts dd').allTextContents();
    assert.deepEqual(counts, ['4件', '1件', '1件', '2件', '2件', '3頭', '6件']);
    await page.getByRole('heading', { name: '数値の信頼性: 低' }).waitFor();
    await page.getByText('あと 繁殖記録24件・対象牛2頭・分娩1件 の記録で信頼性が「中」になります。').waitFor();
    await page.getByText(`${slashed(daysAgo(364))} 〜 ${slashed(todayJst())}`).waitFor();
  });
});
