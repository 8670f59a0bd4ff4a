import { beforeAll, describe, expect, it } from 'vitest';
import { todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { everyShard, shardOf } from '../test/shards';
import { DETAIL_EVENTS } from './cattle.schemas';

type Session = Awaited<ReturnType<typeof signUp>>;
let farmer: Session;
let neighbour: Session;
let nextId = 1_000_000_000;

const newCow = (overrides: Record<string, unknown> = {}) => ({
  name: 'さくら',
  identificationNumber: ++nextId,
  earTagNumber: nextId % 100000,
  gender: '雌',
  growthStage: 'MULTI_PAROUS',
  birthday: '2020-04-01',
  breed: '黒毛和種',
  barn: '第1牛舎',
  ...overrides,
});

async function createCattle(session: Session, overrides: Record<string, unknown> = {}) {
  const res = await api('/cattle', { method: 'POST', token: session.token, body: newCow(overrides) });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${res.text}`);
  return res.json.data;
}

beforeAll(async () => {
  farmer = await signUp({ name: '北牧場' });
  neighbour = await signUp({ name: '南牧場' });
});

describe('POST /cattle', () => {
  it('registers an animal with bloodline, mother and initial parity in one batch', async () => {
    const mother = await createCattle(farmer, { name: 'はなこ', identificationNumber: 1234567890 });
    const res = await api('/cattle', {
      method: 'POST',
      token: farmer.token,
      body: newCow({
        name: '  ゆり  ',
        notes: '   ',
        score: 4,
        weight: 420.5,
        bloodline: { fatherCattleName: '安福久', motherFatherCattleName: '美国桜' },
        motherInfo: { motherIdentificationNumber: 1234567890, motherName: 'はなこ' },
        breeding: { parity: 2 },
      }),
    });
    expect(res.status).toBe(201);
    const cow = res.json.data;
    expect(cow).toMatchObject({ name: 'ゆり', notes: null, score: 4, weight: 420.5, status: 'HEALTHY', version: 1 });
    expect(cow.daysOld).toBeGreaterThan(365 * 6);
    expect(cow.bloodline).toMatchObject({
      fatherCattleName: '安福久',
      motherFatherCattleName: '美国桜',
      motherGrandFatherCattleName: null,
    });
    expect(cow.motherInfo).toMatchObject({ motherCattleId: mother.cattleId, motherName: 'はなこ' });
    expect(cow.breedingStatus).toMatchObject({ parity: 2, initialParity: 2, inseminationCount: 0 });
    expect(cow.breedingSummary).toMatchObject({ totalInseminationCount: 0 });
    expect(cow.farmId).toBeUndefined();
    const motherDetail = await api(`/cattle/${mother.cattleId}`, { token: farmer.token });
    expect(motherDetail.json.data.calves.map((c: { cattleId: number }) => c.cattleId)).toEqual([cow.cattleId]);
  });

  it.each([
    [{ name: '' }, 'name', '名前は必須です'],
    [{ identificationNumber: -5 }, 'identificationNumber', '個体識別番号は10桁の数字で入力してください'],
    [{ identificationNumber: 'abc' }, 'identificationNumber', '個体識別番号は10桁の数字で入力してください'],
    // A JSON integer is taken only with 10 digits: 871234566 is a number whose zero is already lost.
    [{ identificationNumber: 871234566 }, 'identificationNumber', '個体識別番号は10桁の数字で入力してください'],
    [{ identificationNumber: '12345' }, 'identificationNumber', '個体識別番号は10桁の数字で入力してください'],
    [{ identificationNumber: '08712345661' }, 'identificationNumber', '個体識別番号は10桁の数字で入力してください'],
    [{ identificationNumber: null }, 'identificationNumber', '個体識別番号は10桁の数字で入力してください'],
    [{ earTagNumber: -1 }, 'earTagNumber', '耳標番号は1〜10桁の数字で入力してください'],
    [{ earTagNumber: '12a' }, 'earTagNumber', '耳標番号は1〜10桁の数字で入力してください'],
    [{ earTagNumber: '12345678901' }, 'earTagNumber', '耳標番号は1〜10桁の数字で入力してください'],
    [{ weight: '450kg' }, 'weight', '体重は正の値である必要があります'],
    [{ gender: 'オス' }, 'gender', '性別は雄・去勢・雌のいずれかを選択してください'],
    [{ growthStage: 'ADULT' }, 'growthStage', '成長段階を選択してください'],
    [{ birthday: '2999-01-01' }, 'birthday', '生年月日に未来の日付は指定できません'],
    [{ birthday: '2023-02-30' }, 'birthday', '誕生日はYYYY-MM-DD形式で入力してください'],
    [{ weight: 0 }, 'weight', '体重は正の値である必要があります'],
    [{ score: 0 }, 'score', '評価スコアは1-5の範囲内である必要があります'],
    [{ score: 6 }, 'score', '評価スコアは1-5の範囲内である必要があります'],
    [{ motherInfo: { motherScore: 9 } }, 'motherInfo.motherScore', '評価スコアは1-5の範囲内である必要があります'],
  ])('rejects %j with the documented message', async (overrides, field, message) => {
    const res = await api('/cattle', { method: 'POST', token: farmer.token, body: newCow(overrides) });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
  });

  it('refuses a second animal with the same identification number (409)', async () => {
    const cow = await createCattle(farmer);
    const res = await api('/cattle', {
      method: 'POST',
      token: farmer.token,
      body: newCow({ identificationNumber: cow.identificationNumber }),
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      message: 'この個体識別番号は既に登録されています',
      field: 'identificationNumber',
    });
  });

  it('lets another farm register the same identification number (the animal was sold)', async () => {
    const cow = await createCattle(farmer);
    const res = await api('/cattle', {
      method: 'POST',
      token: neighbour.token,
      body: newCow({ identificationNumber: cow.identificationNumber }),
    });
    expect(res.status).toBe(201);
  });

  it("refuses another farm's animal as the mother", async () => {
    const theirs = await createCattle(neighbour);
    const res = await api('/cattle', {
      method: 'POST',
      token: farmer.token,
      body: newCow({ motherInfo: { motherCattleId: theirs.cattleId } }),
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field: 'motherInfo.motherCattleId', message: '母牛が見つかりません' });
  });

  it('answers the new animal’s page exactly as GET /cattle/{id} then does, an alert due at once included', async () => {
    const mother = await createCattle(farmer, { name: 'ははうし' });
    const alertCounts: number[] = [];
    // The first is due no alert; the second, a heifer past 14 months never served, is due HEIFER_NOT_BRED at once.
    for (const overrides of [
      { motherInfo: { motherCattleId: mother.cattleId } },
      {
        growthStage: 'GROWING',
        birthday: todayJst().replace(/^(\d{4})/, (y) => String(Number(y) - 2)),
        bloodline: { fatherCattleName: '安福久' },
      },
    ]) {
      const res = await api('/cattle', { method: 'POST', token: farmer.token, body: newCow(overrides) });
      expect(res.status).toBe(201);
      const page = await api(`/cattle/${res.json.data.cattleId}`, { token: farmer.token });
      expect(res.json.data).toEqual(page.json.data);
      expect(res.json.data).toMatchObject({ events: [], calves: [] });
      alertCounts.push(res.json.data.alerts.alertCount);
    }
    expect(alertCounts).toEqual([0, 1]);
  });

  it('needs a token', async () => {
    const res = await api('/cattle', { method: 'POST', body: newCow() });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('No token provided');
  });
});

describe('GET /cattle/{id}', () => {
  it('returns the nested detail of your animal', async () => {
    const cow = await createCattle(farmer);
    const res = await api(`/cattle/${cow.cattleId}`, { token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      cattleId: cow.cattleId,
      events: [],
      alerts: { hasActiveAlerts: false, alertCount: 0, highestSeverity: null },
    });
    expect(res.json.data).toHaveProperty('breedingStatus');
    expect(res.json.data).toHaveProperty('breedingSummary');
  });

  it('carries the latest 20 events, newest first; the animal’s events list has them all', async () => {
    const cow = await createCattle(farmer);
    // 25 notes on 25 days (written straight to the shard: the answer's shape is what is tested).
    await (await shardOf(farmer.farmId))
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25)
         INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, notes)
         SELECT ?, ?, ?, 'OTHER', printf('2026-10-%02dT09:00:00.000Z', i), 'day ' || i FROM n`,
      )
      .bind(cow.cattleId, farmer.farmId, farmer.userId)
      .run();
    const detail = (await api(`/cattle/${cow.cattleId}`, { token: farmer.token })).json.data;
    expect(detail.events).toHaveLength(DETAIL_EVENTS);
    expect(detail.events.map((e: { notes: string }) => e.notes)).toEqual(
      Array.from({ length: 20 }, (_, k) => `day ${25 - k}`),
    );
    expect(detail.events[0]).toMatchObject({ cattleName: 'さくら', cattleEarTagNumber: cow.earTagNumber });
    const all = await api(`/events/cattle/${cow.cattleId}`, { token: farmer.token });
    expect(all.json.data.results).toHaveLength(25);
  });

  it("answers 404 for another farm's animal, never its data", async () => {
    const theirs = await createCattle(neighbour);
    const res = await api(`/cattle/${theirs.cattleId}`, { token: farmer.token });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe('指定された牛が見つかりません');
    expect(res.text).not.toContain(String(theirs.identificationNumber));
  });

  it('answers 404 for a missing animal and 400 for a bad id', async () => {
    expect((await api('/cattle/999999', { token: farmer.token })).json.error.message).toBe(
      '指定された牛が見つかりません',
    );
    const bad = await api('/cattle/abc', { token: farmer.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe('牛のIDは正の整数である必要があります');
  });

  it('needs a token', async () => {
    expect((await api('/cattle/1')).status).toBe(401);
  });
});

