import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getDb } from '../db/client';
import { addDays, jstMonth, monthRange, todayJst } from '../domain/calendar';
import type { BreedingEventRow, Period } from '../domain/kpi';
import { acrossNewYear, ev, herd2026, herd2026Totals, referenceTotals } from '../domain/kpi.fixtures';
import type { Env } from '../env';
import { seededRandom } from '../lib/seeded-random';
import { api, signUp, testEnv } from '../test/api';
import { loadPeriodTotals } from './kpi.queries';

let identification = 1_000_000_000;

/** Registers one animal per fixture cattle id on the member's farm and records the events with plain SQL. */
async function recordHerd(member: { farmId: number; userId: number }, rows: BreedingEventRow[]) {
  const ids = new Map<number, number>();
  for (const key of new Set(rows.map((r) => r.cattleId))) {
    const row = await env.DB.prepare(
      'INSERT INTO cattle (farm_id, created_by, identification_number, name, gender) VALUES (?, ?, ?, ?, ?) RETURNING cattle_id',
    )
      .bind(member.farmId, member.userId, ++identification, `牛${key}`, '雌')
      .first<{ cattle_id: number }>();
    ids.set(key, row!.cattle_id);
  }
  await env.DB.batch(
    rows.map((r) =>
      env.DB.prepare(
        'INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (?, ?, ?, ?, ?)',
      ).bind(ids.get(r.cattleId), member.farmId, member.userId, r.eventType, r.eventDatetime),
    ),
  );
  return ids;
}

