import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/** A drizzle client over one D1 binding or Sessions API session, with the whole schema (apart from env.ts, which names its type). */
export const buildDb = (db: D1Database) => drizzle(db, { schema });
export type Db = ReturnType<typeof buildDb>;
