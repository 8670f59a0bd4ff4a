import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { shardName, shardOf } from '../test/shards';

let owner: Awaited<ReturnType<typeof signUp>>;

async function service(cattleId: number, at: string, details: Record<string, unknown>) {
  const res = await api('/events', {
    method: 'POST',
    token: owner.token,
    body: { cattleId, eventType: 'INSEMINATION', eventDatetime: at, details },
  });
  expect(res.status, res.text).toBe(201);
}

beforeAll(async () => {
  owner = await signUp({ name: '授精 牧場' });
  const cows: number[] = [];
  for (const [i, name] of ['はな', 'もも', 'ゆき'].entries()) {
    const cow = await api('/cattle', {
      method: 'POST',
      token: owner.token,
      body: { name, identificationNumber: 1_777_000_000 + i, gender: '雌', growthStage: 'MULTI_PAROUS' },
    });
    cows.push(cow.json.data.cattleId);
  }
  // Oldest first: 百合茂 by 佐藤, then 安福久 by 田中, then 百合茂 again (now its last use) with a natural service.
  await service(cows[0], '2026-09-01T08:00:00+09:00', {
    method: 'AI',
    sireName: '百合茂',
    sireBreed: '黒毛和種',
    technician: '佐藤',
  });
  await service(cows[1], '2026-10-01T08:00:00+09:00', { method: 'AI', sireName: '安福久', technician: ' 田中 ' });
  await service(cows[2], '2026-11-01T08:00:00+09:00', { method: 'NATURAL', sireName: '百合茂', sireBreed: '黒毛和種' });
  // Not a service: its details never count.
  await api('/events', {
    method: 'POST',
    token: owner.token,
    body: { cattleId: cows[0], eventType: 'ESTRUS', eventDatetime: '2026-11-10T08:00:00+09:00' },
  });
});

describe('GET /events/recent-inputs', () => {
  it('offers the farm’s sires and technicians, most recently used first, each once', async () => {
    const res = await api('/events/recent-inputs', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      sires: [
        { name: '百合茂', breed: '黒毛和種' },
        { name: '安福久', breed: null },
      ],
      technicians: ['田中', '佐藤'],
    });
  });

  it('is empty for a farm with no services, and never shows another farm’s', async () => {
    const other = await signUp();
    const res = await api('/events/recent-inputs', { token: other.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ sires: [], technicians: [] });
    // Naming the other farm without being its member: refused, nothing read.
    const denied = await api('/events/recent-inputs', {
      token: other.token,
      headers: { 'X-Farm-Id': String(owner.farmId) },
    });
    expect(denied.status).toBe(403);
  });

  it('is readable by a viewer of the farm and needs a session', async () => {
    const viewer = await signUp();
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'viewer')")
      .bind(owner.farmId, viewer.userId)
      .run();
    const res = await api('/events/recent-inputs', {
      token: viewer.token,
      headers: { 'X-Farm-Id': String(owner.farmId) },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.sires[0].name).toBe('百合茂');
    expect((await api('/events/recent-inputs')).status).toBe(401);
  });

  it('reads with one statement besides farm access (two D1 round trips)', async () => {
    const statements: string[] = [];
    const db = await shardOf(owner.farmId);
    const counting: Record<string, unknown> = {
      prepare: (query: string) => {
        statements.push(query);
        return db.prepare(query);
      },
      batch: db.batch.bind(db),
      exec: db.exec.bind(db),
      dump: () => Promise.reject(new Error('unused')),
      withSession: () => counting,
    };
    const res = await api('/events/recent-inputs', {
      token: owner.token,
      env: { [await shardName(owner.farmId)]: counting as unknown as D1Database },
    });
    expect(res.status).toBe(200);
    // Farm access reads the directory; the farm's shard gets the one statement.
    expect(statements).toHaveLength(1);
  });
});
