import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientOf } from '../db/client';
import { analyseCow, breedingKpi, breedingKpiOfSums } from '../domain/kpi';
import { keptFiguresOf } from '../domain/kpi-figures';
import { keptKpiSums } from '../kpi/kept-figures.statements';
import { loadKpiCows } from '../kpi/kpi.queries';
import { migrationDb } from '../test/migration-db';

/**
 * Shard migration 0002 (kept KPI figures) on a farm-data shard seeded in the schema before it: every table's rows stay as they
 * were, every female animal (and only she) is marked stale, and the first read backfills her figures — exactly
 * what her history gives — after answering from her events.
 */
const { db, before, migration, run, all } = migrationDb('0002', 'shard');
/** The reads are today's code, which reads what later migrations added (the day sums of 0009): applied first. */
const toToday = () =>
  applyD1Migrations(
    db,
    env.SHARD_MIGRATIONS.filter((m) => m.name > migration[0].name),
  );

const tables = ['cattle', 'breeding_status', 'events', 'shipments', 'farm_counts'];
/** Every table's rows, without the columns later migrations add (cattle.pen_id, shard migration 0018). */
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      tables.map(async (t) => {
        const rows = await all<Record<string, unknown>>(`SELECT * FROM ${t} ORDER BY rowid`);
        return [t, rows.map(({ pen_id: _pen, ...row }) => row)] as const;
      }),
    ),
  );
let seeded: Record<string, unknown[]>;

beforeAll(async () => {
  await applyD1Migrations(db, before);
  const event = (cattleId: number, farmId: number, type: string, at: string, details: string | null = null) =>
    db
      .prepare(
        `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details) VALUES (?, ?, 1, ?, ?, ?)`,
      )
      .bind(cattleId, farmId, type, at, details);
  await db.batch([
    db.prepare(
      `INSERT INTO cattle (cattle_id, farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday)
       VALUES (10, 1, 1, '0812345675', '4567', 'ゆり', '雌', '2021-04-01'),
              (11, 1, 1, '0812345683', '0010', NULL, '去勢', '2024-01-01'),
              (12, 1, 1, '0812345691', '0011', 'さくら', '雌', '2025-01-10'),
              (20, 2, 1, '0812345705', '4569', 'はな', '雌', '2020-05-05')`,
    ),
    db.prepare('INSERT INTO breeding_status (cattle_id, initial_parity, parity) VALUES (10, 1, 1), (20, 0, 0)'),
    event(10, 1, 'CALVING', '2025-03-01T00:00:00.000Z'),
    event(10, 1, 'INSEMINATION', '2025-05-01T00:00:00.000Z'),
    event(10, 1, 'PREGNANCY_CHECK', '2025-06-10T00:00:00.000Z', '{"result":"PREGNANT"}'),
    event(10, 1, 'CALVING', '2026-02-05T00:00:00.000Z'),
    event(10, 1, 'ESTRUS', '2026-04-01T00:00:00.000Z'),
    event(11, 1, 'WEIGHT', '2026-04-01T00:00:00.000Z', '{"weightKg":300}'),
    event(20, 2, 'INSEMINATION', '2026-03-01T00:00:00.000Z'),
  ]);
  seeded = await snapshot();
  await applyD1Migrations(db, migration);
});