describe('PATCH /cattle/{id}', () => {
  it('changes fields, bloodline and mother; a status change is kept in the history', async () => {
    const cow = await createCattle(farmer);
    const res = await api(`/cattle/${cow.cattleId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: {
        name: 'ゆり2',
        barn: '第2牛舎',
        status: 'TREATING',
        bloodline: { fatherCattleName: '百合茂' },
        motherInfo: { motherName: 'もも' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ name: 'ゆり2', barn: '第2牛舎', status: 'TREATING', version: 2 });
    expect(res.json.data.bloodline.fatherCattleName).toBe('百合茂');
    expect(res.json.data.motherInfo.motherName).toBe('もも');
    const history = await api(`/cattle/${cow.cattleId}/status-history`, { token: farmer.token });
    expect(history.json.data[0]).toMatchObject({
      oldStatus: 'HEALTHY',
      newStatus: 'TREATING',
      changedBy: String(farmer.userId),
    });
  });

  it('validates like create', async () => {
    const cow = await createCattle(farmer);
    const res = await api(`/cattle/${cow.cattleId}`, { method: 'PATCH', token: farmer.token, body: { score: 7 } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('評価スコアは1-5の範囲内である必要があります');
  });

  it("answers another farm's animal with 404, like a missing one", async () => {
    const theirs = await createCattle(neighbour);
    const res = await api(`/cattle/${theirs.cattleId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { name: '盗む' },
    });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ code: 'CATTLE_NOT_FOUND', message: '指定された牛が見つかりません' });
    const still = await api(`/cattle/${theirs.cattleId}`, { token: neighbour.token });
    expect(still.json.data.name).toBe('さくら');
  });

  it('answers 404 for a missing animal and 401 without a token', async () => {
    expect((await api('/cattle/999999', { method: 'PATCH', token: farmer.token, body: { name: 'x' } })).status).toBe(
      404,
    );
    expect((await api('/cattle/1', { method: 'PATCH', body: { name: 'x' } })).status).toBe(401);
  });
});

