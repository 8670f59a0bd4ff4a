import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMonths, jstMonth, todayJst } from '../domain/calendar';
import worker from '../index';
import { api, signUp, testEnv } from '../test/api';
import { animalStatus, insertAnimal, planOf, statusHistoryOf } from './test-fixtures';

afterEach(() => vi.useRealTimers());

let farmer: Awaited<ReturnType<typeof signUp>>;
let neighbour: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  farmer = await signUp({ name: '北 牧場' });
  neighbour = await signUp({ name: '南 牧場' });
});

const ship = (token: string, body: unknown) => api('/shipments', { method: 'POST', token, body });
const validShipment = (cattleId: number) => ({
  cattleId,
  shipmentDate: '2025-03-15',
  price: 720_000,
  weight: 285.5,
  buyer: '全農 鹿児島中央家畜市場',
  notes: '子牛セリ',
});

describe('POST /shipments', () => {
  it('records the shipment, sets the animal SHIPPED with history and removes its plan, in one go', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01', gender: '去勢', growthStage: 'CALF' });
    const plan = await api('/shipments/plans', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId, plannedShipmentMonth: jstMonth() },
    });
    expect(plan.status).toBe(201);

    const res = await ship(farmer.token, validShipment(cattleId));
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      cattleId,
      shipmentDate: '2025-03-15',
      price: 720_000,
      weight: 285.5,
      ageAtShipment: 9,
      buyer: '全農 鹿児島中央家畜市場',
      notes: '子牛セリ',
    });
    expect(res.json.data.shipmentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await animalStatus(cattleId)).toBe('SHIPPED');
    expect(await planOf(cattleId)).toBeNull();
    const history = await statusHistoryOf(cattleId);
    expect(history.at(-1)).toEqual({
      old_status: 'SCHEDULED_FOR_SHIPMENT',
      new_status: 'SHIPPED',
      changed_by: String(farmer.userId),
      // Set by the SHIPMENT event the record wrote (§9).
      reason: 'イベント「出荷」による更新',
    });
  });

  it('keeps an age the farmer entered and leaves optional fields empty', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: null });
    const res = await ship(farmer.token, { cattleId, shipmentDate: '2025-05-01', price: 1_250_000, ageAtShipment: 29 });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ ageAtShipment: 29, weight: null, buyer: null, notes: null });
  });

  it.each([
    [{ cattleId: undefined }, 'cattleId', '牛のIDは正の整数である必要があります'],
    [{ cattleId: -3 }, 'cattleId', '牛のIDは正の整数である必要があります'],
    [{ shipmentDate: '2025/03/15' }, 'shipmentDate', '出荷日はYYYY-MM-DD形式で入力してください'],
    [{ shipmentDate: '2025-02-30' }, 'shipmentDate', '出荷日はYYYY-MM-DD形式で入力してください'],
    [{ shipmentDate: undefined }, 'shipmentDate', '出荷日はYYYY-MM-DD形式で入力してください'],
    [{ price: 0 }, 'price', '価格は正の整数である必要があります'],
    [{ price: -500 }, 'price', '価格は正の整数である必要があります'],
    [{ price: 650_000.5 }, 'price', '価格は正の整数である必要があります'],
    [{ price: undefined }, 'price', '価格は正の整数である必要があります'],
    [{ weight: 0 }, 'weight', '体重は正の値である必要があります'],
    [{ ageAtShipment: 0 }, 'ageAtShipment', '出荷時月齢は正の整数である必要があります'],
    [{ ageAtShipment: 9.5 }, 'ageAtShipment', '出荷時月齢は正の整数である必要があります'],
    [{ buyer: 'あ'.repeat(101) }, 'buyer', '出荷先は100文字以下で入力してください'],
    [{ notes: 'あ'.repeat(1001) }, 'notes', '備考は1000文字以下で入力してください'],
  ])('refuses %j with INVALID_SHIPMENT_DATA on %s', async (override, field, message) => {
    const cattleId = await insertAnimal(farmer);
    const res = await ship(farmer.token, { ...validShipment(cattleId), ...override });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'INVALID_SHIPMENT_DATA', field, message });
    expect(await animalStatus(cattleId)).toBe('HEALTHY');
  });

  it('refuses a date after today in Japan time', async () => {
    const cattleId = await insertAnimal(farmer);
    const res = await ship(farmer.token, { ...validShipment(cattleId), shipmentDate: addDaysIso(todayJst(), 1) });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'INVALID_SHIPMENT_DATA',
      field: 'shipmentDate',
      message: '出荷日に未来の日付は指定できません',
    });
  });

  it('accepts a shipment dated today at 08:00 JST, while it is still yesterday in UTC', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T23:00:00Z')); // 2026-11-22 08:00 in Japan
    const user = await signUp();
    const cattleId = await insertAnimal(user);
    const res = await ship(user.token, { ...validShipment(cattleId), shipmentDate: '2026-11-22' });
    expect(res.status).toBe(201);
    const other = await insertAnimal(user);
    const tomorrow = await ship(user.token, { ...validShipment(other), shipmentDate: '2026-11-23' });
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.json.error.message).toBe('出荷日に未来の日付は指定できません');
  });

  it('refuses a date before the animal was born', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2025-04-01' });
    const res = await ship(farmer.token, { ...validShipment(cattleId), shipmentDate: '2025-03-31' });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'INVALID_SHIPMENT_DATA',
      field: 'shipmentDate',
      message: '出荷日は誕生日以降である必要があります',
    });
  });

  it('answers CATTLE_NOT_FOUND for an animal that does not exist or belongs to another farm', async () => {
    const theirs = await insertAnimal(neighbour);
    for (const cattleId of [theirs, 99_999_999]) {
      const res = await ship(farmer.token, validShipment(cattleId));
      expect(res.status).toBe(404);
      expect(res.json.error).toMatchObject({ code: 'CATTLE_NOT_FOUND', message: '指定された牛が見つかりません' });
    }
    expect(await animalStatus(theirs)).toBe('HEALTHY');
  });

  it('refuses a second shipment of the same animal and the shipment of a dead animal', async () => {
    const cattleId = await insertAnimal(farmer);
    expect((await ship(farmer.token, validShipment(cattleId))).status).toBe(201);
    const again = await ship(farmer.token, validShipment(cattleId));
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: 'SHIPMENT_ALREADY_RECORDED',
      message: 'この牛の出荷は既に記録されています',
    });

    const dead = await insertAnimal(farmer, { status: 'DEAD' });
    const res = await ship(farmer.token, validShipment(dead));
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'CATTLE_DEAD', message: '死亡した牛は出荷できません' });
  });

  it('needs a signed-in farmer', async () => {
    const res = await api('/shipments', { method: 'POST', body: validShipment(1) });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('No token provided');
  });
});

