import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../events/events.service';
import { api, signUp } from '../test/api';
import { everyShard, farmDbOf, shardOf } from '../test/shards';
import { animalStatus, insertAnimal } from './test-fixtures';

/**
 * Withdrawal periods through the API (docs/product.md §16): a treatment's days give the animal's meatUntil and
 * milkUntil, and a shipment dated on or before meatUntil is refused by every path, with nothing written.
 * The treatment: 2026-02-28T15:00Z is 2026-03-01 00:00 JST; meat 30 days → 2026-03-31, milk 5 days → 2026-03-06.
 */
let farmer: Awaited<ReturnType<typeof signUp>>;
let neighbour: Awaited<ReturnType<typeof signUp>>;
const REFUSED = '休薬期間中のため出荷できません（2026/03/31まで）';

beforeAll(async () => {
  farmer = await signUp({ name: '北 牧場' });
  neighbour = await signUp({ name: '南 牧場' });
});

const treat = (token: string, cattleId: number, details: Record<string, unknown>, eventType = 'MEDICATION') =>
  api('/events', {
    method: 'POST',
    token,
    body: { cattleId, eventType, eventDatetime: '2026-02-28T15:00:00.000Z', details },
  });
const treated = async () => {
  const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
  const res = await treat(farmer.token, cattleId, {
    product: '抗生物質',
    withdrawalMeatDays: 30,
    withdrawalMilkDays: 5,
  });
  expect(res.status).toBe(201);
  return cattleId;
};
const count = async (table: string, cattleId: number) =>
  (await everyShard
    .prepare(`SELECT count(*) AS n FROM ${table} WHERE cattle_id = ?`)
    .bind(cattleId)
    .first<{ n: number }>())!.n;
const ship = (cattleId: number, shipmentDate: string) =>
  api('/shipments', { method: 'POST', token: farmer.token, body: { cattleId, shipmentDate, price: 800_000 } });

describe('withdrawal on the animal (§16)', () => {
  it('is the latest end over its treatments on the detail and the list, and marks it restricted', async () => {
    const cattleId = await treated();
    // A vaccination on 2026-03-10 JST with meat 7 → 03-17 (earlier than 03-31), milk 0: no restriction.
    const vaccination = await api('/events', {
      method: 'POST',
      token: farmer.token,
      body: {
        cattleId,
        eventType: 'VACCINATION',
        eventDatetime: '2026-03-10T01:00:00.000Z',
        details: { withdrawalMeatDays: '７', withdrawalMilkDays: 0 },
      },
    });
    expect(vaccination.status).toBe(201);
    expect(vaccination.json.data.details).toMatchObject({ withdrawalMeatDays: 7, withdrawalMilkDays: 0 });
    const detail = await api(`/cattle/${cattleId}`, { token: farmer.token });
    expect(detail.json.data.withdrawal).toEqual({ meatUntil: '2026-03-31', milkUntil: '2026-03-06' });
    const list = await api('/cattle?limit=100', { token: farmer.token });
    const row = list.json.data.results.find((r: { cattleId: number }) => r.cattleId === cattleId);
    expect(row.withdrawal).toEqual({ meatUntil: '2026-03-31', milkUntil: '2026-03-06' });
    // Deleting the treatment lifts it: only the vaccination's 03-17 is left.
    const events = await api(`/events/cattle/${cattleId}`, { token: farmer.token });
    const medication = events.json.data.results.find((e: { eventType: string }) => e.eventType === 'MEDICATION');
    expect((await api(`/events/${medication.eventId}`, { method: 'DELETE', token: farmer.token })).status).toBe(204);
    const after = await api(`/cattle/${cattleId}`, { token: farmer.token });
    expect(after.json.data.withdrawal).toEqual({ meatUntil: '2026-03-17', milkUntil: null });
  });

  it('lists only animals restricted today with restricted=true, the farm’s own', async () => {
    const now = new Date();
    const cattleId = await insertAnimal(farmer, { name: '制限中の牛' });
    const res = await api('/events', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId, eventType: 'MEDICATION', eventDatetime: now.toISOString(), details: { withdrawalMeatDays: 3 } },
    });
    expect(res.status).toBe(201);
    const restricted = await api('/cattle?restricted=true', { token: farmer.token });
    expect(restricted.json.data.results.map((r: { cattleId: number }) => r.cattleId)).toEqual([cattleId]);
    expect(restricted.json.data.totalCount).toBe(1);
    const theirs = await api('/cattle?restricted=true', { token: neighbour.token });
    expect(theirs.json.data.results).toEqual([]);
  });

  it('refuses withdrawal days outside 0–365 on the field', async () => {
    const cattleId = await insertAnimal(farmer);
    for (const details of [{ withdrawalMeatDays: 366 }, { withdrawalMilkDays: -1 }, { withdrawalMeatDays: 1.5 }]) {
      const res = await treat(farmer.token, cattleId, details);
      expect(res.status).toBe(400);
      const field = Object.keys(details)[0];
      expect(res.json.error.field).toBe(`details.${field}`);
      expect(res.json.error.message).toMatch(/^休薬期間（(肉|乳)）は0〜365の整数で入力してください$/);
    }
    expect(await count('events', cattleId)).toBe(0);
  });
});