describe('PATCH /cattle/{id}/status and GET /cattle/{id}/status-history', () => {
  it('changes the status with a reason, newest first in the history', async () => {
    const cow = await createCattle(farmer);
    await api(`/cattle/${cow.cattleId}/status`, {
      method: 'PATCH',
      token: farmer.token,
      body: { status: 'TREATING', reason: '蹄病' },
    });
    const res = await api(`/cattle/${cow.cattleId}/status`, {
      method: 'PATCH',
      token: farmer.token,
      body: { status: 'HEALTHY', reason: '治癒' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.status).toBe('HEALTHY');
    const history = await api(`/cattle/${cow.cattleId}/status-history`, { token: farmer.token });
    expect(history.json.data.map((h: any) => [h.oldStatus, h.newStatus, h.reason])).toEqual([
      ['TREATING', 'HEALTHY', '治癒'],
      ['HEALTHY', 'TREATING', '蹄病'],
    ]);
  });

  it('does not accept SCHEDULED_FOR_SHIPMENT (that comes from a shipment plan)', async () => {
    const cow = await createCattle(farmer);
    const res = await api(`/cattle/${cow.cattleId}/status`, {
      method: 'PATCH',
      token: farmer.token,
      body: { status: 'SCHEDULED_FOR_SHIPMENT' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field: 'status', message: '無効なステータスです' });
  });

  it("refuses another farm's animal and hides its history", async () => {
    const theirs = await createCattle(neighbour);
    const res = await api(`/cattle/${theirs.cattleId}/status`, {
      method: 'PATCH',
      token: farmer.token,
      body: { status: 'DEAD' },
    });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ code: 'CATTLE_NOT_FOUND', message: '指定された牛が見つかりません' });
    expect((await api(`/cattle/${theirs.cattleId}/status-history`, { token: farmer.token })).status).toBe(404);
  });

  it('answers 404 for a missing animal and 401 without a token', async () => {
    expect(
      (await api('/cattle/999999/status', { method: 'PATCH', token: farmer.token, body: { status: 'DEAD' } })).status,
    ).toBe(404);
    expect((await api('/cattle/1/status-history')).status).toBe(401);
  });
});

describe('DELETE /cattle/{id}', () => {
  it('deletes the animal with its events, alerts, breeding rows and plan', async () => {
    const cow = await createCattle(farmer);
    const id = cow.cattleId;
    await (await shardOf(farmer.farmId)).batch([
      (await shardOf(farmer.farmId))
        .prepare(
          "INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (?, ?, ?, 'ESTRUS', '2026-10-01T00:00:00.000Z')",
        )
        .bind(id, farmer.farmId, farmer.userId),
      (await shardOf(farmer.farmId))
        .prepare(
          "INSERT INTO alerts (id, type, severity, cattle_id, message, farm_id, created_by) VALUES (?, 'CALVING_OVERDUE', 'high', ?, 'x', ?, ?)",
        )
        .bind(`a-${id}`, id, farmer.farmId, farmer.userId),
      (await shardOf(farmer.farmId))
        .prepare(
          "INSERT INTO shipment_plans (plan_id, cattle_id, farm_id, created_by, planned_shipment_month) VALUES (?, ?, ?, ?, '2027-01')",
        )
        .bind(`p-${id}`, id, farmer.farmId, farmer.userId),
    ]);
    const res = await api(`/cattle/${id}`, { method: 'DELETE', token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: '牛が正常に削除されました' });
    for (const table of ['events', 'alerts', 'shipment_plans', 'breeding_status', 'breeding_summary']) {
      const row = await everyShard
        .prepare(`SELECT count(*) AS n FROM ${table} WHERE cattle_id = ?`)
        .bind(id)
        .first<{ n: number }>();
      expect(row?.n, table).toBe(0);
    }
    expect((await api(`/cattle/${id}`, { token: farmer.token })).status).toBe(404);
  });

  it("answers another farm's animal with 404, like a missing one, and leaves it", async () => {
    const theirs = await createCattle(neighbour);
    const res = await api(`/cattle/${theirs.cattleId}`, { method: 'DELETE', token: farmer.token });
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ code: 'CATTLE_NOT_FOUND', message: '指定された牛が見つかりません' });
    expect((await api(`/cattle/${theirs.cattleId}`, { token: neighbour.token })).status).toBe(200);
  });

  it('answers 404 for a missing animal and 401 without a token', async () => {
    expect((await api('/cattle/999999', { method: 'DELETE', token: farmer.token })).status).toBe(404);
    expect((await api('/cattle/1', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('GET /cattle and /cattle/status-counts', () => {
  let owner: Session;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    owner = await signUp({ name: '検索牧場' });
    const herd = [
      {
        key: 'hanako',
        name: 'はなこ',
        earTagNumber: 1234,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        birthday: '2018-05-01',
        barn: '北',
        breed: '黒毛和種',
      },
      {
        key: 'taro',
        name: 'たろう',
        earTagNumber: 5678,
        gender: '去勢',
        growthStage: 'FATTENING',
        birthday: '2024-09-10',
        barn: '南',
        breed: '黒毛和種',
      },
      {
        key: 'momo',
        name: 'もも',
        earTagNumber: 1299,
        gender: '雌',
        growthStage: 'GROWING',
        birthday: '2025-06-01',
        barn: '北',
        breed: 'ホルスタイン',
        // Calved once before registration: not a heifer waiting to be bred (no HEIFER_NOT_BRED alert, §7).
        breeding: { parity: 1 },
      },
      {
        key: 'calf',
        name: 'こうし',
        earTagNumber: 4321,
        gender: '雄',
        growthStage: 'CALF',
        birthday: '2026-08-01',
        barn: '南',
        breed: '黒毛和種',
        status: 'TREATING',
      },
      {
        key: 'nobirthday',
        name: 'ふめい',
        earTagNumber: 7777,
        gender: '雌',
        growthStage: 'GROWING',
        barn: '北',
        breed: '黒毛和種',
      },
    ];
    for (const { key, ...cow } of herd)
      ids[key] = (await createCattle(owner, { birthday: undefined, ...cow })).cattleId;
    await (await shardOf(farmer.farmId))
      .prepare(
        "INSERT INTO alerts (id, type, severity, cattle_id, message, farm_id, created_by) VALUES ('h1', 'CALVING_OVERDUE', 'high', ?, 'x', ?, ?), ('h2', 'CALVING_WITHIN_60', 'medium', ?, 'y', ?, ?), ('h3', 'CALVING_WITHIN_60', 'medium', ?, 'z', ?, ?)",
      )
      .bind(
        ids.hanako,
        owner.farmId,
        owner.userId,
        ids.hanako,
        owner.farmId,
        owner.userId,
        ids.momo,
        owner.farmId,
        owner.userId,
      )
      .run();
    await (await shardOf(owner.farmId)).prepare("UPDATE alerts SET status = 'resolved' WHERE id = 'h3'").run();
  });

  const names = (res: { json: any }) => res.json.data.results.map((r: { name: string }) => r.name);

  it('finds by ear tag, identification number or name as you type', async () => {
    expect(names(await api('/cattle?search=12', { token: owner.token }))).toEqual(
      expect.arrayContaining(['はなこ', 'もも']),
    );
    expect(names(await api('/cattle?search=5678', { token: owner.token }))).toEqual(['たろう']);
    expect(names(await api('/cattle?search=こう', { token: owner.token }))).toEqual(['こうし']);
    expect(names(await api('/cattle?search=%25', { token: owner.token }))).toEqual([]);
  });

  it('adds ages and the alert summary to every row', async () => {
    const res = await api('/cattle?search=1234', { token: owner.token });
    const [row] = res.json.data.results;
    expect(row.alerts).toEqual({ hasActiveAlerts: true, alertCount: 2, highestSeverity: 'high' });
    expect(row.age).toBeGreaterThanOrEqual(8);
    expect(row.monthsOld).toBe(Math.floor(row.daysOld / 30.44));
    const [unknown] = (await api('/cattle?search=7777', { token: owner.token })).json.data.results;
    expect(unknown).toMatchObject({ daysOld: null, monthsOld: null, age: null });
  });

  it('combines filters (lists or comma-separated)', async () => {
    const token = owner.token;
    expect(names(await api('/cattle?gender=雌&barn=北&sortBy=name&sortOrder=asc', { token }))).toEqual([
      'はなこ',
      'ふめい',
      'もも',
    ]);
    expect(names(await api('/cattle?gender=雄,去勢&sortBy=name&sortOrder=asc', { token }))).toEqual([
      'こうし',
      'たろう',
    ]);
    expect(names(await api('/cattle?status=TREATING', { token }))).toEqual(['こうし']);
    expect(
      names(
        await api('/cattle?growth_stage=GROWING&growth_stage=CALF&breed=黒毛和種&sortBy=name&sortOrder=asc', { token }),
      ),
    ).toEqual(['こうし', 'ふめい']);
    expect(names(await api('/cattle?has_alert=true', { token }))).toEqual(['はなこ']);
    expect(names(await api('/cattle?has_alert=false&gender=雌&sortBy=name&sortOrder=asc', { token }))).toEqual([
      'ふめい',
      'もも',
    ]);
    expect(names(await api('/cattle?minAge=2', { token }))).toEqual(['たろう', 'はなこ']);
    expect(names(await api('/cattle?maxAge=0', { token })).sort()).toEqual(['こうし']);
    const count = await api('/cattle?gender=雌&barn=北', { token });
    expect(count.json.data.totalCount).toBe(3);
  });

  it('sorts by days old with unknown birthdays last', async () => {
    const oldestFirst = names(await api('/cattle?sortBy=days_old&sortOrder=desc', { token: owner.token }));
    expect(oldestFirst).toEqual(['はなこ', 'たろう', 'もも', 'こうし', 'ふめい']);
    const youngestFirst = names(await api('/cattle?sortBy=days_old&sortOrder=asc', { token: owner.token }));
    expect(youngestFirst).toEqual(['こうし', 'もも', 'たろう', 'はなこ', 'ふめい']);
  });

  it('sorts by due date, soonest or latest first, animals without one last', async () => {
    const herd = await api('/cattle?limit=100', { token: owner.token });
    const idOf = (name: string) => herd.json.data.results.find((r: { name: string }) => r.name === name).cattleId;
    for (const [name, due] of [
      ['はなこ', '2027-01-10'],
      ['もも', '2026-12-20'],
    ] as const) {
      await (await shardOf(owner.farmId))
        .prepare('UPDATE breeding_status SET expected_calving_date = ? WHERE cattle_id = ?')
        .bind(due, idOf(name))
        .run();
    }
    const soonest = names(await api('/cattle?sortBy=due_date&sortOrder=asc', { token: owner.token }));
    expect(soonest.slice(0, 2)).toEqual(['もも', 'はなこ']);
    const latest = names(await api('/cattle?sortBy=due_date&sortOrder=desc', { token: owner.token }));
    expect(latest.slice(0, 2)).toEqual(['はなこ', 'もも']);
    expect(soonest).toHaveLength(5);
    await (await shardOf(owner.farmId))
      .prepare('UPDATE breeding_status SET expected_calving_date = NULL WHERE cattle_id IN (?, ?)')
      .bind(idOf('はなこ'), idOf('もも'))
      .run();
  });

  it.each([
    ['limit=0', 'limit', 'limitは1から100の整数です'],
    ['limit=101', 'limit', 'limitは1から100の整数です'],
    ['sortBy=weight', 'sortBy', '並び替えはid, name, days_old, days_open, ear_tag, due_date, penのいずれかです'],
    ['status=SLEEPING', 'status.0', '無効なステータスです'],
    ['cursor=nonsense', 'cursor', 'カーソルが不正です'],
    ['minAge=5&maxAge=1', 'minAge', '最小年齢は最大年齢以下にしてください'],
  ])('rejects ?%s', async (query, field, message) => {
    const res = await api(`/cattle?${query}`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field, message });
  });

  it('counts every status, zeros included, for your farm only', async () => {
    const res = await api('/cattle/status-counts', { token: owner.token });
    expect(res.json.data).toEqual({
      HEALTHY: 4,
      PREGNANT: 0,
      RESTING: 0,
      TREATING: 1,
      SCHEDULED_FOR_SHIPMENT: 0,
      SHIPPED: 0,
      DEAD: 0,
      total: 5,
    });
  });

  it('needs a token', async () => {
    expect((await api('/cattle')).status).toBe(401);
    expect((await api('/cattle/status-counts')).status).toBe(401);
  });

  it('never lists another farm’s animals', async () => {
    const res = await api('/cattle?limit=100', { token: neighbour.token });
    const ownerIds = new Set(Object.values(ids));
    expect(res.json.data.results.some((r: { cattleId: number }) => ownerIds.has(r.cattleId))).toBe(false);
  });
});

describe('cursor paging over 250 animals', () => {
  let big: Session;
  beforeAll(async () => {
    big = await signUp({ name: '大牧場' });
    const shard = await shardOf(big.farmId);
    const statements = [];
    for (let i = 0; i < 250; i++) {
      const birthday = `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`;
      statements.push(
        shard
          .prepare(
            'INSERT INTO cattle (farm_id, created_by, identification_number, ear_tag_number, name, birthday, gender, growth_stage) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .bind(
            big.farmId,
            big.userId,
            String(2_000_000_000 + i),
            // Some ear tags share a number written with and without a zero, some are missing.
            i % 13 === 0 ? null : i % 7 === 0 ? `0${i % 50}` : String(i % 50),
            `牛${String(i % 37).padStart(2, '0')}`,
            i % 11 === 0 ? null : birthday,
            '雌',
            'GROWING',
          ),
      );
    }
    await shard.batch(statements);
  });

  async function pageThrough(query: string, mutate?: (page: number) => Promise<void>) {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const res: { json: any } = await api(`/cattle?limit=40&${query}${cursor ? `&cursor=${cursor}` : ''}`, {
        token: big.token,
      });
      if (!res.json?.data) throw new Error(JSON.stringify(res.json));
      seen.push(...res.json.data.results.map((r: { cattleId: number }) => r.cattleId));
      expect(res.json.data.totalCount).toBeGreaterThan(0);
      if (!res.json.data.hasNext) return seen;
      cursor = res.json.data.nextCursor;
      await mutate?.(page);
    }
    throw new Error('did not finish');
  }

  it.each([
    'sortBy=id',
    'sortBy=id&sortOrder=asc',
    'sortBy=name&sortOrder=asc',
    'sortBy=name',
    'sortBy=days_old',
    'sortBy=days_old&sortOrder=asc',
    'sortBy=days_open',
    'sortBy=ear_tag',
    'sortBy=ear_tag&sortOrder=asc',
    'sortBy=due_date',
    'sortBy=due_date&sortOrder=asc',
  ])('%s visits every animal exactly once', async (query) => {
    const seen = await pageThrough(query);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
  });

  it.each(['search=1', 'search=1&sortOrder=asc'])(
    '%s pages best match first, every match exactly once',
    async (query) => {
      const seen = await pageThrough(query);
      const all = (await api(`/cattle?${query}&limit=100`, { token: big.token })).json.data;
      expect(seen).toHaveLength(all.totalCount);
      expect(new Set(seen).size).toBe(all.totalCount);
      const rows = new Map<number, { earTagNumber: string | null }>();
      for (let cursor: string | null = null, first = true; first || cursor; first = false) {
        const page: any = (
          await api(`/cattle?${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, { token: big.token })
        ).json.data;
        for (const r of page.results) rows.set(r.cattleId, r);
        cursor = page.nextCursor;
      }
      const rank = (id: number) => {
        const tag = rows.get(id)?.earTagNumber ?? '';
        return tag === '1' ? 0 : tag.includes('1') ? 1 : 2;
      };
      const ranks = seen.map(rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
    },
  );

  it('never repeats or skips an animal while the herd changes between pages', async () => {
    let added = 0;
    const seen = await pageThrough('sortBy=name&sortOrder=asc', async (page) => {
      if (page === 1) {
        // A new animal sorted before the current position must not shift later pages.
        await (await shardOf(big.farmId))
          .prepare(
            "INSERT INTO cattle (farm_id, created_by, identification_number, name, gender, growth_stage) VALUES (?, ?, '2999999999', '牛00', '雌', 'GROWING')",
          )
          .bind(big.farmId, big.userId)
          .run();
        added++;
      }
    });
    expect(added).toBe(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(250);
  });
});

describe('GET /cattle/export.csv', () => {
  it('exports your register as Excel-friendly CSV with Japanese headers and an injection guard', async () => {
    const owner = await signUp({ name: 'CSV牧場' });
    await createCattle(owner, { name: '=HYPERLINK("x")', earTagNumber: 11, notes: '乳房炎, 治療済み\n再発注意' });
    await createCattle(owner, { name: 'あおば', earTagNumber: 12, bloodline: { fatherCattleName: '福之姫' } });
    const other = await signUp();
    await createCattle(other, { name: 'よそのうし' });
    const res = await api('/cattle/export.csv', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toContain("filename*=UTF-8''%E7%89%9B%E5%8F%B0%E5%B8%B3_");
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const lines = res.text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '個体識別番号,耳標番号,名前,性別,成長段階,生年月日,月齢,品種,状態,牛舎,牛房,体重(kg),評価,生産者,育種価,産次,分娩予定日,父牛,母の父,母の祖父,母の曾祖父,母牛名,母牛個体識別番号,備考',
    );
    expect(res.text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.text).toContain('"乳房炎, 治療済み\n再発注意"');
    expect(res.text).toContain(',あおば,雌,経産牛,2020/04/01,');
    expect(res.text).toContain('健康');
    expect(res.text).toContain('福之姫');
    expect(res.text).not.toContain('よそのうし');
  });

  it('needs a token', async () => {
    expect((await api('/cattle/export.csv')).status).toBe(401);
  });
});

describe('day counts are as of today', () => {
  it('computes days after calving and days open on read, not when they were stored', async () => {
    const owner = await signUp();
    const cow = await createCattle(owner);
    await everyShard
      .prepare(
        "UPDATE breeding_status SET last_calving_date = '2026-01-01', days_after_calving = 3, days_open = 3 WHERE cattle_id = ?",
      )
      .bind(cow.cattleId)
      .run();
    const res = await api(`/cattle/${cow.cattleId}`, { token: owner.token });
    const expected = Math.round((Date.parse(todayJst()) - Date.parse('2026-01-01')) / 86_400_000);
    expect(res.json.data.breedingStatus.daysAfterCalving).toBe(expected);
    expect(res.json.data.breedingStatus.daysOpen).toBe(expected);
    const [row] = (await api(`/cattle?search=${cow.earTagNumber}`, { token: owner.token })).json.data.results;
    expect(row.breeding.daysOpen).toBe(expected);
  });
});

describe('PATCH /cattle recomputes the breeding state', () => {
  it('a corrected breed moves the expected calving date to that breed’s gestation; a corrected parity counts on top of the calvings', async () => {
    const owner = await signUp();
    const cow = await createCattle(owner, { breed: '黒毛和種', breeding: { parity: 1 } });
    const at = (date: string) => new Date(`${date}T08:00:00+09:00`).toISOString();
    await api('/events', {
      method: 'POST',
      token: owner.token,
      body: { cattleId: cow.cattleId, eventType: 'CALVING', eventDatetime: at('2026-01-10') },
    });
    await api('/events', {
      method: 'POST',
      token: owner.token,
      body: { cattleId: cow.cattleId, eventType: 'INSEMINATION', eventDatetime: at('2026-03-01') },
    });
    await api('/events', {
      method: 'POST',
      token: owner.token,
      body: {
        cattleId: cow.cattleId,
        eventType: 'PREGNANCY_CHECK',
        eventDatetime: at('2026-04-01'),
        details: { result: 'PREGNANT' },
      },
    });
    const before = await api(`/cattle/${cow.cattleId}`, { token: owner.token });
    expect(before.json.data.breedingStatus).toMatchObject({ expectedCalvingDate: '2026-12-11', parity: 2 });

    const res = await api(`/cattle/${cow.cattleId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { breed: 'ホルスタイン', breeding: { parity: 3 } },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.breedingStatus).toMatchObject({
      expectedCalvingDate: '2026-12-06',
      parity: 4,
      initialParity: 3,
    });
  });
});

describe('identification numbers as printed on the ear tag (§5, §18)', () => {
  it('keeps the leading zero everywhere: create, detail, list, search and CSV', async () => {
    const owner = await signUp({ name: 'ゼロ牧場' });
    const res = await api('/cattle', {
      method: 'POST',
      token: owner.token,
      body: newCow({ name: 'ゼロ', identificationNumber: '0871234566', earTagNumber: undefined }),
    });
    expect(res.status).toBe(201);
    // The ear tag defaults to digits 6–9 of the number: 0871234566 → 3456.
    expect(res.json.data).toMatchObject({ identificationNumber: '0871234566', earTagNumber: '3456' });
    const id = res.json.data.cattleId;
    const detail = await api(`/cattle/${id}`, { token: owner.token });
    expect(detail.json.data).toMatchObject({ identificationNumber: '0871234566', earTagNumber: '3456' });
    const list = await api('/cattle', { token: owner.token });
    expect(list.json.data.results[0]).toMatchObject({ identificationNumber: '0871234566' });
    const csv = await api('/cattle/export.csv', { token: owner.token });
    expect(csv.text).toContain('\r\n0871234566,3456,ゼロ,');
  });

  it('takes full-width digits, spaces and hyphens as typed on a phone, and keeps an ear tag’s zero', async () => {
    const owner = await signUp();
    const res = await api('/cattle', {
      method: 'POST',
      token: owner.token,
      body: newCow({
        name: 'ﾊﾅｺ',
        identificationNumber: '０８１２ ３０５６－７５',
        earTagNumber: '０５６７',
        weight: '４５０．５',
        score: '３',
        gender: '雌',
        barn: '第１牛舎',
        notes: 'ＡＢＣ　全角のまま',
      }),
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      identificationNumber: '0812305675',
      earTagNumber: '0567',
      name: 'ハナコ',
      weight: 450.5,
      score: 3,
      barn: '第1牛舎',
      // Free text is kept exactly as typed.
      notes: 'ＡＢＣ　全角のまま',
    });
  });

  it('accepts a 10-digit JSON integer and an ear tag integer as their digits', async () => {
    const owner = await signUp();
    const res = await api('/cattle', {
      method: 'POST',
      token: owner.token,
      body: newCow({ identificationNumber: 1234567890, earTagNumber: 567 }),
    });
    expect(res.json.data).toMatchObject({ identificationNumber: '1234567890', earTagNumber: '567' });
  });

  it('searches either number and the name by any part of them, normalised (§20)', async () => {
    const owner = await signUp();
    await createCattle(owner, { name: 'いち', identificationNumber: '0812345675', earTagNumber: '4567' });
    await createCattle(owner, { name: 'に', identificationNumber: '1081234567', earTagNumber: '0081' });
    const names = async (term: string) =>
      (
        await api(`/cattle?search=${encodeURIComponent(term)}&sortBy=name&sortOrder=asc`, { token: owner.token })
      ).json.data.results
        .map((c: { name: string }) => c.name)
        .sort();
    expect(await names('０８１２')).toEqual(['いち', 'に']);
    expect(await names('0812-34')).toEqual(['いち', 'に']);
    expect(await names('0081')).toEqual(['に']);
    // In the middle of either number.
    expect(await names('2345')).toEqual(['いち', 'に']);
    expect(await names('５６７５')).toEqual(['いち']);
    expect(await names('9999')).toEqual([]);
    expect(await names('に')).toEqual(['に']);
  });

  it('finds 1234501075 by 0107, best match first: exact ear tag, ear tag containing, ID, name', async () => {
    const owner = await signUp();
    const cows = [
      { name: 'ID', identificationNumber: '1234501075', earTagNumber: '0999' },
      { name: '名前0107号', identificationNumber: '5555555555', earTagNumber: '0555' },
      { name: '耳標に含む', identificationNumber: '6666666666', earTagNumber: '201070' },
      { name: '耳標そのもの', identificationNumber: '7777777777', earTagNumber: '0107' },
      { name: '無関係', identificationNumber: '8888888888', earTagNumber: '0888' },
    ];
    for (const cow of cows) await createCattle(owner, cow);
    const res = await api(`/cattle?search=${encodeURIComponent('０１０７')}`, { token: owner.token });
    expect(res.json.data.results.map((c: { name: string }) => c.name)).toEqual([
      '耳標そのもの',
      '耳標に含む',
      'ID',
      '名前0107号',
    ]);
    expect(res.json.data.totalCount).toBe(4);
  });

  it('finds a number by its new value after a change, not after a delete, and never on another farm', async () => {
    const owner = await signUp();
    const other = await signUp();
    const cow = await createCattle(owner, { name: 'かえで', identificationNumber: '0845671234', earTagNumber: '7123' });
    await createCattle(other, { name: 'よそ', identificationNumber: '0945671234', earTagNumber: '7123' });
    const found = async (term: string) =>
      (await api(`/cattle?search=${encodeURIComponent(term)}`, { token: owner.token })).json.data.results.map(
        (c: { name: string }) => c.name,
      );
    expect(await found('45671234')).toEqual(['かえで']);
    expect(await found('0845671234')).toEqual(['かえで']);
    const changed = await api(`/cattle/${cow.cattleId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { earTagNumber: '8899', name: 'かえで2026号' },
    });
    expect(changed.status).toBe(200);
    expect(await found('7123')).toEqual(['かえで2026号']); // still in its 個体識別番号 (…7123 4)
    expect(await found('8899')).toEqual(['かえで2026号']);
    expect(await found('2026')).toEqual(['かえで2026号']);
    expect(await found('5671')).toEqual(['かえで2026号']);
    const removed = await api(`/cattle/${cow.cattleId}`, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBeLessThan(300);
    expect(await found('8899')).toEqual([]);
    expect(await found('45671234')).toEqual([]);
  });

  it('pages through many animals holding the same four digits, counting them all', async () => {
    const owner = await signUp();
    for (let i = 0; i < 5; i++) await createCattle(owner, { identificationNumber: `08${i}0555000` });
    const first = await api('/cattle?search=5550&limit=2', { token: owner.token });
    expect(first.json.data.totalCount).toBe(5);
    const second = await api(`/cattle?search=5550&limit=2&cursor=${first.json.data.nextCursor}`, {
      token: owner.token,
    });
    const third = await api(`/cattle?search=5550&limit=2&cursor=${second.json.data.nextCursor}`, {
      token: owner.token,
    });
    const ids = [...first.json.data.results, ...second.json.data.results, ...third.json.data.results].map(
      (c: { identificationNumber: string }) => c.identificationNumber,
    );
    expect(ids.sort()).toEqual(['0800555000', '0810555000', '0820555000', '0830555000', '0840555000']);
    expect(third.json.data.nextCursor).toBeNull();
  });

  it('counts a four-digit term exactly as the animals it lists, on every page, with or without other filters', async () => {
    const owner = await signUp();
    const other = await signUp();
    // Holds 0107 in its ear tag and its 個体識別番号: one animal, counted once.
    await createCattle(owner, { name: '両方', identificationNumber: '1234501075', earTagNumber: '0107' });
    await createCattle(owner, { name: '名前0107号', identificationNumber: '5555555551', earTagNumber: '0555' });
    await createCattle(owner, { name: 'ID', identificationNumber: '9010700001', earTagNumber: '0999' });
    await createCattle(owner, { name: '出荷済み', identificationNumber: '9010700002', status: 'SHIPPED' });
    await createCattle(owner, { name: '無関係', identificationNumber: '8888888881', earTagNumber: '0110' });
    const gone = await createCattle(owner, { name: '削除', identificationNumber: '9010700003' });
    expect((await api(`/cattle/${gone.cattleId}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    await createCattle(other, { name: 'よそ', identificationNumber: '9010700004', earTagNumber: '0107' });

    const pages = async (query: string) => {
      const seen: string[] = [];
      const totals: number[] = [];
      for (let cursor: string | null = null, first = true; first || cursor; first = false) {
        const res = await api(`/cattle?${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`, { token: owner.token });
        expect(res.status).toBe(200);
        seen.push(...res.json.data.results.map((c: { name: string }) => c.name));
        totals.push(res.json.data.totalCount);
        cursor = res.json.data.nextCursor;
      }
      return { seen, totals };
    };
    // Exact ear tag, then ID (newest first), then the name: four animals, and 4 on each of the four pages.
    const plain = await pages('search=0107');
    expect(plain).toEqual({ seen: ['両方', '出荷済み', 'ID', '名前0107号'], totals: [4, 4, 4, 4] });
    // In full width: the same term once normalised. With a hyphen: the numbers' digits, but the name as typed, so
    // counted by reading the animals: three.
    expect(await pages(`search=${encodeURIComponent('０１０７')}`)).toEqual(plain);
    expect(await pages('search=01-07')).toEqual({ seen: ['両方', '出荷済み', 'ID'], totals: [3, 3, 3] });
    // Another filter: counted among the animals that pass it.
    expect(await pages('search=0107&status=SHIPPED')).toEqual({ seen: ['出荷済み'], totals: [1] });
    expect((await api('/cattle?search=0107&limit=20', { token: other.token })).json.data.totalCount).toBe(1);
    expect((await api('/cattle?search=7777&limit=20', { token: owner.token })).json.data).toMatchObject({
      results: [],
      totalCount: 0,
      hasNext: false,
    });
  });

  it('refuses the same number twice in a farm, whichever way it is typed', async () => {
    const owner = await signUp();
    await createCattle(owner, { identificationNumber: '0999999991' });
    const res = await api('/cattle', {
      method: 'POST',
      token: owner.token,
      body: newCow({ identificationNumber: '０９９９９９９９９１' }),
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'DUPLICATE_IDENTIFICATION_NUMBER', field: 'identificationNumber' });
  });

  it('fills in a calf’s number later; its ear tag follows unless one was given', async () => {
    const owner = await signUp();
    const cow = await createCattle(owner, { identificationNumber: '0777000001' });
    const calving = await api('/events', {
      method: 'POST',
      token: owner.token,
      body: {
        cattleId: cow.cattleId,
        eventType: 'CALVING',
        eventDatetime: '2026-05-01',
        details: { calf: { gender: '雌' } },
      },
    });
    expect(calving.status).toBe(201);
    const calfId = calving.json.animal.calfCattleId;
    expect(calving.json.data.details.calves[0].cattleId).toBe(calfId);
    const calf = await api(`/cattle/${calfId}`, { token: owner.token });
    expect(calf.json.data).toMatchObject({ identificationNumber: null, earTagNumber: null, growthStage: 'CALF' });
    expect(calf.json.data.motherInfo).toMatchObject({
      motherCattleId: cow.cattleId,
      motherIdentificationNumber: '0777000001',
    });
    const tagged = await api(`/cattle/${calfId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { identificationNumber: '0777000029' },
    });
    expect(tagged.status).toBe(200);
    expect(tagged.json.data).toMatchObject({ identificationNumber: '0777000029', earTagNumber: '0002' });
  });
});

describe('GET /cattle?sortBy=ear_tag', () => {
  it('orders ear tags as numbers, untagged first', async () => {
    const owner = await signUp();
    for (const tag of ['10', '9', '0567', '100', '0099'])
      await createCattle(owner, { name: `耳標${tag}`, earTagNumber: tag });
    const res = await api('/cattle?sortBy=ear_tag&sortOrder=asc', { token: owner.token });
    expect(res.json.data.results.map((c: { earTagNumber: string }) => c.earTagNumber)).toEqual([
      '9',
      '10',
      '0099',
      '100',
      '0567',
    ]);
  });
});

describe('alerts follow a registration and an edit (§7)', () => {
  it('raises HEIFER_NOT_BRED when an unbred heifer past 14 months is registered, and clears it when she is set to fattening', async () => {
    const owner = await signUp();
    const born = todayJst().replace(/^(\d{4})/, (y) => String(Number(y) - 2));
    const heifer = await createCattle(owner, {
      name: 'はつ',
      growthStage: 'GROWING',
      birthday: born,
      breeding: undefined,
    });
    const open = async () =>
      (await api(`/alerts?cattleId=${heifer.cattleId}`, { token: owner.token })).json.data.results.map(
        (a: { type: string }) => a.type,
      );
    expect(await open()).toEqual(['HEIFER_NOT_BRED']);
    await api(`/cattle/${heifer.cattleId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { growthStage: 'FATTENING' },
    });
    expect(await open()).toEqual([]);
  });
});

describe('POST /cattle: D1 round trips and duplicates (decision 037)', () => {
  /** The request's D1 round trips less the session-and-membership check (asked afresh after any write). */
  async function tripsOf(body: Record<string, unknown>) {
    await api('/health', { method: 'POST' });
    const res = await api('/cattle', {
      method: 'POST',
      token: farmer.token,
      body,
      env: { BENCH_COUNT_D1: '1' } as never,
    });
    return { status: res.status, json: res.json, trips: Number(res.headers.get('X-D1-Queries')) - 1 };
  }

  it('registers an animal in one D1 batch, a mother given by id included', async () => {
    const mother = await createCattle(farmer);
    const plain = await tripsOf(newCow({ growthStage: 'CALF', birthday: todayJst() }));
    expect(plain).toMatchObject({ status: 201, trips: 1 });
    const withMother = await tripsOf(newCow({ motherInfo: { motherCattleId: mother.cattleId } }));
    expect(withMother).toMatchObject({ status: 201, trips: 1 });
  });

  it('a heifer due an alert at once takes a second round trip for it', async () => {
    const born = todayJst().replace(/^(\d{4})/, (y) => String(Number(y) - 2));
    const heifer = await tripsOf(newCow({ growthStage: 'GROWING', birthday: born }));
    expect(heifer).toMatchObject({ status: 201, trips: 2 });
    const alerts = await everyShard
      .prepare("SELECT type FROM alerts WHERE cattle_id = ? AND status = 'active'")
      .bind(heifer.json.data.cattleId)
      .all();
    expect(alerts.results).toEqual([{ type: 'HEIFER_NOT_BRED' }]);
    expect(heifer.json.data.alerts).toMatchObject({ hasActiveAlerts: true, alertCount: 1 });
  });

  it('refuses a duplicate 個体識別番号 inside the one batch (409), and a mother of another farm (400)', async () => {
    const cow = await createCattle(farmer);
    const duplicate = await tripsOf(newCow({ identificationNumber: cow.identificationNumber }));
    expect(duplicate).toMatchObject({ status: 409, trips: 1 });
    expect(duplicate.json.error).toMatchObject({
      code: 'DUPLICATE_IDENTIFICATION_NUMBER',
      message: 'この個体識別番号は既に登録されています',
      field: 'identificationNumber',
    });
    const theirs = await createCattle(neighbour);
    const foreignMother = await tripsOf(newCow({ motherInfo: { motherCattleId: theirs.cattleId } }));
    expect(foreignMother).toMatchObject({ status: 400, trips: 1 });
    expect(foreignMother.json.error).toMatchObject({
      field: 'motherInfo.motherCattleId',
      message: '母牛が見つかりません',
    });
  });

  it('two registrations of one number at once: one 201, one 409, no 500', async () => {
    const body = newCow();
    const answers = await Promise.all([0, 1].map(() => api('/cattle', { method: 'POST', token: farmer.token, body })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const count = await everyShard
      .prepare('SELECT count(*) AS n FROM cattle WHERE farm_id = ? AND identification_number = ?')
      .bind(farmer.farmId, String(body.identificationNumber))
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });
});
