import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/api';
import { farmDbOf, shardOf } from '../test/shards';
import { cattleDetailQueries, listCattle } from './cattle.queries';

/**
 * How SQLite (workerd's, on a migrated shard) answers the reads that name one animal or a page of animals, on a farm
 * with many open alerts. The alert summary of a row must read that animal's alerts (alerts_cattle_idx): with the
 * statuses written as literals instead of bound values, SQLite reads every open alert of the farm through
 * alerts_farm_status_idx for each row (5 ms for one animal at 8,000 head, 3,625 open alerts, on the bench farm).
 */
let farmId: number;
let shard: D1Database;

beforeAll(async () => {
  const member = await signUp();
  farmId = member.farmId;
  shard = await shardOf(farmId);
  // A farm with many open alerts (the planner's choice depends on the tables' size): 400 animals, 3,200 alerts.
  await shard.batch([
    shard
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400)
         INSERT INTO cattle (farm_id, created_by, identification_number, name, gender, status)
         SELECT ?, ?, printf('19%08d', i), 'うし' || i, '雌', 'PREGNANT' FROM n`,
      )
      .bind(farmId, member.userId),
    shard
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3200)
         INSERT INTO alerts (id, farm_id, type, severity, status, cattle_id, message, created_by)
         SELECT 'plan-' || i, ?, 'ESTRUS_EXPECTED', 'high', 'active', c.cattle_id, 'msg', ?
         FROM n JOIN cattle c ON c.farm_id = ? AND c.identification_number = printf('19%08d', 1 + i % 400)`,
      )
      .bind(farmId, member.userId, farmId),
  ]);
});

type Planned = { toSQL(): { sql: string; params: unknown[] } };

async function planOf(query: Planned) {
  const { sql, params } = query.toSQL();
  const rows = await shard
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return rows.results.map((r) => r.detail);
}

/** The plan lines that read the alerts table. */
const alertReads = (plan: string[]) => plan.filter((line) => /\balerts\b/.test(line));

describe('query plans of the reads by animal', () => {
  it("the animal page reads the animal's alerts through alerts_cattle_idx, and its events and calves by the animal", async () => {
    const db = await farmDbOf(farmId);
    const [animal, events, calves] = cattleDetailQueries(db, farmId, 7);
    const reads = alertReads(await planOf(animal as unknown as Planned));
    expect(reads).toHaveLength(2);
    for (const line of reads)
      expect(line).toMatch(/alerts USING INDEX alerts_cattle_idx \(cattle_id=\? AND status=\?\)/);
    expect((await planOf(events as unknown as Planned)).join(' | ')).toContain('events_cattle_time_idx');
    expect((await planOf(calves as unknown as Planned)).join(' | ')).toContain('mother_info_mother_idx');
  });

  it("a page of the list reads each row's alerts through alerts_cattle_idx", async () => {
    const db = await farmDbOf(farmId);
    const captured: Planned[] = [];
    // The list's statement as it would run, captured instead of run.
    const spy = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'batch')
          return async (queries: Planned[]) => {
            captured.push(...queries);
            return queries.map(() => []);
          };
        return Reflect.get(target, key, receiver);
      },
    });
    await listCattle(spy, farmId, {
      status: ['PREGNANT'],
      gender: ['雌'],
      growth_stage: [],
      sortBy: 'days_open',
      sortOrder: 'desc',
      limit: 20,
    } as never);
    const reads = alertReads(await planOf(captured[0]));
    expect(reads).toHaveLength(2);
    for (const line of reads) expect(line).toMatch(/alerts USING INDEX alerts_cattle_idx/);
  });
});
