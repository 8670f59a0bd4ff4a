import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, addYears, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { shardOf } from '../test/shards';
import { dataOf, deliver, exchange, linkByChat, send, tap, webhookBody } from './test-fixtures';

type Farmer = Awaited<ReturnType<typeof signUp>> & { lineId: string };

const today = todayJst();
/** 'M/D' without leading zeros, written out: 2026-05-03 → '5/3'. */
const md = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

let identification = 1_480_000_000;
let nextWordTag = 4100;
async function cow(token: string, body: Record<string, unknown> = {}, farmId?: number) {
  const res = await api('/cattle', {
    method: 'POST',
    token,
    headers: farmId ? { 'X-Farm-Id': String(farmId) } : {},
    body: {
      name: 'しおり',
      identificationNumber: ++identification,
      earTagNumber: '0381',
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      birthday: '2020-04-01',
      breeding: { parity: 2 },
      ...body,
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}

async function linkedFarmer(name = '北 太郎'): Promise<Farmer> {
  const farmer = await signUp({ name });
  const { lineId, answer } = await linkByChat(farmer.token);
  expect(answer.text).toMatch(/^連携しました：/);
  return { ...farmer, lineId };
}

const eventsOf = async (farmId: number, cattleId: number) =>
  (
    await (
      await shardOf(farmId)
    )
      .prepare(
        'SELECT event_type, event_datetime, details, notes, source, created_by FROM events WHERE cattle_id = ? ORDER BY event_id',
      )
      .bind(cattleId)
      .all<{
        event_type: string;
        event_datetime: string;
        details: string | null;
        notes: string | null;
        source: string;
      }>()
  ).results;

/** Sends a record message and taps 記録する on its confirmation; answers both texts. */
async function recordByChat(farmer: Farmer, text: string) {
  const confirm = await send(farmer.lineId, text);
  const done = await tap(farmer.lineId, dataOf(confirm.actions, '記録する'));
  return { confirm: confirm.text, done: done.text };
}

let farmer: Farmer;
beforeAll(async () => {
  farmer = await linkedFarmer();
});
// The main farmer sends more than 60 messages in this file's minute: each test starts with an empty window (the
// limit has its own test).
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM rate_limit_hits WHERE key = ?').bind(`line-message:${farmer.lineId}`).run();
});

describe('recording by message: each word, with and without its value (§25)', () => {
  it('asks first with 記録する / 日付を変える / やめる, records nothing until 記録する, then replies with the link', async () => {
    const id = await cow(farmer.token, { earTagNumber: '1201', name: 'はな' });
    const confirm = await send(farmer.lineId, '1201 発情');
    expect(confirm.kind).toBe('reply');
    expect(confirm.text).toBe(`1201 はな に 発情 を ${md(today)} で記録しますか？`);
    expect(confirm.actions.map((a) => [a.type, a.label])).toEqual([
      ['postback', '記録する'],
      ['datetimepicker', '日付を変える'],
      ['postback', 'やめる'],
    ]);
    // The date picker: date mode, at most today, at least a year ago.
    expect(confirm.actions[1]).toMatchObject({ mode: 'date', max: today, min: addYears(today, -1) });
    expect(await eventsOf(farmer.farmId, id)).toEqual([]);
    const done = await tap(farmer.lineId, dataOf(confirm.actions, '記録する'));
    expect(done.text).toBe(`記録しました：1201 はな 発情 ${md(today)}\nhttp://127.0.0.1:8787/cattle/${id}`);
    const [event] = await eventsOf(farmer.farmId, id);
    // The day of the tap at 12:00 JST = 03:00 UTC; recorded by the user, from LINE.
    expect(event).toMatchObject({ event_type: 'ESTRUS', event_datetime: `${today}T03:00:00.000Z`, source: 'line' });
    expect((event as unknown as { created_by: number }).created_by).toBe(farmer.userId);
  });

  it.each([
    ['授精 安福久', 'INSEMINATION', '授精（安福久）', { method: 'AI', sireName: '安福久' }, null],
    ['妊娠', 'PREGNANCY_CHECK', '妊娠鑑定（妊娠）', { result: 'PREGNANT' }, null],
    ['空胎', 'PREGNANCY_CHECK', '妊娠鑑定（空胎）', { result: 'OPEN' }, null],
    ['体重 512', 'WEIGHT_MEASURED', '体重測定（512kg）', { weightKg: 512 }, null],
    ['ワクチン 5種混合', 'VACCINATION', 'ワクチン接種（5種混合）', { product: '5種混合' }, null],
    ['ワクチン', 'VACCINATION', 'ワクチン接種', null, null],
    ['治療 乳房炎', 'TREATMENT_STARTED', '治療開始（乳房炎）', null, '乳房炎'],
    ['治療', 'TREATMENT_STARTED', '治療開始', null, null],
    ['乾乳', 'DRY_OFF', '乾乳', null, null],
    ['死亡', 'DEATH', '死亡', null, null],
  ])('%s → %s', async (words, type, shown, details, notes) => {
    // A tag of its own (a random one once met 7202's, and the search then offered both).
    const tag = String(nextWordTag++);
    const id = await cow(farmer.token, { earTagNumber: tag, name: 'もも' });
    const { confirm, done } = await recordByChat(farmer, `${tag} ${words}`);
    expect(confirm).toBe(`${tag} もも に ${shown} を ${md(today)} で記録しますか？`);
    expect(done).toMatch(new RegExp(`^記録しました：${tag} もも `));
    const [event] = await eventsOf(farmer.farmId, id);
    expect(event.event_type).toBe(type);
    expect(event.details ? JSON.parse(event.details) : null).toMatchObject(details ?? {});
    expect(event.notes).toBe(notes);
  });

  it('授精 without a sire takes the farm’s last sire and technician (§15)', async () => {
    const farmer = await linkedFarmer('種 付');
    const first = await cow(farmer.token, { earTagNumber: '3101', name: 'いち' });
    await api('/events', {
      method: 'POST',
      token: farmer.token,
      body: {
        cattleId: first,
        eventType: 'INSEMINATION',
        eventDatetime: `${addDays(today, -3)}T09:00:00+09:00`,
        details: { sireName: '百合茂', technician: '佐藤' },
      },
    });
    const id = await cow(farmer.token, { earTagNumber: '3102', name: 'に' });
    const { confirm } = await recordByChat(farmer, '３１０２　ＡＩ');
    expect(confirm).toBe(`3102 に に 授精 を ${md(today)} で記録しますか？`);
    const [event] = await eventsOf(farmer.farmId, id);
    expect(JSON.parse(event.details as string)).toMatchObject({ method: 'AI', sireName: '百合茂', technician: '佐藤' });
  });

  it('分娩 with one calf, twins and no value', async () => {
    for (const [value, calves] of [
      ['雌', 1],
      ['雌雄', 2],
      ['', 0],
    ] as const) {
      // A tag of its own, as the words' above: a random one once met 5201's below, and the search offered both.
      const tag = String(nextWordTag++);
      const id = await cow(farmer.token, { earTagNumber: tag, name: 'さくら' });
      const { confirm } = await recordByChat(farmer, `${tag} 分娩 ${value}`.trim());
      expect(confirm).toBe(`${tag} さくら に 分娩${value ? `（${value}）` : ''} を ${md(today)} で記録しますか？`);
      const [event] = await eventsOf(farmer.farmId, id);
      expect(event.event_type).toBe('CALVING');
      expect(JSON.parse(event.details ?? '{}').calves ?? []).toHaveLength(calves);
    }
  });

  it("体重 without kg → '体重はkgで入力してください（例：1234 体重 512）', nothing recorded", async () => {
    const id = await cow(farmer.token, { earTagNumber: '5101' });
    const answer = await send(farmer.lineId, '5101 体重');
    expect(answer.text).toBe('体重はkgで入力してください（例：1234 体重 512）');
    expect(answer.actions).toEqual([]);
    expect(await eventsOf(farmer.farmId, id)).toEqual([]);
  });

  it('日付を変える replies the same confirmation with the picked date, recorded at 12:00 JST of it', async () => {
    const id = await cow(farmer.token, { earTagNumber: '5201', name: 'ゆき' });
    const first = await send(farmer.lineId, '5201 発情');
    const picked = addDays(today, -2);
    const again = await tap(farmer.lineId, dataOf(first.actions, '日付を変える'), picked);
    expect(again.text).toBe(`5201 ゆき に 発情 を ${md(picked)} で記録しますか？`);
    const done = await tap(farmer.lineId, dataOf(again.actions, '記録する'));
    expect(done.text).toMatch(new RegExp(`^記録しました：5201 ゆき 発情 ${md(picked)}`));
    expect((await eventsOf(farmer.farmId, id))[0].event_datetime).toBe(`${picked}T03:00:00.000Z`);
  });

  it('やめる records nothing', async () => {
    const id = await cow(farmer.token, { earTagNumber: '5301' });
    const confirm = await send(farmer.lineId, '5301 発情');
    expect((await tap(farmer.lineId, dataOf(confirm.actions, 'やめる'))).text).toBe('記録をやめました');
    expect(await eventsOf(farmer.farmId, id)).toEqual([]);
  });

  it('a farm moving between shards (decision 055) is told so at 記録する, and nothing is recorded', async () => {
    const id = await cow(farmer.token, { earTagNumber: '5501' });
    const confirm = await send(farmer.lineId, '5501 発情');
    await env.DB.prepare('UPDATE farms SET moving_to = 1 - shard WHERE id = ?').bind(farmer.farmId).run();
    try {
      const done = await tap(farmer.lineId, dataOf(confirm.actions, '記録する'));
      expect(done.text).toBe('この牧場はただいま移動中です（数分で戻ります）');
    } finally {
      await env.DB.prepare('UPDATE farms SET moving_to = NULL WHERE id = ?').bind(farmer.farmId).run();
    }
    expect(await eventsOf(farmer.farmId, id)).toEqual([]);
  });

  it("the change history says the event came from LINE ('LINEから')", async () => {
    const id = await cow(farmer.token, { earTagNumber: '5401' });
    await recordByChat(farmer, '5401 発情');
    const history = await api(`/audit?cattleId=${id}`, { token: farmer.token });
    const row = history.json.data.find((r: { entity: string }) => r.entity === 'event');
    expect(row.summary).toMatch(/^5401 しおり：.*（LINEから）$/);
    // Where it came from is said once, not listed as a change.
    expect(row.changes.map((c: { label: string }) => c.label)).not.toContain('source');
  });
});

describe('finding the animal (§25, as the herd search finds it)', () => {
  it('several → up to 12 quick replies, nothing recorded until one is chosen', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 14; i++)
      ids.push(await cow(farmer.token, { earTagNumber: `77${String(i).padStart(2, '0')}`, name: `牛${i}` }));
    const choice = await send(farmer.lineId, '77 発情');
    expect(choice.text).toBe('77 に当てはまる牛が複数います。選んでください');
    expect(choice.actions).toHaveLength(12);
    const label = choice.actions[0].label;
    const confirm = await tap(farmer.lineId, choice.actions[0].data);
    expect(confirm.text).toBe(`${label} に 発情 を ${md(today)} で記録しますか？`);
    await tap(farmer.lineId, dataOf(confirm.actions, '記録する'));
    const recorded = await (await shardOf(farmer.farmId))
      .prepare(`SELECT count(*) AS n FROM events WHERE cattle_id IN (${ids.join(',')})`)
      .first<{ n: number }>();
    expect(recorded?.n).toBe(1);
  });

  it('one exact ear-tag match wins over the others containing the digits', async () => {
    const exact = await cow(farmer.token, { earTagNumber: '8811', name: 'ぴったり' });
    await cow(farmer.token, { earTagNumber: '18811', name: 'ちがう' });
    const confirm = await send(farmer.lineId, '8811 発情');
    expect(confirm.text).toBe(`8811 ぴったり に 発情 を ${md(today)} で記録しますか？`);
    await tap(farmer.lineId, dataOf(confirm.actions, '記録する'));
    expect(await eventsOf(farmer.farmId, exact)).toHaveLength(1);
  });

  it("none, and a dead animal → '該当する牛が見つかりません：{digits}'", async () => {
    expect((await send(farmer.lineId, '99999 発情')).text).toBe('該当する牛が見つかりません：99999');
    const dead = await cow(farmer.token, { earTagNumber: '6601' });
    await recordByChat(farmer, '6601 死亡');
    expect((await eventsOf(farmer.farmId, dead))[0].event_type).toBe('DEATH');
    expect((await send(farmer.lineId, '6601 発情')).text).toBe('該当する牛が見つかりません：6601');
  });

  it('another farm’s animal is not found', async () => {
    const neighbour = await signUp();
    await cow(neighbour.token, { earTagNumber: '6701' });
    expect((await send(farmer.lineId, '6701 発情')).text).toBe('該当する牛が見つかりません：6701');
  });
});

