import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { everyShard, shardOf } from '../test/shards';

let identification = 1_300_000_000;

/** A cow created through the cattle API, which also creates her empty breeding rows. */
async function createCow(token: string, extra: Record<string, unknown> = {}) {
  const res = await api('/cattle', {
    method: 'POST',
    token,
    body: {
      name: 'はなこ',
      identificationNumber: ++identification,
      earTagNumber: identification % 10000,
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      breeding: { parity: 2 },
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`create cattle failed: ${res.text}`);
  return res.json.data.cattleId as number;
}

const today = todayJst();
/** An instant on a JST day `offset` days from today, at 10:00 JST. */
const at = (offset: number, time = '10:00') => `${addDays(today, offset)}T${time}:00+09:00`;

const record = (token: string, body: Record<string, unknown>) => api('/events', { method: 'POST', token, body });

async function breedingRow(cattleId: number) {
  return (await shardOf(farmer.farmId))
    .prepare('SELECT * FROM breeding_status WHERE cattle_id = ?')
    .bind(cattleId)
    .first<any>();
}
async function cattleRow(cattleId: number) {
  return (await shardOf(farmer.farmId)).prepare('SELECT * FROM cattle WHERE cattle_id = ?').bind(cattleId).first<any>();
}

let farmer: { token: string; userId: number; farmId: number };
let neighbour: { token: string; userId: number; farmId: number };

beforeAll(async () => {
  farmer = await signUp();
  neighbour = await signUp();
});

describe('POST /events', () => {
  it('records an insemination and schedules the pregnancy check (201)', async () => {
    const cow = await createCow(farmer.token);
    const res = await record(farmer.token, {
      cattleId: cow,
      eventType: 'INSEMINATION',
      eventDatetime: at(-10),
      details: { sireName: '安福久', technician: '佐藤' },
      notes: '朝一番',
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      cattleId: cow,
      eventType: 'INSEMINATION',
      eventDatetime: new Date(at(-10)).toISOString(),
      details: { sireName: '安福久', technician: '佐藤' },
      notes: '朝一番',
      cattleName: 'はなこ',
    });
    expect(res.json.data.eventId).toBeGreaterThan(0);
    expect(res.json.animal.breedingStatus).toMatchObject({
      parity: 2,
      inseminationCount: 1,
      daysAfterInsemination: 10,
      scheduledPregnancyCheckDate: addDays(today, 20),
    });
    const row = await breedingRow(cow);
    expect(row).toMatchObject({ insemination_count: 1, last_insemination_date: addDays(today, -10), parity: 2 });
  });

  it('a PREGNANT check sets 妊娠中 and the expected calving date (285 days for 黒毛和種), with status history', async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-40) });
    const res = await record(farmer.token, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-5),
      details: { result: 'PREGNANT' },
    });
    expect(res.status).toBe(201);
    expect(res.json.animal.status).toBe('PREGNANT');
    expect(res.json.animal.breedingStatus).toMatchObject({
      expectedCalvingDate: addDays(today, -40 + 285),
      pregnancyDays: 40,
      scheduledPregnancyCheckDate: null,
      conceptionDate: addDays(today, -40),
    });
    expect((await cattleRow(cow)).status).toBe('PREGNANT');
    const history = await (await shardOf(farmer.farmId))
      .prepare('SELECT * FROM cattle_status_history WHERE cattle_id = ?')
      .bind(cow)
      .all<any>();
    expect(history.results).toHaveLength(1);
    expect(history.results[0]).toMatchObject({
      old_status: 'HEALTHY',
      new_status: 'PREGNANT',
      changed_by: String(farmer.userId),
      reason: 'イベント「妊娠鑑定」による更新',
    });
  });

  it('a CALVING with a calf registers the calf with its mother and resets the cow', async () => {
    const cow = await createCow(farmer.token, { name: 'さくら', score: 4 });
    await record(farmer.token, {
      cattleId: cow,
      eventType: 'INSEMINATION',
      eventDatetime: at(-290),
      details: { sireName: '美国桜' },
    });
    await record(farmer.token, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-250),
      details: { result: 'PREGNANT' },
    });
    const calfNumber = ++identification;
    const res = await record(farmer.token, {
      cattleId: cow,
      eventType: 'CALVING',
      eventDatetime: at(-2, '03:30'),
      details: {
        difficult: true,
        calf: { name: 'さくら2', gender: '雌', identificationNumber: String(calfNumber), earTagNumber: '0321' },
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.animal).toMatchObject({ status: 'RESTING', growthStage: 'MULTI_PAROUS' });
    expect(res.json.animal.breedingStatus).toMatchObject({
      parity: 3,
      expectedCalvingDate: null,
      inseminationCount: 0,
      isDifficultBirth: true,
      daysAfterCalving: 2,
      daysOpen: 2,
    });
    const calfId = res.json.animal.calfCattleId;
    expect(res.json.data.details.calves[0].cattleId).toBe(calfId);
    expect(res.json.animal.calfCattleIds).toEqual([calfId]);
    const calf = await cattleRow(calfId);
    expect(calf).toMatchObject({
      farm_id: farmer.farmId,
      created_by: farmer.userId,
      identification_number: String(calfNumber),
      ear_tag_number: '0321',
      name: 'さくら2',
      gender: '雌',
      growth_stage: 'CALF',
      birthday: addDays(today, -2),
      breed: '黒毛和種',
      status: 'HEALTHY',
    });
    const mother = await (await shardOf(farmer.farmId))
      .prepare('SELECT * FROM mother_info WHERE cattle_id = ?')
      .bind(calfId)
      .first<any>();
    expect(mother).toMatchObject({ mother_cattle_id: cow, mother_name: 'さくら', mother_score: 4 });
    const line = await (await shardOf(farmer.farmId))
      .prepare('SELECT * FROM bloodline WHERE cattle_id = ?')
      .bind(calfId)
      .first<any>();
    expect(line.father_cattle_name).toBe('美国桜');
    expect(await breedingRow(calfId)).toMatchObject({ parity: 0, insemination_count: 0 });
    expect(
      await (await shardOf(farmer.farmId))
        .prepare('SELECT * FROM breeding_summary WHERE cattle_id = ?')
        .bind(calfId)
        .first(),
    ).not.toBeNull();
  });

  it('registers a calf without its national number with none (未登録) until its tag is known', async () => {
    const cow = await createCow(farmer.token);
    const res = await record(farmer.token, {
      cattleId: cow,
      eventType: 'CALVING',
      eventDatetime: at(-1),
      details: { calf: { gender: '雄' } },
    });
    expect(res.status).toBe(201);
    const calf = await cattleRow(res.json.animal.calfCattleId);
    expect(calf.identification_number).toBeNull();
    expect(calf.ear_tag_number).toBeNull();
    expect(calf.gender).toBe('雄');
    // Two untagged calves live side by side on one farm.
    const twin = await record(farmer.token, {
      cattleId: await createCow(farmer.token),
      eventType: 'CALVING',
      eventDatetime: at(-1),
      details: { calf: { gender: '雌' } },
    });
    expect(twin.status).toBe(201);
    expect((await cattleRow(twin.json.animal.calfCattleId)).identification_number).toBeNull();
  });

  it('refuses a calf whose identification number is taken, and writes nothing', async () => {
    const cow = await createCow(farmer.token);
    const other = await createCow(farmer.token);
    const taken = (await cattleRow(other)).identification_number;
    const res = await record(farmer.token, {
      cattleId: cow,
      eventType: 'CALVING',
      eventDatetime: at(-1),
      details: { calf: { gender: '雌', identificationNumber: taken } },
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      message: 'この個体識別番号は既に登録されています',
      field: 'details.calves.0.identificationNumber',
    });
    const events = await everyShard
      .prepare('SELECT count(*) AS n FROM events WHERE cattle_id = ?')
      .bind(cow)
      .first<any>();
    expect(events.n).toBe(0);
  });

  it('WEIGHT_MEASURED updates the weight; DEATH makes the animal 死亡', async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, {
      cattleId: cow,
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: at(-3),
      details: { weightKg: 512.5 },
    });
    expect((await cattleRow(cow)).weight).toBe(512.5);
    await record(farmer.token, { cattleId: cow, eventType: 'DEATH', eventDatetime: at(0, '06:00') });
    expect((await cattleRow(cow)).status).toBe('DEAD');
  });

  it.each([
    [{ eventType: 'ESTRUS', eventDatetime: at(-1) }, '牛のIDは正の数である必要があります', 'cattleId'],
    [{ cattleId: -3, eventType: 'ESTRUS', eventDatetime: at(-1) }, '牛のIDは正の数である必要があります', 'cattleId'],
    [{ cattleId: 1, eventDatetime: at(-1) }, 'イベントタイプは必須です', 'eventType'],
    [{ cattleId: 1, eventType: '', eventDatetime: at(-1) }, 'イベントタイプは必須です', 'eventType'],
    [{ cattleId: 1, eventType: 'MILKING', eventDatetime: at(-1) }, '無効なイベントタイプです', 'eventType'],
    [{ cattleId: 1, eventType: 'ESTRUS' }, 'イベント日時は必須です', 'eventDatetime'],
    [{ cattleId: 1, eventType: 'ESTRUS', eventDatetime: '' }, 'イベント日時は必須です', 'eventDatetime'],
    [
      { cattleId: 1, eventType: 'ESTRUS', eventDatetime: 'yesterday' },
      'イベント日時はISO形式の日時である必要があります',
      'eventDatetime',
    ],
    [
      { cattleId: 1, eventType: 'ESTRUS', eventDatetime: at(-3700) },
      'イベント日時は10年以上前にはできません',
      'eventDatetime',
    ],
    [
      { cattleId: 1, eventType: 'ESTRUS', eventDatetime: at(740) },
      'イベント日時は2年以上先にはできません',
      'eventDatetime',
    ],
    [
      { cattleId: 1, eventType: 'ESTRUS', eventDatetime: at(-1), notes: 'あ'.repeat(1001) },
      'メモは1000文字以内で入力してください',
      'notes',
    ],
    [
      { cattleId: 1, eventType: 'PREGNANCY_CHECK', eventDatetime: at(-1), details: { result: 'MAYBE' } },
      '鑑定結果はPREGNANTまたはOPENである必要があります',
      'details.result',
    ],
    [
      { cattleId: 1, eventType: 'PREGNANCY_CHECK', eventDatetime: at(-1), details: {} },
      '鑑定結果はPREGNANTまたはOPENである必要があります',
      'details.result',
    ],
    [
      { cattleId: 1, eventType: 'WEIGHT_MEASURED', eventDatetime: at(-1), details: { weightKg: -5 } },
      '体重は正の値である必要があります',
      'details.weightKg',
    ],
    [
      { cattleId: 1, eventType: 'CALVING', eventDatetime: at(-1), details: { calf: { name: 'x' } } },
      '生まれた子牛の性別は雌か雄で入力してください',
      'details.calf.gender',
    ],
    [
      { cattleId: 1, eventType: 'ESTRUS', eventDatetime: at(-1), details: { weightKg: 5 } },
      'このイベントタイプでは詳細項目「weightKg」は使えません',
      'details.weightKg',
    ],
    [
      { cattleId: 1, eventType: 'ESTRUS', eventDatetime: at(-1), details: 'hot' },
      '詳細項目はオブジェクトである必要があります',
      'details',
    ],
  ])('rejects %j with the message and field', async (body, message, field) => {
    const res = await record(farmer.token, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', message, field });
  });

  it('accepts a calendar date as 00:00 JST', async () => {
    const cow = await createCow(farmer.token);
    const res = await record(farmer.token, { cattleId: cow, eventType: 'ESTRUS', eventDatetime: addDays(today, -1) });
    expect(res.status).toBe(201);
    expect(res.json.data.eventDatetime).toBe(new Date(`${addDays(today, -1)}T00:00:00+09:00`).toISOString());
    expect(res.json.animal.breedingStatus.lastEstrusDate).toBe(addDays(today, -1));
  });

  it("404s for another owner's animal and writes nothing", async () => {
    const theirs = await createCow(neighbour.token);
    const res = await record(farmer.token, { cattleId: theirs, eventType: 'ESTRUS', eventDatetime: at(-1) });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe('指定された牛が見つかりません');
    const events = await everyShard
      .prepare('SELECT count(*) AS n FROM events WHERE cattle_id = ?')
      .bind(theirs)
      .first<any>();
    expect(events.n).toBe(0);
  });

  it('401 without a token', async () => {
    const res = await api('/events', {
      method: 'POST',
      body: { cattleId: 1, eventType: 'ESTRUS', eventDatetime: at(-1) },
    });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('No token provided');
  });
});

