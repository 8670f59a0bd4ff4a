/**
 * The directory's LINE rows (docs/product.md §25): who a LINE user is and on which farms, the one-use postback
 * actions of a conversation, and the per-LINE-user windows (wrong link codes, messages a minute).
 */
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Window } from '../db/rate-limit';
import { lineActions, rateLimitHits } from '../db/schema';
import type { FarmRole } from '../domain/roles';
import type { LineActionKind } from './send/line-actions';

export interface LineFarm {
  farmId: number;
  name: string;
  role: FarmRole;
  shard: number;
  /** Moving between shards (decision 055): its writes wait until it has moved. */
  moving: boolean;
}

export interface LineAccount {
  userId: number;
  userName: string;
  /** Every farm the user is a member of, the LINE farm first. */
  farms: LineFarm[];
}

/**
 * The account linked to a LINE user, with its farms: the LINE farm (users.line_farm_id) first while still a member,
 * then the default farm as the app chooses it (the one last chosen, else the first owned, else the first joined).
 */
export async function lineAccount(db: Db, lineUserId: string): Promise<LineAccount | null> {
  const rows = await db.all<{
    user_id: number;
    user_name: string;
    farm_id: number | null;
    name: string | null;
    role: FarmRole | null;
    shard: number | null;
    moving: number | null;
  }>(sql`select u.id as user_id, u.user_name as user_name, m.farm_id as farm_id, f.name as name, m.role as role,
      f.shard as shard, f.moving_to is not null as moving
    from users u left join farm_members m on m.user_id = u.id left join farms f on f.id = m.farm_id
    where u.line_id = ${lineUserId}
    order by (m.farm_id = u.line_farm_id) desc, (m.farm_id = u.default_farm_id) desc, (m.role = 'owner') desc,
      m.joined_at, m.farm_id`);
  const first = rows[0];
  if (!first) return null;
  return {
    userId: first.user_id,
    userName: first.user_name,
    farms: rows.flatMap((r) =>
      r.farm_id === null
        ? []
        : [
            {
              farmId: r.farm_id,
              name: r.name ?? '',
              role: r.role as FarmRole,
              shard: r.shard ?? 0,
              moving: Boolean(r.moving),
            },
          ],
    ),
  };
}

export type Consumed =
  | { outcome: 'used'; kind: LineActionKind; payload: unknown; userId: number }
  | { outcome: 'alreadyUsed' | 'expired' | 'unknown' };

/**
 * Takes a one-use action, atomically: the first tap gets it, a second (or a redelivered) one finds it used. An action
 * past its time is not taken.
 */
export async function consumeAction(db: Db, lineUserId: string, id: string, now = new Date()): Promise<Consumed> {
  const [taken] = await db
    .update(lineActions)
    .set({ usedAt: now.toISOString() })
    .where(
      and(
        eq(lineActions.id, id),
        eq(lineActions.lineUserId, lineUserId),
        isNull(lineActions.usedAt),
        gt(lineActions.expiresAt, now.toISOString()),
      ),
    )
    .returning();
  if (taken) {
    return {
      outcome: 'used',
      kind: taken.kind as LineActionKind,
      payload: JSON.parse(taken.payload),
      userId: taken.userId,
    };
  }
  const [row] = await db
    .select({ usedAt: lineActions.usedAt })
    .from(lineActions)
    .where(and(eq(lineActions.id, id), eq(lineActions.lineUserId, lineUserId)))
    .limit(1);
  if (!row) return { outcome: 'unknown' };
  return { outcome: row.usedAt ? 'alreadyUsed' : 'expired' };
}

/** At most 60 messages a minute per LINE user are acted on (§25). */
const LINE_MESSAGES_PER_MINUTE = 60;

/**
 * Counts a message of a LINE user and says whether it is within the minute's 60: the hit and the count are one
 * batch, so two messages at once are never both the 60th.
 */
export async function withinMessageLimit(db: Db, lineUserId: string, now = Date.now()): Promise<boolean> {
  const key = `line-message:${lineUserId}`;
  const since = now - 60_000;
  const [, , counted] = await db.batch([
    db.insert(rateLimitHits).values({ key, createdAt: now }),
    db.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lt(rateLimitHits.createdAt, since))),
    db
      .select({ hits: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since))),
  ]);
  return Number(counted[0]?.hits ?? 0) <= LINE_MESSAGES_PER_MINUTE;
}

/** After 5 wrong link codes in 10 minutes, every code from the LINE user is refused for 10 minutes (§25). */
export const wrongCodeWindow = (lineUserId: string): Window => ({
  key: `line-link-code:${lineUserId}`,
  limit: 5,
  windowSeconds: 600,
});
