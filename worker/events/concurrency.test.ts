import { beforeAll, describe, expect, it } from 'vitest';
import { breedingDrift } from '../breeding/integrity';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { everyShard, farmDbOf, shardOf } from '../test/shards';

/**
 * Concurrent writes on one animal never lose an update (§3, decision 025): after any set of concurrent event
 * writes through the Worker, the stored breeding state equals a fresh recompute from all the animal's events.
 */
let identification = 1_390_000_000;
const today = todayJst();
const at = (offset: number) => `${addDays(today, offset)}T10:00:00+09:00`;

let farmer: { token: string; farmId: number };
beforeAll(async () => {
  farmer = await signUp();
});

async function createCow(parity = 2) {
  const res = await api('/cattle', {
    method: 'POST',
    token: farmer.token,
    body: {
      name: 'はなこ',
      identificationNumber: ++identification,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      birthday: '2004-01-01',
      breeding: { parity },
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}

const record = (body: Record<string, unknown>) => api('/events', { method: 'POST', token: farmer.token, body });
const drift = async (cattleId: number) => breedingDrift(await farmDbOf(farmer.farmId), farmer.farmId, cattleId);
const stored = (cattleId: number) =>
  everyShard.prepare('SELECT * FROM breeding_status WHERE cattle_id = ?').bind(cattleId).first<any>();
const eventCount = async (cattleId: number) =>
  (
    await everyShard
      .prepare('SELECT count(*) AS n FROM events WHERE cattle_id = ?')
      .bind(cattleId)
      .first<{ n: number }>()
  )?.n;

describe('concurrent event writes on one cow', () => {
  it('20 events at once (19 services 25 days apart and a pregnancy check): all 201, nothing lost', async () => {
    const cow = await createCow();
    const services = Array.from({ length: 19 }, (_, i) =>
      record({
        cattleId: cow,
        eventType: 'INSEMINATION',
        eventDatetime: at(-500 + i * 25),
        details: { sireName: '安福久' },
      }),
    );
    const check = record({
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-2),
      details: { result: 'PREGNANT' },
    });
    const answers = await Promise.all([...services, check]);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(await eventCount(cow)).toBe(20);
    expect(await drift(cow)).toEqual([]);
    const row = await stored(cow);
    expect(row.conception_date).toBe(addDays(today, -500 + 18 * 25));
    expect(row.expected_calving_date).not.toBeNull();
    expect(row.version).toBe(20);
  });

  it('20 calvings at once 180 days apart: parity counts every one of them', async () => {
    const cow = await createCow(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        record({
          cattleId: cow,
          eventType: 'CALVING',
          eventDatetime: at(-3600 + i * 180),
          details: { calves: [{ gender: '雌', stillborn: true }] },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect((await stored(cow)).parity).toBe(20);
    expect(await drift(cow)).toEqual([]);
  });

  it('concurrent corrections, deletions and new events: the state is a recompute of what is stored', async () => {
    const cow = await createCow();
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await record({ cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-400 + i * 30) });
      expect(res.status).toBe(201);
      ids.push(res.json.data.eventId);
    }
    const token = farmer.token;
    const answers = await Promise.all([
      ...ids.slice(0, 3).map((id) => api(`/events/${id}`, { method: 'DELETE', token })),
      // The same event deleted twice at once: one 204 (or 200), the other 404 — never a 500.
      api(`/events/${ids[3]}`, { method: 'DELETE', token }),
      api(`/events/${ids[3]}`, { method: 'DELETE', token }),
      ...ids
        .slice(4, 7)
        .map((id, k) => api(`/events/${id}`, { method: 'PATCH', token, body: { eventDatetime: at(-100 + k * 25) } })),
      // Corrected while deleted: 200 or 404.
      api(`/events/${ids[7]}`, {
        method: 'PATCH',
        token,
        body: { eventType: 'PREGNANCY_CHECK', details: { result: 'PREGNANT' } },
      }),
      api(`/events/${ids[7]}`, { method: 'DELETE', token }),
      ...Array.from({ length: 5 }, (_, k) => record({ cattleId: cow, eventType: 'ESTRUS', eventDatetime: at(-5 - k) })),
    ]);
    for (const a of answers) expect(a.status).toBeLessThan(500);
    const deletes = answers
      .slice(3, 5)
      .map((a) => a.status)
      .sort();
    expect(deletes[1]).toBe(404);
    expect(deletes[0]).toBeLessThan(300);
    expect(answers.slice(5, 8).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.slice(10).map((a) => a.status)).toEqual(Array(5).fill(201));
    expect(await drift(cow)).toEqual([]);
  });

  it('events racing the deletion of their cow answer 201 or 404, never 500', async () => {
    const cow = await createCow();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, k) =>
        record({ cattleId: cow, eventType: 'ESTRUS', eventDatetime: at(-30 - k) }),
      ),
      api(`/cattle/${cow}`, { method: 'DELETE', token: farmer.token }),
      ...Array.from({ length: 6 }, (_, k) =>
        record({ cattleId: cow, eventType: 'ESTRUS', eventDatetime: at(-40 - k) }),
      ),
    ]);
    for (const a of answers) expect([200, 201, 204, 404]).toContain(a.status);
    expect(await eventCount(cow)).toBe(0);
  });
});

describe('GET /dev/integrity (the integrity benchmark’s check)', () => {
  it('reports no drift for a whole farm, and reports a stored state that differs from a recompute', async () => {
    const cow = await createCow();
    expect((await record({ cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-30) })).status).toBe(201);
    const clean = await api(`/dev/integrity?farmId=${farmer.farmId}`);
    expect(clean.status).toBe(200);
    expect(clean.json.checked).toBeGreaterThan(0);
    expect(clean.json.drifted).toEqual([]);
    await (await shardOf(farmer.farmId))
      .prepare('UPDATE breeding_status SET insemination_count = 7 WHERE cattle_id = ?')
      .bind(cow)
      .run();
    const broken = await api(`/dev/integrity?farmId=${farmer.farmId}`);
    expect(broken.json.drifted).toEqual([
      { cattleId: cow, drift: [{ field: 'breedingStatus.inseminationCount', stored: 7, computed: 1 }] },
    ]);
  });
});
