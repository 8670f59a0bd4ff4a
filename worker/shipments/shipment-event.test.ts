import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { everyShard } from '../test/shards';
import { animalStatus, insertAnimal } from './test-fixtures';

/**
 * A shipment record and its SHIPMENT event (docs/product.md §9, decision 031): written in the same batch, moved with
 * the record's date, deleted with the record, and held by it against changes from the event side.
 */
let farmer: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  farmer = await signUp({ name: '北 牧場' });
});

const ship = (body: unknown) => api('/shipments', { method: 'POST', token: farmer.token, body });
const record = (body: unknown) => api('/events', { method: 'POST', token: farmer.token, body });

async function shipmentEvents(cattleId: number) {
  const { results } = await everyShard
    .prepare(
      `SELECT event_id, event_datetime, notes FROM events WHERE cattle_id = ? AND event_type = 'SHIPMENT'
     ORDER BY event_id`,
    )
    .bind(cattleId)
    .all<{ event_id: number; event_datetime: string; notes: string | null }>();
  return results;
}

const linkOf = async (shipmentId: string) =>
  (await everyShard
    .prepare('SELECT event_id FROM shipments WHERE shipment_id = ?')
    .bind(shipmentId)
    .first<{ event_id: number | null }>())!.event_id;

describe('a shipment record writes its SHIPMENT event', () => {
  it('dated 00:00 JST of the shipment day, in the same write, and points at it', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const res = await ship({ cattleId, shipmentDate: '2025-03-15', price: 720_000 });
    expect(res.status).toBe(201);
    const events = await shipmentEvents(cattleId);
    // 2025-03-15 00:00 in Japan is 2025-03-14 15:00 UTC.
    expect(events).toEqual([{ event_id: expect.any(Number), event_datetime: '2025-03-14T15:00:00.000Z', notes: null }]);
    expect(res.json.data.eventId).toBe(events[0].event_id);
    expect(await linkOf(res.json.data.shipmentId)).toBe(events[0].event_id);
    const listed = await api(`/shipments?cattleId=${cattleId}`, { token: farmer.token });
    expect(listed.json.data.results[0].eventId).toBe(events[0].event_id);
    // The animal's timeline shows the shipment.
    const timeline = await api(`/events/cattle/${cattleId}`, { token: farmer.token });
    expect(JSON.stringify(timeline.json)).toContain('"eventType":"SHIPMENT"');
  });

  it('adopts the SHIPMENT event entered in the barn before the market statement came, moved to the record’s day', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const barn = await record({
      cattleId,
      eventType: 'SHIPMENT',
      eventDatetime: '2025-04-02T07:30:00+09:00',
      notes: '朝',
    });
    expect(barn.status).toBe(201);
    const res = await ship({ cattleId, shipmentDate: '2025-04-01', price: 700_000 });
    expect(res.status).toBe(201);
    expect(await shipmentEvents(cattleId)).toEqual([
      { event_id: barn.json.data.eventId, event_datetime: '2025-03-31T15:00:00.000Z', notes: '朝' },
    ]);
    expect(res.json.data.eventId).toBe(barn.json.data.eventId);
    expect(await animalStatus(cattleId)).toBe('SHIPPED');
  });

  it('keeps the barn event’s time when it is on the record’s day', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const barn = await record({ cattleId, eventType: 'SHIPMENT', eventDatetime: '2025-04-02T07:30:00+09:00' });
    expect((await ship({ cattleId, shipmentDate: '2025-04-02', price: 700_000 })).status).toBe(201);
    expect(await shipmentEvents(cattleId)).toEqual([
      { event_id: barn.json.data.eventId, event_datetime: '2025-04-01T22:30:00.000Z', notes: null },
    ]);
  });

  it('then refuses an event after the shipment day — a treatment recorded after the animal left (§6, §17)', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    expect((await ship({ cattleId, shipmentDate: '2025-05-10', price: 700_000 })).status).toBe(201);
    const late = await record({
      cattleId,
      eventType: 'MEDICATION',
      eventDatetime: '2025-05-11T09:00:00+09:00',
      details: { product: 'ペニシリン', withdrawalMeatDays: 30 },
    });
    expect(late.status).toBe(400);
    expect(late.json.error).toMatchObject({
      field: 'eventDatetime',
      message: '死亡・出荷後の日付にはイベントを記録できません',
    });
    // The shipment day itself is allowed.
    const sameDay = await record({
      cattleId,
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: '2025-05-10T06:00:00+09:00',
      details: { weightKg: 300 },
    });
    expect(sameDay.status).toBe(201);
  });

  it('is refused whole when the event cannot happen: nothing is written', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const treated = await record({
      cattleId,
      eventType: 'MEDICATION',
      eventDatetime: '2025-06-01T09:00:00+09:00',
      details: { product: 'ペニシリン', withdrawalMeatDays: 10 },
    });
    expect(treated.status).toBe(201);
    const res = await ship({ cattleId, shipmentDate: '2025-06-05', price: 700_000 });
    expect(res.status).toBe(400);
    // Treated 06-01 with 10 days: the meat withdrawal runs to 06-11 (06-01 + 10).
    expect(res.json.error).toMatchObject({
      field: 'shipmentDate',
      message: '休薬期間中のため出荷できません（2025/06/11まで）',
    });
    expect(await shipmentEvents(cattleId)).toEqual([]);
    expect(await animalStatus(cattleId)).toBe('HEALTHY');
  });

  it('is written once when the same animal is shipped twice at the same moment', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const answers = await Promise.all([
      ship({ cattleId, shipmentDate: '2025-03-15', price: 720_000 }),
      ship({ cattleId, shipmentDate: '2025-03-16', price: 730_000 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await shipmentEvents(cattleId)).toHaveLength(1);
    const { results } = await everyShard
      .prepare('SELECT count(*) AS n FROM shipments WHERE cattle_id = ?')
      .bind(cattleId)
      .all<{ n: number }>();
    expect(results[0].n).toBe(1);
  });
});

