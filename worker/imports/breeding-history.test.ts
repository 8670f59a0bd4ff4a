import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { everyShard, shardOf } from '../test/shards';
import { shiftJis, utf8 } from './fixtures/files';

type Session = Awaited<ReturnType<typeof signUp>>;
const send = (session: Session, bytes: Uint8Array, query: string, headers: Record<string, string> = {}) =>
  api(`/imports/cattle?${query}`, {
    method: 'POST',
    token: session.token,
    body: bytes,
    headers: { 'Content-Type': 'text/csv', ...headers },
  });

const today = todayJst();
const day = (offset: number) => addDays(today, offset);
const slashes = (iso: string) => iso.replaceAll('-', '/');
const parts = (iso: string) => iso.split('-').map(Number);
/** 令和 year = Gregorian − 2018 (令和元年 = 2019). */
const reiwa = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `R${y - 2018}.${m}.${d}`;
};
const reiwaKanji = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `令和${y - 2018}年${m}月${d}日`;
};

const cattleIdOf = async (session: Session, id: string) =>
  (
    await (
      await shardOf(session.farmId)
    )
      .prepare('SELECT cattle_id AS id FROM cattle WHERE farm_id = ? AND identification_number = ?')
      .bind(session.farmId, id)
      .first<any>()
  )?.id as number | undefined;
const eventsOf = async (cattleId: number) =>
  (
    await everyShard
      .prepare(
        `SELECT event_type AS type, date(event_datetime, '+9 hours') AS day, details, notes FROM events
       WHERE cattle_id = ? ORDER BY event_datetime, event_id`,
      )
      .bind(cattleId)
      .all<any>()
  ).results.map((e) => ({ ...e, details: e.details ? JSON.parse(e.details) : null }));
/** What the breeding engine decided for an animal, and its alerts. */
const stateOf = async (cattleId: number) => {
  const state = await everyShard
    .prepare(
      `SELECT c.status, c.growth_stage AS stage, bs.parity, bs.expected_calving_date AS expected,
       bs.scheduled_pregnancy_check_date AS checkDue, bs.last_calving_date AS lastCalving,
       bs.last_insemination_date AS lastService, bs.conception_date AS conception, bs.insemination_count AS services,
       bs.days_open AS daysOpen, bs.days_after_calving AS daysAfterCalving
     FROM cattle c JOIN breeding_status bs ON bs.cattle_id = c.cattle_id WHERE c.cattle_id = ?`,
    )
    .bind(cattleId)
    .first<any>();
  const alerts = (
    await everyShard
      .prepare(
        `SELECT type, severity, due_at AS dueAt, message FROM alerts WHERE cattle_id = ? AND status = 'active'
       ORDER BY type`,
      )
      .bind(cattleId)
      .all<any>()
  ).results;
  return { ...state, alerts };
};
const countOf = async (session: Session, table: 'events' | 'cattle' | 'enrolments') =>
  (await everyShard.prepare(`SELECT count(*) AS n FROM ${table} WHERE farm_id = ?`).bind(session.farmId).first<any>())
    .n;

afterEach(() => {
  vi.useRealTimers();
});

const HEADER = '個体識別番号,名前,性別,品種,生年月日,産次,最終分娩日,最終授精日,授精種雄牛,妊娠,分娩予定日';
/** A farm's own herd book, saved from Excel: 和暦 and slashed dates, ○ for pregnant. */
const HERD_BOOK = [
  HEADER,
  `0812340017,はなこ,雌,黒毛和種,R2.4.1,3,${reiwa(day(-200))},${slashes(day(-120))},安福久,○,`,
  `0812340024,もも,雌,黒毛和種,2020/5/1,2,${reiwaKanji(day(-80))},,,,`,
  `0812340031,さくら,雌,黒毛和種,2021/6/1,1,${day(-330)},${day(-250)},美国桜,妊娠,`,
  `0812340048,ゆり,雌,黒毛和種,2024/1/10,0,,${day(-40)},,空胎,`,
  `0812340055,すず,雌,黒毛和種,2024/3/3,0,,,,妊娠,${day(100)}`,
  `0812340062,きく,雌,黒毛和種,2024/2/2,0,,${day(-10)},,,`,
].join('\r\n');

