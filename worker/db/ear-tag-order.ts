import { asc, sql } from 'drizzle-orm';
import { cattle } from './schema';

/** Ear tags (text since migration 0010) in the order of their numbers ('9' before '10'), then as written. */
export const byEarTag = [sql`cast(${cattle.earTagNumber} as integer)`, asc(cattle.earTagNumber)];