describe('refusals (§6 at the text when known, always at 記録する; a viewer)', () => {
  it('refuses a breeding event on a bull at the text', async () => {
    const bull = await cow(farmer.token, { earTagNumber: '6801', gender: '雄', growthStage: 'FATTENING' });
    const answer = await send(farmer.lineId, '6801 授精');
    expect(answer.text).toBe('この牛の性別では記録できないイベントです');
    expect(answer.actions).toEqual([]);
    expect(await eventsOf(farmer.farmId, bull)).toEqual([]);
  });

  it('replies the refusal at 記録する for a date picked before the birthday', async () => {
    const young = await cow(farmer.token, { earTagNumber: '6901', birthday: addDays(today, -10), growthStage: 'CALF' });
    const first = await send(farmer.lineId, '6901 体重 80');
    const again = await tap(farmer.lineId, dataOf(first.actions, '日付を変える'), addDays(today, -20));
    const done = await tap(farmer.lineId, dataOf(again.actions, '記録する'));
    expect(done.text).toBe('イベント日は生年月日以降の日付を指定してください');
    expect(await eventsOf(farmer.farmId, young)).toEqual([]);
  });

  it("a viewer → '閲覧のみの権限のため記録できません', nothing recorded", async () => {
    const viewer = await linkedFarmer('見る 人');
    await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
      .bind(farmer.farmId, viewer.userId, 'viewer')
      .run();
    await env.DB.prepare('UPDATE users SET line_farm_id = ? WHERE id = ?').bind(farmer.farmId, viewer.userId).run();
    const id = await cow(farmer.token, { earTagNumber: '7001' });
    expect((await send(viewer.lineId, '7001 発情')).text).toBe('閲覧のみの権限のため記録できません');
    expect(await eventsOf(farmer.farmId, id)).toEqual([]);
  });
});

