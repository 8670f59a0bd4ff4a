import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { shardOf } from '../test/shards';

type Member = Awaited<ReturnType<typeof signUp>>;
let identification = 1_495_000_000;
const today = todayJst();
const at = (offset: number) => `${addDays(today, offset)}T10:00:00+09:00`;

let owner: Member;
let viewer: Member;
let neighbour: Member;

const call = (
  who: Member | null,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  api(path, {
    method: init.method ?? 'GET',
    token: who?.token,
    body: init.body,
    headers: { ...(who === viewer ? { 'X-Farm-Id': String(owner.farmId) } : {}), ...init.headers },
  });
const bulk = (who: Member | null, body: unknown, headers: Record<string, string> = {}) =>
  call(who, '/events/bulk', { method: 'POST', body, headers });

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
      birthday: addDays(today, -300),
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}

const countEvents = async (farmId: number, type: string) =>
  (
    await (
      await shardOf(farmId)
    )
      .prepare('SELECT count(*) AS n FROM events WHERE farm_id = ? AND event_type = ?')
      .bind(farmId, type)
      .first<{ n: number }>()
  )?.n;

beforeAll(async () => {
  [owner, viewer, neighbour] = await Promise.all([signUp(), signUp(), signUp()]);
  await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
    .bind(owner.farmId, viewer.userId, 'viewer')
    .run();
});

