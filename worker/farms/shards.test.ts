import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';

/**
 * Two farms on two shards (decision 034): each sees only its own data, and a member of both switches between them
 * with X-Farm-Id; every request reaches the one shard of the farm it names.
 */
type Session = Awaited<ReturnType<typeof signUp>>;
let north: Session;
let south: Session;
let vet: Session;
const cows: Record<'north' | 'south', number> = { north: 0, south: 0 };

const shardOfFarm = async (farmId: number) =>
  (await env.DB.prepare('SELECT shard FROM farms WHERE id = ?').bind(farmId).first<{ shard: number }>())?.shard;

const as = (session: Session, farmId: number) => ({ token: session.token, headers: { 'X-Farm-Id': String(farmId) } });

beforeAll(async () => {
  north = await signUp({ name: '北牧場' });
  south = await signUp({ name: '南牧場' });
  vet = await signUp({ name: '獣医' });
  await env.DB.batch(
    [north, south].map((farm) =>
      env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'staff')").bind(
        farm.farmId,
        vet.userId,
      ),
    ),
  );
  for (const [key, farm, identificationNumber] of [
    ['north', north, 1_111_111_119],
    ['south', south, 1_222_222_228],
  ] as const) {
    const res = await api('/cattle', {
      method: 'POST',
      token: farm.token,
      body: { identificationNumber, name: `${key}の牛`, gender: '雌', growthStage: 'GROWING', birthday: '2024-01-01' },
    });
    expect(res.status).toBe(201);
    cows[key] = res.json.data.cattleId;
  }
});

