import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { everyShard, shardOf } from '../test/shards';
import { BAD_ROWS, EXCEL_SJIS, NLBC_SAMPLE, utf8 } from './fixtures/files';

type Session = Awaited<ReturnType<typeof signUp>>;
const send = (session: Session, bytes: Uint8Array, dryRun: boolean, headers: Record<string, string> = {}) =>
  api(`/imports/cattle?dryRun=${dryRun}`, {
    method: 'POST',
    token: session.token,
    body: bytes,
    headers: { 'Content-Type': 'text/csv', ...headers },
  });
const herdOf = async (session: Session) =>
  (
    await (
      await shardOf(session.farmId)
    )
      .prepare(
        `SELECT c.identification_number AS id, c.ear_tag_number AS tag, c.name, c.gender, c.birthday, c.breed, c.growth_stage AS stage,
        c.weight, bs.initial_parity AS parity, mi.mother_identification_number AS motherId,
        (SELECT m.identification_number FROM cattle m WHERE m.cattle_id = mi.mother_cattle_id) AS linkedMother,
        bl.father_cattle_name AS sire, c.notes
      FROM cattle c LEFT JOIN breeding_status bs ON bs.cattle_id = c.cattle_id
      LEFT JOIN mother_info mi ON mi.cattle_id = c.cattle_id LEFT JOIN bloodline bl ON bl.cattle_id = c.cattle_id
      WHERE c.farm_id = ? ORDER BY c.identification_number`,
      )
      .bind(session.farmId)
      .all<any>()
  ).results;
const countOf = async (session: Session, table: 'events' | 'cattle') =>
  (await everyShard.prepare(`SELECT count(*) AS n FROM ${table} WHERE farm_id = ?`).bind(session.farmId).first<any>())
    .n;

describe('POST /imports/cattle: the national register’s download (§14)', () => {
  it('previews without writing, then imports with mothers in any order, and a second import changes nothing', async () => {
    const farmer = await signUp();
    const preview = await send(farmer, utf8(NLBC_SAMPLE), true);
    expect(preview.status).toBe(200);
    expect(preview.json.data).toMatchObject({
      dryRun: true,
      encoding: 'utf-8',
      summary: { rows: 5, create: 5, update: 0, unchanged: 0, errors: 0 },
    });
    expect(preview.json.data.columns.map((c: { field: string | null }) => c.field)).toEqual([
      'identificationNumber',
      'birthday',
      'gender',
      'motherIdentificationNumber',
      'breed',
      null,
      null,
      null,
      null,
    ]);
    expect(await countOf(farmer, 'cattle')).toBe(0);

    const done = await send(farmer, utf8(NLBC_SAMPLE, true), false);
    expect(done.status).toBe(200);
    expect(done.json.data.summary).toMatchObject({ create: 5, errors: 0 });
    const herd = await herdOf(farmer);
    expect(herd.map((a: any) => [a.id, a.tag, a.gender, a.birthday, a.stage, a.linkedMother])).toEqual([
      // The calf listed before its mother is linked to her all the same; ear tags are digits 6–9 of the number.
      // Cows past 26 months whose calvings the register does not give are taken as 経産牛.
      ['0812340017', '4001', '雌', '2018-04-02', 'MULTI_PAROUS', null],
      ['0812340024', '4002', '雌', '2019-06-15', 'MULTI_PAROUS', null],
      ['0812345675', '4567', '雌', '2025-03-10', 'GROWING', '0812340017'],
      ['0812345682', '4568', '去勢', '2025-05-01', 'FATTENING', '0812340024'],
      // 1 0 9 8 7 | 6 5 4 3 | 2 → 6543
      ['1098765432', '6543', '雄', '2024-11-20', 'FATTENING', null],
    ]);

    const again = await send(farmer, utf8(NLBC_SAMPLE), false);
    expect(again.json.data.summary).toMatchObject({ create: 0, update: 0, unchanged: 5 });
    expect(await countOf(farmer, 'cattle')).toBe(5);
  });
});

describe('POST /imports/cattle: a Shift_JIS file from Excel', () => {
  it('reads CP932 (①髙﨑㈱), full-width digits, 和暦 and Excel serial dates, and records arrivals once', async () => {
    const farmer = await signUp();
    const res = await send(farmer, EXCEL_SJIS, false);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ encoding: 'shift_jis', summary: { rows: 3, create: 3, errors: 0 } });
    const herd = await herdOf(farmer);
    expect(herd).toMatchObject([
      // H30.4.2 = 2018-04-02; parity ３ → 3, so 経産牛; 520 kg
      {
        id: '0812340017',
        tag: '0017',
        name: 'はなこ',
        birthday: '2018-04-02',
        parity: 3,
        stage: 'MULTI_PAROUS',
        weight: 520,
        sire: '安福久',
        notes: '①髙﨑㈱から導入',
      },
      // Excel serial 45397 = 2024-04-15; a ホルスタイン with one calving: 初産牛
      {
        id: '0812340099',
        tag: '0099',
        name: 'ゆき',
        birthday: '2024-04-15',
        breed: 'ホルスタイン',
        parity: 1,
        stage: 'FIRST_CALVED',
        weight: 610.5,
      },
      // 令和7年3月10日 = 2025-03-10
      { id: '0812345675', tag: '5675', name: 'さくら', birthday: '2025-03-10', sire: '美国桜' },
    ]);
    expect(await countOf(farmer, 'events')).toBe(2);
    const again = await send(farmer, EXCEL_SJIS, false);
    expect(again.json.data.summary).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    expect(await countOf(farmer, 'events')).toBe(2);
  });

  it('updates only what changed; blank cells leave a field as it is', async () => {
    const farmer = await signUp();
    await send(farmer, EXCEL_SJIS, false);
    const changed = '個体識別番号,名前,体重,備考\r\n0812340017,はなこ,540,\r\n0812340099,,,\r\n';
    const res = await send(farmer, utf8(changed), false);
    expect(res.json.data.summary).toMatchObject({ rows: 2, update: 1, unchanged: 1 });
    expect(res.json.data.rows.map((r: any) => r.action)).toEqual(['update', 'unchanged']);
    const [hanako] = await herdOf(farmer);
    expect(hanako).toMatchObject({ name: 'はなこ', weight: 540, notes: '①髙﨑㈱から導入' });
  });
});

