import { drizzle } from 'drizzle-orm/d1';

/**
 * A drizzle client over one D1 binding or Sessions API session. Without the schema: the code writes its queries with
 * the query builder and never uses the relational `db.query` API, and reading the whole schema into that API's
 * config took 160 µs on every client — one per request, as each request reads its farm through a session of its own
 * (5 µs without).
 */
export const buildDb = (db: D1Database) => drizzle(db);
export type Db = ReturnType<typeof buildDb>;
