import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0015 (a protocol's stop and who it is for, §22 turn 4) on a shard seeded before it: two farms with
 * the two examples and a farm's own programme, enrolments and tasks in every status. The examples get their rules,
 * the farm's own programme empty ones; an Ovsynch enrolment of a cow already pregnant has its open tasks stopped
 * with the reason; no row of any table is lost and every other value stays.
 */
const { db, before, migration, run, all } = migrationDb('0015', 'shard');

const OVSYNCH = 'Ovsynch（定時授精）';
const tables = ['cattle', 'events', 'programmes', 'enrolments', 'tasks'];
const counts = async () =>
  Object.fromEntries(
    await Promise.all(tables.map(async (t) => [t, (await all<{ n: number }>(`SELECT count(*) AS n FROM ${t}`))[0].n])),
  );
const taskRows = () =>
  all<Record<string, unknown>>(
    'SELECT id, cattle_id, enrolment_id, programme_id, step_index, title, due_date, status, done_at, skip_reason, updated_at FROM tasks ORDER BY id',
  );
let countsBefore: Record<string, number>;
let tasksBefore: Record<string, unknown>[];
let programmesBefore: Record<string, unknown>[];

beforeAll(async () => {
  await applyD1Migrations(db, before);
  const steps = JSON.stringify([
    { day: 0, title: 'GnRH' },
    { day: 7, title: 'PGF2α' },
    { day: 9, title: 'GnRH' },
    { day: 10, title: '授精', eventType: 'INSEMINATION' },
  ]);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday, status)
       VALUES (10, 1, 1, '0812345675', '4567', 'あやめ', '雌', '2021-04-01', 'PREGNANT'),
              (11, 1, 1, '0812345683', '0010', 'ゆり', '雌', '2021-05-01', 'HEALTHY'),
              (20, 2, 1, '0812345705', '4569', 'はな', '雌', '2020-05-05', 'PREGNANT')`,
    ),
    db.prepare(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details)
       VALUES (10, 1, 1, 'INSEMINATION', '2026-11-04T15:00:00.000Z', NULL),
              (10, 1, 1, 'PREGNANCY_CHECK', '2026-11-20T15:00:00.000Z', '{"result":"PREGNANT"}')`,
    ),
    db.prepare(
      `INSERT INTO programmes (id, farm_id, name, trigger_kind, trigger_event_type, steps) VALUES
         (1, 1, '${OVSYNCH}', 'manual', NULL, '${steps}'),
         (2, 1, '分娩後検診', 'event', 'CALVING', '[{"day":30,"title":"分娩後検診"}]'),
         (3, 1, '子牛ワクチン', 'age', NULL, '[{"day":0,"title":"5種混合"}]'),
         (4, 2, '${OVSYNCH}', 'manual', NULL, '${steps}'),
         (5, 2, '分娩後検診', 'event', 'CALVING', '[{"day":30,"title":"分娩後検診"}]')`,
    ),
    db.prepare(
      `INSERT INTO enrolments (id, farm_id, programme_id, cattle_id, start_date) VALUES
         (1, 1, 1, 10, '2026-11-21'), (2, 1, 1, 11, '2026-11-21'), (3, 1, 2, 10, '2026-10-01'), (4, 2, 4, 20, '2026-11-21')`,
    ),
    // あやめ (pregnant): GnRH done, PGF2α, GnRH and 授精 open; ゆり (open): all open; her 分娩後検診 open; はな (farm 2,
    // pregnant): GnRH skipped, the rest open.
    db.prepare(
      `INSERT INTO tasks (id, farm_id, cattle_id, enrolment_id, programme_id, step_index, title, due_date, status, done_at, skip_reason, updated_at)
       VALUES (1, 1, 10, 1, 1, 0, 'GnRH', '2026-11-21', 'done', '2026-11-21T01:00:00.000Z', NULL, '2026-11-21T01:00:00.000Z'),
              (2, 1, 10, 1, 1, 1, 'PGF2α', '2026-11-28', 'open', NULL, NULL, '2026-11-21T00:00:00.000Z'),
              (3, 1, 10, 1, 1, 2, 'GnRH', '2026-11-30', 'open', NULL, NULL, '2026-11-21T00:00:00.000Z'),
              (4, 1, 10, 1, 1, 3, '授精', '2026-12-01', 'open', NULL, NULL, '2026-11-21T00:00:00.000Z'),
              (5, 1, 11, 2, 1, 0, 'GnRH', '2026-11-21', 'open', NULL, NULL, '2026-11-21T00:00:00.000Z'),
              (6, 1, 11, 2, 1, 1, 'PGF2α', '2026-11-28', 'open', NULL, NULL, '2026-11-21T00:00:00.000Z'),
              (7, 1, 10, 3, 2, 0, '分娩後検診', '2026-10-31', 'open', NULL, NULL, '2026-10-01T00:00:00.000Z'),
              (8, 2, 20, 4, 4, 0, 'GnRH', '2026-11-21', 'skipped', '2026-11-21T01:00:00.000Z', '獣医の指示', '2026-11-21T01:00:00.000Z'),
              (9, 2, 20, 4, 4, 1, 'PGF2α', '2026-11-28', 'open', NULL, NULL, '2026-11-21T00:00:00.000Z')`,
    ),
  ]);
  countsBefore = await counts();
  tasksBefore = await taskRows();
  programmesBefore = await all('SELECT id, farm_id, name, trigger_kind, steps, created_at, updated_at FROM programmes');
  await applyD1Migrations(db, migration);
});