describe('GET /shipments', () => {
  it('lists only my shipments, newest first, filtered by period and animal, with paging', async () => {
    const user = await signUp();
    const a = await insertAnimal(user, { name: 'ゆきのすけ', earTagNumber: 4321 });
    const b = await insertAnimal(user);
    const c = await insertAnimal(user);
    await ship(user.token, { ...validShipment(a), shipmentDate: '2025-01-10', price: 600_000 });
    await ship(user.token, { ...validShipment(b), shipmentDate: '2025-02-10', price: 700_000 });
    await ship(user.token, { ...validShipment(c), shipmentDate: '2025-03-10', price: 800_000 });
    const theirs = await insertAnimal(neighbour);
    await ship(neighbour.token, { ...validShipment(theirs), shipmentDate: '2025-02-11' });

    const all = await api('/shipments', { token: user.token });
    expect(all.status).toBe(200);
    expect(all.json.data).toMatchObject({ total: 3, page: 1, limit: 50 });
    expect(all.json.data.results.map((r: any) => r.price)).toEqual([800_000, 700_000, 600_000]);
    expect(all.json.data.results[2]).toMatchObject({ cattleName: 'ゆきのすけ', earTagNumber: '4321', gender: '去勢' });

    const period = await api('/shipments?from=2025-02-01&to=2025-03-09', { token: user.token });
    expect(period.json.data.results.map((r: any) => r.cattleId)).toEqual([b]);

    const one = await api(`/shipments?cattleId=${a}`, { token: user.token });
    expect(one.json.data.results.map((r: any) => r.cattleId)).toEqual([a]);

    const paged = await api('/shipments?page=2&limit=2', { token: user.token });
    expect(paged.json.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.json.data.results.map((r: any) => r.cattleId)).toEqual([a]);
  });

  it.each([
    ['from=2025-13-01', 'from', '開始日はYYYY-MM-DD形式で入力してください'],
    ['from=2025-03-01&to=2025-02-01', 'from', '開始日は終了日以前である必要があります'],
    ['limit=101', 'limit', 'limitは1-100の範囲内である必要があります'],
    ['page=0', 'page', 'pageは1以上の整数である必要があります'],
  ])('refuses the query %s', async (query, field, message) => {
    const res = await api(`/shipments?${query}`, { token: farmer.token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
  });

  it('needs a signed-in farmer', async () => {
    expect((await api('/shipments')).status).toBe(401);
  });
});

describe('PUT /shipments/{shipmentId}', () => {
  it('corrects the record and recomputes the age from a new date', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const created = await ship(farmer.token, validShipment(cattleId));
    const id = created.json.data.shipmentId;
    const res = await api(`/shipments/${id}`, {
      method: 'PUT',
      token: farmer.token,
      body: { shipmentDate: '2025-04-20', price: 755_000, buyer: null },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      shipmentDate: '2025-04-20',
      price: 755_000,
      ageAtShipment: 10,
      buyer: null,
      weight: 285.5,
    });
  });

  it('refuses bad data with the field', async () => {
    const cattleId = await insertAnimal(farmer);
    const id = (await ship(farmer.token, validShipment(cattleId))).json.data.shipmentId;
    const res = await api(`/shipments/${id}`, { method: 'PUT', token: farmer.token, body: { price: -1 } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'INVALID_SHIPMENT_DATA',
      field: 'price',
      message: '価格は正の整数である必要があります',
    });
    const empty = await api(`/shipments/${id}`, { method: 'PUT', token: farmer.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toMatchObject({
      code: 'INVALID_SHIPMENT_DATA',
      message: '更新する項目を指定してください',
    });
  });

  it("answers another farm's shipment with SHIPMENT_NOT_FOUND, like an unknown id, and leaves it unchanged", async () => {
    const theirs = await insertAnimal(neighbour);
    const id = (await ship(neighbour.token, validShipment(theirs))).json.data.shipmentId;
    const res = await api(`/shipments/${id}`, { method: 'PUT', token: farmer.token, body: { price: 1 } });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ code: 'SHIPMENT_NOT_FOUND', message: '出荷記録が見つかりません' });
    const list = await api(`/shipments?cattleId=${theirs}`, { token: neighbour.token });
    expect(list.json.data.results[0].price).toBe(720_000);
  });

  it('answers SHIPMENT_NOT_FOUND for an unknown id', async () => {
    const res = await api('/shipments/00000000-0000-4000-8000-000000000000', {
      method: 'PUT',
      token: farmer.token,
      body: { price: 1 },
    });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ code: 'SHIPMENT_NOT_FOUND', message: '出荷記録が見つかりません' });
  });

  it('needs a signed-in farmer', async () => {
    expect((await api('/shipments/x', { method: 'PUT', body: { price: 1 } })).status).toBe(401);
  });
});

