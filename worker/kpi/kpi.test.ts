import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, jstMonth, todayJst } from '../domain/calendar';
import { herd2026 } from '../domain/kpi.fixtures';
import type { Env } from '../env';
import { api, signUp, testEnv } from '../test/api';
import { everyShard, shardName, shardOf } from '../test/shards';
import { recordHerd } from './test-herd';

/** A D1 binding that counts round trips to the database: each batch once, each statement run on its own once. */
function countingDb(target: D1Database) {
  let trips = 0;
  const counted = <T extends object>(target: T, methods: string[]): T =>
    new Proxy(target, {
      get(t, prop) {
        const value = Reflect.get(t, prop);
        if (typeof value !== 'function') return value;
        if (prop === 'prepare') {
          return (...args: unknown[]) =>
            counted(value.apply(t, args) as object, ['all', 'first', 'run', 'raw']) as unknown;
        }
        if (prop === 'withSession') return (...args: unknown[]) => counted(value.apply(t, args) as object, methods);
        if (prop === 'bind') return (...args: unknown[]) => counted(value.apply(t, args) as object, methods);
        if (methods.includes(String(prop))) {
          return (...args: unknown[]) => {
            trips += 1;
            return value.apply(t, args);
          };
        }
        return value.bind(t);
      },
    });
  const db = counted(target, ['batch', 'exec']);
  return { db: db as D1Database, statements: () => trips };
}

