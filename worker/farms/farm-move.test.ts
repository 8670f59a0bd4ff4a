import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { FarmMoveError, farmTables, moveFarm, undoMove } from '../../scripts/farm-move-core.mjs';
import { forgetKeptAccess } from '../auth/farm-access';
import { runDawnFarm } from '../dawn/daily';
import { farmDb } from '../db/client';
import { seedDemoHerd } from '../dev/demo-farm';
import { todayJst } from '../domain/calendar';
import { api, signUp, testEnv } from '../test/api';

/**
 * Moving a farm between shards with its ids (docs/product.md §24, decision 055): the demo herd's farm moves to the
 * other shard and back; every GET of the farm answers the same before and after, its writes answer 503 while it
 * moves and its reads go on, another farm is untouched, a move stopped midway is finished (or undone) by the next
 * run, and a farm whose ids come from a higher shard's range is not moved down.
 */
type Member = Awaited<ReturnType<typeof signUp>>;
const as = (user: Member) => ({ token: user.token, headers: { 'X-Farm-Id': String(user.farmId) } });
const shards = [env.FARM_DB_0, env.FARM_DB_1];
const directory = env.DB;
/** What the script waits out (other isolates' kept answers, ACCESS_CACHE_MS): here, this isolate's, at once. */
const settle = async () => forgetKeptAccess();

let farm: Member;
let neighbour: Member;
let cow: number;

const shardOf = async (farmId: number) =>
  (await directory.prepare('SELECT shard, moving_to FROM farms WHERE id = ?').bind(farmId).first<{
    shard: number;
    moving_to: number | null;
  }>()) as { shard: number; moving_to: number | null };

/** Every row of the farm on a shard, table by table (counts). */
async function rowsOn(db: D1Database, farmId: number) {
  const out: Record<string, number> = {};
  for (const table of await farmTables(db)) {
    const row = await db
      .prepare(`SELECT count(*) AS n FROM "${table.name}" WHERE ${table.where}`)
      .bind(farmId)
      .first<{ n: number }>();
    if (row?.n) out[table.name] = row.n;
  }
  return out;
}

/** What the farm's screens read: every list and figure, one animal's page, and the whole backup. */
async function everyGet(member: Member, animal: number | null = cow) {
  const paths = [
    '/cattle?limit=100',
    '/cattle/roster',
    '/cattle/status-counts',
    ...(animal === null ? [] : [`/cattle/${animal}`, `/cattle/${animal}/status-history`, `/events/cattle/${animal}`]),
    '/events/schedule',
    '/alerts?limit=100',
    // A page that ends mid-list: its cursor names the last alert, which must still name it after the move.
    '/alerts?limit=3',
    '/home',
    '/kpi/breeding',
    '/kpi/breeding/trends',
    // Keeps a drill-down period (decision 057): its rows move with the farm.
    '/kpi/breeding/cattle?limit=100',
    '/shipments',
    '/shipments/plans',
    '/shipments/price-stats',
    '/shipments/sire-stats',
    '/shipments/mothers/list',
    '/filings',
    '/programmes',
    '/tasks',
    '/audit',
    '/trash',
    `/farms/${member.farmId}/backup`,
  ];
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const res = await api(path, as(member));
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    const { exportedAt: _, ...body } = res.json as Record<string, unknown>;
    out[path] = body;
  }
  return out;
}

const other = (n: number) => 1 - n;

beforeAll(async () => {
  farm = await signUp({ name: '移 太郎' });
  neighbour = await signUp({ name: '隣 花子' });
  const db = await farmDb(testEnv, farm.farmId);
  await seedDemoHerd(
    { db, farmId: farm.farmId, userId: farm.userId, userName: '移 太郎', actor: String(farm.userId) },
    todayJst(),
  );
  const herd = await api('/cattle?limit=1', as(farm));
  cow = herd.json.data.results[0].cattleId;
  const res = await api('/cattle', {
    method: 'POST',
    ...as(neighbour),
    body: {
      identificationNumber: 1_333_333_337,
      name: 'となりの牛',
      gender: '雌',
      growthStage: 'GROWING',
      birthday: '2024-01-01',
    },
  });
  expect(res.status).toBe(201);
}, 600_000);