describe('once, whatever LINE resends (§25)', () => {
  it('a redelivered webhook (same webhookEventId) records once', async () => {
    const id = await cow(farmer.token, { earTagNumber: '7101' });
    const confirm = await send(farmer.lineId, '7101 発情');
    const event = {
      type: 'postback' as const,
      userId: farmer.lineId,
      data: dataOf(confirm.actions, '記録する'),
      id: `redo-${Date.now()}`,
    };
    const first = await exchange([event]);
    const again = await exchange([{ ...event, redelivery: true }]);
    const body = webhookBody([{ ...event, redelivery: false }]);
    expect((await deliver(body)).json.data).toEqual({ events: 1, recorded: 0 });
    expect(first).toHaveLength(1);
    expect(again).toEqual([]);
    expect(await eventsOf(farmer.farmId, id)).toHaveLength(1);
  });

  it("a double tap records once; the second tap replies '記録済みです' — also at the same moment", async () => {
    const id = await cow(farmer.token, { earTagNumber: '7201' });
    const confirm = await send(farmer.lineId, '7201 発情');
    const data = dataOf(confirm.actions, '記録する');
    await tap(farmer.lineId, data);
    expect((await tap(farmer.lineId, data)).text).toBe('記録済みです');
    expect(await eventsOf(farmer.farmId, id)).toHaveLength(1);

    const other = await cow(farmer.token, { earTagNumber: '7202' });
    const second = await send(farmer.lineId, '7202 発情');
    const tapData = dataOf(second.actions, '記録する');
    const bodies = [0, 1].map(() => webhookBody([{ type: 'postback', userId: farmer.lineId, data: tapData }]));
    const answers = await Promise.all(bodies.map((b) => deliver(b)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await eventsOf(farmer.farmId, other)).toHaveLength(1);
  });

  it("a confirmation past 30 minutes → '期限切れです。もう一度送ってください', nothing recorded", async () => {
    const id = await cow(farmer.token, { earTagNumber: '7301' });
    const confirm = await send(farmer.lineId, '7301 発情');
    const data = dataOf(confirm.actions, '記録する');
    const actionId = data.split('|')[0];
    const row = await env.DB.prepare('SELECT created_at, expires_at FROM line_actions WHERE id = ?')
      .bind(actionId)
      .first<{ created_at: string; expires_at: string }>();
    // 30 minutes = 1,800,000 ms after it was made.
    expect(Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '')).toBeGreaterThanOrEqual(1_799_000);
    expect(Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '')).toBeLessThanOrEqual(1_801_000);
    await env.DB.prepare(`UPDATE line_actions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?`)
      .bind(actionId)
      .run();
    expect((await tap(farmer.lineId, data)).text).toBe('期限切れです。もう一度送ってください');
    expect(await eventsOf(farmer.farmId, id)).toEqual([]);
  });

  it('acts on at most 60 messages a minute per LINE user', async () => {
    const busy = await linkedFarmer('忙しい 人');
    const events = Array.from({ length: 62 }, () => ({
      type: 'message' as const,
      userId: busy.lineId,
      text: 'こんにちは',
    }));
    const answers = await exchange(events);
    // The link message counted one: 59 more are answered, the other 3 are not acted on.
    expect(answers).toHaveLength(59);
  });
});

