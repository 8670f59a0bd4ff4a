import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { cowRow, herd2026 } from '../domain/kpi.fixtures';
import { encodeCursor } from '../lib/cursor';
import { api, signUp } from '../test/api';
import { shardOf } from '../test/shards';
import { kpiCowsPage } from './kpi-cows.queries';
import { recordHerd } from './test-herd';

/**
 * The KPI drill-down a page at a time (§8, decision 057): 50 a page by a cursor, the total beside, in the order of a
 * column. The fixture herd's rows are hand-computed in worker/domain/kpi.fixtures.ts (cow 1: 2 services, 1 open, 71
 * days open; cow 2: 2 services, 1 open, no day figures; cow 3: 2 services, 1 open, none; cow 4: 1 service, 0 open, 52
 * days open). The first read of a period counts the cows the fixture wrote by SQL (stale) from their events; the
 * reads after it take them from the period's kept rows: both must answer the same pages.
 */
type Member = Awaited<ReturnType<typeof signUp>>;
const PERIOD = 'from=2026-01-01&to=2026-12-31';

const page = (member: Member, query: string, headers?: Record<string, string>) =>
  api(`/kpi/breeding/cattle?${PERIOD}&${query}`, { token: member.token, headers });

/** Every page of a sort, by the cursors the API gives: the names in order, and each page's size and total. */
async function allPages(member: Member, query: string) {
  const names: string[] = [];
  const pages: [number, number][] = [];
  let cursor: string | null = null;
  do {
    const res = await page(member, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    const data = res.json.data;
    names.push(...data.results.map((r: { name: string }) => r.name));
    pages.push([data.results.length, data.total]);
    expect(data.hasNext).toBe(data.nextCursor !== null);
    cursor = data.nextCursor;
  } while (cursor && pages.length < 10);
  return { names, pages };
}

const keptPeriods = async (member: Member) =>
  (
    await (
      await shardOf(member.farmId)
    )
      .prepare('SELECT from_day, to_day, cows FROM kpi_kept_periods WHERE farm_id = ? ORDER BY period_id')
      .bind(member.farmId)
      .all<{ from_day: number; to_day: number; cows: number }>()
  ).results;

/** The farm's kept periods and their rows gone: the next read fills its period afresh. */
async function forgetKeptPeriods(member: Member) {
  const shard = await shardOf(member.farmId);
  await shard.batch([
    shard.prepare('DELETE FROM kpi_cow_rows WHERE farm_id = ?').bind(member.farmId),
    shard.prepare('DELETE FROM kpi_kept_periods WHERE farm_id = ?').bind(member.farmId),
  ]);
}

describe('GET /kpi/breeding/cattle a page at a time', () => {
  it('answers the first page with the total and the next page by its cursor, the same from kept rows', async () => {
    const farmer = await signUp();
    await recordHerd(farmer, herd2026);
    for (const read of ['first read (stale cows counted from events)', 'kept rows']) {
      const first = await page(farmer, 'limit=3');
      expect(first.status, read).toBe(200);
      expect(first.json.data).toMatchObject({
        period: { from: '2026-01-01', to: '2026-12-31' },
        sort: 'open',
        order: 'desc',
        total: 4,
        hasNext: true,
      });
      // Most open services first (1, 1, 1), ties in the order the cows were registered.
      expect(first.json.data.results.map((r: { name: string }) => r.name)).toEqual(['牛1', '牛2', '牛3']);
      expect(first.json.data.results[0]).toMatchObject({ services: 2, pregnant: 1, open: 1, daysOpen: 71 });
      const next = await page(farmer, `limit=3&cursor=${encodeURIComponent(first.json.data.nextCursor)}`);
      expect(next.json.data).toMatchObject({ total: 4, hasNext: false, nextCursor: null });
      expect(next.json.data.results).toEqual([
        expect.objectContaining({ name: '牛4', services: 1, pregnant: 1, open: 0, daysOpen: 52, calvingInterval: 392 }),
      ]);
    }
    // The period is kept, with its four cows counted.
    expect(await keptPeriods(farmer)).toEqual([{ from_day: 20454, to_day: 20818, cows: 4 }]);
  });

  it('pages 50 at a time by default', async () => {
    const farmer = await signUp();
    // 55 heifers served once each on 2026-03-01 (no result yet): 55 cows, 1 service, 0 open.
    await recordHerd(
      farmer,
      Array.from({ length: 55 }, (_, i) => cowRow(i + 1, [['I', '2026-03-01']], { birthday: '2024-10-01' })),
    );
    const { names, pages } = await allPages(farmer, 'sort=services');
    expect(pages).toEqual([
      [50, 55],
      [5, 55],
    ]);
    expect(names).toEqual(Array.from({ length: 55 }, (_, i) => `牛${i + 1}`));
  });

  it.each([
    // Largest first, cows without the figure last; ties in registration order.
    ['sort=daysOpen', ['牛1', '牛4', '牛2', '牛3']],
    // Smallest first, cows without the figure still last, ties still in registration order.
    ['sort=daysOpen&order=asc', ['牛4', '牛1', '牛2', '牛3']],
    ['sort=calvingInterval', ['牛4', '牛1', '牛2', '牛3']],
    ['sort=services&order=asc', ['牛4', '牛1', '牛2', '牛3']],
    ['sort=open&order=asc', ['牛4', '牛1', '牛2', '牛3']],
    ['sort=earTag', ['牛1', '牛2', '牛3', '牛4']],
    ['sort=earTag&order=desc', ['牛4', '牛3', '牛2', '牛1']],
    ['sort=name', ['牛1', '牛2', '牛3', '牛4']],
  ])('orders by %s across pages of 1 and 3, before and after the rows are kept', async (query, expected) => {
    const farmer = await signUp();
    await recordHerd(farmer, herd2026);
    for (const limit of [1, 3, 1]) {
      const { names, pages } = await allPages(farmer, `${query}&limit=${limit}`);
      expect(names).toEqual(expected);
      expect(pages.every(([, total]) => total === 4)).toBe(true);
    }
  });

  it('keeps the rows in step with the events written after, as a period read afresh counts them', async () => {
    const farmer = await signUp();
    const ids = await recordHerd(farmer, herd2026);
    await page(farmer, 'limit=50');
    // Cow 4 served again on 2026-06-01 (open: served 2026-06-20 again), cow 2's pending service deleted.
    for (const date of ['2026-06-01', '2026-06-20']) {
      const res = await api('/events', {
        method: 'POST',
        token: farmer.token,
        body: { cattleId: ids.get(4), eventType: 'INSEMINATION', eventDatetime: `${date}T09:00:00+09:00` },
      });
      expect(res.status).toBe(201);
    }
    const kept = await page(farmer, 'limit=50');
    const cow4 = kept.json.data.results.find((r: { name: string }) => r.name === '牛4');
    expect(cow4).toMatchObject({ services: 3 });
    // The same period filled afresh from the kept figures answers the same.
    await forgetKeptPeriods(farmer);
    const afresh = await page(farmer, 'limit=50');
    expect(afresh.json.data).toEqual(kept.json.data);
    expect(kept.json.data.total).toBe(4);
  });

  it('keeps the last three periods a farm asked for', async () => {
    const farmer = await signUp();
    await recordHerd(farmer, herd2026);
    for (const to of ['2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31'])
      expect((await api(`/kpi/breeding/cattle?from=2026-01-01&to=${to}`, { token: farmer.token })).status).toBe(200);
    expect((await keptPeriods(farmer)).map((p) => p.to_day)).toEqual([20757, 20787, 20818]);
    const again = await api('/kpi/breeding/cattle?from=2026-01-01&to=2026-09-30', { token: farmer.token });
    expect(again.json.data.total).toBe(4);
  });

  it('answers two first reads of a period at once alike, counting each cow once', async () => {
    const farmer = await signUp();
    await recordHerd(farmer, herd2026);
    await page(farmer, 'limit=1');
    await forgetKeptPeriods(farmer);
    const [a, b] = await Promise.all([page(farmer, 'limit=50'), page(farmer, 'limit=50')]);
    expect(a.json.data).toEqual(b.json.data);
    expect(await keptPeriods(farmer)).toEqual([{ from_day: 20454, to_day: 20818, cows: 4 }]);
    const rows = await (await shardOf(farmer.farmId))
      .prepare('SELECT count(*) AS n FROM kpi_cow_rows r JOIN kpi_kept_periods p USING (period_id) WHERE p.farm_id = ?')
      .bind(farmer.farmId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(4);
  });

  it.each([
    ['cursor=not-a-cursor', 'cursor', 'カーソルが不正です'],
    [`cursor=${encodeCursor({ v: 'abc', id: 1 })}`, 'cursor', 'カーソルが不正です'],
    [
      'sort=weight',
      'sort',
      '並び順はearTag、name、services、pregnant、open、daysOpen、daysToFirstService、calvingIntervalのいずれかを指定してください',
    ],
    ['order=up', 'order', '昇順・降順はascまたはdescで指定してください'],
    ['limit=0', 'limit', '件数は1〜100の整数で指定してください'],
    ['limit=101', 'limit', '件数は1〜100の整数で指定してください'],
  ])('refuses %s with 400 naming the field', async (query, field, message) => {
    const farmer = await signUp();
    const res = await page(farmer, query);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field, message });
  });

  it('shows a farm its own cows to each role, and none to another farm or without a token', async () => {
    const owner = await signUp();
    const other = await signUp();
    await recordHerd(owner, [herd2026[0]]);
    await recordHerd(other, herd2026);
    for (const role of ['staff', 'viewer']) {
      const member = await signUp();
      await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
        .bind(owner.farmId, member.userId, role)
        .run();
      const res = await page(member, 'limit=50', { 'X-Farm-Id': String(owner.farmId) });
      expect(res.status, role).toBe(200);
      expect(res.json.data.results.map((r: { name: string }) => r.name)).toEqual(['牛1']);
      expect(res.json.data.total).toBe(1);
    }
    const mine = await page(owner, 'limit=50');
    expect(mine.json.data.total).toBe(1);
    expect((await page(other, 'limit=50', { 'X-Farm-Id': String(owner.farmId) })).status).toBe(403);
    expect((await api(`/kpi/breeding/cattle?${PERIOD}`)).status).toBe(401);
  });
});

