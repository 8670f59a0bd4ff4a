import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { Db } from './client';
import { cattle } from './schema';

/** Owned animals only: the one scoping condition for every cattle query. */
export const ownedCattle = (farmId: number) => eq(cattle.farmId, farmId);

/** Subquery of the ids of one owner's animal, to scope child tables by it. */
export const ownedCattleIds = (db: Db, farmId: number, cattleId: number) =>
  db
    .select({ id: cattle.cattleId })
    .from(cattle)
    .where(and(eq(cattle.cattleId, cattleId), ownedCattle(farmId)));

/**
 * Whose data a use case reads and writes, and who is acting: every service function takes one. `db` is the farm's
 * shard (decision 034); `farmId` scopes every query; `userId` is recorded as created_by; `actor` as changedBy in histories (the user id as text, or
 * 'system' for the app's own changes).
 */
export interface Scope {
  db: Db;
  farmId: number;
  userId: number;
  /** The acting user's name, shown as who recorded what. */
  userName: string;
  actor: string;
}

/**
 * The scope of a farm-data request (after farmAccess): the farm acted on, on its shard (decision 034), changed by the
 * caller.
 */
export const requestScope = (c: Context<AppEnv>): Scope => ({
  db: c.get('farmDb'),
  farmId: c.get('farmId'),
  userId: c.get('userId'),
  userName: c.get('userName'),
  actor: String(c.get('userId')),
});