/** A D1 binding that counts the statements sent to the database. */
function countingDb() {
  let statements = 0;
  const db = new Proxy(testEnv.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      if (prop === 'prepare' || prop === 'batch' || prop === 'exec') {
        return (...args: unknown[]) => {
          statements += 1;
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
  return { db: db as D1Database, statements: () => statements };
}

/** Records `rows` for a new farm and asks the SQL for the totals of `periods`. */
async function sqlTotals(rows: BreedingEventRow[], periods: Period[]) {
  const farmer = await signUp();
  if (rows.length) await recordHerd(farmer, rows);
  return loadPeriodTotals(getDb(testEnv), farmer.farmId, periods);
}

const year2026 = { from: '2026-01-01', to: '2026-12-31' };

describe('loadPeriodTotals: the KPI rules in SQL', () => {
  it('finds the gaps of the hand-computed herd', async () => {
    const [totals] = await sqlTotals(herd2026, [year2026]);
    expect(totals).toEqual(herd2026Totals);
  });

  it('gives the same answer whatever order the events were recorded in', async () => {
    const [forward] = await sqlTotals(herd2026, [year2026]);
    const [backward] = await sqlTotals([...herd2026].reverse(), [year2026]);
    expect(backward).toEqual(forward);
  });

  it('attributes a gap to the period of the event that closes it, and answers periods in the order asked', async () => {
    const [firstHalf, y2025, y2024] = await sqlTotals(herd2026, [
      { from: '2026-01-01', to: '2026-06-30' },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: '2024-01-01', to: '2024-12-31' },
    ]);
    expect(firstHalf).toMatchObject({ daysOpenSum: 450, daysOpenGaps: 3, calvingIntervals: 0 });
    expect(y2025).toMatchObject({
      calvings: 4,
      events: 4,
      cattle: 4,
      inseminations: 0,
      daysOpenGaps: 0,
      calvingIntervals: 0,
    });
    expect(y2024).toEqual({
      events: 0,
      inseminations: 0,
      calvings: 0,
      cattle: 0,
      daysOpenSum: 0,
      daysOpenGaps: 0,
      calvingIntervalSum: 0,
      calvingIntervals: 0,
    });
  });

  it('puts an event at 00:30 JST on 1 April into April', async () => {
    const [march, april] = await sqlTotals(
      [ev(1, 'INSEMINATION', '2026-03-31T15:30:00.000Z')],
      [monthRange('2026-03'), monthRange('2026-04')],
    );
    expect(march.inseminations).toBe(0);
    expect(april.inseminations).toBe(1);
  });

  it('counts days between JST calendar dates, not 24-hour spans', async () => {
    const [totals] = await sqlTotals(
      [
        ev(1, 'CALVING', '2026-04-01T14:59:00.000Z'), // 23:59 JST on 1 April
        ev(1, 'INSEMINATION', '2026-04-01T15:00:00.000Z'), // 00:00 JST on 2 April
      ],
      [monthRange('2026-04')],
    );
    expect(totals).toMatchObject({ daysOpenSum: 1, daysOpenGaps: 1 });
  });

  it('orders events at the same instant by when they were recorded', async () => {
    const at = '2026-01-10T00:00:00.000Z';
    // An insemination, then a calving recorded at the same instant: the next insemination is the first after it.
    const rows = [ev(1, 'INSEMINATION', at), ev(1, 'CALVING', at), ev(1, 'INSEMINATION', '2026-03-11')];
    const [totals] = await sqlTotals(rows, [year2026]);
    expect(totals).toMatchObject({ daysOpenSum: 60, daysOpenGaps: 1 });
    expect(totals).toEqual(referenceTotals(rows, year2026));
  });

  it('agrees with the reference rules on a generated herd, period by period', async () => {
    const random = seededRandom(2026);
    const types = [
      'CALVING',
      'INSEMINATION',
      'INSEMINATION',
      'ESTRUS',
      'PREGNANCY_CHECK',
      'ABORTION',
      'STILLBIRTH',
      'VACCINATION',
    ];
    const rows: BreedingEventRow[] = [];
    for (let animal = 1; animal <= 30; animal++) {
      let ms = Date.parse('2024-01-01T00:00:00.000Z') + Math.floor(random() * 60) * 86_400_000;
      while (ms < Date.parse('2026-12-31T00:00:00.000Z')) {
        // Steps of 0–120 days at any minute, so gaps fall on both sides of every window edge and JST midnight.
        ms += Math.floor(random() * 120) * 86_400_000 + Math.floor(random() * 1440) * 60_000;
        rows.push(ev(animal, types[Math.floor(random() * types.length)], new Date(ms).toISOString()));
      }
    }
    const periods: Period[] = [
      { from: '2024-01-01', to: '2026-12-31' },
      { from: '2025-03-15', to: '2025-09-14' },
      ...['2025-12', '2026-01', '2026-02', '2026-06'].map(monthRange),
    ];
    const totals = await sqlTotals(rows, periods);
    expect(rows.length).toBeGreaterThan(300);
    expect(totals[0].daysOpenGaps).toBeGreaterThan(10);
    expect(totals[0].calvingIntervals).toBeGreaterThan(10);
    expect(totals).toEqual(periods.map((p) => referenceTotals(rows, p)));
  });
});

describe('GET /kpi/breeding', () => {
  it('answers the hand-computed KPIs of the fixture herd', async () => {
    const { token, userId, farmId } = await signUp();
    await recordHerd({ farmId, userId }, herd2026);
    const res = await api('/kpi/breeding?from=2026-01-01&to=2026-12-31', { token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      period: { from: '2026-01-01', to: '2026-12-31' },
      conceptionRate: 100,
      avgDaysOpen: 150,
      avgCalvingInterval: 361,
      aiPerConception: 1,
      counts: { inseminations: 6, calvings: 7, cattle: 6, events: 15, daysOpenGaps: 3, calvingIntervals: 3 },
      reliability: 'low',
      nextReliability: { level: 'medium', needs: { events: 15, cattle: 0, calvings: 0 } },
      insights: [
        { metric: 'conceptionRate', level: 'excellent', message: '受胎率が優秀です（80%以上）' },
        { metric: 'avgDaysOpen', level: 'poor', message: '空胎日数の短縮が必要です（120日超）' },
        {
          metric: 'data',
          level: 'info',
          message: 'データが不足しています。授精・分娩の記録を増やすと数値の信頼性が上がります',
        },
      ],
      message: null,
    });
  });

  it('defaults to the last 365 days up to today in JST', async () => {
    const { token, userId, farmId } = await signUp();
    const today = todayJst();
    await recordHerd({ farmId, userId }, [
      ev(1, 'INSEMINATION', addDays(today, -365)),
      ev(1, 'INSEMINATION', addDays(today, -364)),
      ev(2, 'INSEMINATION', today),
      ev(2, 'CALVING', addDays(today, -300)),
      ev(3, 'ESTRUS', addDays(today, 1)),
    ]);
    const res = await api('/kpi/breeding', { token });
    expect(res.status).toBe(200);
    expect(res.json.data.period).toEqual({ from: addDays(today, -364), to: today });
    expect(res.json.data.counts).toMatchObject({
      inseminations: 2,
      calvings: 1,
      events: 3,
      cattle: 2,
      daysOpenGaps: 1,
    });
    expect(res.json.data.conceptionRate).toBe(50);
    expect(res.json.data.aiPerConception).toBe(2);
    expect(res.json.data.avgDaysOpen).toBe(300);
  });

  it('takes from alone up to today, and to alone back 365 days', async () => {
    const { token } = await signUp();
    const today = todayJst();
    expect((await api('/kpi/breeding?from=2026-01-01', { token })).json.data.period).toEqual({
      from: '2026-01-01',
      to: today,
    });
    expect((await api('/kpi/breeding?to=2025-12-31', { token })).json.data.period).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  it('answers 200 with null metrics and the documented message when the period has no breeding events', async () => {
    const { token, userId, farmId } = await signUp();
    await recordHerd({ farmId, userId }, [ev(1, 'VACCINATION', '2026-05-01'), ev(1, 'EXPECTED_CALVING', '2026-05-02')]);
    const res = await api('/kpi/breeding?from=2026-05-01&to=2026-05-31', { token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      conceptionRate: null,
      avgDaysOpen: null,
      avgCalvingInterval: null,
      aiPerConception: null,
      reliability: 'low',
      message: 'No breeding events found in the specified period',
      counts: { events: 0, cattle: 0 },
    });
  });

  it("never counts another farm's cattle or events", async () => {
    const me = await signUp();
    const other = await signUp();
    await recordHerd(other, herd2026);
    const mine = await recordHerd(me, [ev(1, 'INSEMINATION', '2026-03-01'), ev(1, 'CALVING', '2026-04-01')]);
    const otherIds = await recordHerd(other, [ev(9, 'CALVING', '2026-05-01')]);
    // A row that names my farm but points at another farm's animal is not mine to count either.
    await env.DB.prepare(
      'INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (?, ?, ?, ?, ?)',
    )
      .bind(otherIds.get(9), me.farmId, me.userId, 'INSEMINATION', '2026-06-01T00:00:00.000Z')
      .run();
    const res = await api('/kpi/breeding?from=2026-01-01&to=2026-12-31', { token: me.token });
    expect(res.json.data.counts).toEqual({
      inseminations: 1,
      calvings: 1,
      cattle: 1,
      events: 2,
      daysOpenGaps: 0,
      calvingIntervals: 0,
    });
    expect(mine.size).toBe(1);
  });

  it('uses at most 4 database round trips, the session check included, however large the herd', async () => {
    const { token, userId, farmId } = await signUp();
    await recordHerd({ farmId, userId }, herd2026);
    const counter = countingDb();
    const res = await api('/kpi/breeding?from=2026-01-01&to=2026-12-31', {
      token,
      env: { DB: counter.db } as Partial<Env>,
    });
    expect(res.status).toBe(200);
    expect(counter.statements()).toBeGreaterThanOrEqual(2);
    expect(counter.statements()).toBeLessThanOrEqual(4);
  });

  it.each([
    ['from=2026-06-02&to=2026-06-01', '開始日は終了日以前の日付を指定してください', 'from'],
    [`from=${addDays(todayJst(), 1)}`, '開始日は終了日以前の日付を指定してください', 'from'],
    ['from=2026-13-01', '日付はYYYY-MM-DD形式で指定してください', 'from'],
    ['from=2026-02-30', '日付はYYYY-MM-DD形式で指定してください', 'from'],
    ['to=yesterday', '日付はYYYY-MM-DD形式で指定してください', 'to'],
    ['to=2026/06/01', '日付はYYYY-MM-DD形式で指定してください', 'to'],
  ])('rejects %s with 400', async (query, message, field) => {
    const { token } = await signUp();
    const res = await api(`/kpi/breeding?${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', message, field });
  });
});

describe('POST /kpi/breeding/calculate', () => {
  it('answers the KPIs of the last 365 days', async () => {
    const { token, userId, farmId } = await signUp();
    const today = todayJst();
    await recordHerd({ farmId, userId }, [
      ev(1, 'CALVING', addDays(today, -200)),
      ev(1, 'INSEMINATION', addDays(today, -120)),
    ]);
    const res = await api('/kpi/breeding/calculate', { method: 'POST', token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      period: { from: addDays(today, -364), to: today },
      conceptionRate: 100,
      avgDaysOpen: 80,
      aiPerConception: 1,
    });
    expect(res.json.data).toEqual((await api('/kpi/breeding', { token })).json.data);
  });
});

describe('GET /kpi/breeding/trends', () => {
  it('gives the hand-computed months across the new year', async () => {
    const { token, userId, farmId } = await signUp();
    await recordHerd({ farmId, userId }, acrossNewYear);
    const res = await api('/kpi/breeding/trends?months=4&to=2026-02', { token });
    expect(res.status).toBe(200);
    expect(res.json.data.from).toBe('2025-11-01');
    expect(res.json.data.to).toBe('2026-02-28');
    expect(
      res.json.data.months.map((m: any) => [
        m.month,
        m.conceptionRate,
        m.avgDaysOpen,
        m.avgCalvingInterval,
        m.aiPerConception,
      ]),
    ).toEqual([
      ['2025-11', 100, null, null, 1],
      ['2025-12', 50, null, 321, 2],
      ['2026-01', 100, 56, null, 1],
      ['2026-02', 0, 54, null, null],
    ]);
    expect(res.json.data.months[2].counts).toEqual({
      inseminations: 1,
      calvings: 1,
      cattle: 2,
      events: 2,
      daysOpenGaps: 1,
      calvingIntervals: 0,
    });
  });

  it('defaults to 12 months ending with this JST month', async () => {
    const { token } = await signUp();
    const res = await api('/kpi/breeding/trends', { token });
    expect(res.status).toBe(200);
    expect(res.json.data.months).toHaveLength(12);
    expect(res.json.data.months[11].month).toBe(jstMonth());
    expect(res.json.data.months.every((m: any) => m.conceptionRate === null && m.counts.events === 0)).toBe(true);
  });

  it.each([
    ['months=0', '月数は1〜24の整数で指定してください', 'months'],
    ['months=25', '月数は1〜24の整数で指定してください', 'months'],
    ['months=1.5', '月数は1〜24の整数で指定してください', 'months'],
    ['months=twelve', '月数は1〜24の整数で指定してください', 'months'],
    ['to=2026-13', '月はYYYY-MM形式で指定してください', 'to'],
    ['to=2026-1', '月はYYYY-MM形式で指定してください', 'to'],
  ])('rejects %s with 400', async (query, message, field) => {
    const { token } = await signUp();
    const res = await api(`/kpi/breeding/trends?${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', message, field });
  });
});

describe('GET /kpi/breeding/delta', () => {
  it('compares January against December, knowing fewer AI per conception is better', async () => {
    const { token, userId, farmId } = await signUp();
    await recordHerd({ farmId, userId }, acrossNewYear);
    const res = await api('/kpi/breeding/delta?month=2026-01', { token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      month: '2026-01',
      previousMonth: '2025-12',
      metrics: {
        conceptionRate: { current: 100, previous: 50, change: 50, direction: 'improved' },
        avgDaysOpen: { current: 56, previous: null, change: null, direction: null },
        avgCalvingInterval: { current: null, previous: 321, change: null, direction: null },
        aiPerConception: { current: 1, previous: 2, change: -1, direction: 'improved' },
      },
    });
  });

  it('knows that fewer days open is better', async () => {
    const { token, userId, farmId } = await signUp();
    await recordHerd({ farmId, userId }, acrossNewYear);
    const res = await api('/kpi/breeding/delta?month=2026-02', { token });
    expect(res.json.data.metrics.avgDaysOpen).toEqual({ current: 54, previous: 56, change: -2, direction: 'improved' });
    expect(res.json.data.metrics.conceptionRate).toEqual({
      current: 0,
      previous: 100,
      change: -100,
      direction: 'worsened',
    });
  });

  it('defaults to this JST month', async () => {
    const { token } = await signUp();
    const res = await api('/kpi/breeding/delta', { token });
    expect(res.status).toBe(200);
    expect(res.json.data.month).toBe(jstMonth());
  });

  it('rejects a month that is not YYYY-MM', async () => {
    const { token } = await signUp();
    const res = await api('/kpi/breeding/delta?month=2026-00', { token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: '月はYYYY-MM形式で指定してください',
      field: 'month',
    });
  });
});

describe('authentication', () => {
  it.each([
    ['GET', '/kpi/breeding'],
    ['POST', '/kpi/breeding/calculate'],
    ['GET', '/kpi/breeding/trends'],
    ['GET', '/kpi/breeding/delta'],
  ])('%s %s needs a token', async (method, path) => {
    const res = await api(path, { method });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('No token provided');
  });

  it('refuses a signed-out session', async () => {
    const { token } = await signUp();
    await api('/auth/logout', { method: 'POST', token });
    expect((await api('/kpi/breeding', { token })).status).toBe(401);
  });
});