describe('GET /kpi/breeding', () => {
  it('answers the hand-computed figures of the fixture herd (worker/domain/kpi.test.ts)', async () => {
    const farmer = await signUp();
    await recordHerd(farmer, herd2026);
    const res = await api('/kpi/breeding?from=2026-01-01&to=2026-12-31', { token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      period: { from: '2026-01-01', to: '2026-12-31' },
      conceptionRate: 50,
      firstServiceConceptionRate: 33.3,
      aiPerConception: 2,
      avgDaysOpen: 62,
      avgDaysToFirstService: 51,
      avgCalvingInterval: 374,
      counts: { services: 7, pregnancies: 3, openServices: 3, firstServices: 3, calvings: 2, cattle: 4, events: 17 },
      message: null,
    });
  });

  it('defaults to the last 365 days up to today in JST', async () => {
    const { token } = await signUp();
    const res = await api('/kpi/breeding', { token });
    expect(res.json.data.period).toEqual({ from: addDays(todayJst(), -364), to: todayJst() });
  });

  it('answers 200 with null figures and the documented message for a farm with nothing recorded', async () => {
    const { token } = await signUp();
    const res = await api('/kpi/breeding?from=2026-01-01&to=2026-12-31', { token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      conceptionRate: null,
      pregnancyRate21: null,
      heatDetectionRate: null,
      message: 'No breeding events found in the specified period',
      counts: { services: 0, events: 0, cattle: 0 },
    });
  });

  it('never shows 100 % for a farm that has just started', async () => {
    const farmer = await signUp();
    const today = todayJst();
    await recordHerd(farmer, [
      { ...herd2026[0], timeline: `I${Date.parse(`${addDays(today, -3)}T00:00:00Z`) / 86_400_000}` },
    ]);
    const res = await api('/kpi/breeding', { token: farmer.token });
    expect(res.json.data).toMatchObject({ conceptionRate: null, aiPerConception: null, counts: { services: 1 } });
  });

  it('counts a cow shipped by a shipment record as off the farm from its date (the record writes her SHIPMENT event)', async () => {
    // Two 21-day cycles: 2026-03-01 … 03-21 and 03-22 … 04-11. A cow calved long before, a heat on 03-05.
    // Without the shipment she is eligible in both: heat detection 1 ÷ 2 = 50.0 %. Shipped on 03-10 she is
    // eligible only at the first cycle's start: 1 ÷ 1 = 100.0 %.
    const kept = await signUp();
    const sold = await signUp();
    const cow = { ...herd2026[0], initialParity: 1, timeline: `E${Date.parse('2026-03-05T00:00:00Z') / 86_400_000}` };
    await recordHerd(kept, [cow]);
    const ids = await recordHerd(sold, [cow]);
    const shipped = await api('/shipments', {
      method: 'POST',
      token: sold.token,
      body: { cattleId: ids.get(cow.cattleId), shipmentDate: '2026-03-10', price: 800_000 },
    });
    expect(shipped.status).toBe(201);
    const period = 'from=2026-03-01&to=2026-04-11';
    const keptKpi = await api(`/kpi/breeding?${period}`, { token: kept.token });
    const soldKpi = await api(`/kpi/breeding?${period}`, { token: sold.token });
    expect(keptKpi.json.data.heatDetectionRate).toBe(50);
    expect(soldKpi.json.data.heatDetectionRate).toBe(100);
  });

  it("never counts another farm's cattle or events", async () => {
    const me = await signUp();
    const other = await signUp();
    await recordHerd(other, herd2026);
    await recordHerd(me, [herd2026[3]]);
    const res = await api('/kpi/breeding?from=2026-01-01&to=2026-12-31', { token: me.token });
    expect(res.json.data.counts).toMatchObject({ services: 1, cattle: 1, events: 5 });
  });

  it('uses at most 4 database round trips, the session check included, however large the herd', async () => {
    const { token, userId, farmId } = await signUp();
    await recordHerd({ farmId, userId }, herd2026);
    const directory = countingDb(testEnv.DB);
    const shard = countingDb(await shardOf(farmId));
    const res = await api('/kpi/breeding?from=2026-01-01&to=2026-12-31', {
      token,
      env: { DB: directory.db, [await shardName(farmId)]: shard.db } as Partial<Env>,
    });
    expect(res.status).toBe(200);
    expect(directory.statements() + shard.statements()).toBeLessThanOrEqual(4);
  });

  it.each([
    ['from=2026-06-02&to=2026-06-01', '開始日は終了日以前の日付を指定してください', 'from'],
    [`from=${addDays(todayJst(), 1)}`, '開始日は終了日以前の日付を指定してください', 'from'],
    ['from=2026-13-01', '日付はYYYY-MM-DD形式で指定してください', 'from'],
    ['from=2026-02-30', '日付はYYYY-MM-DD形式で指定してください', 'from'],
    ['to=yesterday', '日付はYYYY-MM-DD形式で指定してください', 'to'],
  ])('rejects %s with 400', async (query, message, field) => {
    const { token } = await signUp();
    const res = await api(`/kpi/breeding?${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', message, field });
  });
});

describe('GET /kpi/breeding/cattle: the cows behind the numbers', () => {
  it('lists each cow with her services, outcomes and day figures, most open services first', async () => {
    const farmer = await signUp();
    const ids = await recordHerd(farmer, herd2026);
    const res = await api('/kpi/breeding/cattle?from=2026-01-01&to=2026-12-31', { token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data.period).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(res.json.data.results).toEqual([
      {
        cattleId: ids.get(1),
        name: '牛1',
        earTagNumber: '0001',
        services: 2,
        pregnant: 1,
        open: 1,
        daysOpen: 71,
        daysToFirstService: 50,
        calvingInterval: 356,
      },
      {
        cattleId: ids.get(2),
        name: '牛2',
        earTagNumber: '0002',
        services: 2,
        pregnant: 0,
        open: 1,
        daysOpen: null,
        daysToFirstService: null,
        calvingInterval: null,
      },
      {
        cattleId: ids.get(3),
        name: '牛3',
        earTagNumber: '0003',
        services: 2,
        pregnant: 1,
        open: 1,
        daysOpen: null,
        daysToFirstService: null,
        calvingInterval: null,
      },
      {
        cattleId: ids.get(4),
        name: '牛4',
        earTagNumber: '0004',
        services: 1,
        pregnant: 1,
        open: 0,
        daysOpen: 52,
        daysToFirstService: 52,
        calvingInterval: 392,
      },
    ]);
  });

  it('shows only the farm’s own cows, to every role of the farm', async () => {
    const owner = await signUp();
    const other = await signUp();
    await recordHerd(other, herd2026);
    await recordHerd(owner, [herd2026[0]]);
    const mine = await api('/kpi/breeding/cattle?from=2026-01-01&to=2026-12-31', { token: owner.token });
    expect(mine.json.data.results.map((r: { name: string }) => r.name)).toEqual(['牛1']);
    // A viewer of the farm reads it too; someone outside it cannot choose it.
    const viewer = await signUp();
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'viewer')")
      .bind(owner.farmId, viewer.userId)
      .run();
    const asViewer = await api('/kpi/breeding/cattle?from=2026-01-01&to=2026-12-31', {
      token: viewer.token,
      headers: { 'X-Farm-Id': String(owner.farmId) },
    });
    expect(asViewer.status).toBe(200);
    expect(asViewer.json.data.results).toHaveLength(1);
    const outsider = await api('/kpi/breeding/cattle', {
      token: other.token,
      headers: { 'X-Farm-Id': String(owner.farmId) },
    });
    expect(outsider.status).toBe(403);
  });

  it('rejects a bad period and needs a token', async () => {
    const { token } = await signUp();
    const bad = await api('/kpi/breeding/cattle?from=2026-06-02&to=2026-06-01', { token });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ field: 'from', message: '開始日は終了日以前の日付を指定してください' });
    expect((await api('/kpi/breeding/cattle')).status).toBe(401);
  });
});

describe('POST /kpi/breeding/calculate', () => {
  it('answers the KPIs of the last 365 days, as GET /kpi/breeding does', async () => {
    const farmer = await signUp();
    await recordHerd(farmer, herd2026);
    const res = await api('/kpi/breeding/calculate', { method: 'POST', token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual((await api('/kpi/breeding', { token: farmer.token })).json.data);
  });
});

describe('GET /kpi/breeding/trends', () => {
  it('gives the hand-computed months, each judged on the whole history', async () => {
    const farmer = await signUp();
    await recordHerd(farmer, herd2026);
    const res = await api('/kpi/breeding/trends?months=3&to=2026-03', { token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
    expect(res.json.data.months.map((m: any) => [m.month, m.counts.services, m.conceptionRate])).toEqual([
      ['2026-01', 2, 0],
      ['2026-02', 1, 100],
      ['2026-03', 2, 100],
    ]);
  });

  it('defaults to 12 months ending with this (partial) JST month', async () => {
    const { token } = await signUp();
    const res = await api('/kpi/breeding/trends', { token });
    expect(res.json.data.months).toHaveLength(12);
    expect(res.json.data.months[11].month).toBe(jstMonth());
  });

  it.each([
    ['months=0', '月数は1〜24の整数で指定してください', 'months'],
    ['months=25', '月数は1〜24の整数で指定してください', 'months'],
    ['to=2026-13', '月はYYYY-MM形式で指定してください', 'to'],
  ])('rejects %s with 400', async (query, message, field) => {
    const { token } = await signUp();
    const res = await api(`/kpi/breeding/trends?${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', message, field });
  });
});

describe('GET /kpi/breeding/delta', () => {
  it('compares complete months: February against January', async () => {
    const farmer = await signUp();
    await recordHerd(farmer, herd2026);
    const res = await api('/kpi/breeding/delta?month=2026-02', { token: farmer.token });
    expect(res.json.data.month).toBe('2026-02');
    expect(res.json.data.previousMonth).toBe('2026-01');
    expect(res.json.data.metrics.conceptionRate).toEqual({
      current: 100,
      previous: 0,
      change: 100,
      direction: 'improved',
    });
    expect(Object.keys(res.json.data.metrics)).toHaveLength(8);
  });

  it('defaults to the last complete month against the one before', async () => {
    const { token } = await signUp();
    const res = await api('/kpi/breeding/delta', { token });
    expect(res.json.data.month).toBe(addMonths(jstMonth(), -1));
    expect(res.json.data.previousMonth).toBe(addMonths(jstMonth(), -2));
  });

  it('rejects a month that is not YYYY-MM', async () => {
    const { token } = await signUp();
    const res = await api('/kpi/breeding/delta?month=2026-00', { token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ message: '月はYYYY-MM形式で指定してください', field: 'month' });
  });
});

describe('authentication', () => {
  it.each([
    ['GET', '/kpi/breeding'],
    ['POST', '/kpi/breeding/calculate'],
    ['GET', '/kpi/breeding/cattle'],
    ['GET', '/kpi/breeding/trends'],
    ['GET', '/kpi/breeding/delta'],
  ])('%s %s needs a token', async (method, path) => {
    const res = await api(path, { method });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('No token provided');
  });
});

describe('kept figures (decision 036): every change the KPIs read is seen by the next request', () => {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  const period = '/kpi/breeding?from=2026-03-01&to=2026-04-11';
  const kpi = async (token: string) => (await api(period, { token })).json.data;
  const run = (query: string, ...values: unknown[]) =>
    everyShard
      .prepare(query)
      .bind(...values)
      .run();

  it('a breeding event added, changed and deleted', async () => {
    const farmer = await signUp();
    const ids = await recordHerd(farmer, [{ ...herd2026[0], timeline: `I${day('2026-03-05')}` }]);
    const cattleId = ids.get(herd2026[0].cattleId);
    expect((await kpi(farmer.token)).counts).toMatchObject({ services: 1, pregnancies: 0, openServices: 0 });
    const check = await (await shardOf(farmer.farmId))
      .prepare(
        `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details)
       VALUES (?, ?, ?, 'PREGNANCY_CHECK', '2026-04-05T00:00:00.000Z', '{"result":"PREGNANT"}') RETURNING event_id`,
      )
      .bind(cattleId, farmer.farmId, farmer.userId)
      .first<{ event_id: number }>();
    expect((await kpi(farmer.token)).counts).toMatchObject({ services: 1, pregnancies: 1, openServices: 0 });
    await run(`UPDATE events SET details = '{"result":"OPEN"}' WHERE event_id = ?`, check!.event_id);
    expect((await kpi(farmer.token)).counts).toMatchObject({ services: 1, pregnancies: 0, openServices: 1 });
    await run('DELETE FROM events WHERE event_id = ?', check!.event_id);
    expect((await kpi(farmer.token)).counts).toMatchObject({ services: 1, pregnancies: 0, openServices: 0 });
  });

  it('a shipment record, the initial parity and the birthday', async () => {
    // As above: calved before, a heat on 03-05 → 1 ÷ 2 cycles = 50 %; shipped on 03-10 → 1 ÷ 1 = 100 %.
    const farmer = await signUp();
    const cow = { ...herd2026[0], initialParity: 1, timeline: `E${day('2026-03-05')}` };
    const cattleId = (await recordHerd(farmer, [cow])).get(cow.cattleId);
    expect((await kpi(farmer.token)).heatDetectionRate).toBe(50);
    const shipped = await api('/shipments', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId, shipmentDate: '2026-03-10', price: 800_000 },
    });
    expect((await kpi(farmer.token)).heatDetectionRate).toBe(100);
    await api(`/shipments/${shipped.json.data.shipmentId}`, { method: 'DELETE', token: farmer.token });
    expect((await kpi(farmer.token)).heatDetectionRate).toBe(50);
    // Never calved and 13 months old on 03-22: eligible from her 14-month day only — none of the two cycles.
    await run('UPDATE breeding_status SET initial_parity = 0 WHERE cattle_id = ?', cattleId);
    await run(`UPDATE cattle SET birthday = '2025-02-01' WHERE cattle_id = ?`, cattleId);
    expect((await kpi(farmer.token)).heatDetectionRate).toBeNull();
    await run(`UPDATE cattle SET birthday = '2024-01-01' WHERE cattle_id = ?`, cattleId);
    expect((await kpi(farmer.token)).heatDetectionRate).toBe(50);
  });
});
