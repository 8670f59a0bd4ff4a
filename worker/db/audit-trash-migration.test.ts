import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0005 (the change history and the trash; decision 042) on a shard seeded in the schema before it:
 * animals, events and counts stay as they were, row for row, and the two new tables start empty with their checks.
 */
const { db, before, migration, run, all } = migrationDb('0005', 'shard');

const animals = () =>
  all('SELECT cattle_id, farm_id, identification_number, name, version FROM cattle ORDER BY cattle_id');
const events = () =>
  all('SELECT event_id, cattle_id, farm_id, event_type, event_datetime FROM events ORDER BY event_id');
const counts = () => all('SELECT farm_id, cattle, events FROM farm_counts ORDER BY farm_id');

let seeded: { animals: unknown[]; events: unknown[]; counts: unknown[] };

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌'), (20, 2, 1, '0812345691', '4569', 'はな', '雌')`,
    ),
    db.prepare(
      `INSERT INTO events (event_id, cattle_id, farm_id, created_by, event_type, event_datetime)
       VALUES (100, 10, 1, 1, 'INSEMINATION', '2026-10-01T01:00:00.000Z'),
              (101, 10, 1, 1, 'ESTRUS', '2026-09-10T01:00:00.000Z'),
              (200, 20, 2, 1, 'CALVING', '2026-08-01T01:00:00.000Z')`,
    ),
  ]);
  seeded = { animals: await animals(), events: await events(), counts: await counts() };
  await applyD1Migrations(db, migration);
});

describe('shard migration 0005 (audit_log, trash)', () => {
  it('keeps every animal, event and count as it was', async () => {
    expect(seeded.animals).toHaveLength(2);
    expect(seeded.events).toHaveLength(3);
    expect(seeded.counts).toEqual([
      { farm_id: 1, cattle: 1, events: 2 },
      { farm_id: 2, cattle: 1, events: 1 },
    ]);
    expect(await animals()).toEqual(seeded.animals);
    expect(await events()).toEqual(seeded.events);
    expect(await counts()).toEqual(seeded.counts);
  });

  it('starts the history empty and takes only the five actions', async () => {
    expect(await all('SELECT * FROM audit_log')).toEqual([]);
    await run(
      `INSERT INTO audit_log (farm_id, at, user_id, user_name, action, entity, entity_id, changes)
       VALUES (1, '2026-11-26T00:00:00.000Z', 1, '北 太郎', 'update', 'cattle', '10', '{"name":["ゆり","さくら"]}')`,
    );
    await expect(
      run(`INSERT INTO audit_log (farm_id, at, action, entity, entity_id) VALUES (1, 'x', 'edit', 'cattle', '10')`),
    ).rejects.toThrow(/CHECK/);
    expect(await all('SELECT farm_id, action, entity, entity_id, changes FROM audit_log')).toEqual([
      { farm_id: 1, action: 'update', entity: 'cattle', entity_id: '10', changes: '{"name":["ゆり","さくら"]}' },
    ]);
  });

  it('starts the trash empty, one row per farm, entity and id, animals and events only', async () => {
    expect(await all('SELECT * FROM trash')).toEqual([]);
    const insert = (farm: number, entity: string, id: number) =>
      run(
        `INSERT INTO trash (farm_id, entity, entity_id, cattle_id, label, snapshot, deleted_at, purge_at)
         VALUES (?, ?, ?, 10, 'ゆり', '{}', '2026-11-26T00:00:00.000Z', '2026-12-26T00:00:00.000Z')`,
        farm,
        entity,
        id,
      );
    await insert(1, 'cattle', 10);
    await insert(1, 'event', 10);
    await expect(insert(1, 'cattle', 10)).rejects.toThrow(/UNIQUE/);
    await expect(insert(1, 'shipment', 11)).rejects.toThrow(/CHECK/);
    expect(await all('SELECT farm_id, entity, entity_id FROM trash ORDER BY id')).toEqual([
      { farm_id: 1, entity: 'cattle', entity_id: 10 },
      { farm_id: 1, entity: 'event', entity_id: 10 },
    ]);
  });
});