describe('the farm in the chat, today, help (§25)', () => {
  it("'牧場' lists the farms; choosing one makes it the LINE farm, named in every confirmation", async () => {
    const owner = await linkedFarmer('二つ 牧場');
    const other = await signUp({ name: '別の 人' });
    await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
      .bind(other.farmId, owner.userId, 'staff')
      .run();
    const id = await cow(other.token, { earTagNumber: '8101', name: 'そら' });
    const farms = await send(owner.lineId, '牧場');
    expect(farms.text).toBe('記録先の牧場を選んでください');
    expect(farms.actions.map((a) => a.label)).toEqual(['二つ 牧場の牧場', '別の 人の牧場']);
    expect((await tap(owner.lineId, dataOf(farms.actions, '別の 人の牧場'))).text).toBe(
      '記録先を別の 人の牧場にしました',
    );
    const confirm = await send(owner.lineId, '8101 発情');
    expect(confirm.text).toBe(`【別の 人の牧場】8101 そら に 発情 を ${md(today)} で記録しますか？`);
    await tap(owner.lineId, dataOf(confirm.actions, '記録する'));
    expect(await eventsOf(other.farmId, id)).toHaveLength(1);
  });

  it("'今日' lists the tasks due with 完了 buttons that tick once, as POST /tasks/{id}/done does", async () => {
    const owner = await linkedFarmer('作業 する人');
    const id = await cow(owner.token, { earTagNumber: '9101', name: 'かえで' });
    const programmes = await api('/programmes', { token: owner.token });
    const ovsynch = programmes.json.data.find((p: { name: string }) => p.name.startsWith('Ovsynch'));
    const enrolled = await api(`/programmes/${ovsynch.id}/enrol`, {
      method: 'POST',
      token: owner.token,
      body: { cattleIds: [id], startDate: today },
    });
    expect(enrolled.status).toBe(201);
    const list = await send(owner.lineId, '今日');
    expect(list.text.split('\n')[0]).toBe(`作業 する人の牧場の今日（${md(today)}）`);
    expect(list.text).toMatch(/^1\. 9101 かえで：/m);
    expect(list.actions.map((a) => a.label)).toEqual(['完了 1']);
    const ticked = await tap(owner.lineId, list.actions[0].data);
    expect(ticked.text).toMatch(/^完了にしました：9101 かえで /);
    expect((await tap(owner.lineId, list.actions[0].data)).text).toBe('記録済みです');
    const tasks = await (await shardOf(owner.farmId))
      .prepare(`SELECT status, done_by FROM tasks WHERE cattle_id = ? AND status = 'done'`)
      .bind(id)
      .all();
    expect(tasks.results).toEqual([{ status: 'done', done_by: owner.userId }]);
    // '作業' is the same word; the ticked task is gone from the list.
    expect((await send(owner.lineId, '作業')).text).not.toMatch(/^1\. 9101 かえで：.*（期限/m);
  });

  it('anything else → help with the words and an example', async () => {
    const answer = await send(farmer.lineId, 'こんにちは');
    expect(answer.text).toContain('例：1234 授精 安福久');
    expect(answer.text).toContain('授精、発情、妊娠、空胎、分娩、体重、ワクチン、治療、乾乳、死亡');
  });
});