describe('farms on two shards', () => {
  it('puts the two farms on different shards, each animal’s row on its farm’s shard only', async () => {
    const [n, s] = [await shardOfFarm(north.farmId), await shardOfFarm(south.farmId)];
    expect(new Set([n, s])).toEqual(new Set([0, 1]));
    const shard = (i: number | undefined) => (i === 0 ? env.FARM_DB_0 : env.FARM_DB_1);
    const count = (db: D1Database, id: number) =>
      db.prepare('SELECT count(*) AS n FROM cattle WHERE cattle_id = ?').bind(id).first<number>('n');
    expect(await count(shard(n), cows.north)).toBe(1);
    expect(await count(shard(s), cows.north)).toBe(0);
    expect(await count(shard(s), cows.south)).toBe(1);
    expect(await count(shard(n), cows.south)).toBe(0);
  });

  it('lets each farm see only its own herd', async () => {
    const northHerd = await api('/cattle', { token: north.token });
    expect(northHerd.json.data.results.map((c: { cattleId: number }) => c.cattleId)).toEqual([cows.north]);
    const southHerd = await api('/cattle', { token: south.token });
    expect(southHerd.json.data.results.map((c: { cattleId: number }) => c.cattleId)).toEqual([cows.south]);
    // South's owner naming north's animal: 404 as for a missing one; naming north's farm: 403.
    expect((await api(`/cattle/${cows.north}`, { token: south.token })).status).toBe(404);
    expect((await api('/cattle', as(south, north.farmId))).status).toBe(403);
  });

  it('lets a member of both switch between them, each request on the farm it names', async () => {
    const onNorth = await api('/cattle', as(vet, north.farmId));
    expect(onNorth.json.data.results.map((c: { name: string }) => c.name)).toEqual(['northの牛']);
    const onSouth = await api('/cattle', as(vet, south.farmId));
    expect(onSouth.json.data.results.map((c: { name: string }) => c.name)).toEqual(['southの牛']);
    // An event on north's animal while south is the farm named: not found there, and nothing written anywhere.
    const crossed = await api('/events', {
      method: 'POST',
      ...as(vet, south.farmId),
      body: { cattleId: cows.north, eventType: 'ESTRUS', eventDatetime: '2026-11-20T06:00:00+09:00' },
    });
    expect(crossed.status).toBe(404);
    const recorded = await api('/events', {
      method: 'POST',
      ...as(vet, north.farmId),
      body: { cattleId: cows.north, eventType: 'ESTRUS', eventDatetime: '2026-11-20T06:00:00+09:00' },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.json.data.recordedBy).toMatchObject({ userId: vet.userId, userName: '獣医' });
    const events = await api(`/events?cattleId=${cows.north}`, as(vet, north.farmId));
    expect(events.json.data.results ?? events.json.data).toHaveLength(1);
  });

  it('answers with a D1 bookmark and reads the caller’s own write with it', async () => {
    const write = await api(`/cattle/${cows.south}`, {
      method: 'PATCH',
      ...as(vet, south.farmId),
      body: { barn: '第2牛舎' },
    });
    expect(write.status).toBe(200);
    const bookmark = write.headers.get('X-D1-Bookmark');
    const read = await api(`/cattle/${cows.south}`, {
      token: vet.token,
      headers: { 'X-Farm-Id': String(south.farmId), ...(bookmark ? { 'X-D1-Bookmark': bookmark } : {}) },
    });
    expect(read.status).toBe(200);
    expect(read.json.data.barn).toBe('第2牛舎');
  });
});

describe('ids across shards (§24)', () => {
  it('gives every farm-data row an id of its shard’s own range, so no two farms on two shards share one', async () => {
    // One user's farms until there is one on each shard, each with a cow and an event on her.
    const owner = await signUp({ name: '東 次郎' });
    const farmOn = new Map<number, number>([[(await shardOfFarm(owner.farmId)) as number, owner.farmId]]);
    while (farmOn.size < 2) {
      const farm = await api('/farms', { method: 'POST', token: owner.token, body: { name: `東牧場${farmOn.size}` } });
      farmOn.set((await shardOfFarm(farm.json.data.id)) as number, farm.json.data.id);
    }
    const cowIds: number[] = [];
    for (const [n, farmId] of farmOn) {
      const cow = await api('/cattle', {
        method: 'POST',
        ...as(owner, farmId),
        body: {
          identificationNumber: `133333333${n}`,
          name: `東の牛${n}`,
          gender: '雌',
          growthStage: 'GROWING',
          birthday: '2024-01-01',
        },
      });
      expect(cow.status, JSON.stringify(cow.json)).toBe(201);
      cowIds.push(cow.json.data.cattleId);
      const event = await api('/events', {
        method: 'POST',
        ...as(owner, farmId),
        body: { cattleId: cow.json.data.cattleId, eventType: 'ESTRUS', eventDatetime: '2026-01-10T09:00:00+09:00' },
      });
      expect(event.status).toBe(201);
    }
    expect(cowIds[0]).not.toBe(cowIds[1]);
    for (const [n, db] of [env.FARM_DB_0, env.FARM_DB_1].entries()) {
      const tables = await db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%' AND name <> 'd1_migrations' ORDER BY name",
        )
        .all<{ name: string }>();
      expect(tables.results.map((t) => t.name)).toEqual(
        expect.arrayContaining(['audit_log', 'cattle', 'events', 'tasks']),
      );
      for (const { name } of tables.results) {
        const range = await db
          .prepare(`SELECT min(rowid) AS low, max(rowid) AS high, count(*) AS rows FROM ${name}`)
          .first<{ low: number | null; high: number | null; rows: number }>();
        const next = await db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').bind(name).first<number>('seq');
        // The next id of every table lies in the shard's range, and every stored one too.
        expect(next ?? 0, `${name} on shard ${n}`).toBeGreaterThanOrEqual(n * 10 ** 12);
        expect(next ?? 0, `${name} on shard ${n}`).toBeLessThan((n + 1) * 10 ** 12);
        if (range?.rows) {
          expect(range.low as number, `${name} on shard ${n}`).toBeGreaterThan(n * 10 ** 12);
          expect(range.high as number, `${name} on shard ${n}`).toBeLessThan((n + 1) * 10 ** 12);
        }
      }
    }
  });
});