/** The same cows typed by hand: POST /cattle, then each event through POST /events. */
const BY_HAND: { id: string; stage: string; parity: number; events: Record<string, unknown>[] }[] = [
  {
    id: '0812340017',
    stage: 'MULTI_PAROUS',
    parity: 2,
    events: [
      { eventType: 'CALVING', date: day(-200) },
      { eventType: 'INSEMINATION', date: day(-120), details: { method: 'AI', sireName: '安福久' } },
      { eventType: 'PREGNANCY_CHECK', date: day(-90), details: { result: 'PREGNANT' } },
    ],
  },
  { id: '0812340024', stage: 'MULTI_PAROUS', parity: 1, events: [{ eventType: 'CALVING', date: day(-80) }] },
  {
    id: '0812340031',
    stage: 'FIRST_CALVED',
    parity: 0,
    events: [
      { eventType: 'CALVING', date: day(-330) },
      { eventType: 'INSEMINATION', date: day(-250), details: { method: 'AI', sireName: '美国桜' } },
      { eventType: 'PREGNANCY_CHECK', date: day(-220), details: { result: 'PREGNANT' } },
    ],
  },
  {
    id: '0812340048',
    stage: 'GROWING',
    parity: 0,
    events: [
      { eventType: 'INSEMINATION', date: day(-40), details: { method: 'AI' } },
      { eventType: 'PREGNANCY_CHECK', date: day(-10), details: { result: 'OPEN' } },
    ],
  },
  {
    id: '0812340055',
    stage: 'GROWING',
    parity: 0,
    events: [
      { eventType: 'PREGNANCY_CHECK', date: today, details: { result: 'PREGNANT' } },
      { eventType: 'EXPECTED_CALVING', date: day(100) },
    ],
  },
  {
    id: '0812340062',
    stage: 'GROWING',
    parity: 0,
    events: [{ eventType: 'INSEMINATION', date: day(-10), details: { method: 'AI' } }],
  },
];

async function typeByHand(farmer: Session, cow: (typeof BY_HAND)[number], imported: number) {
  const source = await everyShard
    .prepare('SELECT name, birthday FROM cattle WHERE cattle_id = ?')
    .bind(imported)
    .first<any>();
  const created = await api('/cattle', {
    method: 'POST',
    token: farmer.token,
    body: {
      identificationNumber: `13${cow.id.slice(2)}`,
      name: source.name,
      gender: '雌',
      breed: '黒毛和種',
      birthday: source.birthday,
      growthStage: cow.stage,
      breeding: { parity: cow.parity },
    },
  });
  expect(created.status).toBe(201);
  const cattleId = created.json.data.cattleId as number;
  for (const { date, ...event } of cow.events) {
    const res = await api('/events', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId, eventDatetime: `${date}T${date === today ? '00:00' : '10:00'}:00+09:00`, ...event },
    });
    expect(res.status).toBe(201);
  }
  return cattleId;
}