describe('the shipment guard (§16)', () => {
  it('refuses a shipment record dated on meatUntil, writing nothing, and accepts the next day', async () => {
    const cattleId = await treated();
    const refused = await ship(cattleId, '2026-03-31');
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: 'INVALID_SHIPMENT_DATA',
      field: 'shipmentDate',
      message: REFUSED,
    });
    expect(await count('shipments', cattleId)).toBe(0);
    expect(await animalStatus(cattleId)).toBe('HEALTHY');
    expect((await ship(cattleId, '2026-04-01')).status).toBe(201);
    expect(await animalStatus(cattleId)).toBe('SHIPPED');
  });

  it('refuses moving a shipment record into the period, and accepts the day after it', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const recorded = await ship(cattleId, '2026-05-10');
    expect(recorded.status).toBe(201);
    // The treatment, entered after the shipment, dated before it.
    expect((await treat(farmer.token, cattleId, { withdrawalMeatDays: 30 })).status).toBe(201);
    const path = `/shipments/${recorded.json.data.shipmentId}`;
    // A correction that keeps the date is not refused.
    expect((await api(path, { method: 'PUT', token: farmer.token, body: { price: 810_000 } })).status).toBe(200);
    const refused = await api(path, { method: 'PUT', token: farmer.token, body: { shipmentDate: '2026-03-31' } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ field: 'shipmentDate', message: REFUSED });
    const stored = await (await shardOf(farmer.farmId))
      .prepare('SELECT shipment_date FROM shipments WHERE cattle_id = ?')
      .bind(cattleId)
      .first();
    expect(stored).toEqual({ shipment_date: '2026-05-10' });
    const moved = await api(path, { method: 'PUT', token: farmer.token, body: { shipmentDate: '2026-04-01' } });
    expect(moved.status).toBe(200);
    expect(moved.json.data.shipmentDate).toBe('2026-04-01');
  });

  it('refuses a SHIPMENT event on the JST day of meatUntil, writing nothing, and accepts the next day', async () => {
    const cattleId = await treated();
    const shipment = (eventDatetime: string) =>
      api('/events', { method: 'POST', token: farmer.token, body: { cattleId, eventType: 'SHIPMENT', eventDatetime } });
    // 2026-03-31T14:59Z is 23:59 JST on 03-31.
    const refused = await shipment('2026-03-31T14:59:00.000Z');
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ field: 'eventDatetime', message: REFUSED });
    expect(await count('events', cattleId)).toBe(1);
    // 2026-03-31T15:00Z is 00:00 JST on 04-01.
    expect((await shipment('2026-03-31T15:00:00.000Z')).status).toBe(201);
    expect(await count('events', cattleId)).toBe(2);
  });

  it('refuses moving a SHIPMENT event into the period, and accepts the day after it', async () => {
    const cattleId = await treated();
    const created = await api('/events', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId, eventType: 'SHIPMENT', eventDatetime: '2026-04-05T01:00:00.000Z' },
    });
    expect(created.status).toBe(201);
    const path = `/events/${created.json.data.eventId}`;
    const refused = await api(path, {
      method: 'PATCH',
      token: farmer.token,
      body: { eventDatetime: '2026-03-31T01:00:00.000Z' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ field: 'eventDatetime', message: REFUSED });
    expect((await api(path, { token: farmer.token })).json.data.eventDatetime).toBe('2026-04-05T01:00:00.000Z');
    const moved = await api(path, {
      method: 'PATCH',
      token: farmer.token,
      body: { eventDatetime: '2026-04-01T01:00:00.000Z' },
    });
    expect(moved.status).toBe(200);
  });

  it('refuses a treatment and a shipment written together in bulk, writing neither', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const scope = {
      db: await farmDbOf(farmer.farmId),
      farmId: farmer.farmId,
      userId: farmer.userId,
      userName: '北',
      actor: 'x',
    };
    await expect(
      recordEvents(scope, cattleId, [
        { eventType: 'MEDICATION', eventDatetime: '2026-02-28T15:00:00.000Z', details: { withdrawalMeatDays: 30 } },
        { eventType: 'SHIPMENT', eventDatetime: '2026-03-20T01:00:00.000Z' },
      ]),
    ).rejects.toMatchObject({ status: 400 });
    expect(await count('events', cattleId)).toBe(0);
  });

  it('refuses a viewer’s shipment and answers 401 without a session', async () => {
    const cattleId = await insertAnimal(farmer);
    const viewer = await signUp();
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'viewer')")
      .bind(farmer.farmId, viewer.userId)
      .run();
    const headers = { 'X-Farm-Id': String(farmer.farmId) };
    const body = { cattleId, shipmentDate: '2026-04-01', price: 800_000 };
    expect((await api('/shipments', { method: 'POST', token: viewer.token, headers, body })).status).toBe(403);
    expect((await api('/shipments', { method: 'POST', body })).status).toBe(401);
    expect(await count('shipments', cattleId)).toBe(0);
  });
});
