import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { Db } from './client';
import { getDb } from './client';
import { cattle } from './schema';

/** Owned animals only: the one scoping condition for every cattle query. */
export const ownedCattle = (ownerId: number) => eq(cattle.ownerUserId, ownerId);

/** Subquery of the ids of one owner's animal, to scope child tables by it. */
export const ownedCattleIds = (db: Db, ownerId: number, cattleId: number) =>
  db
    .select({ id: cattle.cattleId })
    .from(cattle)
    .where(and(eq(cattle.cattleId, cattleId), ownedCattle(ownerId)));

/**
 * Whose data a use case reads and writes, and who is acting: every service function takes one. `ownerId` scopes
 * every query; `actor` is recorded as changedBy (a user id as text, or 'system' for the app's own changes).
 */
export interface Scope {
  db: Db;
  ownerId: number;
  actor: string;
}

/** The scope of a signed-in request: the caller's own herd, changed by the caller. */
export const requestScope = (c: Context<AppEnv>): Scope => ({
  db: getDb(c.env),
  ownerId: c.get('userId'),
  actor: String(c.get('userId')),
});
