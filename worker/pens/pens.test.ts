import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { shardOf } from '../test/shards';

type Member = Awaited<ReturnType<typeof signUp>>;
let identification = 1_490_000_000;
const today = todayJst();
const at = (offset: number) => `${addDays(today, offset)}T10:00:00+09:00`;

/** A call as `who`; the owner's staff and viewer act on the owner's farm. */
const call = (who: Member | null, path: string, init: { method?: string; body?: unknown } = {}) => {
  const farm = who && (who === staff || who === viewer) ? owner.farmId : undefined;
  return api(path, {
    method: init.method ?? 'GET',
    token: who?.token,
    body: init.body,
    headers: farm ? { 'X-Farm-Id': String(farm) } : {},
  });
};

async function join(who: Member, farmId: number, role: 'staff' | 'viewer') {
  await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
    .bind(farmId, who.userId, role)
    .run();
}

async function createCow(who: Member, name: string, extra: Record<string, unknown> = {}) {
  const res = await call(who, '/cattle', {
    method: 'POST',
    body: {
      name,
      identificationNumber: ++identification,
      earTagNumber: String(identification % 10000).padStart(4, '0'),
      gender: '雌',
      growthStage: 'GROWING',
      breed: '黒毛和種',
      birthday: addDays(today, -400),
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}

async function createPen(who: Member, body: Record<string, unknown>) {
  const res = await call(who, '/pens', { method: 'POST', body });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.id as number;
}

const move = (who: Member, cattleId: number, toPenId: number, offset = 0) =>
  call(who, '/events', {
    method: 'POST',
    body: { cattleId, eventType: 'MOVE_PEN', eventDatetime: at(offset), details: { toPenId } },
  });

async function penOf(cattleId: number) {
  return (
    await (await shardOf(owner.farmId)).prepare('SELECT pen_id FROM cattle WHERE cattle_id = ?').bind(cattleId).first<{
      pen_id: number | null;
    }>()
  )?.pen_id;
}

let owner: Member;
let staff: Member;
let viewer: Member;
let neighbour: Member;

beforeAll(async () => {
  [owner, staff, viewer, neighbour] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
  await Promise.all([join(staff, owner.farmId, 'staff'), join(viewer, owner.farmId, 'viewer')]);
});

describe('pens (§26)', () => {
  it('creates, lists, renames and deletes a pen; a new farm has none', async () => {
    expect((await call(owner, '/pens')).json.data).toEqual([]);
    const created = await call(owner, '/pens', {
      method: 'POST',
      body: { name: '　１番 ', barn: '北棟', capacity: '２０', sortOrder: 1 },
    });
    expect(created.status).toBe(201);
    // NFKC and trimmed (§18): '　１番 ' → '1番'; a number sent as full-width text is read as a number.
    expect(created.json.data).toMatchObject({ name: '1番', barn: '北棟', capacity: 20, sortOrder: 1, headCount: 0 });
    const id = created.json.data.id;
    const renamed = await call(staff, `/pens/${id}`, { method: 'PATCH', body: { name: '育成1', capacity: null } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data).toMatchObject({ id, name: '育成1', capacity: null, stages: {} });
    expect((await call(viewer, '/pens')).json.data.map((p: { name: string }) => p.name)).toContain('育成1');
    expect((await call(owner, `/pens/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(owner, `/pens/${id}`)).status).toBe(404);
    const audit = await (await shardOf(owner.farmId))
      .prepare("SELECT action FROM audit_log WHERE entity = 'pen' AND entity_id = ? ORDER BY id")
      .bind(String(id))
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a second pen of the same name after normalisation (409), also two at once', async () => {
    await createPen(owner, { name: 'Ａ棟１' });
    const again = await call(owner, '/pens', { method: 'POST', body: { name: 'A棟1' } });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'DUPLICATE_PEN_NAME', message: 'この名前の牛房はすでにあります' });
    const other = await createPen(owner, { name: 'B1' });
    expect((await call(owner, `/pens/${other}`, { method: 'PATCH', body: { name: 'Ａ棟1' } })).status).toBe(409);
    const both = await Promise.all([0, 1].map(() => call(owner, '/pens', { method: 'POST', body: { name: '同時' } })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    // Another farm may have a pen of that name.
    expect((await call(neighbour, '/pens', { method: 'POST', body: { name: 'A棟1' } })).status).toBe(201);
  });

  it('refuses bad input with the documented messages (400)', async () => {
    const bad = async (body: unknown) => (await call(owner, '/pens', { method: 'POST', body })).json.error.message;
    expect(await bad({ name: '' })).toBe('牛房の名前は1〜30文字で入力してください');
    expect(await bad({ name: 'x'.repeat(31) })).toBe('牛房の名前は1〜30文字で入力してください');
    expect(await bad({ name: 'C', capacity: 0 })).toBe('定員は1〜500の整数で入力してください');
    expect(await bad({ name: 'C', capacity: 501 })).toBe('定員は1〜500の整数で入力してください');
    expect(await bad({ name: 'C', barn: 'x'.repeat(31) })).toBe('棟は1〜30文字で入力してください');
    expect((await call(owner, '/pens/1', { method: 'PATCH', body: {} })).json.error.message).toBe(
      '更新する項目を指定してください',
    );
    expect((await call(owner, '/pens/abc')).status).toBe(400);
  });

  it('lets owners and staff write, viewers read; 401 without a session; another farm’s pen is 404', async () => {
    expect((await call(viewer, '/pens', { method: 'POST', body: { name: '閲覧' } })).status).toBe(403);
    expect((await call(staff, '/pens', { method: 'POST', body: { name: 'スタッフ' } })).status).toBe(201);
    expect((await call(null, '/pens')).status).toBe(401);
    const mine = await createPen(owner, { name: '隣に見えない' });
    expect((await call(neighbour, `/pens/${mine}`)).status).toBe(404);
    expect((await call(neighbour, `/pens/${mine}`, { method: 'PATCH', body: { name: 'x' } })).status).toBe(404);
    expect((await call(neighbour, `/pens/${mine}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(viewer, `/pens/${mine}`, { method: 'DELETE' })).status).toBe(403);
  });
});

describe('MOVE_PEN: where an animal is (§26)', () => {
  it('a move sets the pen with the pen it came from; deleting it restores the pen before', async () => {
    const first = await createPen(owner, { name: '移動1', capacity: 10 });
    const second = await createPen(owner, { name: '移動2' });
    const cow = await createCow(owner, 'しおり');
    const one = await move(owner, cow, first, -2);
    expect(one.status).toBe(201);
    expect(one.json.data.details).toEqual({ toPenId: first, fromPenId: null });
    const two = await move(staff, cow, second, -1);
    expect(two.json.data.details).toEqual({ toPenId: second, fromPenId: first });
    expect(await penOf(cow)).toBe(second);
    const detail = await call(owner, `/cattle/${cow}`);
    expect(detail.json.data).toMatchObject({ penId: second, pen: { id: second, name: '移動2' } });
    // GET /pens counts it in its pen by stage.
    const pens = (await call(owner, '/pens')).json.data;
    expect(pens.find((p: { id: number }) => p.id === second)).toMatchObject({ headCount: 1, stages: { GROWING: 1 } });
    expect(pens.find((p: { id: number }) => p.id === first)).toMatchObject({ headCount: 0, stages: {} });
    // A pen with animals cannot be deleted.
    const refused = await call(owner, `/pens/${second}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('牛がいる牛房は削除できません');
    // Deleting the last move puts her back where it took her from; deleting the first leaves her in no pen.
    expect((await call(owner, `/events/${two.json.data.eventId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await penOf(cow)).toBe(first);
    expect((await call(owner, `/events/${one.json.data.eventId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await penOf(cow)).toBeNull();
    expect((await call(owner, `/pens/${second}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses a move to a pen that is not the farm’s (400 on details.toPenId)', async () => {
    const cow = await createCow(owner, 'みどり');
    const theirs = (await call(neighbour, '/pens', { method: 'POST', body: { name: '隣の牛房' } })).json.data.id;
    const res = await move(owner, cow, theirs);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field: 'details.toPenId', message: '指定された牛房が見つかりません' });
    expect((await move(owner, cow, 0)).json.error.message).toBe('移動先の牛房を選んでください');
  });

  it('a dead animal leaves its pen; the death deleted puts her back', async () => {
    const pen = await createPen(owner, { name: '死亡' });
    const cow = await createCow(owner, 'さくら');
    await move(owner, cow, pen, -3);
    const death = await call(owner, '/events', {
      method: 'POST',
      body: { cattleId: cow, eventType: 'DEATH', eventDatetime: at(-1) },
    });
    expect(death.status).toBe(201);
    expect(await penOf(cow)).toBeNull();
    expect((await call(owner, `/events/${death.json.data.eventId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await penOf(cow)).toBe(pen);
  });
});

describe('the herd list by pen (§26)', () => {
  it('filters by penId (and none) and sorts by pen order', async () => {
    const farmer = await signUp();
    const b = await createPen(farmer, { name: 'B', sortOrder: 2 });
    const a = await createPen(farmer, { name: 'A', sortOrder: 1 });
    const [x, y, z] = [await createCow(farmer, 'x'), await createCow(farmer, 'y'), await createCow(farmer, 'z')];
    await move(farmer, x, b);
    await move(farmer, y, a);
    const inB = await call(farmer, `/cattle?penId=${b}`);
    expect(inB.json.data.results.map((r: { cattleId: number }) => r.cattleId)).toEqual([x]);
    expect(inB.json.data.results[0].pen).toEqual({ id: b, name: 'B' });
    expect(inB.json.data.totalCount).toBe(1);
    const none = await call(farmer, '/cattle?penId=none');
    expect(none.json.data.results.map((r: { cattleId: number }) => r.cattleId)).toEqual([z]);
    expect(none.json.data.results[0].pen).toBeNull();
    // By pen: A (order 1), B (order 2), then no pen; one per page, the cursor carries on.
    const page1 = await call(farmer, '/cattle?sortBy=pen&sortOrder=asc&limit=1');
    expect(page1.json.data.results.map((r: { cattleId: number }) => r.cattleId)).toEqual([y]);
    const page2 = await call(farmer, `/cattle?sortBy=pen&sortOrder=asc&limit=2&cursor=${page1.json.data.nextCursor}`);
    expect(page2.json.data.results.map((r: { cattleId: number }) => r.cattleId)).toEqual([x, z]);
    expect((await call(farmer, '/cattle?penId=abc')).json.error.message).toBe('penIdは牛房のIDかnoneです');
    // The export carries it: 状態 健康, 牛舎 empty, 牛房 B (§26).
    const csv = await call(farmer, '/cattle/export.csv');
    expect(csv.text.split('\r\n')[0]).toContain(',状態,牛舎,牛房,');
    expect(csv.text).toContain(',健康,,B,');
    // The roster carries the pen.
    const roster = await call(farmer, '/cattle/roster');
    expect(roster.json.data.find((r: { cattleId: number }) => r.cattleId === x).penId).toBe(b);
  });
});
