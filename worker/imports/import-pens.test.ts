import { describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { everyShard } from '../test/shards';
import { utf8 } from './fixtures/files';

/** The import's 牛房 column (docs/product.md §26): pens by name, made by the import, never another farm's. */
type Session = Awaited<ReturnType<typeof signUp>>;

const send = (session: Session, csv: string, query: string) =>
  api(`/imports/cattle?${query}`, {
    method: 'POST',
    token: session.token,
    body: utf8(csv),
    headers: { 'Content-Type': 'text/csv' },
  });

const pensOf = async (session: Session) =>
  (
    await everyShard
      .prepare('SELECT pen_id AS id, name, capacity FROM pens WHERE farm_id = ? ORDER BY pen_id')
      .bind(session.farmId)
      .all<{ id: number; name: string; capacity: number | null }>()
  ).results;

/** Each animal's number and the name of its pen (null: none). */
const placesOf = async (session: Session) =>
  (
    await everyShard
      .prepare(
        `SELECT c.identification_number AS id, p.name AS pen, c.pen_id AS penId FROM cattle c
        LEFT JOIN pens p ON p.pen_id = c.pen_id WHERE c.farm_id = ? ORDER BY c.identification_number`,
      )
      .bind(session.farmId)
      .all<{ id: string; pen: string | null; penId: number | null }>()
  ).results;

const createPen = async (session: Session, name: string) => {
  const res = await api('/pens', { method: 'POST', token: session.token, body: { name } });
  expect(res.status).toBe(201);
  return res.json.data.id as number;
};

const HERD = [
  '個体識別番号,性別,生年月日,牛房',
  '0812340017,雌,2025-04-02,１番',
  '0812340024,雌,2025-06-15,３番',
  '0812340031,雌,2025-03-10, 3番 ',
  '0812340048,去勢,2025-05-01,子牛2',
  '0812340055,雌,2025-01-20,',
].join('\n');

describe('POST /imports/cattle: the 牛房 column (§26)', () => {
  it('a dry run names the pens it would make and makes none; the import makes each once and puts the animals in', async () => {
    const farmer = await signUp();
    const one = await createPen(farmer, '1番');

    const preview = await send(farmer, HERD, 'dryRun=true');
    expect(preview.status).toBe(200);
    expect(preview.json.data.newPens).toEqual(['3番', '子牛2']);
    expect(preview.json.data.columns.map((c: { field: string | null }) => c.field)).toEqual([
      'identificationNumber',
      'gender',
      'birthday',
      'pen',
    ]);
    expect(preview.json.data.rows.map((r: any) => [r.values.pen ?? null, r.warnings])).toEqual([
      ['1番', []],
      ['3番', ['新しい牛房「3番」を作ります']],
      ['3番', []],
      ['子牛2', ['新しい牛房「子牛2」を作ります']],
      [null, []],
    ]);
    expect(await pensOf(farmer)).toEqual([{ id: one, name: '1番', capacity: null }]);
    expect((await placesOf(farmer)).length).toBe(0);

    const done = await send(farmer, HERD, 'dryRun=false');
    expect(done.status).toBe(200);
    expect(done.json.data).toMatchObject({ dryRun: false, newPens: ['3番', '子牛2'], summary: { create: 5 } });
    const pens = await pensOf(farmer);
    expect(pens.map((p) => p.name)).toEqual(['1番', '3番', '子牛2']);
    expect((await placesOf(farmer)).map((a) => [a.id, a.pen])).toEqual([
      ['0812340017', '1番'],
      ['0812340024', '3番'],
      ['0812340031', '3番'],
      ['0812340048', '子牛2'],
      ['0812340055', null],
    ]);
    // The pens screen counts them: 1 + 2 + 1 animals.
    const list = await api('/pens', { token: farmer.token });
    expect(list.json.data.map((p: any) => [p.name, p.headCount])).toEqual([
      ['1番', 1],
      ['3番', 2],
      ['子牛2', 1],
    ]);
    // Each pen the import made has its change-history row, as POST /pens writes one (1番 was made by POST /pens).
    const penAudit = async () =>
      (
        await everyShard
          .prepare(`SELECT entity_id AS id FROM audit_log WHERE farm_id = ? AND entity = 'pen' AND action = 'create'`)
          .bind(farmer.farmId)
          .all<{ id: string }>()
      ).results.map((r) => Number(r.id));
    expect((await penAudit()).sort()).toEqual(pens.map((p) => p.id).sort());

    // Again: no second pen, nothing changes; then a file that moves one animal to 1番 updates only it.
    const again = await send(farmer, HERD, 'dryRun=false');
    expect(again.json.data).toMatchObject({ newPens: [], summary: { create: 0, update: 0, unchanged: 5 } });
    expect((await pensOf(farmer)).length).toBe(3);
    const moved = await send(farmer, '個体識別番号,ペン\n0812340031,1番\n0812340024,3番', 'dryRun=false');
    expect(moved.json.data.summary).toMatchObject({ update: 1, unchanged: 1 });
    expect((await placesOf(farmer)).find((a) => a.id === '0812340031')?.pen).toBe('1番');
    expect((await pensOf(farmer)).length).toBe(3);
    // A pen the farm has is not made again, and has no second change-history row.
    expect((await penAudit()).length).toBe(3);
  });

  it('a name POST /pens refuses is that row’s 400, and nothing is written', async () => {
    const farmer = await signUp();
    const long = 'あ'.repeat(31);
    const res = await send(farmer, `個体識別番号,性別,牛房\n0812340017,雌,3番\n0812340024,雌,${long}`, 'dryRun=false');
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'IMPORT_INVALID', message: '取り込めない行があります' });
    expect(res.json.data.rows[1].errors).toEqual([
      { field: 'pen', message: '3行目: 牛房の名前は1〜30文字で入力してください', value: long },
    ]);
    expect(await pensOf(farmer)).toEqual([]);
    expect((await placesOf(farmer)).length).toBe(0);

    // Leaving the row out writes the other and its pen only.
    const skipped = await send(
      farmer,
      `個体識別番号,性別,牛房\n0812340017,雌,3番\n0812340024,雌,${long}`,
      'dryRun=false&skipInvalid=true',
    );
    expect(skipped.status).toBe(200);
    expect(skipped.json.data.summary).toMatchObject({ create: 1, skipped: 1 });
    expect((await pensOf(farmer)).map((p) => p.name)).toEqual(['3番']);
  });

  it('never matches another farm’s pen of the same name', async () => {
    const other = await signUp();
    const theirs = await createPen(other, '3番');
    const farmer = await signUp();
    const preview = await send(farmer, '個体識別番号,性別,牛房\n0812340017,雌,3番', 'dryRun=true');
    expect(preview.json.data.newPens).toEqual(['3番']);
    await send(farmer, '個体識別番号,性別,牛房\n0812340017,雌,3番', 'dryRun=false');
    const [mine] = await pensOf(farmer);
    expect(mine.name).toBe('3番');
    expect(mine.id).not.toBe(theirs);
    expect((await placesOf(farmer))[0].penId).toBe(mine.id);
    const theirList = await api('/pens', { token: other.token });
    expect(theirList.json.data).toMatchObject([{ id: theirs, name: '3番', headCount: 0 }]);
  });

  it('a pen deleted after the preview is made again, so no animal is left in a pen that is gone', async () => {
    const farmer = await signUp();
    const first = await createPen(farmer, '3番');
    const file = '個体識別番号,性別,牛房\n0812340017,雌,3番';
    expect((await send(farmer, file, 'dryRun=true')).json.data.newPens).toEqual([]);
    expect((await api(`/pens/${first}`, { method: 'DELETE', token: farmer.token })).status).toBe(204);
    const done = await send(farmer, file, 'dryRun=false');
    expect(done.json.data.newPens).toEqual(['3番']);
    const [made] = await pensOf(farmer);
    expect(made.id).not.toBe(first);
    expect((await placesOf(farmer))[0].penId).toBe(made.id);
  });
});
