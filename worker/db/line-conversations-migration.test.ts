import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0019 (docs/product.md §25): events gain a nullable `source`. The events, animals and audit rows seeded
 * before it keep every value (no table is rebuilt, so no child row is cascade-deleted), and have no source.
 */
const { db, before, migration, all } = migrationDb('0019', 'shard');

const snapshot = async () => ({
  cattle: await all('SELECT * FROM cattle ORDER BY cattle_id'),
  events: await all('SELECT * FROM events ORDER BY event_id'),
});
let seeded: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, gender, growth_stage, birthday, name, ear_tag_number)
       VALUES (1, 1, 1, '雌', 'MULTI_PAROUS', '2020-04-01', 'しおり', '0381'),
              (2, 1, 1, '雌', 'MULTI_PAROUS', '2019-04-01', 'ゆり', '0010')`,
    ),
    db.prepare(
      `INSERT INTO events (event_id, cattle_id, farm_id, created_by, event_type, event_datetime, details, notes)
       VALUES (1, 1, 1, 1, 'INSEMINATION', '2026-05-03T03:00:00.000Z', '{"method":"AI","sireName":"安福久"}', null),
              (2, 1, 1, 1, 'ESTRUS', '2026-04-12T03:00:00.000Z', null, '朝'),
              (3, 2, 1, 1, 'WEIGHT_MEASURED', '2026-05-01T03:00:00.000Z', '{"weightKg":512}', null)`,
    ),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0019 (event source)', () => {
  it('keeps every animal and event with its values; the old events have no source', async () => {
    expect(seeded.cattle).toHaveLength(2);
    expect(seeded.events).toHaveLength(3);
    const after = await snapshot();
    expect(after.cattle).toEqual(seeded.cattle);
    expect(after.events.map(({ source, ...rest }) => rest)).toEqual(seeded.events);
    expect(after.events.map((e) => e.source)).toEqual([null, null, null]);
  });

  it('takes a source on a new event', async () => {
    await db
      .prepare(
        `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, source)
         VALUES (2, 1, 1, 'ESTRUS', '2026-05-04T03:00:00.000Z', 'line')`,
      )
      .run();
    expect(await all('SELECT event_id, source FROM events WHERE source IS NOT NULL')).toEqual([
      { event_id: 4, source: 'line' },
    ]);
  });
});
