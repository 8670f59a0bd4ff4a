import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { regenerateAlerts } from '../alerts/regenerate';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { everyShard, farmDbOf } from '../test/shards';

type Session = Awaited<ReturnType<typeof signUp>>;
let owner: Session;
let staff: Session;
let viewer: Session;
let neighbour: Session;

let nextId = 1_480_000_000;
async function animal(session: Session, fields: Record<string, unknown> = {}) {
  const res = await api('/cattle', {
    method: 'POST',
    token: session.token,
    body: {
      identificationNumber: nextId++,
      name: '牛',
      gender: '雌',
      birthday: '2020-04-01',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      ...fields,
    },
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${res.text}`);
  return { cattleId: res.json.data.cattleId as number, identificationNumber: res.json.data.identificationNumber };
}

async function event(session: Session, cattleId: number, eventType: string, at: string, details?: unknown) {
  const res = await api('/events', {
    method: 'POST',
    token: session.token,
    body: { cattleId, eventType, eventDatetime: at, ...(details ? { details } : {}) },
  });
  if (res.status !== 201) throw new Error(`${eventType} failed ${res.status} ${res.text}`);
  return res.json.data as { eventId: number; details: any };
}

const filingsOf = async (session: Session, query = '') => {
  const res = await api(`/filings${query}`, { token: session.token, headers: session === neighbour ? {} : onFarm() });
  if (res.status !== 200) throw new Error(`list failed ${res.status} ${res.text}`);
  return res.json.data as any[];
};
const ofAnimal = async (session: Session, cattleId: number) =>
  (await filingsOf(session, '?limit=200')).filter((f) => f.cattleId === cattleId);
/** Staff and viewers are members of the owner's farm, not their own first one: they name it. */
const onFarm = () => ({ 'X-Farm-Id': String(owner.farmId) });
const mark = (session: Session, body: unknown) =>
  api('/filings/mark', { method: 'POST', token: session.token, body, headers: session === neighbour ? {} : onFarm() });

beforeAll(async () => {
  owner = await signUp({ name: '届出 太郎' });
  staff = await signUp({ name: '手伝い' });
  viewer = await signUp({ name: '見る人' });
  neighbour = await signUp({ name: '隣の牧場' });
  await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'staff'), (?, ?, 'viewer')")
    .bind(owner.farmId, staff.userId, owner.farmId, viewer.userId)
    .run();
  const res = await api(`/farms/${owner.farmId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { farmerCode: '０１２３４５６７８９' },
  });
  expect(res.status).toBe(200);
  expect(res.json.data.farmerCode).toBe('0123456789');
});

