import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0012 (the open alerts' partial index in the list's order) on a shard seeded in the schema before
 * it: the alerts stay as they were, and the list's page query reads them through the index in its order.
 */
const { db, before, migration, all, alert: storedAlert } = migrationDb('0012', 'shard');

const alertsOf = () => all('SELECT * FROM alerts ORDER BY rowid');
/** The list's page query as worker/alerts/alerts.queries.ts writes it (statuses as literals). */
const PAGE = `SELECT id FROM alerts WHERE farm_id = 1 AND status IN ('active', 'acknowledged')
  ORDER BY (CASE severity WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) DESC,
    coalesce(due_at, '9999-12-31') ASC, rowid ASC LIMIT 21`;
let seeded: unknown[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  // Farm 1's alerts are on animal 10, farm 2's on 11.
  const alert = (id: string, farm: number, severity: string, status: string, due: string | null) =>
    storedAlert(id, farm, severity, status, 9 + farm, due);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, gender, birthday) VALUES (10, 1, 1, '雌', '2021-04-01'),
         (11, 2, 1, '雌', '2022-04-01')`,
    ),
    alert('a', 1, 'low', 'active', '2026-11-20'),
    alert('b', 1, 'high', 'active', '2026-12-01'),
    alert('c', 1, 'high', 'acknowledged', '2026-11-25'),
    alert('d', 1, 'medium', 'active', null),
    alert('e', 1, 'high', 'resolved', '2026-11-01'),
    alert('f', 2, 'high', 'active', '2026-11-01'),
    alert('g', 1, 'medium', 'active', '2026-11-30'),
  ]);
  seeded = await alertsOf();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0012 (open alerts in the list order)', () => {
  it('keeps every alert and its values', async () => {
    expect(seeded).toHaveLength(7);
    expect(await alertsOf()).toEqual(seeded);
  });

  it('gives the list’s page through the index, in its order: high by due date, medium (undated last), low', async () => {
    const plan = await all<{ detail: string }>(`EXPLAIN QUERY PLAN ${PAGE}`);
    expect(plan.map((p) => p.detail).join(' | ')).toContain('alerts_open_order_idx');
    expect(plan.map((p) => p.detail).join(' | ')).not.toContain('TEMP B-TREE');
    expect((await all<{ id: string }>(PAGE)).map((r) => r.id)).toEqual(['c', 'b', 'g', 'd', 'a']);
  });
});
