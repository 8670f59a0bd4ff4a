import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { everyShard } from '../test/shards';

/**
 * §3 "never a 500" and "ids cannot be probed": empty nested objects, impossible calendar dates, and another farm's
 * ids answered exactly like missing ones.
 */
let farmer: { token: string; farmId: number };
let neighbour: { token: string; farmId: number };
let identification = 1_395_000_000;

async function createCow(token: string, extra: Record<string, unknown> = {}) {
  const res = await api('/cattle', {
    method: 'POST',
    token,
    body: {
      name: 'はなこ',
      identificationNumber: ++identification,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      birthday: '2019-04-01',
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}

beforeAll(async () => {
  farmer = await signUp();
  neighbour = await signUp();
});

describe('an empty nested object is a no-op, never a 500', () => {
  for (const body of [{ motherInfo: {} }, { bloodline: {} }, { breeding: {} }, { motherInfo: {}, bloodline: {} }]) {
    it(`PATCH /cattle/{id} ${JSON.stringify(body)} → 200, nothing nested written`, async () => {
      const cow = await createCow(farmer.token);
      const res = await api(`/cattle/${cow}`, { method: 'PATCH', token: farmer.token, body });
      expect(res.status).toBe(200);
      const mother = await everyShard
        .prepare('SELECT count(*) AS n FROM mother_info WHERE cattle_id = ?')
        .bind(cow)
        .first();
      expect(mother?.n).toBe(0);
    });
  }
});

describe('dates are real calendar dates everywhere (400)', () => {
  for (const birthday of ['2023-02-30', '2023-04-31', '2023-02-29', '２０２３-０４-３１']) {
    it(`birthday ${birthday} is refused on register and on change, and nothing is stored`, async () => {
      const created = await api('/cattle', {
        method: 'POST',
        token: farmer.token,
        body: { name: 'x', identificationNumber: ++identification, gender: '雌', growthStage: 'CALF', birthday },
      });
      expect(created.status).toBe(400);
      expect(created.json.error.field).toBe('birthday');
      const cow = await createCow(farmer.token);
      const changed = await api(`/cattle/${cow}`, { method: 'PATCH', token: farmer.token, body: { birthday } });
      expect(changed.status).toBe(400);
      const row = await everyShard.prepare('SELECT birthday FROM cattle WHERE cattle_id = ?').bind(cow).first();
      expect(row?.birthday).toBe('2019-04-01');
    });
  }

  it('an event on 2023-02-30, a shipment on 2023-04-31 and KPI or alert periods from 2023-02-30 are 400', async () => {
    const cow = await createCow(farmer.token);
    const token = farmer.token;
    const event = await api('/events', {
      method: 'POST',
      token,
      body: { cattleId: cow, eventType: 'ESTRUS', eventDatetime: '2023-02-30' },
    });
    expect(event.status).toBe(400);
    const shipment = await api('/shipments', {
      method: 'POST',
      token,
      body: { cattleId: cow, shipmentDate: '2023-04-31', price: 700_000 },
    });
    expect(shipment.status).toBe(400);
    expect((await api('/kpi/breeding?from=2023-02-30', { token })).status).toBe(400);
    expect((await api('/alerts?startDate=2023-02-30', { token })).status).toBe(400);
  });
});

describe("another farm's ids answer exactly like missing ones (404)", () => {
  const MISSING = 2_000_000_000;
  /** The same status and error body, once the id a message may echo is taken out. */
  const same = (a: { status: number; json: any }, b: { status: number; json: any }, id: number | string) => {
    expect(a.status).toBe(404);
    expect(b.status).toBe(404);
    const body = (r: { json: any }, shown: number | string) => ({
      ...r.json.error,
      message: String(r.json.error.message).replace(String(shown), '{id}'),
      requestId: undefined,
    });
    expect(body(a, id)).toEqual(body(b, MISSING));
  };

  it('cattle, events, shipments, plans and alerts: read, change and delete', async () => {
    const cow = await createCow(neighbour.token);
    const event = await api('/events', {
      method: 'POST',
      token: neighbour.token,
      body: { cattleId: cow, eventType: 'ESTRUS', eventDatetime: '2025-01-10' },
    });
    const shipment = await api('/shipments', {
      method: 'POST',
      token: neighbour.token,
      body: { cattleId: cow, shipmentDate: '2025-03-15', price: 700_000 },
    });
    expect(shipment.status).toBe(201);
    const eventId = event.json.data.eventId;
    const shipmentId = shipment.json.data.id ?? shipment.json.data.shipmentId;
    const token = farmer.token;
    const probe = async (
      path: (id: number | string) => string,
      id: number | string,
      init: Record<string, unknown> = {},
    ) => same(await api(path(id), { token, ...init }), await api(path(MISSING), { token, ...init }), id);

    await probe((id) => `/cattle/${id}`, cow);
    await probe((id) => `/cattle/${id}`, cow, { method: 'PATCH', body: { name: 'とられた' } });
    await probe((id) => `/cattle/${id}/status`, cow, { method: 'PATCH', body: { status: 'TREATING' } });
    await probe((id) => `/cattle/${id}`, cow, { method: 'DELETE' });
    await probe((id) => `/events/${id}`, eventId);
    await probe((id) => `/events/${id}`, eventId, { method: 'PATCH', body: { notes: 'x' } });
    await probe((id) => `/events/${id}`, eventId, { method: 'DELETE' });
    await probe((id) => `/events/cattle/${id}`, cow);
    await probe((id) => `/shipments/${id}`, shipmentId, { method: 'PUT', body: { price: 1 } });
    await probe((id) => `/shipments/${id}`, shipmentId, { method: 'DELETE' });
    await probe((id) => `/shipments/plans/${id}`, cow, { method: 'PUT', body: { plannedShipmentMonth: '2099-01' } });
    // A new event or plan naming another farm's animal is refused like one naming no animal.
    const newEvent = (id: number) =>
      api('/events', {
        method: 'POST',
        token,
        body: { cattleId: id, eventType: 'ESTRUS', eventDatetime: '2025-01-11' },
      });
    same(await newEvent(cow), await newEvent(MISSING), cow);
    expect((await api(`/cattle/${cow}`, { token: neighbour.token })).json.data.name).toBe('はなこ');
  });
});