describe('filings from events (§21)', () => {
  it('a calving makes a BIRTH filing per live calf, due 7 days after the JST date; the untagged calf misses its ID', async () => {
    const cow = await animal(owner);
    // 2026-03-10 23:30 JST is the 10th in Japan (14:30 UTC): due 2026-03-10 + 7 = 2026-03-17.
    const calving = await event(owner, cow.cattleId, 'CALVING', '2026-03-10T23:30:00+09:00', {
      calves: [
        { gender: '雌', earTagNumber: '1234' },
        { gender: '雄', stillborn: true },
      ],
    });
    const calfId = calving.details.calves[0].cattleId as number;
    const births = await ofAnimal(owner, calfId);
    expect(births).toHaveLength(1);
    expect(births[0]).toMatchObject({
      kind: 'BIRTH',
      eventId: calving.eventId,
      eventDate: '2026-03-10',
      dueDate: '2026-03-17',
      status: 'pending',
      overdue: true,
      identificationNumber: null,
      earTagNumber: '1234',
      fields: {
        farmerCode: '0123456789',
        identificationNumber: null,
        birthday: '2026-03-10',
        gender: '雌',
        breed: '黒毛和種',
        motherIdentificationNumber: cow.identificationNumber,
      },
      missing: ['identificationNumber'],
    });
    // Named by its tag and its dam, never by its id (the dam is '牛' with the tag from her ID's digits 6–9).
    expect(births[0].label).toBe(`1234 子牛（${cow.identificationNumber.slice(5, 9)} 牛の子）`);
    // The stillborn calf is no animal and has no filing; the dam has none either.
    expect(await ofAnimal(owner, cow.cattleId)).toEqual([]);
    // Tagged later: nothing is missing any more.
    const tagged = await api(`/cattle/${calfId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { identificationNumber: '1480099991' },
    });
    expect(tagged.status).toBe(200);
    const [after] = await ofAnimal(owner, calfId);
    expect(after.fields.identificationNumber).toBe('1480099991');
    expect(after.missing).toEqual([]);
  });

  it('an ARRIVAL makes a MOVE_IN with its counterparty; a SHIPMENT a MOVE_OUT; a DEATH a DEATH', async () => {
    const bought = await animal(owner);
    // 2026-04-01 00:30 JST is 2026-03-31 15:30 UTC: the JST date counts, due 2026-04-08.
    await event(owner, bought.cattleId, 'ARRIVAL', '2026-03-31T15:30:00.000Z', {
      fromFarmerCode: '987654321',
      fromName: '北の牧場',
    });
    const [moveIn] = await ofAnimal(owner, bought.cattleId);
    expect(moveIn).toMatchObject({
      kind: 'MOVE_IN',
      eventDate: '2026-04-01',
      dueDate: '2026-04-08',
      fields: {
        farmerCode: '0123456789',
        identificationNumber: bought.identificationNumber,
        date: '2026-04-01',
        counterpartyCode: '987654321',
        counterpartyName: '北の牧場',
      },
      missing: [],
    });

    const sold = await animal(owner, { gender: '去勢', growthStage: 'FATTENING' });
    const shipped = await api('/shipments', {
      method: 'POST',
      token: owner.token,
      body: { cattleId: sold.cattleId, shipmentDate: '2026-05-20', price: 1200000, buyer: '東京食肉市場' },
    });
    expect(shipped.status).toBe(201);
    expect(shipped.json.data).toMatchObject({ toFarmerCode: null, toName: null });
    const [moveOut] = await ofAnimal(owner, sold.cattleId);
    // Shipment day 2026-05-20 + 7 = 2026-05-27; the buyer stands in for the counterparty's name, its code is missing.
    expect(moveOut).toMatchObject({
      kind: 'MOVE_OUT',
      eventDate: '2026-05-20',
      dueDate: '2026-05-27',
      fields: { date: '2026-05-20', counterpartyCode: null, counterpartyName: '東京食肉市場' },
      missing: ['counterpartyCode'],
    });
    const code = await api(`/shipments/${shipped.json.data.shipmentId}`, {
      method: 'PUT',
      token: owner.token,
      body: { toFarmerCode: '1300001', toName: '東京都中央卸売市場食肉市場' },
    });
    expect(code.status).toBe(200);
    expect(code.json.data).toMatchObject({ toFarmerCode: '1300001', toName: '東京都中央卸売市場食肉市場' });
    const [named] = await ofAnimal(owner, sold.cattleId);
    expect(named.fields).toMatchObject({ counterpartyCode: '1300001', counterpartyName: '東京都中央卸売市場食肉市場' });
    expect(named.missing).toEqual([]);

    const died = await animal(owner);
    await event(owner, died.cattleId, 'DEATH', '2026-06-30T08:00:00+09:00', { disposalName: '化製場' });
    const [death] = await ofAnimal(owner, died.cattleId);
    // 2026-06-30 + 7 = 2026-07-07; no disposal code yet.
    expect(death).toMatchObject({
      kind: 'DEATH',
      eventDate: '2026-06-30',
      dueDate: '2026-07-07',
      fields: { farmerCode: '0123456789', date: '2026-06-30', disposalCode: null },
      missing: ['disposalCode'],
    });
  });

  it('lists by kind and status, oldest due first, with a cursor', async () => {
    const all = await filingsOf(owner, '?limit=200');
    const dues = all.map((f) => f.dueDate);
    expect(dues).toEqual([...dues].sort());
    const births = await filingsOf(owner, '?kind=BIRTH');
    expect(births.every((f) => f.kind === 'BIRTH')).toBe(true);
    const first = await api('/filings?limit=1', { token: owner.token });
    expect(first.json.data).toHaveLength(1);
    const second = await api(`/filings?limit=1&cursor=${first.json.nextCursor}`, { token: owner.token });
    expect(second.json.data[0].id).not.toBe(first.json.data[0].id);
    const bad = await api('/filings?kind=BIRTHDAY', { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('届出の種類');
  });

  it('rejects invalid details on the events that carry them', async () => {
    const cow = await animal(owner);
    const res = await api('/events', {
      method: 'POST',
      token: owner.token,
      body: {
        cattleId: cow.cattleId,
        eventType: 'ARRIVAL',
        eventDatetime: '2026-04-01T10:00:00+09:00',
        details: { fromFarmerCode: 'ABC' },
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('相手先の農家コードは1〜10桁の数字で入力してください');
  });
});

describe('editing and deleting the event', () => {
  it('an edit moves a pending filing’s dates; a type change removes it', async () => {
    const cow = await animal(owner);
    const arrival = await event(owner, cow.cattleId, 'ARRIVAL', '2026-04-01T10:00:00+09:00');
    const [before] = await ofAnimal(owner, cow.cattleId);
    const moved = await api(`/events/${arrival.eventId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { eventDatetime: '2026-04-05T10:00:00+09:00', details: { fromName: '南の牧場' } },
    });
    expect(moved.status).toBe(200);
    const [after] = await ofAnimal(owner, cow.cattleId);
    // Same filing, 2026-04-05 + 7 = 2026-04-12.
    expect(after).toMatchObject({ id: before.id, eventDate: '2026-04-05', dueDate: '2026-04-12' });
    expect(after.fields.counterpartyName).toBe('南の牧場');
    const retyped = await api(`/events/${arrival.eventId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { eventType: 'WEANING', details: null },
    });
    expect(retyped.status).toBe(200);
    expect(await ofAnimal(owner, cow.cattleId)).toEqual([]);
  });

  it('deleting the event removes a pending filing; a filed one stays with eventDeleted', async () => {
    const a = await animal(owner);
    const b = await animal(owner);
    const ea = await event(owner, a.cattleId, 'ARRIVAL', '2026-04-01T10:00:00+09:00');
    const eb = await event(owner, b.cattleId, 'ARRIVAL', '2026-04-01T10:00:00+09:00');
    const [fb] = await ofAnimal(owner, b.cattleId);
    expect((await mark(owner, { ids: [fb.id], filed: true, filedAt: '2026-04-03', acceptMissing: true })).status).toBe(
      200,
    );
    expect((await api(`/events/${ea.eventId}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await api(`/events/${eb.eventId}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await ofAnimal(owner, a.cattleId)).toEqual([]);
    const [kept] = await ofAnimal(owner, b.cattleId);
    expect(kept).toMatchObject({ id: fb.id, status: 'filed', filedAt: '2026-04-03', eventDeleted: true });
    // Undoing a filing whose event is gone removes it: nothing obliges it any more.
    expect((await mark(owner, { ids: [fb.id], filed: false })).status).toBe(200);
    expect(await ofAnimal(owner, b.cattleId)).toEqual([]);
  });
});

describe('POST /filings/mark', () => {
  let filingId: number;
  let cattleId: number;
  let calfFilingId: number;
  beforeAll(async () => {
    const cow = await animal(owner);
    cattleId = cow.cattleId;
    // Complete: the counterparty's code and name given.
    await event(owner, cattleId, 'ARRIVAL', '2026-04-10T10:00:00+09:00', {
      fromFarmerCode: '555',
      fromName: '西牧場',
    });
    filingId = (await ofAnimal(owner, cattleId))[0].id;
    // A calf before its tag: its BIRTH filing misses the 個体識別番号.
    const dam = await animal(owner, { name: 'はな', earTagNumber: '0777' });
    const calving = await event(owner, dam.cattleId, 'CALVING', '2026-04-20T10:00:00+09:00', {
      calves: [{ gender: '雄' }],
    });
    calfFilingId = (await ofAnimal(owner, calving.details.calves[0].cattleId))[0].id;
  });

  it('refuses to mark filed a filing with fields missing (409 naming them) unless acceptMissing', async () => {
    const [calf] = (await filingsOf(owner, '?kind=BIRTH&limit=200')).filter((f) => f.id === calfFilingId);
    expect(calf).toMatchObject({ missing: ['identificationNumber'], label: '未登録 子牛（0777 はなの子）' });
    const refused = await mark(staff, { ids: [filingId, calfFilingId], filed: true, filedAt: '2026-04-25' });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'FILING_FIELDS_MISSING',
      message: '未入力の項目がある届出は届出済みにできません（個体識別番号）',
    });
    // Nothing marked, the complete one neither.
    expect((await filingsOf(owner, '?status=filed&limit=200')).map((f) => f.id)).not.toContain(filingId);
    const accepted = await mark(staff, {
      ids: [calfFilingId],
      filed: true,
      filedAt: '2026-04-25',
      acceptMissing: true,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.data[0]).toMatchObject({ id: calfFilingId, status: 'filed', filedAt: '2026-04-25' });
    // Undoing needs no acceptMissing.
    expect((await mark(owner, { ids: [calfFilingId], filed: false })).status).toBe(200);
    const bad = await mark(owner, { ids: [calfFilingId], filed: true, acceptMissing: 'yes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('acceptMissingはtrueまたはfalseです');
  });

  it('two marks of the same filings at once both answer, and leave each filed once', async () => {
    const body = { ids: [calfFilingId], filed: true, filedAt: '2026-04-26', acceptMissing: true };
    const [a, b] = await Promise.all([mark(owner, body), mark(staff, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const filed = (await filingsOf(owner, '?status=filed&limit=200')).filter((f) => f.id === calfFilingId);
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ status: 'filed', filedAt: '2026-04-26' });
    await mark(owner, { ids: [calfFilingId], filed: false });
  });

  it('marks filed with the day and who, and undoes it', async () => {
    const res = await mark(staff, { ids: [filingId], filed: true, filedAt: '2026-04-12' });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('届出済みにしました');
    expect(res.json.data[0]).toMatchObject({
      id: filingId,
      status: 'filed',
      overdue: false,
      filedAt: '2026-04-12',
      filedBy: { userId: staff.userId, userName: '手伝い' },
    });
    expect((await filingsOf(owner, '?status=filed')).map((f) => f.id)).toContain(filingId);
    const undo = await mark(owner, { ids: [filingId], filed: false });
    expect(undo.status).toBe(200);
    expect(undo.json.data[0]).toMatchObject({ status: 'pending', filedAt: null, filedBy: null });
  });

  it('defaults the day to today and refuses a future one', async () => {
    const res = await mark(owner, { ids: [filingId], filed: true });
    expect(res.json.data[0].filedAt).toBe(todayJst());
    const future = await mark(owner, { ids: [filingId], filed: true, filedAt: addDays(todayJst(), 1) });
    expect(future.status).toBe(400);
    expect(JSON.stringify(future.json)).toContain('届出日に未来の日付は指定できません');
    await mark(owner, { ids: [filingId], filed: false });
  });

  it('validates the body', async () => {
    for (const body of [
      { ids: [], filed: true },
      { ids: [filingId] },
      { ids: [filingId], filed: true, filedAt: '4/12' },
    ]) {
      const res = await mark(owner, body);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 401 without a session, 403 to a viewer, 404 for another farm’s filing or none', async () => {
    expect((await api('/filings/mark', { method: 'POST', body: { ids: [filingId], filed: true } })).status).toBe(401);
    expect((await api('/filings')).status).toBe(401);
    expect((await mark(viewer, { ids: [filingId], filed: true })).status).toBe(403);
    expect((await filingsOf(viewer)).length).toBeGreaterThan(0);
    const other = await mark(neighbour, { ids: [filingId], filed: true });
    expect(other.status).toBe(404);
    expect(other.json.error.message).toBe('届出が見つかりません');
    expect(await filingsOf(neighbour)).toEqual([]);
    expect((await mark(owner, { ids: [filingId, 999_999_999], filed: true })).status).toBe(404);
    // Nothing changed on a 404.
    expect((await ofAnimal(owner, cattleId))[0].status).toBe('pending');
  });
});

describe('FILING_OVERDUE', () => {
  it('is raised for a pending filing past due by the dawn regeneration, kept when the animal has died, and resolved when filed', async () => {
    const today = todayJst();
    const cow = await animal(owner);
    // Arrived 10 days ago: due 10 − 7 = 3 days ago, so overdue.
    const arrived = addDays(today, -10);
    await event(owner, cow.cattleId, 'ARRIVAL', `${arrived}T10:00:00+09:00`, { fromFarmerCode: '1', fromName: '東' });
    await event(owner, cow.cattleId, 'DEATH', `${addDays(today, -1)}T10:00:00+09:00`);
    const db = await farmDbOf(owner.farmId);
    await regenerateAlerts(db, owner.farmId, undefined, { today });
    const alertsOf = () =>
      everyShard
        .prepare(
          "SELECT type, severity, status, due_at, message FROM alerts WHERE cattle_id = ? AND type = 'FILING_OVERDUE'",
        )
        .bind(cow.cattleId)
        .all<any>()
        .then((r) => r.results);
    const due = addDays(arrived, 7);
    // The DEATH filing is due in 6 days: not overdue yet. The dead animal keeps the MOVE_IN one.
    expect(await alertsOf()).toEqual([
      {
        type: 'FILING_OVERDUE',
        severity: 'medium',
        status: 'active',
        due_at: due,
        message: `転入の届出が未了（期限 ${due.slice(5, 7)}/${due.slice(8)}）`,
      },
    ]);
    const moveIn = (await ofAnimal(owner, cow.cattleId)).find((f) => f.kind === 'MOVE_IN');
    expect(moveIn.overdue).toBe(true);
    expect((await mark(owner, { ids: [moveIn.id], filed: true })).status).toBe(200);
    expect((await alertsOf())[0].status).toBe('resolved');
    // Undone: pending and overdue again, but the alert stays resolved (§7: a resolved alert is not raised again).
    const undone = await mark(owner, { ids: [moveIn.id], filed: false });
    expect(undone.json.data[0]).toMatchObject({ status: 'pending', overdue: true });
    expect((await alertsOf())[0].status).toBe('resolved');
  });
});

describe('GET /filings/export', () => {
  it('answers the CSV of one kind with the NLBC fields in order, Japanese headers, BOM and CRLF', async () => {
    const res = await api('/filings/export?kind=MOVE_IN&status=pending', { token: viewer.token, headers: onFarm() });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/csv');
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = res.text.slice(1).split('\r\n').filter(Boolean);
    expect(header).toBe('届出,農家コード,個体識別番号,異動年月日,相手先コード,相手先名,耳標,名号,期限,状態,届出日');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.startsWith('転入,0123456789,'))).toBe(true);
    // The animal by its ear tag and name after the form's fields (§21, turn 4); every date as YYYY/MM/DD.
    // The animals here are all named 牛; each row's 耳標 is the last digits of its 個体識別番号.
    const moveIn = rows.find((r) => r.includes(',2026/04/01,987654321,北の牧場,'));
    const id = moveIn?.split(',')[2] ?? '';
    expect(moveIn).toBe(`転入,0123456789,${id},2026/04/01,987654321,北の牧場,${id.slice(5, 9)},牛,2026/04/08,未届出,`);
    expect(res.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect((await api('/filings/export?status=done', { token: owner.token })).status).toBe(400);
  });
});
