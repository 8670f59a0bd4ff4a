import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0003 (programmes and tasks) on a shard seeded in the schema before it: every existing table's rows
 * and values stay as they were, the three new tables start empty, enrolment is unique per (farm, programme, animal,
 * start), and a task leaves 'open' once.
 */
const { db, before, migration, run, all } = migrationDb('0003', 'shard');

const tables = ['cattle', 'breeding_status', 'events', 'alerts', 'kpi_stale'];
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(tables.map(async (t) => [t, await all(`SELECT * FROM ${t} ORDER BY rowid`)] as const)),
  );
let seeded: Record<string, unknown[]>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌', '2021-04-01'),
              (11, 1, 1, '0812345683', '0010', NULL, '去勢', '2024-01-01'),
              (20, 2, 1, '0812345705', '4569', 'はな', '雌', '2020-05-05')`,
    ),
    db.prepare('INSERT INTO breeding_status (cattle_id, initial_parity, parity) VALUES (10, 1, 1), (20, 0, 0)'),
    db.prepare(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime)
       VALUES (10, 1, 1, 'CALVING', '2026-03-01T00:00:00.000Z'), (20, 2, 1, 'INSEMINATION', '2026-04-01T00:00:00.000Z')`,
    ),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0003 (programmes and tasks)', () => {
  it('keeps every existing table’s rows and values', async () => {
    expect(seeded.cattle).toHaveLength(3);
    expect(seeded.events).toHaveLength(2);
    expect(seeded.breeding_status).toHaveLength(2);
    expect(await snapshot()).toEqual(seeded);
  });

  it('adds the three tables empty, with the index the day’s open tasks are read by', async () => {
    for (const t of ['programmes', 'enrolments', 'tasks'])
      expect(await all(`SELECT count(*) AS n FROM ${t}`)).toEqual([{ n: 0 }]);
    const plan = await all<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT id FROM tasks WHERE farm_id = 1 AND status = 'open' AND due_date <= '2026-11-26'`,
    );
    expect(plan.map((p) => p.detail).join(' ')).toContain('tasks_farm_status_due_idx');
  });

  it('enrols an animal once per programme and start, and lets a task leave open once', async () => {
    await run(
      `INSERT INTO programmes (id, farm_id, name, trigger_kind, steps) VALUES (1, 1, 'Ovsynch', 'manual', '[{"day":0,"title":"GnRH"}]')`,
    );
    const enrol = (start: string) =>
      run(
        `INSERT INTO enrolments (farm_id, programme_id, cattle_id, start_date) VALUES (1, 1, 10, ?) ON CONFLICT DO NOTHING`,
        start,
      );
    expect((await enrol('2026-11-20')).meta.changes).toBe(1);
    expect((await enrol('2026-11-20')).meta.changes).toBe(0);
    expect((await enrol('2026-11-27')).meta.changes).toBe(1);
    await run(
      `INSERT INTO tasks (id, farm_id, cattle_id, enrolment_id, programme_id, step_index, title, due_date)
       VALUES (5, 1, 10, 1, 1, 0, 'GnRH', '2026-11-20')`,
    );
    await run(`UPDATE tasks SET status = 'done' WHERE id = 5`);
    await expect(run(`UPDATE tasks SET status = 'done' WHERE id = 5`)).rejects.toThrow(/TASK_NOT_OPEN/);
    await expect(run(`UPDATE tasks SET status = 'skipped' WHERE id = 5`)).rejects.toThrow(/TASK_NOT_OPEN/);
    // A change that keeps the status (an assignee) is allowed after done.
    await run(`UPDATE tasks SET assignee_user_id = 1 WHERE id = 5`);
    expect(await all(`SELECT status, assignee_user_id FROM tasks WHERE id = 5`)).toEqual([
      { status: 'done', assignee_user_id: 1 },
    ]);
    // The animal's deletion takes its enrolments and tasks with it.
    await run('PRAGMA foreign_keys = ON');
    await run('DELETE FROM cattle WHERE cattle_id = 10');
    expect(await all('SELECT count(*) AS n FROM tasks')).toEqual([{ n: 0 }]);
    expect(await all('SELECT count(*) AS n FROM enrolments')).toEqual([{ n: 0 }]);
  });
});