describe('npm run farm:move', () => {
  it('moves a farm to the other shard and back with its ids; every GET answers the same', async () => {
    const { shard: home } = await shardOf(farm.farmId);
    const before = await everyGet(farm);
    const rowsBefore = await rowsOn(shards[home], farm.farmId);
    const neighbourBefore = await everyGet(neighbour, null);
    expect(rowsBefore.cattle).toBeGreaterThan(50);
    expect(rowsBefore.events).toBeGreaterThan(100);
    expect(rowsBefore.kpi_cow_rows).toBeGreaterThan(0);

    // Another farm's alerts and shipments already on the target shard: the moved rows take other rowids there than
    // at home, and nothing the farm answers may depend on a rowid.
    const target = shards[other(home)];
    const spacer = await target
      .prepare("INSERT INTO cattle (farm_id, created_by, gender) VALUES (999999, 1, '雌') RETURNING cattle_id")
      .first<{ cattle_id: number }>();
    const stamp = '2026-11-01T00:00:00.000Z';
    await target.batch(
      ['s1', 's2', 's3', 's4', 's5'].flatMap((id) => [
        target
          .prepare(
            `INSERT INTO alerts (id, farm_id, type, severity, status, cattle_id, due_at, message, created_by, created_at, updated_at)
             VALUES (?, 999999, 'ESTRUS_EXPECTED', 'high', 'active', ?, NULL, '別の牧場', 1, ?, ?)`,
          )
          .bind(id, spacer?.cattle_id, stamp, stamp),
        target
          .prepare(
            `INSERT INTO shipments (shipment_id, cattle_id, farm_id, created_by, shipment_date, price, created_at, updated_at)
             VALUES (?, ?, 999999, 1, '2026-10-01', 1, ?, ?)`,
          )
          .bind(`spacer-${id}`, spacer?.cattle_id, stamp, stamp),
      ]),
    );

    const there = await moveFarm({ directory, shards, settle, farmId: farm.farmId, to: other(home) });
    expect(there).toMatchObject({ from: home, to: other(home), already: false });
    expect(there.copied?.events).toBe(rowsBefore.events);
    expect(await shardOf(farm.farmId)).toEqual({ shard: other(home), moving_to: null });
    expect(await rowsOn(shards[other(home)], farm.farmId)).toEqual(rowsBefore);
    expect(await rowsOn(shards[home], farm.farmId)).toEqual({});
    expect(await everyGet(farm)).toEqual(before);
    expect(await everyGet(neighbour, null)).toEqual(neighbourBefore);

    const back = await moveFarm({ directory, shards, settle, farmId: farm.farmId, to: home });
    expect(back).toMatchObject({ from: other(home), to: home });
    expect(await rowsOn(shards[home], farm.farmId)).toEqual(rowsBefore);
    expect(await rowsOn(shards[other(home)], farm.farmId)).toEqual({});
    expect(await everyGet(farm)).toEqual(before);
    // Moving to where it is does nothing.
    expect(await moveFarm({ directory, shards, settle, farmId: farm.farmId, to: home })).toMatchObject({
      already: true,
    });
  }, 300_000);

  it('answers the moving farm’s writes 503 with Retry-After and keeps its reads; another farm writes on', async () => {
    const { shard: home } = await shardOf(farm.farmId);
    const seen: Record<string, unknown> = {};
    await moveFarm({
      directory,
      shards,
      farmId: farm.farmId,
      to: other(home),
      settle: async () => {
        forgetKeptAccess();
        if (seen.write) return;
        const fresh = farm;
        const write = await api(`/cattle/${cow}`, { method: 'PATCH', ...as(fresh), body: { notes: '移動中のメモ' } });
        seen.write = [write.status, write.json.error.code, write.json.error.message, write.headers.get('Retry-After')];
        seen.read = (await api(`/cattle/${cow}`, as(fresh))).status;
        const elsewhere = await api('/cattle', {
          method: 'POST',
          ...as(neighbour),
          body: {
            identificationNumber: 1_444_444_446,
            name: '隣の子',
            gender: '雌',
            growthStage: 'CALF',
            birthday: '2026-10-01',
          },
        });
        seen.elsewhere = elsewhere.status;
        seen.dawn = await runDawnFarm(testEnv, farm.farmId, todayJst());
      },
    });
    expect(seen.write).toEqual([503, 'FARM_MOVING', 'この牧場はただいま移動中です（数分で戻ります）', '120']);
    expect(seen.read).toBe(200);
    expect(seen.elsewhere).toBe(201);
    expect(seen.dawn).toEqual({ outcome: 'busy', retryInMs: 120_000 });
    const after = await api(`/cattle/${cow}`, { method: 'PATCH', ...as(farm), body: { notes: '移動後のメモ' } });
    expect(after.status).toBe(200);
    await moveFarm({ directory, shards, settle, farmId: farm.farmId, to: home });
  }, 300_000);

  it('finishes a move stopped midway on the next run, and leaves nothing behind', async () => {
    const { shard: home } = await shardOf(farm.farmId);
    const before = await everyGet(farm);
    const rowsBefore = await rowsOn(shards[home], farm.farmId);
    const stop = async (table: string, copied: number) => {
      if (table === 'events' && copied >= 500) throw new Error('killed');
    };
    await expect(
      moveFarm({ directory, shards, settle, farmId: farm.farmId, to: other(home), afterBatch: stop }),
    ).rejects.toThrow('killed');
    // Stopped: still on its shard, writes paused, part of the copy on the other shard.
    expect(await shardOf(farm.farmId)).toEqual({ shard: home, moving_to: other(home) });
    const partial = await rowsOn(shards[other(home)], farm.farmId);
    expect(partial.events).toBeGreaterThanOrEqual(500);
    expect(partial.events).toBeLessThan(rowsBefore.events);
    expect((await api(`/cattle/${cow}`, { method: 'PATCH', ...as(farm), body: { notes: 'x' } })).status).toBe(503);
    expect(await everyGet(farm)).toEqual(before);
    // Another target is refused while this move is unfinished; the same run again finishes it.
    await expect(moveFarm({ directory, shards, settle, farmId: farm.farmId, to: home })).rejects.toThrow(FarmMoveError);
    await moveFarm({ directory, shards, settle, farmId: farm.farmId });
    expect(await shardOf(farm.farmId)).toEqual({ shard: other(home), moving_to: null });
    expect(await rowsOn(shards[other(home)], farm.farmId)).toEqual(rowsBefore);
    expect(await rowsOn(shards[home], farm.farmId)).toEqual({});
    expect(await everyGet(farm)).toEqual(before);
    await moveFarm({ directory, shards, settle, farmId: farm.farmId, to: home });
  }, 300_000);

  it('undoes a move stopped before its switch: the copy is deleted and writes open again', async () => {
    const { shard: home } = await shardOf(farm.farmId);
    const rowsBefore = await rowsOn(shards[home], farm.farmId);
    await expect(
      moveFarm({
        directory,
        shards,
        farmId: farm.farmId,
        to: other(home),
        afterBatch: (table) => {
          if (table === 'cattle') throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await undoMove({ directory, shards, farmId: farm.farmId })).toEqual({ farmId: farm.farmId, undone: true });
    expect(await shardOf(farm.farmId)).toEqual({ shard: home, moving_to: null });
    expect(await rowsOn(shards[other(home)], farm.farmId)).toEqual({});
    expect(await rowsOn(shards[home], farm.farmId)).toEqual(rowsBefore);
    expect((await api(`/cattle/${cow}`, { method: 'PATCH', ...as(farm), body: { notes: '戻った' } })).status).toBe(200);
  }, 300_000);

  it('moves a farm with the higher shard’s ids down; new ids on both shards stay unique', async () => {
    // The neighbour's farm, on shard 1 (moved there if it is on shard 0), is given an animal there: shard 1's id.
    if ((await shardOf(neighbour.farmId)).shard === 0)
      await moveFarm({ directory, shards, settle, farmId: neighbour.farmId, to: 1 });
    const cow = (member: Member, identificationNumber: number) =>
      api('/cattle', {
        method: 'POST',
        ...as(member),
        body: {
          identificationNumber,
          name: `牛${identificationNumber}`,
          gender: '雌',
          growthStage: 'CALF',
          birthday: '2026-10-02',
        },
      });
    const high = await cow(neighbour, 1_555_555_554);
    expect(high.status).toBe(201);
    expect(high.json.data.cattleId).toBeGreaterThanOrEqual(10 ** 12);
    // A third farm stays on shard 1 and goes on adding animals there.
    let stay = await signUp({ name: '残 三郎' });
    while ((await shardOf(stay.farmId)).shard !== 1) stay = await signUp({ name: '残 三郎' });

    await moveFarm({ directory, shards, settle, farmId: neighbour.farmId, to: 0 });
    expect(await shardOf(neighbour.farmId)).toEqual({ shard: 0, moving_to: null });
    expect((await api(`/cattle/${high.json.data.cattleId}`, as(neighbour))).json.data.name).toBe('牛1555555554');

    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const down = await cow(neighbour, 1_600_000_000 + i * 11);
      const up = await cow(stay, 1_700_000_000 + i * 11);
      expect([down.status, up.status]).toEqual([201, 201]);
      ids.push(down.json.data.cattleId, up.json.data.cattleId);
    }
    expect(new Set(ids).size).toBe(6);
    // Shard 0 now takes ids from a block above every id shard 1 had given; shard 1 goes on above that block.
    expect(ids[0]).toBeGreaterThan(high.json.data.cattleId);
    expect(ids[1]).toBeGreaterThan(ids[0] + 10 ** 9 - 10);
    await expect(moveFarm({ directory, shards, settle, farmId: neighbour.farmId, to: 5 })).rejects.toThrow(
      'shard 5 is not bound',
    );
  }, 300_000);
});
