import type { Env } from '../env';
import { buildDb as build, type Db } from './drizzle';

export type { Db };

/**
 * One drizzle client per D1 binding, kept for the isolate's life: building one maps the whole schema (about 30 µs),
 * and a request asks for it several times (decision 030).
 */
const clients = new WeakMap<D1Database | D1DatabaseSession, Db>();

/** The drizzle client of a D1 binding or of a D1 Sessions API session on one (decision 034). */
export function clientOf(d1: D1Database | D1DatabaseSession): Db {
  let db = clients.get(d1);
  if (!db) {
    // A session has prepare and batch, all that drizzle's D1 driver calls.
    db = build(d1 as D1Database);
    clients.set(d1, db);
  }
  return db;
}

/**
 * The directory database (binding `DB`): users, sessions, farms, members, invitations, mail and LINE logs, rate
 * limits, idempotency keys, and each farm's shard. Never farm data: that is on the farm's shard (`farmDb`).
 */
export const directoryDb = (env: Pick<Env, 'DB'>): Db => clientOf(env.DB);

/** The farm-data shards' bindings, FARM_DB_0 … FARM_DB_n, in order. */
export function shardBindings(env: Env): D1Database[] {
  const shards: D1Database[] = [];
  for (let n = 0; env[`FARM_DB_${n}`] !== undefined; n++) shards.push(env[`FARM_DB_${n}`]);
  return shards;
}

/** The binding of shard `shard`; a farm whose shard is not bound is a deployment error, never another shard. */
export function shardBinding(env: Env, shard: number): D1Database {
  const binding = env[`FARM_DB_${shard}`];
  if (!binding) throw new Error(`FARM_DB_${shard} is not bound`);
  return binding;
}

/** The farm-data shard `shard` as a drizzle client. */
export const shardDb = (env: Env, shard: number): Db => clientOf(shardBinding(env, shard));

/** The shard a farm lives on, read from the directory; undefined for a farm that does not exist. */
export async function shardOfFarm(env: Env, farmId: number): Promise<number | undefined> {
  return (await farmPlace(env, farmId))?.shard;
}

/** Where a farm's rows are: its shard and, while it moves, the shard it moves to (one directory read). */
const farmPlace = (env: Env, farmId: number) =>
  env.DB.prepare('SELECT shard, moving_to FROM farms WHERE id = ?')
    .bind(farmId)
    .first<{ shard: number; moving_to: number | null }>();

/**
 * A farm's shard for writes outside a request (the dawn run): one directory read; undefined while the farm is moving
 * between shards (`npm run farm:move`, decision 055), whose writes wait until it has moved.
 */
export async function farmWriteDb(env: Env, farmId: number): Promise<Db | undefined> {
  const row = await farmPlace(env, farmId);
  if (!row) throw new Error(`farm ${farmId} does not exist`);
  return row.moving_to === null ? shardDb(env, row.shard) : undefined;
}

/**
 * A farm's shard for code outside a request that reads (seeders, scripts): one directory read. Requests get
 * theirs from farmAccess, in the membership statement, through `requestScope`.
 */
export async function farmDb(env: Env, farmId: number): Promise<Db> {
  const shard = await shardOfFarm(env, farmId);
  if (shard === undefined) throw new Error(`farm ${farmId} does not exist`);
  return shardDb(env, shard);
}
