import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';

type Session = Awaited<ReturnType<typeof signUp>>;
let farmer: Session;
let neighbour: Session;
let viewer: Session;

let nextId = 1_470_000_000;
async function animal(session: Session, fields: Record<string, unknown>) {
  const res = await api('/cattle', {
    method: 'POST',
    token: session.token,
    body: { identificationNumber: nextId++, name: '牛', growthStage: 'GROWING', breed: '黒毛和種', ...fields },
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${res.text}`);
  return res.json.data.cattleId as number;
}

async function event(session: Session, cattleId: number, eventType: string, date: string, details?: unknown) {
  const res = await api('/events', {
    method: 'POST',
    token: session.token,
    body: { cattleId, eventType, eventDatetime: `${date}T10:00:00+09:00`, ...(details ? { details } : {}) },
  });
  if (res.status !== 201) throw new Error(`${eventType} failed ${res.status} ${res.text}`);
}

const census = (session: Session, query = '') => api(`/reports/census${query}`, { token: session.token });

beforeAll(async () => {
  farmer = await signUp({ name: '東牧場' });
  neighbour = await signUp({ name: '西牧場' });
  viewer = await signUp({ name: '見る人' });
  await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'viewer')")
    .bind(farmer.farmId, viewer.userId)
    .run();

  // Census day 2026-02-01. Each animal with where it is counted, by hand:
  // A: 黒毛和種 cow served 2025-06-01 → beef · breeding.
  const a = await animal(farmer, { gender: '雌', birthday: '2020-04-01', growthStage: 'MULTI_PAROUS' });
  await event(farmer, a, 'INSEMINATION', '2025-06-01', { method: 'AI', sireName: '安福久' });
  // B: ホルスタイン heifer served 2025-09-01 → dairy · breeding.
  const b = await animal(farmer, { gender: '雌', birthday: '2024-03-01', breed: 'ホルスタイン' });
  await event(farmer, b, 'INSEMINATION', '2025-09-01', { method: 'AI', sireName: 'ホル種' });
  // C: bull calf born 2025-12-01, 2 months old → beef · calf.
  await animal(farmer, { gender: '雄', birthday: '2025-12-01', growthStage: 'CALF' });
  // D: 交雑種 steer fattening from 2025-01-10 → cross · fattening.
  const d = await animal(farmer, { gender: '去勢', birthday: '2024-05-01', breed: '交雑種' });
  await event(farmer, d, 'START_FATTENING', '2025-01-10');
  // E: arrived 2026-02-10, after the day → not counted, although born in 2024.
  const e = await animal(farmer, { gender: '雌', birthday: '2024-01-01' });
  await event(farmer, e, 'ARRIVAL', '2026-02-10');
  // F: died 2026-01-20, before the day → not counted.
  const f = await animal(farmer, { gender: '雌', birthday: '2023-01-01' });
  await event(farmer, f, 'DEATH', '2026-01-20');
  // G: steer shipped on the day itself → still counted: beef · young (no fattening start recorded).
  const g = await animal(farmer, { gender: '去勢', birthday: '2023-06-01' });
  const shipped = await api('/shipments', {
    method: 'POST',
    token: farmer.token,
    body: { cattleId: g, shipmentDate: '2026-02-01', price: 1_200_000, weight: 780 },
  });
  if (shipped.status !== 201) throw new Error(`shipment failed ${shipped.text}`);
  // H: bull of 20 months → beef · bull.
  await animal(farmer, { gender: '雄', birthday: '2024-06-01' });
  // I: heifer marked 死亡 by hand today (after the day) → counted: beef · young.
  const i = await animal(farmer, { gender: '雌', birthday: '2024-01-01' });
  const dead = await api(`/cattle/${i}/status`, {
    method: 'PATCH',
    token: farmer.token,
    body: { status: 'DEAD', reason: '事故' },
  });
  if (dead.status !== 200) throw new Error(`status failed ${dead.text}`);
  // J: born 2026-03-01, after the day → not counted.
  await animal(farmer, { gender: '雌', birthday: '2026-03-01', growthStage: 'CALF' });
  // The neighbour's cow never counts on this farm.
  await animal(neighbour, { gender: '雌', birthday: '2020-01-01' });
});

describe('GET /reports/census', () => {
  it('counts the animals on the farm on the day by purpose and category, each counted by hand', async () => {
    const res = await census(farmer, '?date=2026-02-01');
    expect(res.status).toBe(200);
    // A, B, C, D, G, H, I = 7; E arrived after, F died before, J was born after.
    expect(res.json.data).toEqual({
      date: '2026-02-01',
      total: 7,
      groups: [
        { purpose: 'dairy', category: 'breeding', count: 1 }, // B
        { purpose: 'beef', category: 'calf', count: 1 }, // C
        { purpose: 'beef', category: 'breeding', count: 1 }, // A
        { purpose: 'beef', category: 'bull', count: 1 }, // H
        { purpose: 'beef', category: 'young', count: 2 }, // G, I
        { purpose: 'cross', category: 'fattening', count: 1 }, // D
      ],
    });
  });

  it('moves with the day: on 2026-02-02 the shipped steer is gone, on 2026-02-10 the arrival is in', async () => {
    expect((await census(farmer, '?date=2026-02-02')).json.data.total).toBe(6); // 7 − G
    // 2026-02-10: 6 + E (arrived that day); C is 2 months, still a calf.
    const later = await census(farmer, '?date=2026-02-10');
    expect(later.json.data.total).toBe(7);
    // Today I has been marked dead (today's changes count from tomorrow's census) and J is born: 7 + J.
    const today = await census(farmer, `?date=${todayJst()}`);
    expect(today.json.data.total).toBe(8);
  });

  it('defaults to 1 February of this year', async () => {
    const res = await census(farmer);
    expect(res.status).toBe(200);
    expect(res.json.data.date).toBe(`${todayJst().slice(0, 4)}-02-01`);
  });

  it('lets a viewer read it, and counts only the caller’s farm', async () => {
    const asViewer = await api('/reports/census?date=2026-02-01', {
      token: viewer.token,
      headers: { 'X-Farm-Id': String(farmer.farmId) },
    });
    expect(asViewer.status).toBe(200);
    expect(asViewer.json.data.total).toBe(7);
    expect((await census(neighbour, '?date=2026-02-01')).json.data).toEqual({
      date: '2026-02-01',
      total: 1,
      groups: [{ purpose: 'beef', category: 'young', count: 1 }],
    });
  });

  it('refuses an impossible date, a missing token and another farm', async () => {
    const bad = await census(farmer, '?date=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues?.[0]?.message ?? bad.json.error.message).toBe(
      '基準日はYYYY-MM-DD形式で入力してください',
    );
    expect((await api('/reports/census')).status).toBe(401);
    const other = await api('/reports/census', {
      token: neighbour.token,
      headers: { 'X-Farm-Id': String(farmer.farmId) },
    });
    expect(other.status).toBe(403);
  });
});
