import { env } from 'cloudflare:test';
import { clientOf, shardOfFarm } from '../db/client';
import { testEnv } from './api';

/** The binding name of a farm's shard, FARM_DB_<n>: to hand a test double to the Worker in its place. */
export async function shardName(farmId: number): Promise<`FARM_DB_${number}`> {
  const shard = await shardOfFarm(testEnv, farmId);
  if (shard === undefined) throw new Error(`farm ${farmId} does not exist`);
  return `FARM_DB_${shard}`;
}

/** The farm-data shard that holds a farm (decision 034): tests read and write farm rows there, never on env.DB. */
export async function shardOf(farmId: number): Promise<D1Database> {
  return testEnv[await shardName(farmId)];
}

const shards = () => [env.FARM_DB_0, env.FARM_DB_1];
const sum = (results: D1Result[]) => results.reduce((n, r) => n + (r.meta?.changes ?? 0), 0);

// An aggregate over a farm's rows (count, min, max, no GROUP BY) answers on every shard; the other shards' answer is
// the empty one (0 or null), so the shards' answers add up.
const AGGREGATE = /^\s*SELECT\s[\s\S]*\b(count|min|max|sum)\(/i;
function mergeAggregates(rows: Record<string, unknown>[]) {
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(rows[0])) {
    const values = rows.map((r) => r[key]);
    merged[key] = values.every((v) => typeof v === 'number' || v === null)
      ? values.some((v) => v !== null)
        ? values.reduce<number>((n, v) => n + ((v as number | null) ?? 0), 0)
        : null
      : (values.find((v) => v !== null && v !== '0') ?? values[0]);
  }
  return merged;
}

/** A statement run on every shard; see everyShard. */
class EveryShardStatement {
  constructor(
    private readonly query: string,
    private readonly values: unknown[] = [],
  ) {}
  bind(...values: unknown[]) {
    return new EveryShardStatement(this.query, values);
  }
  on(db: D1Database) {
    return db.prepare(this.query).bind(...this.values);
  }
  async all<T = Record<string, unknown>>() {
    const results = await Promise.all(shards().map((db) => this.on(db).all<T>()));
    return {
      ...results[0],
      results: results.flatMap((r) => r.results),
      meta: { ...results[0].meta, changes: sum(results) },
    };
  }
  async run() {
    const results = await Promise.all(shards().map((db) => this.on(db).run()));
    return { ...results[0], meta: { ...results[0].meta, changes: sum(results) } };
  }
  async first<T = Record<string, unknown>>(column?: string): Promise<T | null> {
    const rows = (await Promise.all(shards().map((db) => this.on(db).first<Record<string, unknown>>()))).filter(
      (row) => row !== null,
    );
    const row = AGGREGATE.test(this.query) && rows.length > 1 ? mergeAggregates(rows) : (rows[0] ?? null);
    return (column === undefined || row === null ? row : row[column]) as T | null;
  }
}

/**
 * Farm rows by their own id, wherever they are, for tests that check a row by an id they were given (an animal, an
 * event, an alert): a SELECT reads every shard and joins the rows (an aggregate's answers add up), an UPDATE or
 * DELETE runs on every shard. The test
 * shards' ids never overlap (worker/test/fresh-databases.ts starts shard 1's above 10^12), so a row by id is
 * on one shard only. Never for an INSERT: that goes to `shardOf(farmId)`.
 */
export const everyShard = {
  prepare: (query: string) => {
    if (/^\s*insert/i.test(query)) throw new Error('everyShard is not for INSERT: use shardOf(farmId)');
    return new EveryShardStatement(query);
  },
  batch: async (statements: EveryShardStatement[]) => {
    const perShard = await Promise.all(shards().map((db) => db.batch(statements.map((s) => s.on(db)))));
    return statements.map((_, i) => ({
      ...perShard[0][i],
      results: perShard.flatMap((r) => r[i].results),
      meta: { ...perShard[0][i].meta, changes: sum(perShard.map((r) => r[i])) },
    }));
  },
};

/** The drizzle client of a farm's shard, for tests that call a query or service function directly. */
export const farmDbOf = async (farmId: number) => clientOf(await shardOf(farmId));

/** The shard that holds an animal (the test shards' ids never overlap): for fixtures that add rows under one. */
export async function shardOfAnimal(cattleId: number): Promise<D1Database> {
  for (const db of shards()) {
    if (await db.prepare('SELECT 1 FROM cattle WHERE cattle_id = ?').bind(cattleId).first()) return db;
  }
  throw new Error(`animal ${cattleId} is on no shard`);
}
