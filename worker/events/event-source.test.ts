import { beforeAll, describe, expect, it } from 'vitest';
import { todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { shardOf } from '../test/shards';

/** docs/product.md §25: every event says where it came from. */
let farmer: Awaited<ReturnType<typeof signUp>>;
let cattleId: number;
beforeAll(async () => {
  farmer = await signUp();
  const res = await api('/cattle', {
    method: 'POST',
    token: farmer.token,
    body: {
      name: 'みどり',
      identificationNumber: 1490000001,
      earTagNumber: '0001',
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      birthday: '2020-04-01',
    },
  });
  cattleId = res.json.data.cattleId;
});

const sourceOf = async (eventId: number) =>
  (
    await (await shardOf(farmer.farmId)).prepare('SELECT source FROM events WHERE event_id = ?').bind(eventId).first<{
      source: string | null;
    }>()
  )?.source;

const record = (headers: Record<string, string>) =>
  api('/events', {
    method: 'POST',
    token: farmer.token,
    headers,
    body: { cattleId, eventType: 'ESTRUS', eventDatetime: `${todayJst()}T08:00:00+09:00` },
  });

describe('POST /events source', () => {
  it("is 'web' with the app's X-Client: web header, else 'api'", async () => {
    const web = await record({ 'X-Client': 'web' });
    expect(web.status).toBe(201);
    expect(await sourceOf(web.json.data.eventId)).toBe('web');
    const other = await record({});
    expect(await sourceOf(other.json.data.eventId)).toBe('api');
    const curl = await record({ 'X-Client': 'curl' });
    expect(await sourceOf(curl.json.data.eventId)).toBe('api');
  });

  it('keeps the source in the change history of the event; only a LINE one is said in its summary', async () => {
    const web = await record({ 'X-Client': 'web' });
    const history = await api(`/audit?entity=event&entityId=${web.json.data.eventId}`, { token: farmer.token });
    expect(history.json.data[0].summary).not.toMatch(/LINE/);
    const stored = await (await shardOf(farmer.farmId))
      .prepare("SELECT changes FROM audit_log WHERE entity = 'event' AND entity_id = ?")
      .bind(String(web.json.data.eventId))
      .first<{ changes: string }>();
    expect(JSON.parse(stored?.changes ?? '{}').source).toEqual([null, 'web']);
  });
});