describe('DELETE /shipments/{shipmentId}', () => {
  it('deletes the record and returns the animal to the status it had before', async () => {
    const cattleId = await insertAnimal(farmer, { status: 'RESTING' });
    const id = (await ship(farmer.token, validShipment(cattleId))).json.data.shipmentId;
    const res = await api(`/shipments/${id}`, { method: 'DELETE', token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: '出荷記録を削除しました' });
    expect(await animalStatus(cattleId)).toBe('RESTING');
    expect((await statusHistoryOf(cattleId)).at(-1)).toMatchObject({
      old_status: 'SHIPPED',
      new_status: 'RESTING',
      reason: 'イベントの削除・修正による差し戻し',
    });
    expect((await api(`/shipments?cattleId=${cattleId}`, { token: farmer.token })).json.data.total).toBe(0);
  });

  it("answers 404 for another farm's shipment, leaving it, and for an unknown one", async () => {
    const theirs = await insertAnimal(neighbour);
    const id = (await ship(neighbour.token, validShipment(theirs))).json.data.shipmentId;
    const res = await api(`/shipments/${id}`, { method: 'DELETE', token: farmer.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ code: 'SHIPMENT_NOT_FOUND', message: '出荷記録が見つかりません' });
    expect(await animalStatus(theirs)).toBe('SHIPPED');
    const missing = await api('/shipments/no-such-shipment', { method: 'DELETE', token: farmer.token });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('SHIPMENT_NOT_FOUND');
  });

  it('needs a signed-in farmer', async () => {
    expect((await api('/shipments/x', { method: 'DELETE' })).status).toBe(401);
  });
});