describe('shard migration 0015 (programmes stop and are for some animals)', () => {
  it('loses no row of any table, and keeps the programmes as they were', async () => {
    expect(countsBefore).toEqual({ cattle: 3, events: 2, programmes: 5, enrolments: 4, tasks: 9 });
    expect(await counts()).toEqual(countsBefore);
    expect(await all('SELECT id, farm_id, name, trigger_kind, steps, created_at, updated_at FROM programmes')).toEqual(
      programmesBefore,
    );
  });

  it('gives the examples their rules and every other programme empty ones', async () => {
    const rows = await all<{ id: number; stop_when: string; eligible: string }>(
      'SELECT id, stop_when, eligible FROM programmes ORDER BY id',
    );
    const ovsynch = {
      stopWhen: [
        { eventType: 'INSEMINATION' },
        { eventType: 'PREGNANCY_CHECK', result: 'PREGNANT' },
        { eventType: 'CALVING' },
        { eventType: 'ABORTION' },
      ],
      eligible: { gender: ['雌'], notPregnant: true, minDaysSinceCalving: 40 },
    };
    const none = { stopWhen: [], eligible: {} };
    expect(
      rows.map((r) => ({ id: r.id, stopWhen: JSON.parse(r.stop_when), eligible: JSON.parse(r.eligible) })),
    ).toEqual([
      { id: 1, ...ovsynch },
      { id: 2, ...none },
      { id: 3, ...none },
      { id: 4, ...ovsynch },
      { id: 5, ...none },
    ]);
  });

  it('stops the open Ovsynch tasks of a cow already pregnant, with the reason, and nothing else', async () => {
    const after = await all<Record<string, unknown>>(
      'SELECT id, status, cancel_reason, updated_at FROM tasks ORDER BY id',
    );
    const stopped = '中止：妊娠が確認されました';
    expect(after.map((t) => [t.id, t.status, t.cancel_reason])).toEqual([
      [1, 'done', null], // done before: kept
      [2, 'cancelled', stopped], // あやめ's PGF2α: never left open on a pregnant cow
      [3, 'cancelled', stopped],
      [4, 'cancelled', stopped],
      [5, 'open', null], // ゆり is open: her protocol goes on
      [6, 'open', null],
      [7, 'open', null], // あやめ's 分娩後検診 is not a protocol her pregnancy stops
      [8, 'skipped', null],
      [9, 'cancelled', stopped], // はな on the other farm, pregnant too
    ]);
    // The untouched rows keep every value, updated_at included.
    const kept = (await taskRows()).filter((t) => [1, 5, 6, 7, 8].includes(t.id as number));
    expect(kept).toEqual(tasksBefore.filter((t) => [1, 5, 6, 7, 8].includes(t.id as number)));
    expect(after.filter((t) => t.status === 'cancelled').every((t) => String(t.updated_at) > '2026-11-21T01')).toBe(
      true,
    );
  });

  it('a new task starts without a reason; a new programme with empty rules', async () => {
    await run(
      `INSERT INTO programmes (id, farm_id, name, trigger_kind, steps) VALUES (6, 1, '新しい', 'manual', '[{"day":0,"title":"a"}]')`,
    );
    expect(await all('SELECT stop_when, eligible FROM programmes WHERE id = 6')).toEqual([
      { stop_when: '[]', eligible: '{}' },
    ]);
    await run(
      `INSERT INTO tasks (id, farm_id, cattle_id, enrolment_id, programme_id, step_index, title, due_date)
       VALUES (10, 1, 11, 9, 6, 0, 'a', '2026-12-01')`,
    );
    expect(await all('SELECT status, cancel_reason FROM tasks WHERE id = 10')).toEqual([
      { status: 'open', cancel_reason: null },
    ]);
  });
});