describe('correcting and deleting the record moves and deletes its event', () => {
  it('moves the event with a new date, and leaves it on a correction that keeps the date', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const id = (await ship({ cattleId, shipmentDate: '2025-03-15', price: 720_000 })).json.data.shipmentId;
    const moved = await api(`/shipments/${id}`, {
      method: 'PUT',
      token: farmer.token,
      body: { shipmentDate: '2025-03-20' },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.data).toMatchObject({ shipmentDate: '2025-03-20', ageAtShipment: 9 });
    const [event] = await shipmentEvents(cattleId);
    expect(event.event_datetime).toBe('2025-03-19T15:00:00.000Z');
    const priced = await api(`/shipments/${id}`, {
      method: 'PUT',
      token: farmer.token,
      body: { shipmentDate: '2025-03-20', price: 750_000 },
    });
    expect(priced.status).toBe(200);
    expect(await shipmentEvents(cattleId)).toEqual([event]);
    expect(await animalStatus(cattleId)).toBe('SHIPPED');
  });

  it('refuses a new date the event could not have, changing nothing', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const id = (await ship({ cattleId, shipmentDate: '2025-03-15', price: 720_000 })).json.data.shipmentId;
    const before = await shipmentEvents(cattleId);
    const res = await api(`/shipments/${id}`, {
      method: 'PUT',
      token: farmer.token,
      body: { shipmentDate: '2024-05-31' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field: 'shipmentDate', message: '出荷日は誕生日以降である必要があります' });
    expect(await shipmentEvents(cattleId)).toEqual(before);
  });

  it('deletes the event with the record; the animal is back on the farm and can have events again', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01', status: 'TREATING' });
    const id = (await ship({ cattleId, shipmentDate: '2025-03-15', price: 720_000 })).json.data.shipmentId;
    expect((await api(`/shipments/${id}`, { method: 'DELETE', token: farmer.token })).status).toBe(200);
    expect(await shipmentEvents(cattleId)).toEqual([]);
    expect(await animalStatus(cattleId)).toBe('TREATING');
    const later = await record({
      cattleId,
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: '2025-04-01T09:00:00+09:00',
      details: { weightKg: 310 },
    });
    expect(later.status).toBe(201);
  });
});

describe('the record holds its event', () => {
  async function shippedEvent() {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const res = await ship({ cattleId, shipmentDate: '2025-03-15', price: 720_000 });
    return { cattleId, shipmentId: res.json.data.shipmentId as string, eventId: res.json.data.eventId as number };
  }
  const held = {
    code: 'SHIPMENT_EVENT_HELD',
    message: 'この出荷イベントには出荷記録があります。日付の変更や削除は出荷記録から行ってください',
  };

  it('refuses to delete it, or change its day, type or animal, from the event side', async () => {
    const { cattleId, shipmentId, eventId } = await shippedEvent();
    const other = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const del = await api(`/events/${eventId}`, { method: 'DELETE', token: farmer.token });
    expect(del.status).toBe(409);
    expect(del.json.error).toMatchObject(held);
    for (const body of [{ eventDatetime: '2025-03-16T09:00:00+09:00' }, { eventType: 'DEATH' }, { cattleId: other }]) {
      const res = await api(`/events/${eventId}`, { method: 'PATCH', token: farmer.token, body });
      expect({ body, status: res.status, error: res.json.error }).toMatchObject({ body, status: 409, error: held });
    }
    expect(await linkOf(shipmentId)).toBe(eventId);
    expect(await shipmentEvents(cattleId)).toEqual([
      { event_id: eventId, event_datetime: '2025-03-14T15:00:00.000Z', notes: null },
    ]);
  });

  it('lets its notes and its time within the day change', async () => {
    const { cattleId, eventId } = await shippedEvent();
    const res = await api(`/events/${eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { eventDatetime: '2025-03-15T06:30:00+09:00', notes: 'トラック 6:30 発' },
    });
    expect(res.status).toBe(200);
    expect(await shipmentEvents(cattleId)).toEqual([
      { event_id: eventId, event_datetime: '2025-03-14T21:30:00.000Z', notes: 'トラック 6:30 発' },
    ]);
  });

  it('leaves a SHIPMENT event without a record free to change and go', async () => {
    const cattleId = await insertAnimal(farmer, { birthday: '2024-06-01' });
    const barn = await record({ cattleId, eventType: 'SHIPMENT', eventDatetime: '2025-04-02T07:30:00+09:00' });
    const res = await api(`/events/${barn.json.data.eventId}`, { method: 'DELETE', token: farmer.token });
    expect(res.status).toBe(204);
  });
});
