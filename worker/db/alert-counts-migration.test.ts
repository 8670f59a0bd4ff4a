import { applyD1Migrations } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0013 (each farm's alerts counted per status, severity and open due date, kept by triggers) on a
 * shard seeded in the schema before it: every alert stays as it was, the counts start as the alerts' own, and the
 * triggers keep them equal to a count of the alerts through an insert, a resolve, a new due date, a move to another
 * farm and a delete, with no row left at zero.
 */
const { db, before, migration, run, all, alert: storedAlert } = migrationDb('0013', 'shard');

const alertsOf = () => all('SELECT * FROM alerts ORDER BY rowid');
const kept = () =>
  all('SELECT farm_id, status, severity, due, n FROM farm_alert_counts ORDER BY farm_id, status, severity, due');
/** The same counts taken from the alerts themselves. */
const counted = () =>
  all(
    `SELECT farm_id, status, severity,
       CASE WHEN status IN ('active', 'acknowledged') THEN coalesce(due_at, '') ELSE '' END AS due, count(*) AS n
     FROM alerts WHERE farm_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  );
let seeded: unknown[];

/** Every alert is on animal 10 (its farm is the alert's own column). */
const alert = (id: string, farm: number | null, severity: string, status: string, due: string | null) =>
  storedAlert(id, farm, severity, status, 10, due);

beforeAll(async () => {
  await applyD1Migrations(db, before);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, gender, birthday) VALUES (10, 1, 1, '雌', '2021-04-01')`,
    ),
    alert('a', 1, 'high', 'active', '2026-11-20'),
    alert('b', 1, 'high', 'active', '2026-11-20'),
    alert('c', 1, 'medium', 'acknowledged', '2026-12-01'),
    alert('d', 1, 'low', 'active', null),
    alert('e', 1, 'high', 'resolved', '2026-10-01'),
    alert('f', 1, 'medium', 'dismissed', '2026-09-01'),
    alert('g', 2, 'high', 'active', '2026-11-25'),
    alert('h', null, 'high', 'active', '2026-11-25'),
  ]);
  seeded = await alertsOf();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0013 (alerts counted per farm)', () => {
  it('keeps every alert and its values', async () => {
    expect(seeded).toHaveLength(8);
    expect(await alertsOf()).toEqual(seeded);
  });

  it('starts from the alerts already there: open ones by due date, closed ones together, none without a farm', async () => {
    expect(await kept()).toEqual([
      { farm_id: 1, status: 'acknowledged', severity: 'medium', due: '2026-12-01', n: 1 },
      { farm_id: 1, status: 'active', severity: 'high', due: '2026-11-20', n: 2 },
      { farm_id: 1, status: 'active', severity: 'low', due: '', n: 1 },
      { farm_id: 1, status: 'dismissed', severity: 'medium', due: '', n: 1 },
      { farm_id: 1, status: 'resolved', severity: 'high', due: '', n: 1 },
      { farm_id: 2, status: 'active', severity: 'high', due: '2026-11-25', n: 1 },
    ]);
  });

  it('keeps them equal to a count of the alerts, with no row left at zero', async () => {
    await db.batch([alert('i', 2, 'medium', 'active', '2026-11-30')]);
    expect(await kept()).toEqual(await counted());
    await run(`UPDATE alerts SET status = 'resolved' WHERE id = 'a'`);
    expect(await kept()).toEqual(await counted());
    await run(`UPDATE alerts SET due_at = '2026-11-22' WHERE id = 'b'`);
    expect(await kept()).toEqual(await counted());
    // Neither open alert is left on 2026-11-20: its row is gone.
    expect(await all(`SELECT * FROM farm_alert_counts WHERE due = '2026-11-20'`)).toEqual([]);
    // Another column leaves the counts alone.
    await run(`UPDATE alerts SET memo = 'メモ' WHERE id = 'c'`);
    expect(await kept()).toEqual(await counted());
    await run(`UPDATE alerts SET farm_id = 2 WHERE id = 'd'`);
    expect(await kept()).toEqual(await counted());
    await run(`UPDATE alerts SET farm_id = 1 WHERE id = 'h'`);
    expect(await kept()).toEqual(await counted());
    await run(`DELETE FROM alerts WHERE id IN ('e', 'g')`);
    expect(await kept()).toEqual(await counted());
    expect(await all('SELECT * FROM farm_alert_counts WHERE n <= 0')).toEqual([]);
  });
});