describe('shard migration 0002 (kept KPI figures)', () => {
  it('keeps every table’s rows and values', async () => {
    expect(seeded.cattle).toHaveLength(4);
    expect(seeded.events).toHaveLength(7);
    expect(seeded.breeding_status).toHaveLength(2);
    expect(await snapshot()).toEqual(seeded);
  });

  it('marks every female animal stale and writes no figures yet', async () => {
    expect(await all('SELECT cattle_id, farm_id FROM kpi_stale ORDER BY cattle_id')).toEqual([
      { cattle_id: 10, farm_id: 1 },
      { cattle_id: 12, farm_id: 1 },
      { cattle_id: 20, farm_id: 2 },
    ]);
    expect(await all('SELECT count(*) AS n FROM kpi_figures')).toEqual([{ n: 0 }]);
    expect(await all('SELECT count(*) AS n FROM kpi_eligible_days')).toEqual([{ n: 0 }]);
  });

  it('answers the first read from the events and backfills the farm’s figures with it', async () => {
    await toToday();
    const drizzle = clientOf(db);
    const period = { from: '2025-06-01', to: '2026-05-31' };
    const cows = (await loadKpiCows(drizzle, 1, '1900-01-01')).map(analyseCow);
    const first = await keptKpiSums(drizzle, 1, [period]);
    expect(breedingKpiOfSums(period, first.value[0])).toEqual(breedingKpi(cows, period));
    await first.refresh();
    expect(await all('SELECT cattle_id FROM kpi_stale ORDER BY cattle_id')).toEqual([{ cattle_id: 20 }]);
    const rows = await all<{ cattle_id: number; kind: string; day: number }>(
      'SELECT cattle_id, kind, day FROM kpi_figures WHERE farm_id = 1 ORDER BY cattle_id, kind, day, a',
    );
    const expected = cows
      .flatMap((cow) => keptFiguresOf(cow).map((f) => ({ cattle_id: cow.cattleId, kind: f.kind, day: f.day })))
      .sort((x, y) => x.cattle_id - y.cattle_id || x.kind.localeCompare(y.kind) || x.day - y.day);
    expect(rows.map((r) => [r.cattle_id, r.kind, r.day])).toEqual(
      expected
        .map((r) => [r.cattle_id, r.kind, r.day])
        .sort((x, y) =>
          x[0] === y[0]
            ? x[1] === y[1]
              ? Number(x[2]) - Number(y[2])
              : String(x[1]).localeCompare(String(y[1]))
            : Number(x[0]) - Number(y[0]),
        ),
    );
    // Kept now: the next read finds nothing stale on farm 1 and gives the same answer.
    const again = await keptKpiSums(drizzle, 1, [period]);
    expect(again.value).toEqual(first.value);
    // The rows as seeded, without the columns later migrations added to them (events.source, shard 0019: null).
    const now = await snapshot();
    expect(now.events.every((e) => (e as { source?: unknown }).source === null)).toBe(true);
    expect({ ...now, events: now.events.map((e) => ({ ...(e as object), source: undefined })) }).toEqual({
      ...seeded,
      events: seeded.events.map((e) => ({ ...(e as object), source: undefined })),
    });
  });

  it('marks a cow stale again on a change of her breeding events, sex or birthday — and not on a weight', async () => {
    await toToday();
    const stale = async () =>
      (await all<{ cattle_id: number }>('SELECT cattle_id FROM kpi_stale')).map((r) => r.cattle_id);
    await run('DELETE FROM kpi_stale');
    await run(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (11, 1, 1, 'WEIGHT', '2026-05-01T00:00:00Z')`,
    );
    await run(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (12, 1, 1, 'VACCINATION', '2026-05-01T00:00:00Z')`,
    );
    expect(await stale()).toEqual([]);
    await run(
      `INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (12, 1, 1, 'ESTRUS', '2026-05-01T00:00:00Z')`,
    );
    expect(await stale()).toEqual([12]);
    await run('DELETE FROM kpi_stale');
    await run(`UPDATE cattle SET name = 'さくら2' WHERE cattle_id = 12`);
    expect(await stale()).toEqual([]);
    await run(`UPDATE cattle SET birthday = '2025-02-10' WHERE cattle_id = 12`);
    expect(await stale()).toEqual([12]);
    await run('DELETE FROM kpi_stale');
    await run(`UPDATE cattle SET gender = '雌' WHERE cattle_id = 11`);
    expect(await stale()).toEqual([11]);
    await run('DELETE FROM cattle WHERE cattle_id = 10');
    expect(await all('SELECT count(*) AS n FROM kpi_figures WHERE cattle_id = 10')).toEqual([{ n: 0 }]);
    // Her eligible stretches went from the per-day changes too: what is left is exactly the other cows'.
    const changes = new Map<number, number>();
    for (const r of await all<{ day: number; a: number }>(
      `SELECT day, a FROM kpi_figures WHERE farm_id = 1 AND kind = 'L'`,
    )) {
      changes.set(r.day, (changes.get(r.day) ?? 0) + 1);
      changes.set(r.a + 1, (changes.get(r.a + 1) ?? 0) - 1);
    }
    expect(await all('SELECT day, delta FROM kpi_eligible_days WHERE farm_id = 1 AND delta <> 0 ORDER BY day')).toEqual(
      [...changes]
        .filter(([, d]) => d !== 0)
        .sort(([x], [y]) => x - y)
        .map(([day, delta]) => ({ day, delta })),
    );
    expect(changes.size).toBeGreaterThan(0);
  });
});
