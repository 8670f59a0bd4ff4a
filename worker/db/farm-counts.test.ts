import { describe, expect, it } from 'vitest';
import { insertAnimal } from '../shipments/test-fixtures';
import { api, signUp } from '../test/api';
import { everyShard } from '../test/shards';

/** What the triggers of migrations/0006_farms.sql keep, next to the counts they stand for. */
async function counts(farmId: number) {
  const kept = await everyShard
    .prepare('SELECT events, shipments, cattle FROM farm_counts WHERE farm_id = ?')
    .bind(farmId)
    .first<{ events: number; shipments: number; cattle: number }>();
  const actual = await everyShard
    .prepare(
      'SELECT (SELECT count(*) FROM events WHERE farm_id = ?1) AS events, (SELECT count(*) FROM shipments WHERE farm_id = ?1) AS shipments, (SELECT count(*) FROM cattle WHERE farm_id = ?1) AS cattle',
    )
    .bind(farmId)
    .first<{ events: number; shipments: number; cattle: number }>();
  return { kept: kept ?? { events: 0, shipments: 0, cattle: 0 }, actual };
}

describe('farm_counts', () => {
  it('follows animals, event writes, an animal deleted with its events, and shipments', async () => {
    const farmer = await signUp();
    const { token, farmId } = farmer;
    const other = await signUp();
    const cow = await insertAnimal(farmer, { gender: '雌', growthStage: 'MULTI_PAROUS' });
    const steer = await insertAnimal(farmer);
    const record = (cattleId: number, eventType: string, day: string) =>
      api('/events', { method: 'POST', token, body: { cattleId, eventType, eventDatetime: `${day}T09:00:00+09:00` } });

    expect((await record(cow, 'ESTRUS', '2026-09-01')).status).toBe(201);
    const insemination = await record(cow, 'INSEMINATION', '2026-09-02');
    expect((await record(steer, 'WEIGHT_MEASURED', '2026-09-03')).status).toBe(201);
    expect((await record(steer, 'VACCINATION', '2026-09-04')).status).toBe(201);
    expect(await counts(farmId)).toEqual({
      kept: { events: 4, shipments: 0, cattle: 2 },
      actual: { events: 4, shipments: 0, cattle: 2 },
    });

    expect((await api(`/events/${insemination.json.data.eventId}`, { method: 'DELETE', token })).status).toBe(204);
    const shipped = await api('/shipments', {
      method: 'POST',
      token,
      body: { cattleId: steer, shipmentDate: '2026-10-01', price: 900000 },
    });
    expect(shipped.status).toBe(201);
    // The shipment wrote its SHIPMENT event (§9): 3 − 1 + 1 = 3 + 1.
    expect(await counts(farmId)).toEqual({
      kept: { events: 4, shipments: 1, cattle: 2 },
      actual: { events: 4, shipments: 1, cattle: 2 },
    });

    // Deleting an animal cascades to its events and shipments; the triggers see those deletes too.
    expect((await api(`/cattle/${steer}`, { method: 'DELETE', token })).status).toBe(200);
    const after = await counts(farmId);
    expect(after.kept).toEqual(after.actual);
    expect(after.actual).toEqual({ events: 1, shipments: 0, cattle: 1 });

    // The lists' unfiltered totals are the kept counts; another farm's are separate.
    expect((await api('/events', { token })).json.data.totalCount).toBe(1);
    expect((await api('/cattle', { token })).json.data.totalCount).toBe(1);
    expect((await api('/shipments', { token })).json.data.total).toBe(0);
    expect((await api('/events', { token: other.token })).json.data.totalCount).toBe(0);
  });
});
