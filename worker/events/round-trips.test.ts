import { type SQL, sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { breedingContextsQueries, cattleIdsSql } from '../breeding/breeding-contexts.queries';
import { earTagSharingQuery } from '../cattle/cattle.queries';
import { clientOf } from '../db/client';
import { addDays, todayJst } from '../domain/calendar';
import type { Env } from '../env';
import { countingD1 } from '../lib/d1-counter';
import { api, signUp, testEnv } from '../test/api';
import { shardOf } from '../test/shards';

/**
 * Issue 51: an event create and an animal's registration reach the farm's shard in at most 2 round trips — the event
 * reads the animal's history, version and alerts in one batch and writes everything it causes (breeding state, kept
 * KPI figures, alerts, filings, programme triggers, the change history) in one more; a registration writes and reads
 * its answer in one. Counted on the shards alone (worker/lib/d1-counter.ts), so the directory's session check is not
 * in the count.
 */
type Member = Awaited<ReturnType<typeof signUp>>;
let farmer: Member;
const at = (offset: number) => `${addDays(todayJst(), offset)}T10:00:00+09:00`;

/** The Worker's env with every shard counting its round trips into one counter. */
function countingShards() {
  const counter = { n: 0 };
  const env: Partial<Env> = {};
  for (const key of Object.keys(testEnv).filter((k) => /^FARM_DB_\d+$/.test(k)))
    (env as Record<string, unknown>)[key] = countingD1(testEnv[key as `FARM_DB_${number}`], counter);
  return { counter, env: env as never };
}

const register = (body: Record<string, unknown>, env?: never) =>
  api('/cattle', {
    method: 'POST',
    token: farmer.token,
    body: {
      name: 'はなこ',
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      birthday: '2021-04-01',
      breed: '黒毛和種',
      ...body,
    },
    env,
  });

beforeAll(async () => {
  farmer = await signUp({ name: '東 三郎' });
});

describe('shard round trips of the writes', () => {
  it('records an event in 2 shard round trips: one read batch, one write batch', async () => {
    const cow = await register({ identificationNumber: '1510000018', earTagNumber: '0018' });
    expect(cow.status).toBe(201);
    const cattleId = cow.json.data.cattleId;
    for (const [eventType, details] of [
      ['INSEMINATION', { sireName: '安福久' }],
      ['ESTRUS', null],
      ['WEIGHT_MEASURED', { weightKg: 512 }],
    ] as const) {
      const { counter, env } = countingShards();
      const res = await api('/events', {
        method: 'POST',
        token: farmer.token,
        body: { cattleId, eventType, eventDatetime: at(-3), details },
        env,
      });
      expect(res.status).toBe(201);
      expect(counter.n).toBe(2);
    }
  });

  it('registers an animal in 1 shard round trip', async () => {
    const { counter, env } = countingShards();
    const res = await register({ identificationNumber: '1510000026', earTagNumber: '0026' }, env);
    expect(res.status).toBe(201);
    expect(res.json.data.earTagNumber).toBe('0026');
    expect(counter.n).toBe(1);
  });
});

/** A statement's plan on the farm's shard (no ANALYZE statistics: the plan is the same on any herd). */
async function planOf(statement: SQL | { toSQL(): { sql: string; params: unknown[] } }) {
  const query = 'toSQL' in statement ? statement.toSQL() : new SQLiteAsyncDialect().sqlToQuery(statement);
  const shard = await shardOf(farmer.farmId);
  const rows = await shard
    .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .bind(...query.params)
    .all<{ detail: string }>();
  return rows.results.map((r) => r.detail).join(' | ');
}

describe('query plans of the writes’ reads (issue 51: both grew with the herd)', () => {
  it("an event's read takes the animal's events by events_cattle_time_idx, in order, not the farm's by time", async () => {
    const [, eventsRead] = breedingContextsQueries(farmer.farmId, cattleIdsSql(farmer.farmId, [7]));
    const plan = await planOf(eventsRead);
    expect(plan).toMatch(/SEARCH e USING INDEX events_cattle_time_idx \(cattle_id=\?\)/);
    expect(plan).not.toMatch(/events_farm/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it("a registration's ear-tag read takes the tag's holders by cattle_farm_search_idx, not every animal of the farm", async () => {
    const db = clientOf(await shardOf(farmer.farmId));
    const plan = await planOf(earTagSharingQuery(db, farmer.farmId, sql`(select max(cattle_id) from cattle)`));
    expect(plan).toMatch(
      /SEARCH cattle USING (COVERING )?INDEX cattle_farm_search_idx \(farm_id=\? AND ear_tag_number=\?\)/,
    );
  });
});