describe('PATCH /events/{id}', () => {
  it('a corrected insemination date moves the expected calving date', async () => {
    const cow = await createCow(farmer.token);
    const ai = await record(farmer.token, { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-60) });
    await record(farmer.token, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-20),
      details: { result: 'PREGNANT' },
    });
    const res = await api(`/events/${ai.json.data.eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { eventDatetime: at(-58) },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.eventDatetime).toBe(new Date(at(-58)).toISOString());
    expect(res.json.animal.breedingStatus.expectedCalvingDate).toBe(addDays(today, -58 + 285));
    expect((await breedingRow(cow)).expected_calving_date).toBe(addDays(today, -58 + 285));
  });

  it('changing a check from PREGNANT to OPEN puts the cow back to 健康', async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-40) });
    const check = await record(farmer.token, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-5),
      details: { result: 'PREGNANT' },
    });
    const res = await api(`/events/${check.json.data.eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { details: { result: 'OPEN' } },
    });
    expect(res.status).toBe(200);
    expect(res.json.animal).toMatchObject({ status: 'HEALTHY' });
    expect(res.json.animal.breedingStatus.expectedCalvingDate).toBeNull();
  });

  it('adding a calf to a recorded calving registers it once', async () => {
    const cow = await createCow(farmer.token, { name: 'ゆり' });
    const calving = await record(farmer.token, { cattleId: cow, eventType: 'CALVING', eventDatetime: at(-3) });
    const path = `/events/${calving.json.data.eventId}`;
    const added = await api(path, {
      method: 'PATCH',
      token: farmer.token,
      body: { details: { calf: { gender: '雄', name: 'ゆり太' } } },
    });
    expect(added.status).toBe(200);
    const calfId = added.json.animal.calfCattleId;
    expect(added.json.data.details.calves).toEqual([{ gender: '雄', name: 'ゆり太', cattleId: calfId }]);
    expect((await cattleRow(calfId)).birthday).toBe(addDays(today, -3));
    const again = await api(path, {
      method: 'PATCH',
      token: farmer.token,
      body: { details: { difficult: true, calf: { gender: '雄', name: 'ゆり太' } } },
    });
    expect(again.json.data.details).toEqual({
      difficult: true,
      calves: [{ gender: '雄', name: 'ゆり太', cattleId: calfId }],
    });
    const calves = await everyShard
      .prepare('SELECT count(*) AS n FROM mother_info WHERE mother_cattle_id = ?')
      .bind(cow)
      .first<any>();
    expect(calves.n).toBe(1);
  });

  it('a note-only correction keeps a status the farmer set by hand', async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-40) });
    const check = await record(farmer.token, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-5),
      details: { result: 'PREGNANT' },
    });
    await api(`/cattle/${cow}/status`, {
      method: 'PATCH',
      token: farmer.token,
      body: { status: 'TREATING', reason: '乳房炎' },
    });
    expect((await cattleRow(cow)).status).toBe('TREATING');
    const res = await api(`/events/${check.json.data.eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { notes: '獣医: 田中' },
    });
    expect(res.json.data.notes).toBe('獣医: 田中');
    expect((await cattleRow(cow)).status).toBe('TREATING');
  });

  it("validates details against the event's type", async () => {
    const cow = await createCow(farmer.token);
    const check = await record(farmer.token, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-5),
      details: { result: 'OPEN' },
    });
    const res = await api(`/events/${check.json.data.eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { details: { result: 'SOON' } },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      message: '鑑定結果はPREGNANTまたはOPENである必要があります',
      field: 'details.result',
    });
  });

  it('rejects an empty update and bad fields', async () => {
    const cow = await createCow(farmer.token);
    const ev = await record(farmer.token, { cattleId: cow, eventType: 'ESTRUS', eventDatetime: at(-1) });
    const empty = await api(`/events/${ev.json.data.eventId}`, { method: 'PATCH', token: farmer.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe('更新する項目を指定してください');
    const badType = await api(`/events/${ev.json.data.eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { eventType: 'NAP' },
    });
    expect(badType.json.error).toMatchObject({ message: '無効なイベントタイプです', field: 'eventType' });
  });

  it('moving an event to another animal recomputes both', async () => {
    const first = await createCow(farmer.token);
    const second = await createCow(farmer.token);
    const ai = await record(farmer.token, { cattleId: first, eventType: 'INSEMINATION', eventDatetime: at(-3) });
    const res = await api(`/events/${ai.json.data.eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { cattleId: second },
    });
    expect(res.status).toBe(200);
    expect((await breedingRow(first)).insemination_count).toBe(0);
    expect((await breedingRow(second)).insemination_count).toBe(1);
  });

  it("404s for another owner's event, and for moving onto their animal", async () => {
    const mine = await createCow(farmer.token);
    const theirs = await createCow(neighbour.token);
    const theirEvent = await record(neighbour.token, { cattleId: theirs, eventType: 'ESTRUS', eventDatetime: at(-1) });
    const res = await api(`/events/${theirEvent.json.data.eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { notes: '乗っ取り' },
    });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe('Event not found');
    const myEvent = await record(farmer.token, { cattleId: mine, eventType: 'ESTRUS', eventDatetime: at(-1) });
    const moved = await api(`/events/${myEvent.json.data.eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { cattleId: theirs },
    });
    expect(moved.status).toBe(404);
    const stored = await everyShard
      .prepare('SELECT notes FROM events WHERE event_id = ?')
      .bind(theirEvent.json.data.eventId)
      .first<any>();
    expect(stored.notes).toBeNull();
  });

  it('401 without a token', async () => {
    expect((await api('/events/1', { method: 'PATCH', body: { notes: 'x' } })).status).toBe(401);
  });
});