describe('POST /events/bulk (§26)', () => {
  it('vaccinates three animals in one record: one event each, with its withdrawal and its audit row', async () => {
    const cows = [await createCow(owner, 'はな'), await createCow(owner, 'ゆり'), await createCow(owner, 'すず')];
    const res = await bulk(owner, {
      cattleIds: cows,
      eventType: 'VACCINATION',
      eventDatetime: at(0),
      details: { product: '５種混合', withdrawalMeatDays: 30 },
    });
    expect(res.status).toBe(201);
    expect(res.json.data.created).toBe(3);
    expect(res.json.data.eventIds).toHaveLength(3);
    const shard = await shardOf(owner.farmId);
    const rows = await shard
      .prepare(`SELECT e.cattle_id, e.details, bs.withdrawal_meat_until AS meat FROM events e
        JOIN breeding_status bs ON bs.cattle_id = e.cattle_id WHERE e.event_id IN (?, ?, ?) ORDER BY e.event_id`)
      .bind(...res.json.data.eventIds)
      .all<{ cattle_id: number; details: string; meat: string }>();
    expect(rows.results.map((r) => r.cattle_id)).toEqual(cows);
    // NFKC (§18): '５種混合' → '5種混合'; today + 30 days is each animal's meat withdrawal end.
    expect(rows.results.map((r) => JSON.parse(r.details).product)).toEqual(['5種混合', '5種混合', '5種混合']);
    expect(rows.results.map((r) => r.meat)).toEqual(Array(3).fill(addDays(today, 30)));
    const audit = await shard
      .prepare(
        "SELECT entity_id FROM audit_log WHERE farm_id = ? AND entity = 'event' AND action = 'create' ORDER BY id DESC LIMIT 3",
      )
      .bind(owner.farmId)
      .all<{ entity_id: string }>();
    expect(audit.results.map((r) => Number(r.entity_id)).sort()).toEqual([...res.json.data.eventIds].sort());
  });

  it('is all or nothing: an animal the rules refuse is named, and nothing is written', async () => {
    const alive = await createCow(owner, 'あお');
    const dead = await createCow(owner, 'しおり');
    await call(owner, '/events', {
      method: 'POST',
      body: { cattleId: dead, eventType: 'DEATH', eventDatetime: at(-5) },
    });
    const tag = (await call(owner, `/cattle/${dead}`)).json.data.earTagNumber;
    const before = await countEvents(owner.farmId, 'HOOF_TRIMMING');
    const res = await bulk(owner, { cattleIds: [alive, dead], eventType: 'HOOF_TRIMMING', eventDatetime: at(0) });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(new RegExp(`^${tag} しおり：`));
    expect(await countEvents(owner.farmId, 'HOOF_TRIMMING')).toBe(before);
  });

  it('weighs each animal with its own weight; one missing is named', async () => {
    const [a, b] = [await createCow(owner, 'おも'), await createCow(owner, 'かる')];
    const res = await bulk(owner, {
      cattleIds: [a, b],
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: at(0),
      perAnimal: { [a]: { weightKg: '３１０．５' }, [b]: { weightKg: 298 } },
    });
    expect(res.status).toBe(201);
    expect((await call(owner, `/cattle/${a}`)).json.data.weight).toBe(310.5);
    expect((await call(owner, `/cattle/${b}`)).json.data.weight).toBe(298);
    const missing = await bulk(owner, {
      cattleIds: [a, b],
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: at(0),
      perAnimal: { [a]: { weightKg: 311 } },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toMatch(/かる：体重を入力してください$/);
  });

  it('refuses a type a group cannot record, no animals, both a pen and ids, a viewer, no session', async () => {
    const cow = await createCow(owner, 'だめ');
    const refused = await bulk(owner, { cattleIds: [cow], eventType: 'INSEMINATION', eventDatetime: at(0) });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe('この種類はまとめて記録できません');
    const none = await bulk(owner, { cattleIds: [], eventType: 'OTHER', eventDatetime: at(0) });
    expect(none.json.error.message).toBe('牛を1〜500頭選ぶか、牛房を選んでください');
    const tooMany = await bulk(owner, {
      cattleIds: Array.from({ length: 501 }, (_, i) => i + 1),
      eventType: 'OTHER',
      eventDatetime: at(0),
    });
    expect(tooMany.json.error.message).toBe('牛を1〜500頭選ぶか、牛房を選んでください');
    expect((await bulk(owner, { cattleIds: [cow], penId: 1, eventType: 'OTHER', eventDatetime: at(0) })).status).toBe(
      400,
    );
    expect((await bulk(viewer, { cattleIds: [cow], eventType: 'OTHER', eventDatetime: at(0) })).status).toBe(403);
    expect((await bulk(null, { cattleIds: [cow], eventType: 'OTHER', eventDatetime: at(0) })).status).toBe(401);
    // Another farm's animal: 404, nothing written.
    const theirs = await createCow(neighbour, 'となり');
    const other = await bulk(owner, { cattleIds: [cow, theirs], eventType: 'OTHER', eventDatetime: at(0) });
    expect(other.status).toBe(404);
    expect(await countEvents(neighbour.farmId, 'OTHER')).toBe(0);
  });

  it('records on a pen’s animals, and moves animals to another pen with the pen each came from', async () => {
    const pen = (await call(owner, '/pens', { method: 'POST', body: { name: '群1' } })).json.data.id;
    const next = (await call(owner, '/pens', { method: 'POST', body: { name: '群2' } })).json.data.id;
    const cows = [await createCow(owner, 'p1'), await createCow(owner, 'p2'), await createCow(owner, 'p3')];
    const moved = await bulk(owner, {
      cattleIds: cows,
      eventType: 'MOVE_PEN',
      eventDatetime: at(-1),
      details: { toPenId: pen },
    });
    expect(moved.status).toBe(201);
    expect((await call(owner, `/pens/${pen}`)).json.data.headCount).toBe(3);
    const vaccinated = await bulk(owner, { penId: pen, eventType: 'VACCINATION', eventDatetime: at(0) });
    expect(vaccinated.json.data.created).toBe(3);
    const onward = await bulk(owner, {
      cattleIds: cows.slice(0, 2),
      eventType: 'MOVE_PEN',
      eventDatetime: at(0),
      details: { toPenId: next },
    });
    expect(onward.status).toBe(201);
    const event = (await call(owner, `/events/${onward.json.data.eventIds[0]}`)).json.data;
    expect(event.details).toEqual({ toPenId: next, fromPenId: pen });
    expect((await call(owner, `/pens/${pen}`)).json.data.headCount).toBe(1);
    expect((await call(owner, `/pens/${next}`)).json.data.headCount).toBe(2);
    const empty = (await call(owner, '/pens', { method: 'POST', body: { name: '空' } })).json.data.id;
    expect((await bulk(owner, { penId: empty, eventType: 'OTHER', eventDatetime: at(0) })).json.error.message).toBe(
      'この牛房に牛がいません',
    );
  });

  it('replays the same Idempotency-Key without writing again', async () => {
    const cows = [await createCow(owner, 'r1'), await createCow(owner, 'r2')];
    const body = { cattleIds: cows, eventType: 'DIAGNOSIS', eventDatetime: at(0) };
    const key = { 'Idempotency-Key': `bulk-${Date.now()}` };
    const first = await bulk(owner, body, key);
    const again = await bulk(owner, body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await countEvents(owner.farmId, 'DIAGNOSIS')).toBe(2);
  });

  it('records 500 animals in at most 4 D1 round trips with its Idempotency-Key (less the session check)', async () => {
    const farmer = await signUp();
    const shard = await shardOf(farmer.farmId);
    // 500 animals registered directly (the herd's setup is not under test).
    const base = 1_497_000_000;
    for (let chunk = 0; chunk < 500; chunk += 100) {
      await shard.batch(
        Array.from({ length: 100 }, (_, i) =>
          shard
            .prepare(
              `INSERT INTO cattle (farm_id, created_by, identification_number, ear_tag_number, name, gender, growth_stage, breed, status)
               VALUES (?, ?, ?, ?, ?, '雌', 'GROWING', '黒毛和種', 'HEALTHY')`,
            )
            .bind(
              farmer.farmId,
              farmer.userId,
              String(base + chunk + i),
              String(chunk + i).padStart(4, '0'),
              `牛${chunk + i}`,
            ),
        ),
      );
    }
    const ids = (
      await shard
        .prepare('SELECT cattle_id FROM cattle WHERE farm_id = ? ORDER BY cattle_id')
        .bind(farmer.farmId)
        .all<{ cattle_id: number }>()
    ).results.map((r) => r.cattle_id);
    expect(ids).toHaveLength(500);
    await api('/health', { method: 'POST' });
    const res = await api('/events/bulk', {
      method: 'POST',
      token: farmer.token,
      body: { cattleIds: ids, eventType: 'VACCINATION', eventDatetime: at(0), details: { product: 'BVD' } },
      headers: { 'Idempotency-Key': `bulk-500-${Date.now()}` },
      env: { BENCH_COUNT_D1: '1' } as never,
    });
    expect(res.status).toBe(201);
    expect(res.json.data.created).toBe(500);
    // Claim the key, read the 500 contexts, write them in one batch, store the answer: 4, and the session's check.
    expect(Number(res.headers.get('X-D1-Queries')) - 1).toBeLessThanOrEqual(4);
    expect(await countEvents(farmer.farmId, 'VACCINATION')).toBe(500);
  });
});
