import { env } from 'cloudflare:test';
import { getTableName } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { farmDb } from '../db/client';
import { seedDemoHerd } from '../dev/demo-farm';
import { todayJst } from '../domain/calendar';
import { api, signUp, testEnv } from '../test/api';
import { BACKUP_TABLES, NOT_BACKED_UP } from './backup.service';

type Member = Awaited<ReturnType<typeof signUp>>;
const as = (user: Member) => ({ token: user.token, headers: { 'X-Farm-Id': String(user.farmId) } });

/** Ids (and the bookkeeping a restore may move) left out, everything else compared as it is. */
const IGNORED = /^(id|.*Id|.*Ids|version|updatedAt|nextCursor|etag|rosterVersion|kpiVersion)$/;
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !IGNORED.test(k))
        .map(([k, v]) => [k, withoutIds(v)]),
    );
  }
  return value;
}

/** Every farm-data list the app reads, and each animal's page: the answers a restored farm must give alike. */
async function answers(user: Member) {
  const paths = [
    '/cattle/status-counts',
    '/events?limit=100',
    '/shipments',
    '/shipments/plans',
    '/shipments/mothers/list',
    '/shipments/price-stats',
    '/alerts?limit=100',
    '/alerts?status=acknowledged&limit=100',
    '/kpi/breeding',
    '/home',
    '/programmes',
    '/tasks?limit=100',
    '/tasks?status=done&limit=100',
    '/filings?limit=100',
    '/filings?status=filed&limit=100',
  ];
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const res = await api(path, as(user));
    out[path] = { status: res.status, body: withoutIds(res.json) };
  }
  const animals: { cattleId: number; identificationNumber: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const res = await api(`/cattle?limit=100${cursor ? `&cursor=${cursor}` : ''}`, as(user));
    expect(res.status, res.text).toBe(200);
    animals.push(...res.json.data.results);
    cursor = res.json.data.nextCursor ?? null;
  } while (cursor);
  out.cattle = withoutIds(animals);
  for (const [i, animal] of animals.entries()) {
    const res = await api(`/cattle/${animal.cattleId}`, as(user));
    out[`animal ${i}`] = withoutIds(res.json);
  }
  return out;
}

describe('backup and restore (GET /farms/{id}/backup, POST /farms/{id}/restore)', () => {
  let source: Member;
  let target: Member;
  let document: any;
  beforeAll(async () => {
    source = await signUp({ name: '西 次郎' });
    target = await signUp({ name: '東 三郎' });
    const db = await farmDb(testEnv, source.farmId);
    await seedDemoHerd(
      { db, farmId: source.farmId, userId: source.userId, userName: '西 次郎', actor: String(source.userId) },
      todayJst(),
    );
    const open = await api('/alerts?limit=1', as(source));
    const first = open.json.data.results[0];
    if (first) {
      await api(`/alerts/${first.id}/status`, { method: 'PUT', ...as(source), body: { status: 'acknowledged' } });
    }
    const res = await api(`/farms/${source.farmId}/backup`, as(source));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    document = res.json;
  }, 600_000);

  it('carries every farm-data table of the shard, or names why it leaves one out', async () => {
    const { results } = await env.FARM_DB_0.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    ).all<{ name: string }>();
    const carried = new Set<string>([
      ...BACKUP_TABLES.map((t) => getTableName(t.table)),
      ...Object.keys(NOT_BACKED_UP),
    ]);
    expect(results.map((r) => r.name).filter((name) => !carried.has(name))).toEqual([]);
  });

  it('is one versioned document with the §23 keys', () => {
    expect(document).toMatchObject({ format: 'ushicho-farm', version: 1, farm: { name: '西 次郎の牧場' } });
    for (const key of [
      'cattle',
      'events',
      'shipments',
      'plans',
      'alerts',
      'programmes',
      'enrolments',
      'tasks',
      'filings',
    ])
      expect(Array.isArray(document[key]), key).toBe(true);
    expect(document.cattle.length).toBeGreaterThan(50);
    expect(document.events.length).toBeGreaterThan(500);
  });

  it('restores into an empty farm with the same answers from every farm-data read, ids aside', async () => {
    const restored = await api(`/farms/${target.farmId}/restore`, { method: 'POST', ...as(target), body: document });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.data.counts).toMatchObject({
      cattle: document.cattle.length,
      events: document.events.length,
      shipments: document.shipments.length,
      alerts: document.alerts.length,
    });
    const [was, is] = [await answers(source), await answers(target)];
    // Not vacuous: the herd, its shipments and each animal's page are there to compare.
    expect((was.cattle as unknown[]).length).toBe(document.cattle.length);
    expect(JSON.stringify(was['/shipments']).length).toBeGreaterThan(1000);
    // The demo's programmes, its Ovsynch group's tasks (open and done) and its filings (pending and filed) too.
    for (const path of ['/programmes', '/tasks?limit=100', '/tasks?status=done&limit=100', '/filings?limit=100']) {
      expect((was[path] as { body: { data: unknown } }).body.data, path).not.toEqual([]);
    }
    expect(document.enrolments.length).toBeGreaterThan(0);
    expect(Object.keys(was).length).toBeGreaterThan(60);
    for (const key of Object.keys(was)) expect(is[key], key).toEqual(was[key]);
  }, 600_000);

  it('refuses a farm with animals (409), a wrong document (400), and anyone but the owner', async () => {
    const again = await api(`/farms/${target.farmId}/restore`, { method: 'POST', ...as(target), body: document });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('牛が登録されている牧場には復元できません');
    const empty = await signUp();
    const wrong = await api(`/farms/${empty.farmId}/restore`, {
      method: 'POST',
      ...as(empty),
      body: { format: 'other', version: 1, cattle: [], events: [] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe('バックアップファイルの形式が正しくありません');
    expect((await api(`/farms/${source.farmId}/backup`, as(empty))).status).toBe(403);
    expect((await api(`/farms/${source.farmId}/backup`, {})).status).toBe(401);
    await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'staff')")
      .bind(source.farmId, empty.userId)
      .run();
    expect((await api(`/farms/${source.farmId}/backup`, { token: empty.token })).status).toBe(403);
  });
});