describe('POST /imports/cattle: the breeding history comes in with the herd (§20)', () => {
  it('gives each cow from a Shift_JIS herd book the events, parity, state and alerts she would have had typed by hand', async () => {
    const farmer = await signUp();
    const preview = await send(farmer, shiftJis(HERD_BOOK), 'dryRun=true');
    expect(preview.status).toBe(200);
    expect(preview.json.data.encoding).toBe('shift_jis');
    expect(preview.json.data.columns.slice(6).map((c: any) => c.field)).toEqual([
      'lastCalvingDate',
      'lastServiceDate',
      'lastServiceSire',
      'pregnancy',
      'expectedCalvingDate',
    ]);
    // What was read, dates as YYYY-MM-DD: R2.4.1 = 2020-04-01 and the 和暦 calving date.
    expect(preview.json.data.rows[0].values).toEqual({
      name: 'はなこ',
      gender: '雌',
      breed: '黒毛和種',
      birthday: '2020-04-01',
      parity: 3,
      lastCalvingDate: day(-200),
      lastServiceDate: day(-120),
      lastServiceSire: '安福久',
      pregnancy: 'PREGNANT',
    });
    expect(preview.json.data.rows[1].values.lastCalvingDate).toBe(day(-80));
    expect(await countOf(farmer, 'cattle')).toBe(0);

    const done = await send(farmer, shiftJis(HERD_BOOK), 'dryRun=false');
    expect(done.status).toBe(200);
    expect(done.json.data.summary).toEqual({ rows: 6, create: 6, update: 0, unchanged: 0, errors: 0, skipped: 0 });

    const hanako = (await cattleIdOf(farmer, '0812340017')) as number;
    expect(await eventsOf(hanako)).toEqual([
      { type: 'CALVING', day: day(-200), details: null, notes: '一括取り込み' },
      { type: 'INSEMINATION', day: day(-120), details: { method: 'AI', sireName: '安福久' }, notes: '一括取り込み' },
      // the check: service + 30 days
      { type: 'PREGNANCY_CHECK', day: day(-90), details: { result: 'PREGNANT' }, notes: '一括取り込み' },
    ]);
    expect(await stateOf(hanako)).toMatchObject({
      status: 'PREGNANT',
      // 産次 3 includes the calving the file gives
      parity: 3,
      // 黒毛和種: service + 285 days
      expected: addDays(day(-120), 285),
      lastCalving: day(-200),
      conception: day(-120),
      daysOpen: 80,
    });
    const momo = (await cattleIdOf(farmer, '0812340024')) as number;
    expect(await stateOf(momo)).toMatchObject({
      parity: 2,
      daysAfterCalving: 80,
      alerts: [
        { type: 'OPEN_DAYS_OVER60_NO_AI', severity: 'high', dueAt: day(-20), message: '分娩後80日経過・未授精' },
      ],
    });
    const sakura = (await cattleIdOf(farmer, '0812340031')) as number;
    // day −250 + 285 = day 35: her calving is near
    expect(await stateOf(sakura)).toMatchObject({
      expected: day(35),
      alerts: [expect.objectContaining({ type: 'CALVING_WITHIN_60', message: '分娩予定まで残り35日（エサ強化）' })],
    });
    const suzu = (await cattleIdOf(farmer, '0812340055')) as number;
    expect((await eventsOf(suzu)).map((e) => [e.type, e.day])).toEqual([
      ['PREGNANCY_CHECK', today],
      ['EXPECTED_CALVING', day(100)],
    ]);
    const kiku = (await cattleIdOf(farmer, '0812340062')) as number;
    expect(await stateOf(kiku)).toMatchObject({ checkDue: day(20), services: 1 });

    for (const cow of BY_HAND) {
      const imported = (await cattleIdOf(farmer, cow.id)) as number;
      const typed = await typeByHand(farmer, cow, imported);
      expect(await stateOf(imported), cow.id).toEqual(await stateOf(typed));
    }
  });

  it('names each wrong cell in the preview, with the cell as the farmer wrote it', async () => {
    const farmer = await signUp();
    const file = [
      '個体識別番号,性別,生年月日,最終分娩日,最終授精日,妊娠,分娩予定日',
      `0812340017,雌,2020-01-01,${day(-100)},${day(-50)},,`,
      '123456795,雌,2020-01-01,,,,',
      `0812340031,雌,2020-01-01,${day(-30)},${day(-60)},,`,
      `0812340048,雌,2020-01-01,${slashes(day(5))},,,`,
      `0812340055,雌,2020-01-01,,${day(-20)},,${day(-25)}`,
      '0812340062,雌,2020-01-01,,,妊娠,',
      `0812340079,雌,2020-01-01,,${day(3)},,`,
    ].join('\n');
    const res = await send(farmer, utf8(file), 'dryRun=true');
    expect(res.status).toBe(200);
    expect(res.json.data.rows.flatMap((r: any) => r.errors)).toEqual([
      {
        field: 'identificationNumber',
        message: '3行目: 個体識別番号は10桁の数字で入力してください',
        value: '123456795',
      },
      { field: 'lastServiceDate', message: '4行目: 最終授精日が最終分娩日より前です', value: day(-60) },
      { field: 'lastCalvingDate', message: '5行目: 最終分娩日に未来の日付は指定できません', value: slashes(day(5)) },
      {
        field: 'expectedCalvingDate',
        message: '6行目: 分娩予定日は最終授精日より後の日付を指定してください',
        value: day(-25),
      },
      {
        field: 'pregnancy',
        message: '7行目: 妊娠しているときは最終授精日か分娩予定日を入力してください',
        value: '妊娠',
      },
      { field: 'lastServiceDate', message: '8行目: 最終授精日に未来の日付は指定できません', value: day(3) },
    ]);
    expect(res.json.data.summary).toMatchObject({ rows: 7, create: 1, errors: 6, skipped: 0 });
  });
});