describe('DELETE /events/{id}', () => {
  it('deleting a wrong calving puts the state back (204)', async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-100) });
    await record(farmer.token, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-60),
      details: { result: 'PREGNANT' },
    });
    const before = await breedingRow(cow);
    const wrong = await record(farmer.token, { cattleId: cow, eventType: 'CALVING', eventDatetime: at(-1) });
    expect(wrong.json.animal.status).toBe('RESTING');
    const res = await api(`/events/${wrong.json.data.eventId}`, { method: 'DELETE', token: farmer.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const after = await breedingRow(cow);
    expect(after).toMatchObject({
      parity: before.parity,
      expected_calving_date: addDays(today, -100 + 285),
      insemination_count: 1,
      last_calving_date: null,
    });
    expect((await cattleRow(cow)).status).toBe('PREGNANT');
    expect((await api(`/events/${wrong.json.data.eventId}`, { token: farmer.token })).status).toBe(404);
  });

  it('deleting the only status event returns to the status before it', async () => {
    const cow = await createCow(farmer.token, { status: 'TREATING' });
    await record(farmer.token, { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-40) });
    expect((await cattleRow(cow)).status).toBe('TREATING');
    const check = await record(farmer.token, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-5),
      details: { result: 'PREGNANT' },
    });
    expect(check.json.animal.status).toBe('PREGNANT');
    await api(`/events/${check.json.data.eventId}`, { method: 'DELETE', token: farmer.token });
    expect((await cattleRow(cow)).status).toBe('TREATING');
    const history = await (await shardOf(farmer.farmId))
      .prepare('SELECT * FROM cattle_status_history WHERE cattle_id = ? ORDER BY history_id')
      .bind(cow)
      .all<any>();
    expect(history.results.at(-1)).toMatchObject({
      old_status: 'PREGNANT',
      new_status: 'TREATING',
      reason: 'イベントの削除・修正による差し戻し',
    });
    expect((await breedingRow(cow)).scheduled_pregnancy_check_date).toBe(addDays(today, -10));
  });

  it("404s for another owner's event and leaves it", async () => {
    const theirs = await createCow(neighbour.token);
    const ev = await record(neighbour.token, { cattleId: theirs, eventType: 'ESTRUS', eventDatetime: at(-1) });
    const res = await api(`/events/${ev.json.data.eventId}`, { method: 'DELETE', token: farmer.token });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe('Event not found');
    expect((await api(`/events/${ev.json.data.eventId}`, { token: neighbour.token })).status).toBe(200);
  });

  it('401 without a token', async () => {
    expect((await api('/events/1', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('GET /events', () => {
  let owner: { token: string; userId: number };
  let cowA: number;
  let cowB: number;

  beforeAll(async () => {
    owner = await signUp();
    cowA = await createCow(owner.token, { name: 'あやめ' });
    cowB = await createCow(owner.token, { name: 'ぼたん' });
    for (let i = 0; i < 5; i++)
      await record(owner.token, {
        cattleId: cowA,
        eventType: 'VACCINATION',
        eventDatetime: at(-30 + i),
        details: { product: '5種混合' },
      });
    await record(owner.token, { cattleId: cowB, eventType: 'INSEMINATION', eventDatetime: at(-10) });
    await record(owner.token, {
      cattleId: cowB,
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: at(-2),
      details: { weightKg: 480 },
    });
    await record(neighbour.token, {
      cattleId: await createCow(neighbour.token),
      eventType: 'ESTRUS',
      eventDatetime: at(-1),
    });
  });

  it("lists the owner's events newest first with the animal's name and ear tag", async () => {
    const res = await api('/events', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ totalCount: 7, hasNext: false, nextCursor: null });
    const results = res.json.data.results;
    expect(results.map((r: any) => r.eventType)).toEqual([
      'WEIGHT_MEASURED',
      'INSEMINATION',
      ...Array(5).fill('VACCINATION'),
    ]);
    expect(results[0]).toMatchObject({
      cattleName: 'ぼたん',
      cattleEarTagNumber: expect.any(String),
      details: { weightKg: 480 },
    });
  });

  it('pages with a cursor without repeats', async () => {
    const first = await api('/events?limit=3', { token: owner.token });
    expect(first.json.data).toMatchObject({ hasNext: true, totalCount: 7 });
    expect(first.json.data.results).toHaveLength(3);
    const second = await api(`/events?limit=3&cursor=${first.json.data.nextCursor}`, { token: owner.token });
    const third = await api(`/events?limit=3&cursor=${second.json.data.nextCursor}`, { token: owner.token });
    expect(third.json.data).toMatchObject({ hasNext: false, nextCursor: null });
    const ids = [...first.json.data.results, ...second.json.data.results, ...third.json.data.results].map(
      (r: any) => r.eventId,
    );
    expect(new Set(ids).size).toBe(7);
  });

  it('filters by animal, type, category and date range', async () => {
    expect((await api(`/events?cattleId=${cowB}`, { token: owner.token })).json.data.totalCount).toBe(2);
    expect((await api('/events?eventType=VACCINATION', { token: owner.token })).json.data.totalCount).toBe(5);
    expect((await api('/events?category=BREEDING', { token: owner.token })).json.data.totalCount).toBe(1);
    const range = await api(`/events?startDate=${addDays(today, -28)}&endDate=${addDays(today, -10)}`, {
      token: owner.token,
    });
    expect(range.json.data.totalCount).toBe(4);
  });

  it('clamps the limit to 1–100', async () => {
    expect((await api('/events?limit=500', { token: owner.token })).json.data.results).toHaveLength(7);
    expect((await api('/events?limit=0', { token: owner.token })).json.data.results).toHaveLength(1);
  });

  it.each([
    ['cattleId=-1', '牛のIDは正の数である必要があります', 'cattleId'],
    ['eventType=NAP', '無効なイベントタイプです', 'eventType'],
    ['category=FUN', '無効なイベントカテゴリです', 'category'],
    ['startDate=soon', '日付はISO形式の日時である必要があります', 'startDate'],
    ['cursor=abc', 'カーソルは正の数である必要があります', 'cursor'],
    ['limit=many', '取得件数は1から100の数値である必要があります', 'limit'],
  ])('rejects %s', async (query, message, field) => {
    const res = await api(`/events?${query}`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ message, field });
  });

  it('401 without a token', async () => {
    expect((await api('/events')).status).toBe(401);
  });
});

describe('GET /events/cattle/{cattleId}, GET /events/{id}, GET /events/types', () => {
  it("returns one animal's events, and 404s for another owner's animal", async () => {
    const cow = await createCow(farmer.token);
    await record(farmer.token, { cattleId: cow, eventType: 'ESTRUS', eventDatetime: at(-2) });
    await record(farmer.token, { cattleId: cow, eventType: 'HOOF_TRIMMING', eventDatetime: at(-1) });
    const res = await api(`/events/cattle/${cow}`, { token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data.results.map((r: any) => r.eventType)).toEqual(['HOOF_TRIMMING', 'ESTRUS']);
    const theirs = await createCow(neighbour.token);
    const other = await api(`/events/cattle/${theirs}`, { token: farmer.token });
    expect(other.status).toBe(404);
    expect(other.json.error.message).toBe('指定された牛が見つかりません');
    expect((await api(`/events/cattle/${cow}`)).status).toBe(401);
  });

  it('returns one event; 404 Event not found for a missing one', async () => {
    const cow = await createCow(farmer.token);
    const ev = await record(farmer.token, {
      cattleId: cow,
      eventType: 'DIAGNOSIS',
      eventDatetime: at(-1),
      notes: '下痢',
    });
    const res = await api(`/events/${ev.json.data.eventId}`, { token: farmer.token });
    expect(res.json.data).toMatchObject({ eventType: 'DIAGNOSIS', notes: '下痢', cattleName: 'はなこ' });
    const missing = await api('/events/99999999', { token: farmer.token });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ code: 'EVENT_NOT_FOUND', message: 'Event not found' });
    expect((await api(`/events/${ev.json.data.eventId}`, { token: neighbour.token })).status).toBe(404);
  });

  it('lists the 23 types in 8 categories with labels (MOVE_PEN, 牛房移動, the 23rd: §26)', async () => {
    const res = await api('/events/types', { token: farmer.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(8);
    expect(res.json.data.flatMap((c: any) => c.types)).toHaveLength(23);
    const logistics = res.json.data.find((c: any) => c.category === 'LOGISTICS');
    expect(logistics.types).toContainEqual({ type: 'MOVE_PEN', ja: '牛房移動', en: 'Pen move' });
    expect(res.json.data[1]).toMatchObject({ category: 'BREEDING', ja: '繁殖' });
    expect(res.json.data[1].types).toContainEqual({ type: 'INSEMINATION', ja: '授精', en: 'Service' });
    expect(res.json.data[1].types).toContainEqual({ type: 'DRY_OFF', ja: '乾乳', en: 'Dry-off' });
    expect((await api('/events/types')).status).toBe(401);
  });
});

describe('GET /events/schedule', () => {
  it("lists the month's expected estrus, pregnancy checks and calvings of the owner's herd", async () => {
    const owner = await signUp();
    const cow = await createCow(owner.token, { name: 'すみれ' });
    await record(owner.token, { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-10) });
    const pregnant = await createCow(owner.token, { name: 'つばき' });
    await record(owner.token, { cattleId: pregnant, eventType: 'INSEMINATION', eventDatetime: at(-100) });
    await record(owner.token, {
      cattleId: pregnant,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-60),
      details: { result: 'PREGNANT' },
    });
    await record(neighbour.token, {
      cattleId: await createCow(neighbour.token),
      eventType: 'INSEMINATION',
      eventDatetime: at(-10),
    });
    const items = [];
    for (const month of new Set([11, 20, 185].map((d) => addDays(today, d).slice(0, 7)))) {
      const res = await api(`/events/schedule?month=${month}`, { token: owner.token });
      expect(res.status).toBe(200);
      items.push(...res.json.data.items);
    }
    expect(items).toEqual(
      expect.arrayContaining([
        {
          date: addDays(today, 11),
          kind: 'EXPECTED_ESTRUS',
          cattleId: cow,
          cattleName: 'すみれ',
          cattleEarTagNumber: expect.any(String),
        },
        {
          date: addDays(today, 20),
          kind: 'PREGNANCY_CHECK',
          cattleId: cow,
          cattleName: 'すみれ',
          cattleEarTagNumber: expect.any(String),
        },
        {
          date: addDays(today, 185),
          kind: 'EXPECTED_CALVING',
          cattleId: pregnant,
          cattleName: 'つばき',
          cattleEarTagNumber: expect.any(String),
        },
      ]),
    );
    expect(items.every((i: any) => [cow, pregnant].includes(i.cattleId))).toBe(true);
  });

  it('rejects a bad month and needs a token', async () => {
    const res = await api('/events/schedule?month=2026-13', { token: farmer.token });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ message: '月はYYYY-MM形式である必要があります', field: 'month' });
    expect((await api('/events/schedule')).status).toBe(401);
  });
});