/** The undecoded response, for checking bytes such as the BOM that text() strips. */
async function rawGet(path: string, token: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://127.0.0.1:8787/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } }),
    testEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

function addDaysIso(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('shipment plans', () => {
  const plan = (token: string, body: unknown) => api('/shipments/plans', { method: 'POST', token, body });

  it('plans a healthy steer: SCHEDULED_FOR_SHIPMENT with history; a pregnant cow keeps her status', async () => {
    const steer = await insertAnimal(farmer);
    const res = await plan(farmer.token, { cattleId: steer, plannedShipmentMonth: addMonths(jstMonth(), 1) });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ cattleId: steer, plannedShipmentMonth: addMonths(jstMonth(), 1) });
    expect(await animalStatus(steer)).toBe('SCHEDULED_FOR_SHIPMENT');
    expect((await statusHistoryOf(steer)).at(-1)).toMatchObject({
      old_status: 'HEALTHY',
      new_status: 'SCHEDULED_FOR_SHIPMENT',
      reason: '出荷予定の登録',
    });

    const cow = await insertAnimal(farmer, { gender: '雌', growthStage: 'MULTI_PAROUS', status: 'PREGNANT' });
    expect((await plan(farmer.token, { cattleId: cow, plannedShipmentMonth: jstMonth() })).status).toBe(201);
    expect(await animalStatus(cow)).toBe('PREGNANT');
  });

  it('allows one plan per animal', async () => {
    const cattleId = await insertAnimal(farmer);
    await plan(farmer.token, { cattleId, plannedShipmentMonth: jstMonth() });
    const res = await plan(farmer.token, { cattleId, plannedShipmentMonth: addMonths(jstMonth(), 2) });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'DUPLICATE_SHIPMENT_PLAN',
      message: 'この牛の出荷予定は既に登録されています',
    });
  });

  it('refuses a plan for an animal already shipped', async () => {
    const cattleId = await insertAnimal(farmer);
    await ship(farmer.token, validShipment(cattleId));
    const res = await plan(farmer.token, { cattleId, plannedShipmentMonth: jstMonth() });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('SHIPMENT_ALREADY_RECORDED');
  });

  it.each([
    [{ plannedShipmentMonth: '2026-1' }, 'plannedShipmentMonth', '出荷予定月はYYYY-MM形式で入力してください'],
    [{ plannedShipmentMonth: '2026-13' }, 'plannedShipmentMonth', '出荷予定月はYYYY-MM形式で入力してください'],
    [{ plannedShipmentMonth: undefined }, 'plannedShipmentMonth', '出荷予定月はYYYY-MM形式で入力してください'],
    [{ plannedShipmentMonth: 'last' }, 'plannedShipmentMonth', '出荷予定月はYYYY-MM形式で入力してください'],
    [{ cattleId: 0 }, 'cattleId', '牛のIDは正の整数である必要があります'],
  ])('refuses %j', async (override, field, message) => {
    const cattleId = await insertAnimal(farmer);
    const res = await plan(farmer.token, { cattleId, plannedShipmentMonth: jstMonth(), ...override });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'INVALID_SHIPMENT_DATA', field, message });
  });

  it('refuses a month before the current JST month, judged in Japan time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T15:30:00Z')); // 2026-12-01 00:30 in Japan
    const user = await signUp();
    const cattleId = await insertAnimal(user);
    const past = await plan(user.token, { cattleId, plannedShipmentMonth: '2026-11' });
    expect(past.status).toBe(400);
    expect(past.json.error).toMatchObject({
      field: 'plannedShipmentMonth',
      message: '出荷予定月に過去の月は指定できません',
    });
    expect((await plan(user.token, { cattleId, plannedShipmentMonth: '2026-12' })).status).toBe(201);
  });

  it("answers CATTLE_NOT_FOUND for another farm's animal", async () => {
    const theirs = await insertAnimal(neighbour);
    const res = await plan(farmer.token, { cattleId: theirs, plannedShipmentMonth: jstMonth() });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('CATTLE_NOT_FOUND');
    expect(await planOf(theirs)).toBeNull();
  });

  it('lists my plans by month with the ear tag, name and age in the planned month', async () => {
    const user = await signUp();
    const next = addMonths(jstMonth(), 1);
    const later = addMonths(jstMonth(), 3);
    const a = await insertAnimal(user, { earTagNumber: 20, name: 'みどり', birthday: '2024-01-01' });
    const b = await insertAnimal(user, { earTagNumber: 10, birthday: null });
    const c = await insertAnimal(user, { earTagNumber: 5 });
    await plan(user.token, { cattleId: a, plannedShipmentMonth: next });
    await plan(user.token, { cattleId: b, plannedShipmentMonth: next });
    await plan(user.token, { cattleId: c, plannedShipmentMonth: later });
    await plan(neighbour.token, { cattleId: await insertAnimal(neighbour), plannedShipmentMonth: next });

    const all = await api('/shipments/plans', { token: user.token });
    expect(all.status).toBe(200);
    expect(all.json.data.total).toBe(3);
    expect(all.json.data.results.map((r: any) => r.cattleId)).toEqual([b, a, c]);
    const [first, second] = all.json.data.results;
    expect(first.monthsOldAtPlannedMonth).toBeNull();
    // Calendar months from 2024-01-01 to the first of the planned month (§18): whole months, no 30.44-day months.
    const [plannedYear, plannedMonth] = next.split('-').map(Number);
    const expectedMonths = (plannedYear - 2024) * 12 + (plannedMonth - 1);
    expect(second).toMatchObject({
      earTagNumber: '20',
      cattleName: 'みどり',
      status: 'SCHEDULED_FOR_SHIPMENT',
      monthsOldAtPlannedMonth: expectedMonths,
    });

    const one = await api(`/shipments/plans?cattleId=${a}`, { token: user.token });
    expect(one.json.data.results.map((r: any) => r.cattleId)).toEqual([a]);
    const month = await api(`/shipments/plans?month=${later}`, { token: user.token });
    expect(month.json.data.results.map((r: any) => r.cattleId)).toEqual([c]);
    const bad = await api('/shipments/plans?month=2026-1', { token: user.token });
    expect(bad.status).toBe(400);
  });

  it('keeps each month in ear-tag order as numbers ("9" < "0099" < "100", untagged first), also after a renumbering', async () => {
    const user = await signUp();
    const next = addMonths(jstMonth(), 1);
    const hundred = await insertAnimal(user, { earTagNumber: '100' });
    const nine = await insertAnimal(user, { earTagNumber: '9' });
    const untagged = await insertAnimal(user, { earTagNumber: null });
    const padded = await insertAnimal(user, { earTagNumber: '0099' });
    for (const cattleId of [hundred, nine, untagged, padded]) {
      expect((await plan(user.token, { cattleId, plannedShipmentMonth: next })).status).toBe(201);
    }
    const order = async () =>
      (await api('/shipments/plans', { token: user.token })).json.data.results.map((r: any) => r.cattleId);
    expect(await order()).toEqual([untagged, nine, padded, hundred]);
    // The plan's copy of the ear tag follows the animal's (migration 0019's trigger).
    const renumbered = await api(`/cattle/${hundred}`, {
      method: 'PATCH',
      token: user.token,
      body: { earTagNumber: '5' },
    });
    expect(renumbered.status).toBe(200);
    expect(await order()).toEqual([untagged, hundred, nine, padded]);
    const page = await api('/shipments/plans?page=2&limit=2', { token: user.token });
    expect(page.json.data).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(page.json.data.results.map((r: any) => r.cattleId)).toEqual([nine, padded]);
  });

  it('moves a plan to another month', async () => {
    const cattleId = await insertAnimal(farmer);
    await plan(farmer.token, { cattleId, plannedShipmentMonth: jstMonth() });
    const res = await api(`/shipments/plans/${cattleId}`, {
      method: 'PUT',
      token: farmer.token,
      body: { plannedShipmentMonth: addMonths(jstMonth(), 4) },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.plannedShipmentMonth).toBe(addMonths(jstMonth(), 4));
    expect((await planOf(cattleId))!.planned_shipment_month).toBe(addMonths(jstMonth(), 4));
    const past = await api(`/shipments/plans/${cattleId}`, {
      method: 'PUT',
      token: farmer.token,
      body: { plannedShipmentMonth: addMonths(jstMonth(), -1) },
    });
    expect(past.status).toBe(400);
    expect(past.json.error.message).toBe('出荷予定月に過去の月は指定できません');
  });

  it('answers SHIPMENT_PLAN_NOT_FOUND naming the animal, also for another farm', async () => {
    const theirs = await insertAnimal(neighbour);
    await plan(neighbour.token, { cattleId: theirs, plannedShipmentMonth: jstMonth() });
    for (const cattleId of [theirs, 88_888_888]) {
      const put = await api(`/shipments/plans/${cattleId}`, {
        method: 'PUT',
        token: farmer.token,
        body: { plannedShipmentMonth: jstMonth() },
      });
      expect(put.status).toBe(404);
      expect(put.json.error).toMatchObject({
        code: 'SHIPMENT_PLAN_NOT_FOUND',
        message: `牛ID ${cattleId} の出荷予定が見つかりません`,
      });
      const del = await api(`/shipments/plans/${cattleId}`, { method: 'DELETE', token: farmer.token });
      expect(del.status).toBe(404);
      expect(del.json.error.message).toBe(`牛ID ${cattleId} の出荷予定が見つかりません`);
    }
    expect(await planOf(theirs)).not.toBeNull();
  });

  it('cancels a plan and gives the animal back its earlier status', async () => {
    const cattleId = await insertAnimal(farmer, { status: 'RESTING' });
    await plan(farmer.token, { cattleId, plannedShipmentMonth: jstMonth() });
    expect(await animalStatus(cattleId)).toBe('SCHEDULED_FOR_SHIPMENT');
    const res = await api(`/shipments/plans/${cattleId}`, { method: 'DELETE', token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: '出荷予定を取り消しました' });
    expect(await planOf(cattleId)).toBeNull();
    expect(await animalStatus(cattleId)).toBe('RESTING');
    expect((await statusHistoryOf(cattleId)).at(-1)).toMatchObject({
      old_status: 'SCHEDULED_FOR_SHIPMENT',
      new_status: 'RESTING',
      reason: '出荷予定の取消',
    });
  });

  it('needs a signed-in farmer', async () => {
    expect((await api('/shipments/plans')).status).toBe(401);
    expect((await api('/shipments/plans', { method: 'POST', body: {} })).status).toBe(401);
    expect((await api('/shipments/plans/1', { method: 'PUT', body: {} })).status).toBe(401);
    expect((await api('/shipments/plans/1', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('GET /shipments/price-stats', () => {
  it('sums the period and fills every month, matching hand-computed figures', async () => {
    const user = await signUp();
    const fixtures: [string, number][] = [
      ['2025-01-05', 650_000],
      ['2025-01-25', 700_001],
      ['2025-03-10', 1_280_000],
      ['2025-04-30', 610_000],
      ['2024-12-31', 999_999], // before the period
      ['2025-05-01', 555_555], // after the period
    ];
    for (const [shipmentDate, price] of fixtures) {
      await ship(user.token, { ...validShipment(await insertAnimal(user)), shipmentDate, price });
    }
    await ship(neighbour.token, {
      ...validShipment(await insertAnimal(neighbour)),
      shipmentDate: '2025-02-02',
      price: 5_000_000,
    });

    const res = await api('/shipments/price-stats?from=2025-01-01&to=2025-04-30', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      from: '2025-01-01',
      to: '2025-04-30',
      totalShipments: 4,
      totalRevenue: 3_240_001,
      averagePrice: 810_000, // 3,240,001 / 4 = 810,000.25
      maxPrice: 1_280_000,
      minPrice: 610_000,
      monthlyStats: [
        { month: '2025-01', count: 2, totalRevenue: 1_350_001, averagePrice: 675_001 }, // 675,000.5 rounds up
        { month: '2025-02', count: 0, totalRevenue: 0, averagePrice: null },
        { month: '2025-03', count: 1, totalRevenue: 1_280_000, averagePrice: 1_280_000 },
        { month: '2025-04', count: 1, totalRevenue: 610_000, averagePrice: 610_000 },
      ],
    });
  });

  it('defaults to the last 12 months and answers nulls when nothing was shipped', async () => {
    const user = await signUp();
    const res = await api('/shipments/price-stats', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      from: `${addMonths(jstMonth(), -11)}-01`,
      to: todayJst(),
      totalShipments: 0,
      totalRevenue: 0,
      averagePrice: null,
      maxPrice: null,
      minPrice: null,
    });
    expect(res.json.data.monthlyStats).toHaveLength(12);
    expect(res.json.data.monthlyStats.at(-1)).toEqual({
      month: jstMonth(),
      count: 0,
      totalRevenue: 0,
      averagePrice: null,
    });
  });

  it('refuses a reversed period and needs a signed-in farmer', async () => {
    const res = await api('/shipments/price-stats?from=2025-05-01&to=2025-04-01', { token: farmer.token });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('開始日は終了日以前である必要があります');
    expect((await api('/shipments/price-stats')).status).toBe(401);
  });
});

describe('GET /shipments/export.csv', () => {
  it('downloads my shipments as Excel-ready CSV with the formula guard', async () => {
    const user = await signUp();
    const a = await insertAnimal(user, { name: 'ふくはる', earTagNumber: 1234 });
    const b = await insertAnimal(user, { name: 'かつひで' });
    await ship(user.token, {
      ...validShipment(a),
      shipmentDate: '2025-02-01',
      buyer: '=HYPERLINK("x")',
      notes: '肉質 A5, 良好',
    });
    await ship(user.token, { ...validShipment(b), shipmentDate: '2025-06-01', buyer: null, notes: null });
    await ship(neighbour.token, {
      ...validShipment(await insertAnimal(neighbour, { name: '隣の牛' })),
      shipmentDate: '2025-02-02',
    });

    const res = await api('/shipments/export.csv', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="shipments-\d{8}\.csv"/);
    const bytes = new Uint8Array(await (await rawGet('/shipments/export.csv', user.token)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(
      '出荷日,個体識別番号,耳標番号,名号,性別,出荷時月齢,体重(kg),価格(円),出荷先,母牛,備考,枝肉重量(kg),歩留等級,肉質等級,BMS,枝肉備考',
    );
    expect(lines[1]).toMatch(
      /^2025-02-01,\d+,1234,ふくはる,去勢,8,285\.5,720000,"'=HYPERLINK\(""x""\)",,"肉質 A5, 良好",,,,,$/,
    );
    // Born 2024-06-01 (the fixture's default), shipped 2025-06-01: 12 calendar months old that day.
    expect(lines[2]).toMatch(/^2025-06-01,\d+,,かつひで,去勢,12,285\.5,720000,,,,,,,,$/);
    expect(lines).toHaveLength(4); // header, two rows, trailing CRLF
    expect(res.text).not.toContain('隣の牛');

    const period = await api('/shipments/export.csv?from=2025-05-01', { token: user.token });
    expect(
      period.text
        .replace(/^\ufeff/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(2);
  });

  it('needs a signed-in farmer', async () => {
    expect((await api('/shipments/export.csv')).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every shipment call', async () => {
    const res = await api('/openapi.json');
    const paths = Object.keys(res.json.paths);
    for (const path of [
      '/api/v1/shipments',
      '/api/v1/shipments/{shipmentId}',
      '/api/v1/shipments/plans',
      '/api/v1/shipments/plans/{cattleId}',
      '/api/v1/shipments/price-stats',
      '/api/v1/shipments/mothers/list',
      '/api/v1/shipments/export.csv',
      '/api/v1/shipments/export.xlsx',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('shipments as typed on a phone (§18)', () => {
  it('takes full-width digits for the price, weight and date, and the buyer’s half-width katakana as full-width', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01', gender: '去勢', growthStage: 'CALF' });
    const res = await ship(farmer.token, {
      cattleId: String(cattleId),
      shipmentDate: '２０２５－０３－１５',
      price: '６２４８００',
      weight: '２８５．５',
      buyer: 'ｶｺﾞｼﾏ市場',
      notes: 'ＡＢＣ',
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      shipmentDate: '2025-03-15',
      price: 624_800,
      weight: 285.5,
      buyer: 'カゴシマ市場',
      notes: 'ＡＢＣ',
    });
  });

  it('leaves thousands separators to the forms: the API refuses "624,800" with the price message', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01', gender: '去勢', growthStage: 'CALF' });
    const res = await ship(farmer.token, { ...validShipment(cattleId), price: '624,800' });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field: 'price', message: '価格は正の整数である必要があります' });
  });
});
