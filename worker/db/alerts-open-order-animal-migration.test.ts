import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0024 (the open alerts' list order ends with the animal and the type, not the rowid) on a shard
 * seeded in the schema before it: every alert stays as it was, and the list's page query — ties on severity and due
 * date broken by animal, then type — reads them through the rebuilt index in that order, without sorting, and so
 * does the next page after a cursor.
 */
const { db, before, migration, run, all } = migrationDb('0024', 'shard');

const alertsOf = () => all('SELECT * FROM alerts ORDER BY rowid');
const RANK = `(CASE severity WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END)`;
const DUE = `coalesce(due_at, '9999-12-31')`;
/** The list's page query as worker/alerts/alerts.queries.ts writes it (statuses as literals). */
const page = (after = '') => `SELECT id FROM alerts WHERE farm_id = 1 AND status IN ('active', 'acknowledged') ${after}
  ORDER BY ${RANK} DESC, ${DUE} ASC, cattle_id ASC, type ASC LIMIT 21`;
/** The next page after a cursor on (high, 2026-12-01, animal 12, CALVING_OVERDUE). */
const AFTER = page(`AND (${RANK} < 3 OR (${RANK} = 3 AND ${DUE} > '2026-12-01')
  OR (${RANK} = 3 AND ${DUE} = '2026-12-01' AND cattle_id > 12)
  OR (${RANK} = 3 AND ${DUE} = '2026-12-01' AND cattle_id = 12 AND type > 'CALVING_OVERDUE'))`);
const indexes = () => all("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'alerts' ORDER BY name");
let seeded: unknown[];
let indexesBefore: unknown[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await run(
    `INSERT INTO cattle (cattle_id, farm_id, created_by, gender) VALUES (10, 1, 1, '雌'), (11, 1, 1, '雌'),
       (12, 1, 1, '雌'), (20, 2, 1, '雌')`,
  );
  // Four high alerts due the same day, inserted against the list's order: the rowid order is not the list's.
  const stamp = '2026-11-01T00:00:00.000Z';
  const rows: [string, number, string, string, string, string | null][] = [
    ['z', 12, 'OPEN_DAYS_OVER60_NO_AI', 'high', 'active', '2026-12-01'],
    ['y', 12, 'CALVING_OVERDUE', 'high', 'acknowledged', '2026-12-01'],
    ['x', 11, 'OPEN_DAYS_OVER60_NO_AI', 'high', 'active', '2026-12-01'],
    ['w', 10, 'OPEN_DAYS_OVER60_NO_AI', 'high', 'active', '2026-12-01'],
    ['a', 10, 'HEIFER_NOT_BRED', 'low', 'active', '2026-11-20'],
    ['d', 11, 'DRY_OFF_DUE', 'medium', 'active', null],
    ['e', 10, 'CALVING_OVERDUE', 'high', 'resolved', '2026-11-01'],
    ['g', 12, 'PREGNANCY_CHECK_DUE', 'medium', 'active', '2026-11-30'],
    ['b', 11, 'CALVING_OVERDUE', 'high', 'active', '2026-11-25'],
  ];
  await db.batch([
    ...rows.map(([id, cattle, type, severity, status, due]) =>
      db
        .prepare(
          `INSERT INTO alerts (id, farm_id, type, severity, status, cattle_id, due_at, message, created_by, created_at, updated_at)
           VALUES (?, 1, ?, ?, ?, ?, ?, 'msg', 1, ?, ?)`,
        )
        .bind(id, type, severity, status, cattle, due, stamp, stamp),
    ),
    db.prepare(
      `INSERT INTO alerts (id, farm_id, type, severity, status, cattle_id, due_at, message, created_by, created_at, updated_at)
       VALUES ('f', 2, 'CALVING_OVERDUE', 'high', 'active', 20, '2026-11-01', 'msg', 1, '${stamp}', '${stamp}')`,
    ),
  ]);
  seeded = await alertsOf();
  indexesBefore = await indexes();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0024 (open alerts ordered by animal and type on the same day)', () => {
  it('keeps every alert and its values, and the same set of indexes', async () => {
    expect(seeded).toHaveLength(10);
    expect(await alertsOf()).toEqual(seeded);
    expect(await indexes()).toEqual(indexesBefore);
    const [{ sql }] = await all<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'alerts_open_order_idx'");
    expect(sql).toMatch(/coalesce\(`due_at`, '9999-12-31'\),\s*`cattle_id`,\s*`type`\s*\)/);
  });

  it('gives the list’s page through the index in its order, ties by animal then type; the next page after a cursor', async () => {
    for (const query of [page(), AFTER]) {
      const plan = (await all<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`)).map((p) => p.detail).join(' | ');
      expect(plan).toContain('alerts_open_order_idx');
      expect(plan).not.toContain('TEMP B-TREE');
    }
    expect((await all<{ id: string }>(page())).map((r) => r.id)).toEqual(['b', 'w', 'x', 'y', 'z', 'g', 'd', 'a']);
    expect((await all<{ id: string }>(AFTER)).map((r) => r.id)).toEqual(['z', 'g', 'd', 'a']);
  });
});