describe('events the animal cannot have (§6)', () => {
  const countEvents = async (cattleId: number) =>
    (await everyShard.prepare('SELECT count(*) AS n FROM events WHERE cattle_id = ?').bind(cattleId).first<any>()).n;

  it('refuses a calving on a steer, on eventType, and writes nothing', async () => {
    const steer = await createCow(farmer.token, { name: 'たろう', gender: '去勢', growthStage: 'FATTENING' });
    const res = await record(farmer.token, { cattleId: steer, eventType: 'CALVING', eventDatetime: at(-1) });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'eventType',
      message: 'この牛の性別では記録できないイベントです',
      issues: [{ field: 'eventType', message: 'この牛の性別では記録できないイベントです' }],
    });
    expect(await countEvents(steer)).toBe(0);
    // A weighing is fine on a steer.
    expect(
      (
        await record(farmer.token, {
          cattleId: steer,
          eventType: 'WEIGHT_MEASURED',
          eventDatetime: at(-1),
          details: { weightKg: 500 },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses an event before the birthday; the birthday itself is fine', async () => {
    const calf = await createCow(farmer.token, {
      growthStage: 'CALF',
      birthday: addDays(today, -20),
      breeding: undefined,
    });
    const before = await record(farmer.token, { cattleId: calf, eventType: 'VACCINATION', eventDatetime: at(-21) });
    expect(before.status).toBe(400);
    expect(before.json.error).toMatchObject({
      field: 'eventDatetime',
      message: 'イベント日は生年月日以降の日付を指定してください',
    });
    expect(
      (await record(farmer.token, { cattleId: calf, eventType: 'VACCINATION', eventDatetime: at(-20, '00:05') }))
        .status,
    ).toBe(201);
  });

  it('refuses an event dated after a shipment or death; the same day is fine', async () => {
    const steer = await createCow(farmer.token, { gender: '去勢', growthStage: 'FATTENING', breeding: undefined });
    expect(
      (await record(farmer.token, { cattleId: steer, eventType: 'SHIPMENT', eventDatetime: at(-5, '08:00') })).status,
    ).toBe(201);
    const later = await record(farmer.token, {
      cattleId: steer,
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: at(-4),
      details: { weightKg: 700 },
    });
    expect(later.status).toBe(400);
    expect(later.json.error).toMatchObject({
      field: 'eventDatetime',
      message: '死亡・出荷後の日付にはイベントを記録できません',
    });
    const sameDay = await record(farmer.token, {
      cattleId: steer,
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: at(-5, '07:00'),
      details: { weightKg: 700 },
    });
    expect(sameDay.status).toBe(201);
    expect(await countEvents(steer)).toBe(2);
  });

  it('refuses an update that would make an impossible event, and keeps the event as it was', async () => {
    const cow = await createCow(farmer.token, { birthday: addDays(today, -900) });
    const added = await record(farmer.token, { cattleId: cow, eventType: 'ESTRUS', eventDatetime: at(-3) });
    expect(added.status).toBe(201);
    const eventId = added.json.data.eventId;
    const early = await api(`/events/${eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { eventDatetime: at(-901) },
    });
    expect(early.status).toBe(400);
    expect(early.json.error).toMatchObject({
      field: 'eventDatetime',
      message: 'イベント日は生年月日以降の日付を指定してください',
    });
    // Moving the heat to a steer is refused too.
    const steer = await createCow(farmer.token, { gender: '去勢', growthStage: 'FATTENING', breeding: undefined });
    const moved = await api(`/events/${eventId}`, { method: 'PATCH', token: farmer.token, body: { cattleId: steer } });
    expect(moved.status).toBe(400);
    expect(moved.json.error).toMatchObject({ field: 'eventType', message: 'この牛の性別では記録できないイベントです' });
    const stored = await (await shardOf(farmer.farmId))
      .prepare('SELECT cattle_id, event_datetime FROM events WHERE event_id = ?')
      .bind(eventId)
      .first<any>();
    expect(stored).toEqual({ cattle_id: cow, event_datetime: added.json.data.eventDatetime });
  });

  it('takes full-width input for the animal, the date and the numbers', async () => {
    const cow = await createCow(farmer.token);
    const res = await record(farmer.token, {
      cattleId: String(cow).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: `${addDays(today, -1).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))}`,
      details: { weightKg: '４５０．５' },
      notes: 'ＡＢＣ',
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ cattleId: cow, details: { weightKg: 450.5 }, notes: 'ＡＢＣ' });
  });
});

describe('services and births a vet would sign (§6)', () => {
  it.each([
    [{ method: 'IVF' }, 'details.method', '授精方法はAI・ET・NATURALのいずれかである必要があります'],
    [{ method: 'AI', embryoId: 'E-1' }, 'details.embryoId', '受精卵の項目は受精卵移植（ET）のときだけ入力できます'],
    [{ embryoBreed: '黒毛和種' }, 'details.embryoBreed', '受精卵の項目は受精卵移植（ET）のときだけ入力できます'],
  ])('refuses service details %j', async (details, field, message) => {
    const cow = await createCow(farmer.token);
    const res = await record(farmer.token, {
      cattleId: cow,
      eventType: 'INSEMINATION',
      eventDatetime: at(-1),
      details,
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field, message });
  });

  it('records an ET and dates the calving by the embryo’s breed, 7 days sooner', async () => {
    const cow = await createCow(farmer.token, { breed: 'ホルスタイン' });
    const et = await record(farmer.token, {
      cattleId: cow,
      eventType: 'INSEMINATION',
      eventDatetime: at(-60),
      details: { method: 'ET', embryoId: 'ET-2026-07', embryoBreed: '黒毛和種', technician: '佐藤' },
    });
    expect(et.status).toBe(201);
    expect(et.json.data.details).toEqual({
      method: 'ET',
      embryoId: 'ET-2026-07',
      embryoBreed: '黒毛和種',
      technician: '佐藤',
    });
    const check = await record(farmer.token, {
      cattleId: cow,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime: at(-20),
      details: { result: 'PREGNANT' },
    });
    // 黒毛和種 285 days − the embryo's 7 = 278 days after the transfer.
    expect(check.json.animal.breedingStatus.expectedCalvingDate).toBe(addDays(today, -60 + 278));
  });

  it('registers twins, each live calf with the breed of the service; a stillborn calf is recorded, not registered', async () => {
    const cow = await createCow(farmer.token, { name: 'ミルク', breed: 'ホルスタイン' });
    await record(farmer.token, {
      cattleId: cow,
      eventType: 'INSEMINATION',
      eventDatetime: at(-283),
      details: { method: 'AI', sireName: '百合茂', sireBreed: '黒毛和種' },
    });
    const res = await record(farmer.token, {
      cattleId: cow,
      eventType: 'CALVING',
      eventDatetime: at(0, '05:00'),
      details: {
        difficult: true,
        calves: [
          { gender: '雌', name: 'ふたご1', weightKg: '３２．５' },
          { gender: '雄', stillborn: true },
          { gender: '雄', name: 'ふたご3', identificationNumber: '0123456789' },
        ],
      },
    });
    expect(res.status).toBe(201);
    const ids = res.json.animal.calfCattleIds;
    expect(ids).toHaveLength(2);
    expect(res.json.data.details.calves).toEqual([
      { gender: '雌', name: 'ふたご1', weightKg: 32.5, cattleId: ids[0] },
      { gender: '雄', stillborn: true },
      { gender: '雄', name: 'ふたご3', identificationNumber: '0123456789', cattleId: ids[1] },
    ]);
    const [first, third] = [await cattleRow(ids[0]), await cattleRow(ids[1])];
    // ホルスタイン dam × 黒毛和種 sire: 交雑種 (F1).
    expect(first).toMatchObject({
      name: 'ふたご1',
      breed: '交雑種',
      weight: 32.5,
      identification_number: null,
      growth_stage: 'CALF',
    });
    expect(third).toMatchObject({
      name: 'ふたご3',
      breed: '交雑種',
      identification_number: '0123456789',
      ear_tag_number: '5678',
    });
    expect(res.json.animal.breedingStatus.parity).toBe(3);
    const line = await (await shardOf(farmer.farmId))
      .prepare('SELECT father_cattle_name FROM bloodline WHERE cattle_id = ?')
      .bind(ids[1])
      .first<any>();
    expect(line.father_cattle_name).toBe('百合茂');
  });

  it.each([
    [{ calves: [] }, 'details.calves', '子牛は1〜3頭で入力してください'],
    [
      { calves: [{ gender: '雌' }, { gender: '雌' }, { gender: '雌' }, { gender: '雌' }] },
      'details.calves',
      '子牛は1〜3頭で入力してください',
    ],
    [
      { calves: [{ gender: '雌', weightKg: 120 }] },
      'details.calves.0.weightKg',
      '子牛の体重は100kg以下で入力してください',
    ],
    [{ calf: { gender: '雌' }, calves: [{ gender: '雄' }] }, 'details.calf', '子牛はcalvesにまとめて入力してください'],
  ])('refuses calving details %j', async (details, field, message) => {
    const cow = await createCow(farmer.token);
    const res = await record(farmer.token, { cattleId: cow, eventType: 'CALVING', eventDatetime: at(-1), details });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field, message });
  });

  it.each([
    [{ calves: [{ gender: '雌' }, { gender: '去勢' }] }, 'details.calves.1.gender'],
    [{ calf: { gender: '去勢', name: 'ゆり太' } }, 'details.calf.gender'],
    [{ calves: [{ gender: '' }] }, 'details.calves.0.gender'],
  ])('refuses a calf not born 雌 or 雄 (%j), and writes nothing', async (details, field) => {
    const cow = await createCow(farmer.token);
    const res = await record(farmer.token, { cattleId: cow, eventType: 'CALVING', eventDatetime: at(-1), details });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field, message: '生まれた子牛の性別は雌か雄で入力してください' });
    const n = await everyShard.prepare('SELECT count(*) AS n FROM events WHERE cattle_id = ?').bind(cow).first<any>();
    expect(n.n).toBe(0);
  });

  it('refuses a 去勢 calf added to a recorded calving', async () => {
    const cow = await createCow(farmer.token);
    const calving = await record(farmer.token, { cattleId: cow, eventType: 'CALVING', eventDatetime: at(-2) });
    const res = await api(`/events/${calving.json.data.eventId}`, {
      method: 'PATCH',
      token: farmer.token,
      body: { details: { calves: [{ gender: '去勢' }] } },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      field: 'details.calves.0.gender',
      message: '生まれた子牛の性別は雌か雄で入力してください',
    });
  });

  it('refuses twins that share one number, and writes nothing', async () => {
    const cow = await createCow(farmer.token);
    const res = await record(farmer.token, {
      cattleId: cow,
      eventType: 'CALVING',
      eventDatetime: at(-1),
      details: {
        calves: [
          { gender: '雌', identificationNumber: '0999000111' },
          { gender: '雄', identificationNumber: '0999000111' },
        ],
      },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.field).toBe('details.calves.1.identificationNumber');
    const n = await everyShard.prepare('SELECT count(*) AS n FROM events WHERE cattle_id = ?').bind(cow).first<any>();
    expect(n.n).toBe(0);
  });

  it('records a dry-off on a cow and a stillbirth as her calving', async () => {
    const cow = await createCow(farmer.token, { breed: 'ホルスタイン' });
    expect((await record(farmer.token, { cattleId: cow, eventType: 'DRY_OFF', eventDatetime: at(-40) })).status).toBe(
      201,
    );
    const still = await record(farmer.token, { cattleId: cow, eventType: 'STILLBIRTH', eventDatetime: at(-2) });
    expect(still.status).toBe(201);
    expect(still.json.animal.breedingStatus).toMatchObject({
      parity: 3,
      lastCalvingDate: addDays(today, -2),
      daysAfterCalving: 2,
    });
    expect(still.json.animal.status).toBe('RESTING');
  });
});

describe('event writes in at most two D1 round trips (decision 037)', () => {
  /** The request's D1 round trips less the session-and-membership check (asked afresh after any write). */
  async function counted(path: string, init: { method: string; body?: Record<string, unknown> }) {
    await api('/health', { method: 'POST' });
    const res = await api(path, { ...init, token: farmer.token, env: { BENCH_COUNT_D1: '1' } as never });
    return { status: res.status, json: res.json, trips: Number(res.headers.get('X-D1-Queries')) - 1 };
  }
  const alertTypes = async (cattleId: number) =>
    (
      await everyShard
        .prepare("SELECT type FROM alerts WHERE cattle_id = ? AND status = 'active' ORDER BY type")
        .bind(cattleId)
        .all<{ type: string }>()
    ).results.map((a) => a.type);

  it('POST /events: the history and version, then one batch with the state and the alerts', async () => {
    const cow = await createCow(farmer.token);
    const service = await counted('/events', {
      method: 'POST',
      body: { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-27) },
    });
    expect(service).toMatchObject({ status: 201, trips: 2 });
    expect(await alertTypes(cow)).toEqual(['PREGNANCY_CHECK_DUE']);
    const calving = await counted('/events', {
      method: 'POST',
      body: {
        cattleId: cow,
        eventType: 'CALVING',
        eventDatetime: at(-1),
        details: { calves: [{ gender: '雌', identificationNumber: String(++identification) }, { gender: '雄' }] },
      },
    });
    expect(calving).toMatchObject({ status: 201, trips: 2 });
    expect(calving.json.animal.calfCattleIds).toHaveLength(2);
    expect(await alertTypes(cow)).toEqual([]);
  });

  it('PATCH /events/{id}: two round trips, also when the event moves to another animal', async () => {
    const cow = await createCow(farmer.token);
    const other = await createCow(farmer.token);
    const created = await record(farmer.token, { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-27) });
    const id = created.json.data.eventId;
    const notes = await counted(`/events/${id}`, { method: 'PATCH', body: { notes: '二回目' } });
    expect(notes).toMatchObject({ status: 200, trips: 2 });
    expect(notes.json.data).toMatchObject({ eventId: id, notes: '二回目', cattleName: 'はなこ' });
    const moved = await counted(`/events/${id}`, {
      method: 'PATCH',
      body: { cattleId: other },
    });
    expect(moved).toMatchObject({ status: 200, trips: 2 });
    expect(moved.json.data).toMatchObject({ cattleId: other, recordedBy: { userId: farmer.userId } });
    expect(await alertTypes(cow)).toEqual([]);
    expect(await alertTypes(other)).toEqual(['PREGNANCY_CHECK_DUE']);
  });

  it('DELETE /events/{id}: two round trips, the alerts it leaves resolved in the same batch', async () => {
    const cow = await createCow(farmer.token);
    const created = await record(farmer.token, { cattleId: cow, eventType: 'INSEMINATION', eventDatetime: at(-27) });
    expect(await alertTypes(cow)).toEqual(['PREGNANCY_CHECK_DUE']);
    const removed = await counted(`/events/${created.json.data.eventId}`, { method: 'DELETE' });
    expect(removed).toMatchObject({ status: 204, trips: 2 });
    expect(await alertTypes(cow)).toEqual([]);
    const again = await counted(`/events/${created.json.data.eventId}`, { method: 'DELETE' });
    expect(again).toMatchObject({ status: 404, trips: 1 });
  });
});