describe('POST /imports/cattle?skipInvalid=true: the good rows in, the bad ones left out (§20)', () => {
  const FILE = [
    '個体識別番号,性別,生年月日,最終分娩日,最終授精日,母牛の個体識別番号',
    `0812340017,雌,2020-01-01,${day(-100)},${day(-50)},`,
    '123456795,雌,2020-01-01,,,',
    `0812340031,雌,2020-01-01,${day(-30)},${day(-60)},`,
    // her mother's row (line 4) is in error: she comes in with the mother's number only
    `0812345675,雌,${day(-30)},,,0812340031`,
  ].join('\n');

  it('stays all or nothing without it, and writes every valid row with it', async () => {
    const farmer = await signUp();
    const refused = await send(farmer, utf8(FILE), 'dryRun=false');
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'IMPORT_INVALID', message: '取り込めない行があります' });
    expect(await countOf(farmer, 'cattle')).toBe(0);
    expect(await countOf(farmer, 'events')).toBe(0);

    const res = await send(farmer, utf8(FILE), 'dryRun=false&skipInvalid=true');
    expect(res.status).toBe(200);
    expect(res.json.data.summary).toEqual({ rows: 4, create: 2, update: 0, unchanged: 0, errors: 2, skipped: 2 });
    expect(res.json.data.rows.map((r: any) => r.action)).toEqual(['create', 'error', 'error', 'create']);
    expect(res.json.data.rows[3].warnings).toEqual([
      '母牛（0812340031）の行にエラーがあります。その行を除いて取り込むと、母牛は番号だけを記録します',
    ]);
    const herd = (
      await everyShard
        .prepare(
          `SELECT c.identification_number AS id, mi.mother_identification_number AS motherId, mi.mother_cattle_id AS motherCattleId
         FROM cattle c LEFT JOIN mother_info mi ON mi.cattle_id = c.cattle_id WHERE c.farm_id = ? ORDER BY id`,
        )
        .bind(farmer.farmId)
        .all<any>()
    ).results;
    expect(herd).toEqual([
      { id: '0812340017', motherId: null, motherCattleId: null },
      { id: '0812345675', motherId: '0812340031', motherCattleId: null },
    ]);
    const cow = (await cattleIdOf(farmer, '0812340017')) as number;
    expect((await eventsOf(cow)).map((e) => [e.type, e.day])).toEqual([
      ['CALVING', day(-100)],
      ['INSEMINATION', day(-50)],
    ]);
    expect(await countOf(farmer, 'events')).toBe(2);

    // The mother's row corrected: she comes in and her calf is linked to her.
    const fixed = `個体識別番号,性別,生年月日,最終分娩日,最終授精日\n0812340031,雌,2020-01-01,${day(-60)},${day(-30)}\n`;
    expect((await send(farmer, utf8(fixed), 'dryRun=false')).status).toBe(200);
    const calf = await (await shardOf(farmer.farmId))
      .prepare(
        `SELECT m.identification_number AS mother FROM mother_info mi JOIN cattle m ON m.cattle_id = mi.mother_cattle_id
       WHERE mi.cattle_id = ?`,
      )
      .bind(await cattleIdOf(farmer, '0812345675'))
      .first<any>();
    expect(calf).toEqual({ mother: '0812340031' });
  });
});