/**
 * How SQLite (workerd's, on a migrated shard) answers the drill-down's statements once the period is kept: nothing on
 * the way may read the period's figures or kept rows (each grew the read with the herd: 4.2 → 5.9 ms, 500 → 8,000
 * head, in the bench; `(SELECT filled …) = 0` was tested on every figure, and the total read every kept row).
 */
describe('query plans of a drill-down page', () => {
  it("fills a period by its row first, and counts the stale cows' kept rows from the stale cows", async () => {
    const farmer = await signUp();
    const shard = await shardOf(farmer.farmId);
    const sent: { sql: string; params: unknown[] }[] = [];
    // The page's batch as it would run, captured instead of run.
    const client = {
      prepare: (sql: string) => ({ bind: (...params: unknown[]) => ({ sql, params }) }),
      batch: async (statements: { sql: string; params: unknown[] }[]) => {
        sent.push(...statements);
        return statements.map(() => ({ results: [] }));
      },
    };
    const period = { from: '2026-01-01', to: '2026-12-31' };
    await kpiCowsPage(
      { $client: client } as never,
      farmer.farmId,
      period,
      { sort: 'open', order: 'desc' },
      { limit: 50 },
    );
    const planOf = async ({ sql, params }: { sql: string; params: unknown[] }) =>
      (
        await shard
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results.map((r) => r.detail);

    const fill = sent.find((s) => /^\s*INSERT INTO kpi_cow_rows/.test(s.sql));
    const total = sent.find((s) => /AS total\s*$/.test(s.sql));
    if (!fill || !total) throw new Error('the fill and the total are in the batch');
    const fillPlan = await planOf(fill);
    expect(fillPlan[0]).toMatch(
      /^SEARCH k USING (COVERING )?INDEX kpi_kept_periods_farm_idx \(farm_id=\? AND from_day=\? AND to_day=\?\)/,
    );
    expect(fillPlan[1]).toMatch(/^SEARCH m USING/);
    const totalPlan = (await planOf(total)).join(' | ');
    expect(totalPlan).toMatch(
      /SEARCH s USING COVERING INDEX kpi_stale_farm_idx \(farm_id=\?\) \| SEARCH r USING PRIMARY KEY \(period_id=\? AND cattle_id=\?\)/,
    );
  });
});
