import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0017 (a restore's marker and its staged rows, decision 050) on a shard seeded before it: the farm's
 * rows stay as they were, and the marker holds one restore per farm.
 */
const { db, before, migration, all, run } = migrationDb('0017', 'shard');
let seeded: { cattle: unknown[]; events: unknown[] };

const rows = async () => ({
  cattle: await all('SELECT * FROM cattle ORDER BY cattle_id'),
  events: await all('SELECT * FROM events ORDER BY event_id'),
});

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, name, gender, birthday) VALUES (10, 1, 1, 'ゆり', '雌', '2021-04-01'),
         (11, 2, 1, 'はな', '雌', '2022-04-01')`,
    ),
    db.prepare(
      `INSERT INTO events (event_id, cattle_id, farm_id, created_by, event_type, event_datetime)
       VALUES (5, 10, 1, 1, 'ESTRUS', '2026-11-01T00:00:00.000Z')`,
    ),
  ]);
  seeded = await rows();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0017 (restore stages)', () => {
  it('keeps every animal and event as they were', async () => {
    expect(seeded.cattle).toHaveLength(2);
    expect(seeded.events).toHaveLength(1);
    expect(await rows()).toEqual(seeded);
  });

  it('starts with no restore and no staged rows; one marker per farm, staged rows per farm and table', async () => {
    expect(await all('SELECT * FROM restores')).toEqual([]);
    expect(await all('SELECT * FROM restore_rows')).toEqual([]);
    await run("INSERT INTO restores (farm_id, token, started_at) VALUES (1, 'a', '2026-11-28T00:00:00.000Z')");
    await expect(
      run("INSERT INTO restores (farm_id, token, started_at) VALUES (1, 'b', '2026-11-28T00:00:01.000Z')"),
    ).rejects.toThrow(/UNIQUE|PRIMARY/);
    await run(
      "INSERT INTO restore_rows (farm_id, token, tbl, rows) VALUES (1, 'a', 'cattle', '[]'), (1, 'a', 'events', '[]')",
    );
    const plan = await all<{ detail: string }>(
      "EXPLAIN QUERY PLAN SELECT rows FROM restore_rows WHERE farm_id = 1 AND tbl = 'cattle' ORDER BY id",
    );
    expect(plan.map((p) => p.detail).join(' | ')).toContain('restore_rows_farm_idx');
  });
});