describe('POST /imports/cattle: importing the history again writes no second event (§20)', () => {
  const FILE = [
    '個体識別番号,性別,生年月日,産次,最終分娩日,最終授精日,妊娠,分娩予定日',
    // service 10 days ago: its check is dated today (service + 30 is still ahead)
    `0812340017,雌,2020-01-01,2,${day(-100)},${day(-10)},妊娠,`,
    // pregnant with a due date but no service: checked today
    `0812340024,雌,2020-01-01,,,,妊娠,${day(120)}`,
  ].join('\n');

  it('is unchanged the same day and a week later, when the checks would be dated another day', async () => {
    const farmer = await signUp();
    expect((await send(farmer, utf8(FILE), 'dryRun=false')).status).toBe(200);
    expect(await countOf(farmer, 'events')).toBe(5);
    const again = await send(farmer, utf8(FILE), 'dryRun=false');
    expect(again.json.data.summary).toMatchObject({ create: 0, update: 0, unchanged: 2 });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 86_400_000);
    const later = await send(farmer, utf8(FILE), 'dryRun=false');
    expect(later.status).toBe(200);
    expect(later.json.data.summary).toMatchObject({ create: 0, update: 0, unchanged: 2 });
    expect(await countOf(farmer, 'events')).toBe(5);
    const cow = (await cattleIdOf(farmer, '0812340017')) as number;
    expect((await stateOf(cow)).parity).toBe(2);
  });

  it('adds to an animal on record only the events she does not have', async () => {
    const farmer = await signUp();
    await send(farmer, utf8('個体識別番号,性別,生年月日,産次\n0812340017,雌,2020-01-01,1\n'), 'dryRun=false');
    const cow = (await cattleIdOf(farmer, '0812340017')) as number;
    // The calving typed by hand is the same as the file's: same type, same day.
    await api('/events', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId: cow, eventType: 'CALVING', eventDatetime: `${day(-100)}T06:30:00+09:00` },
    });
    const file = `個体識別番号,産次,最終分娩日,最終授精日\n0812340017,2,${day(-100)},${day(-30)}\n`;
    const preview = await send(farmer, utf8(file), 'dryRun=true');
    expect(preview.json.data.rows[0].action).toBe('update');
    expect((await send(farmer, utf8(file), 'dryRun=false')).status).toBe(200);
    expect((await eventsOf(cow)).map((e) => [e.type, e.day, e.notes])).toEqual([
      ['CALVING', day(-100), null],
      ['INSEMINATION', day(-30), '一括取り込み'],
    ]);
    // 産次 2 includes the calving on record: registered 1 + 1 calving
    expect(await stateOf(cow)).toMatchObject({ parity: 2, lastService: day(-30), checkDue: day(0) });
  });
});

describe('POST /imports/cattle: 産次 is the parity with the calvings on record (§20)', () => {
  it('keeps the parity equal to 産次 when next year’s file brings her next calving', async () => {
    const farmer = await signUp();
    const header = '個体識別番号,性別,生年月日,産次,最終分娩日';
    await send(farmer, utf8(`${header}\n0812340017,雌,2020-01-01,2,${day(-400)}\n`), 'dryRun=false');
    const cow = (await cattleIdOf(farmer, '0812340017')) as number;
    expect(await stateOf(cow)).toMatchObject({ parity: 2, lastCalving: day(-400) });
    const next = await send(farmer, utf8(`${header}\n0812340017,雌,2020-01-01,3,${day(-30)}\n`), 'dryRun=false');
    expect(next.json.data.rows[0].action).toBe('update');
    // registered 3 − 2 calvings on record = 1; 1 + 2 = 3
    expect(await stateOf(cow)).toMatchObject({ parity: 3, lastCalving: day(-30) });
    expect((await eventsOf(cow)).map((e) => e.type)).toEqual(['CALVING', 'CALVING']);
  });
});

