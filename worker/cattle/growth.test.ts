import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';

type Member = Awaited<ReturnType<typeof signUp>>;
let identification = 1_498_000_000;
const today = todayJst();
const at = (offset: number) => `${addDays(today, offset)}T10:00:00+09:00`;

let owner: Member;
let neighbour: Member;

async function createCow(who: Member, extra: Record<string, unknown> = {}) {
  const res = await api('/cattle', {
    method: 'POST',
    token: who.token,
    body: {
      name: 'そだち',
      identificationNumber: ++identification,
      gender: '雌',
      growthStage: 'GROWING',
      breed: '黒毛和種',
      birthday: addDays(today, -200),
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}
const weigh = (who: Member, cattleId: number, offset: number, weightKg: number) =>
  api('/events', {
    method: 'POST',
    token: who.token,
    body: { cattleId, eventType: 'WEIGHT_MEASURED', eventDatetime: at(offset), details: { weightKg } },
  });
const growth = (who: Member | null, cattleId: number) => api(`/cattle/${cattleId}/growth`, { token: who?.token });

beforeAll(async () => {
  [owner, neighbour] = await Promise.all([signUp(), signUp()]);
});

describe('GET /cattle/{id}/growth (§26)', () => {
  it('answers the points oldest first, DG overall and recent to 2 decimals, and the 黒毛和種 female curve', async () => {
    const cow = await createCow(owner);
    // Four weights: day −40: 180 kg, −20: 200, −10: 211, −3: 218.
    for (const [offset, kg] of [
      [-20, 200],
      [-40, 180],
      [-3, 218],
      [-10, 211],
    ])
      expect((await weigh(owner, cow, offset, kg)).status).toBe(201);
    const res = await growth(owner, cow);
    expect(res.status).toBe(200);
    const { points, dg, standard } = res.json.data;
    expect(points.map((p: { date: string; weightKg: number }) => [p.date, p.weightKg])).toEqual([
      [addDays(today, -40), 180],
      [addDays(today, -20), 200],
      [addDays(today, -10), 211],
      [addDays(today, -3), 218],
    ]);
    expect(points[0].source).toBe('weight');
    // overall: (218 − 180) ÷ 37 days = 1.027… → 1.03.
    // recent: the last (−3) against the latest at least 7 days before it (−10): (218 − 211) ÷ 7 = 1.00.
    expect(dg).toEqual({ overall: 1.03, recent: 1 });
    // The curve: 473.9 × (1 − e^(−0.055 × (t + 0.886))) at t = 0, 12, 24, 36 → 22.5, 240.6, 353.3, 411.6 kg.
    expect(standard).toHaveLength(37);
    expect([0, 12, 24, 36].map((t) => standard[t].weightKg)).toEqual([22.5, 240.6, 353.3, 411.6]);
  });

  it('has no DG with one point or none 7 days before the last; no curve for a steer', async () => {
    const steer = await createCow(owner, { gender: '去勢' });
    await weigh(owner, steer, -5, 300);
    expect((await growth(owner, steer)).json.data).toEqual({
      points: [{ date: addDays(today, -5), weightKg: 300, source: 'weight' }],
      dg: { overall: null, recent: null },
      standard: null,
    });
    await weigh(owner, steer, -1, 304);
    // 4 kg in 4 days = 1.00 overall; nothing 7 days before the last: recent null.
    expect((await growth(owner, steer)).json.data.dg).toEqual({ overall: 1, recent: null });
  });

  it('takes a calf’s birth weight from its calving as the first point', async () => {
    const dam = await createCow(owner, {
      growthStage: 'MULTI_PAROUS',
      breeding: { parity: 2 },
      birthday: '2020-04-01',
    });
    const calving = await api('/events', {
      method: 'POST',
      token: owner.token,
      body: {
        cattleId: dam,
        eventType: 'CALVING',
        eventDatetime: at(-30),
        details: { calves: [{ gender: '雌', weightKg: 30 }] },
      },
    });
    const calf = calving.json.animal.calfCattleId as number;
    await weigh(owner, calf, 0, 60);
    const res = await growth(owner, calf);
    // Birth 30 kg, 30 days later 60 kg: 30 ÷ 30 = 1.00 kg/day, overall and recent.
    expect(res.json.data.points).toEqual([
      { date: addDays(today, -30), weightKg: 30, source: 'birth' },
      { date: today, weightKg: 60, source: 'weight' },
    ]);
    expect(res.json.data.dg).toEqual({ overall: 1, recent: 1 });
  });

  it('answers 404 for another farm’s animal or none, 400 for a bad id, 401 without a session', async () => {
    const cow = await createCow(owner);
    expect((await growth(neighbour, cow)).status).toBe(404);
    expect((await growth(owner, 999_999_999)).status).toBe(404);
    expect((await api('/cattle/abc/growth', { token: owner.token })).status).toBe(400);
    expect((await growth(null, cow)).status).toBe(401);
  });
});

describe('GET /pens/{id}: the pen’s animals and mean DG (§26)', () => {
  it('answers its animals and the mean of their recent DG', async () => {
    const pen = (await api('/pens', { method: 'POST', token: owner.token, body: { name: '肥育1', capacity: 10 } })).json
      .data.id;
    const [a, b, c] = [await createCow(owner), await createCow(owner), await createCow(owner)];
    await api('/events/bulk', {
      method: 'POST',
      token: owner.token,
      body: { cattleIds: [a, b, c], eventType: 'MOVE_PEN', eventDatetime: at(-30), details: { toPenId: pen } },
    });
    // a: 200 → 208 in 10 days = 0.80; b: 250 → 260 in 10 days = 1.00; c: one weight, no DG.
    await weigh(owner, a, -10, 200);
    await weigh(owner, a, 0, 208);
    await weigh(owner, b, -10, 250);
    await weigh(owner, b, 0, 260);
    await weigh(owner, c, 0, 240);
    const res = await api(`/pens/${pen}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: pen, name: '肥育1', capacity: 10, headCount: 3 });
    // Mean of 0.80 and 1.00 = 0.90, over 2 animals.
    expect(res.json.data.dg).toEqual({ mean: 0.9, count: 2 });
    expect(res.json.data.animals.map((x: { cattleId: number }) => x.cattleId).sort()).toEqual([a, b, c].sort());
    const empty = (await api('/pens', { method: 'POST', token: owner.token, body: { name: '空き' } })).json.data.id;
    expect((await api(`/pens/${empty}`, { token: owner.token })).json.data.dg).toEqual({ mean: null, count: 0 });
  });
});
