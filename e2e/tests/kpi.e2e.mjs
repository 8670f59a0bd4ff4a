import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, baseUrl, outbox, signIn, textOf, uniqueEmail, withPage } from '../support.mjs';

const METRICS = [
  ['conceptionRate', 1],
  ['avgDaysOpen', 0],
  ['avgCalvingInterval', 0],
  ['aiPerConception', 1],
];
const todayJst = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (n) => new Date(Date.parse(`${todayJst()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

async function call(path, { method = 'GET', body, token } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A new farmer, signed up through the API the way the screens do it. */
async function newFarmer() {
  const email = uniqueEmail('e2e-kpi');
  const password = 'kpi-farmer-2026';
  await call('/auth/register', { method: 'POST', body: { email } });
  const [mail] = await outbox(email);
  const token = decodeURIComponent(/verify\?token=([\w%-]+)/.exec(mail.text)[1]);
  await call('/auth/complete', { method: 'POST', body: { token, name: '南 牧場', password } });
  const login = await call('/auth/login', { method: 'POST', body: { email, password } });
  return { email, password, token: login.token };
}
const slashed = (date) => date.replaceAll('-', '/');
const formatted = (value, digits) =>
  new Intl.NumberFormat('ja-JP', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

async function fromApi(page, path) {
  const response = await apiCall(page, path);
  assert.equal(response.status, 200);
  return response.json.data;
}
const kpiFromApi = (page, query = '') => fromApi(page, `/kpi/breeding${query}`);

/** The page shows exactly what the API computed: four tiles with reliability, or the empty state. */
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
    const expected = kpi[metric] === null ? 'データなし' : formatted(kpi[metric], digits);
    assert.equal(
      (await textOf(tile.locator('.kpi-tile__value'))).replace(/\s+/g, '').startsWith(expected),
      true,
      metric,
    );
  }
  const level = { high: '高', medium: '中', low: '低' }[kpi.reliability];
  await page.getByRole('heading', { name: `数値の信頼性: ${level}` }).waitFor();
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
      assert.equal(await page.locator('figure.kpi-chart').count(), 4);
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
  const farmer = await newFarmer();
  // Worked out by hand for the last 365 days:
  //   inseminations: A ×2, B ×1, C ×1 = 4; calvings in the period: A, B (B's first calving is 400 days ago) = 2
  //   conception rate 2 / 4 = 50.0 %; AI per conception 4 / 2 = 2.0 回
  //   days open: A 300→220 = 80, B 400→310 = 90 → 85 日; calving interval: B 400→20 = 380 日
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
      avgDaysOpen: '85日',
      avgCalvingInterval: '380日',
      aiPerConception: '2.0回',
    });
    await page.getByText('受胎率は平均的です（40%以上）').first().waitFor();
    await page.getByText('空胎日数が優秀です（85日以下）').first().waitFor();
    await page.getByRole('heading', { name: '数値の信頼性: 低' }).waitFor();
    await page.getByText('あと 繁殖記録24件・対象牛2頭・分娩1件 の記録で信頼性が「中」になります。').waitFor();
    await page.getByText(`${slashed(daysAgo(364))} 〜 ${slashed(todayJst())}`).waitFor();
  });
});