describe('POST /imports/cattle: who may bring the history in', () => {
  it('needs a token, refuses a viewer even with skipInvalid, and leaves another farm’s animals as they are', async () => {
    const file = utf8(`個体識別番号,性別,最終分娩日\n0812340017,雌,${day(-80)}\n`);
    expect((await api('/imports/cattle?dryRun=false', { method: 'POST', body: file })).status).toBe(401);
    const owner = await signUp();
    const neighbour = await signUp();
    await send(neighbour, utf8('個体識別番号,性別\n0812340017,雌\n'), 'dryRun=false');
    const viewer = await signUp();
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'viewer')")
      .bind(owner.farmId, viewer.userId)
      .run();
    const refused = await send(viewer, file, 'dryRun=false&skipInvalid=true', { 'X-Farm-Id': String(owner.farmId) });
    expect(refused.status).toBe(403);
    expect(await countOf(owner, 'cattle')).toBe(0);

    expect((await send(owner, file, 'dryRun=false')).status).toBe(200);
    expect(await countOf(owner, 'events')).toBe(1);
    // The neighbour's cow with the same number has no history and no alert.
    expect(await countOf(neighbour, 'events')).toBe(0);
    const theirs = (await cattleIdOf(neighbour, '0812340017')) as number;
    expect(await stateOf(theirs)).toMatchObject({ parity: 0, lastCalving: null, alerts: [] });
  });
});

describe('POST /imports/cattle: a history brings its programmes and keeps stored state (§20, §22)', () => {
  const tasksOf = async (session: Session) =>
    (
      await everyShard
        .prepare(
          `SELECT c.identification_number AS id, t.title, t.due_date AS due FROM tasks t
           JOIN cattle c ON c.cattle_id = t.cattle_id WHERE t.farm_id = ? ORDER BY id`,
        )
        .bind(session.farmId)
        .all<any>()
    ).results;

  it('enrols no cow in 分娩後検診, however recent her imported calving: the herd’s past is taken as done (§22 turn 4)', async () => {
    const farmer = await signUp();
    // Every farm has the example 分娩後検診 (event CALVING, one task on day 30); a typed calving enrols the cow.
    const file = [
      '個体識別番号,性別,生年月日,産次,最終分娩日',
      // calved 5 days ago: its check would be due in 25 days (−5 + 30); imported, it enrols nothing
      `0812340017,雌,2020-01-01,2,${day(-5)}`,
      `0812340024,雌,2020-01-01,3,${day(-25)}`,
      `0812340031,雌,2020-01-01,1,${day(-80)}`,
      '0812340048,雌,2020-01-01,0,',
    ].join('\n');
    expect((await send(farmer, utf8(file), 'dryRun=false')).status).toBe(200);
    expect(await countOf(farmer, 'events')).toBe(3);
    expect(await tasksOf(farmer)).toEqual([]);
    expect(await countOf(farmer, 'enrolments')).toBe(0);
  });

  it('updates a stored breeding state in place: its creation time, registration parity and version + 1 kept', async () => {
    const farmer = await signUp();
    await send(farmer, utf8('個体識別番号,性別,生年月日,産次\n0812340017,雌,2020-01-01,2\n'), 'dryRun=false');
    const cow = (await cattleIdOf(farmer, '0812340017')) as number;
    const stored = () =>
      everyShard
        .prepare(
          `SELECT bs.breeding_status_id AS id, bs.created_at AS createdAt, bs.updated_at AS updatedAt,
           bs.initial_parity AS initialParity, bs.version, bs.is_difficult_birth AS difficult,
           s.breeding_summary_id AS summaryId, s.created_at AS summaryCreatedAt, s.total_insemination_count AS services
           FROM breeding_status bs JOIN breeding_summary s ON s.cattle_id = bs.cattle_id WHERE bs.cattle_id = ?`,
        )
        .bind(cow)
        .first<any>();
    const before = await stored();
    const file = `個体識別番号,産次,最終授精日\n0812340017,2,${day(-30)}\n`;
    expect((await send(farmer, utf8(file), 'dryRun=false')).status).toBe(200);
    const after = await stored();
    expect(after).toMatchObject({
      id: before.id,
      createdAt: before.createdAt,
      initialParity: 2,
      version: before.version + 1,
      difficult: 0,
      summaryId: before.summaryId,
      summaryCreatedAt: before.summaryCreatedAt,
      services: 1,
    });
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });
});