describe('POST /imports/cattle: bad input writes nothing and says which line is wrong', () => {
  it('reports every bad row with its line and refuses the whole file', async () => {
    const farmer = await signUp();
    const res = await send(farmer, utf8(BAD_ROWS), false);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'IMPORT_INVALID', message: '取り込めない行があります' });
    const report = res.json.data;
    expect(report.summary).toMatchObject({ rows: 8, create: 2, errors: 6 });
    const messages = report.rows.flatMap((r: any) => r.errors.map((e: any) => e.message));
    expect(messages).toEqual([
      '3行目: 個体識別番号は10桁の数字で入力してください',
      '4行目: 生年月日に未来の日付は指定できません',
      '6行目: 生年月日を日付として読めません（例: 2024/4/15、R6.4.15）',
      '6行目: 母牛の個体識別番号が雄・去勢の牛を指しています',
      '7行目: 個体識別番号が2行目と重複しています',
      '8行目: 個体識別番号がありません',
      '9行目: 性別は雄・去勢・雌のいずれかを選択してください',
    ]);
    expect(await countOf(farmer, 'cattle')).toBe(0);
  });

  it.each([
    [
      'no header',
      utf8('0812340017,はなこ\r\n'),
      '1行目: 個体識別番号の列が見つかりません（見出し行に「個体識別番号」が必要です）',
    ],
    ['an empty file', utf8(''), 'ファイルが空です'],
    [
      'a binary file',
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff]),
      'CSVファイルとして読めません（文字のファイルではありません）',
    ],
  ])('refuses %s with 400', async (_what, bytes, message) => {
    const farmer = await signUp();
    const res = await send(farmer, bytes, true);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'IMPORT_FILE_INVALID', message });
  });

  it('refuses a row whose 個体識別番号 is held by an animal in the trash, naming the row (§23)', async () => {
    const farmer = await signUp();
    const cow = await api('/cattle', {
      method: 'POST',
      token: farmer.token,
      body: {
        identificationNumber: '0812345675',
        name: 'あかね',
        gender: '雌',
        growthStage: 'GROWING',
        birthday: '2024-01-01',
      },
    });
    expect((await api(`/cattle/${cow.json.data.cattleId}`, { method: 'DELETE', token: farmer.token })).status).toBe(
      200,
    );
    const file = utf8(
      '個体識別番号,名号,性別,生年月日\n0812345675,あかね,雌,2024-01-01\n0812345683,さくら,雌,2024-02-01\n',
    );
    const preview = await send(farmer, file, true);
    expect(preview.status).toBe(200);
    expect(preview.json.data.rows[0].errors).toEqual([
      {
        field: 'identificationNumber',
        message: '2行目: この個体識別番号の牛はゴミ箱にあります（復元できます）',
        value: '0812345675',
      },
    ]);
    expect(preview.json.data.summary).toMatchObject({ rows: 2, create: 1, errors: 1 });
    const refused = await send(farmer, file, false);
    expect(refused.status).toBe(400);
    expect(await countOf(farmer, 'cattle')).toBe(0);
  });

  it('refuses more than 5,000 rows with 400 and more than 2 MB with 413', async () => {
    const farmer = await signUp();
    const rows = Array.from({ length: 5001 }, (_, i) => `${String(812000000 + i).padStart(10, '0')},雌`).join('\n');
    const many = await send(farmer, utf8(`個体識別番号,性別\n${rows}\n`), true);
    expect(many.status).toBe(400);
    expect(many.json.error.message).toBe('行数が多すぎます（5,000行まで）');
    const big = await send(farmer, new Uint8Array(2 * 1024 * 1024 + 1).fill(0x41), true);
    expect(big.status).toBe(413);
    expect(big.json.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'ファイルが大きすぎます（2MBまで）' });
  });
});

describe('POST /imports/cattle: who may import', () => {
  it('needs a token, refuses a viewer, and writes into the chosen farm only', async () => {
    expect((await api('/imports/cattle', { method: 'POST', body: utf8(NLBC_SAMPLE) })).status).toBe(401);
    const owner = await signUp();
    const viewer = await signUp();
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'viewer')")
      .bind(owner.farmId, viewer.userId)
      .run();
    const refused = await send(viewer, utf8(NLBC_SAMPLE), false, { 'X-Farm-Id': String(owner.farmId) });
    expect(refused.status).toBe(403);
    const outsider = await signUp();
    const other = await send(outsider, utf8(NLBC_SAMPLE), false, { 'X-Farm-Id': String(owner.farmId) });
    expect(other.status).toBe(403);
    expect(await countOf(owner, 'cattle')).toBe(0);
  });
});
