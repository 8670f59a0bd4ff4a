import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0024 (the open alerts' list order ends with the id, not the rowid) on a shard seeded in the schema
 * before it: every alert stays as it was, and the list's page query — ties on severity and due date broken by id —
 * reads them through the rebuilt index in that order, without sorting.
 */
const { db, before, migration, all, alert: storedAlert } = migrationDb('0024', 'shard');

const alertsOf = () => all('SELECT * FROM alerts ORDER BY rowid');
/** The list's page query as worker/alerts/alerts.queries.ts writes it (statuses as literals, id last). */
const PAGE = `SELECT id FROM alerts WHERE farm_id = 1 AND status IN ('active', 'acknowledged')
  ORDER BY (CASE severity WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) DESC,
    coalesce(due_at, '9999-12-31') ASC, id ASC LIMIT 21`;
/** The next page after a cursor on ('high', 2026-12-01, 'm'), as the list writes it. */
const AFTER = PAGE.replace(
  'ORDER BY',
  `AND ((CASE severity WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) < 3
      OR ((CASE severity WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) = 3 AND coalesce(due_at, '9999-12-31') > '2026-12-01')
      OR ((CASE severity WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) = 3 AND coalesce(due_at, '9999-12-31') = '2026-12-01' AND id > 'm'))
  ORDER BY`,
);
let seeded: unknown[];
let indexesBefore: unknown[];
const indexes = () => all("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'alerts' ORDER BY name");

beforeAll(async () => {
  await applyD1Migrations(db, before);
  // Farm 1's alerts are on animal 10, farm 2's on 11. Three high alerts due the same day, inserted against their ids'
  // order ('z', 'm', 'c'): the rowid order is not the list's.
  const alert = (id: string, farm: number, severity: string, status: string, due: string | null) =>
    storedAlert(id, farm, severity, status, 9 + farm, due);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, gender, birthday) VALUES (10, 1, 1, '雌', '2021-04-01'),
         (11, 2, 1, '雌', '2022-04-01')`,
    ),
    alert('z', 1, 'high', 'active', '2026-12-01'),
    alert('m', 1, 'high', 'acknowledged', '2026-12-01'),
    alert('c', 1, 'high', 'active', '2026-12-01'),
    alert('a', 1, 'low', 'active', '2026-11-20'),
    alert('d', 1, 'medium', 'active', null),
    alert('e', 1, 'high', 'resolved', '2026-11-01'),
    alert('f', 2, 'high', 'active', '2026-11-01'),
    alert('g', 1, 'medium', 'active', '2026-11-30'),
    alert('b', 1, 'high', 'active', '2026-11-25'),
  ]);
  seeded = await alertsOf();
  indexesBefore = await indexes();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0024 (open alerts ordered by id)', () => {
  it('keeps every alert and its values, and the same set of indexes', async () => {
    expect(seeded).toHaveLength(9);
    expect(await alertsOf()).toEqual(seeded);
    expect(await indexes()).toEqual(indexesBefore);
    const [{ sql }] = await all<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'alerts_open_order_idx'");
    expect(sql).toMatch(/coalesce\(`due_at`, '9999-12-31'\),\s*`id`\s*\)/);
  });

  it('gives the list’s page through the index in its order, ties on the day by id; the next page starts after the cursor', async () => {
    for (const query of [PAGE, AFTER]) {
      const plan = (await all<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`)).map((p) => p.detail).join(' | ');
      expect(plan).toContain('alerts_open_order_idx');
      expect(plan).not.toContain('TEMP B-TREE');
    }
    expect((await all<{ id: string }>(PAGE)).map((r) => r.id)).toEqual(['b', 'c', 'm', 'z', 'g', 'd', 'a']);
    expect((await all<{ id: string }>(AFTER)).map((r) => r.id)).toEqual(['z', 'g', 'd', 'a']);
  });
});
