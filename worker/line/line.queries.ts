import { eq } from 'drizzle-orm';
import { directoryDb } from '../db/client';
import { lineFriends, users } from '../db/schema';
import type { Env } from '../env';
import { notFound } from '../lib/errors';
import type { NotificationSettings } from './line.schemas';

/** The user's digest choice and whether LINE can reach them (docs/product.md §15). */
export async function notificationSettings(env: Env, userId: number): Promise<NotificationSettings> {
  const [row] = await directoryDb(env)
    .select({
      digest: users.digestChannel,
      lineId: users.lineId,
      following: lineFriends.following,
      passwordHash: users.passwordHash,
      googleId: users.googleId,
    })
    .from(users)
    .leftJoin(lineFriends, eq(lineFriends.lineUserId, users.lineId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('User not found', 'USER_NOT_FOUND');
  return {
    digest: row.digest,
    lineLinked: Boolean(row.lineId),
    lineFollowing: Boolean(row.lineId && row.following),
    lineLoginAvailable: Boolean(env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET),
    canUnlinkLine: canSignInWithoutLine(row),
    friendUrl: env.LINE_FRIEND_URL || null,
  };
}

/** A password (bcrypt) or Google: unlinking LINE would not lock the account out. */
export const canSignInWithoutLine = (u: { passwordHash: string | null; googleId: string | null }) =>
  Boolean(u.passwordHash?.startsWith('$2') || u.googleId);
