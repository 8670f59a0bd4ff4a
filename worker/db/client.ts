import { drizzle } from 'drizzle-orm/d1';
import type { Env } from '../env';
import * as schema from './schema';

const build = (db: D1Database) => drizzle(db, { schema });
export type Db = ReturnType<typeof build>;

/**
 * One drizzle client per D1 binding, kept for the isolate's life: building one maps the whole schema (about 30 µs),
 * and a request asks for it several times (decision 030).
 */
const clients = new WeakMap<D1Database, Db>();

export function getDb(env: Pick<Env, 'DB'>): Db {
  let db = clients.get(env.DB);
  if (!db) {
    db = build(env.DB);
    clients.set(env.DB, db);
  }
  return db;
}
