import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import { type Db, directoryDb } from '../db/client';
import { users } from '../db/schema';
import { canChooseDigest, type DigestChannel, LINE_NOT_LINKED_MESSAGE, withoutLine } from '../domain/notifications';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { canSignInWithoutLine, notificationSettings } from './line.queries';
import type { LineWebhookEvent, WebhookBody } from './line.schemas';

const lineNotLinked = () =>
  new AppError({ status: 400, code: 'LINE_NOT_LINKED', message: LINE_NOT_LINKED_MESSAGE, field: 'digest' });

/** PUT /users/me/notifications: the digest channel, with §15's rule for LINE. */
export async function chooseDigest(env: Env, userId: number, digest: DigestChannel) {
  const current = await notificationSettings(env, userId);
  if (!canChooseDigest(digest, { linked: current.lineLinked, following: current.lineFollowing })) {
    throw lineNotLinked();
  }
  await directoryDb(env)
    .update(users)
    .set({ digestChannel: digest, updatedAt: new Date().toISOString() })
    .where(eq(users.id, userId));
  return { ...current, digest };
}

/**
 * Links a LINE account (the LINE Login subject) to a signed-in user. 'in_use' when another user already has it;
 * relinking the same account is a no-op.
 */
export async function linkLine(db: Db, userId: number, lineId: string): Promise<'linked' | 'in_use'> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.lineId, lineId), ne(users.id, userId)))
    .limit(1);
  if (other) return 'in_use';
  const updated = await db
    .update(users)
    .set({ lineId, updatedAt: new Date().toISOString() })
    .where(and(eq(users.id, userId), isNull(users.lineId)))
    .returning({ id: users.id });
  if (updated.length > 0) return 'linked';
  const [self] = await db.select({ lineId: users.lineId }).from(users).where(eq(users.id, userId)).limit(1);
  return self?.lineId === lineId ? 'linked' : 'in_use';
}

/** DELETE /users/me/line: forgets the LINE account; a digest by LINE falls back to mail. */
export async function unlinkLine(env: Env, userId: number) {
  const db = directoryDb(env);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user && !canSignInWithoutLine(user)) {
    throw new AppError({
      status: 400,
      code: 'LINE_UNLINK_LOCKOUT',
      message: 'LINEでログインしているアカウントのため解除できません。先にパスワードを設定してください',
    });
  }
  if (user) {
    await db
      .update(users)
      .set({ lineId: null, digestChannel: withoutLine(user.digestChannel), updatedAt: new Date().toISOString() })
      .where(eq(users.id, userId));
  }
  return notificationSettings(env, userId);
}

/**
 * POST /line/webhook, after the signature: each event is claimed once by its webhookEventId (a redelivery, whatever
 * `isRedelivery` says, claims nothing), and follow/unfollow record whether pushes can reach a LINE user — one atomic
 * batch, an older follow never overwriting a newer one. Returns the events that were new; the chat's messages and
 * postbacks among them are acted on after the answer (§25).
 */
export async function recordWebhookEvents(env: Env, body: WebhookBody): Promise<LineWebhookEvent[]> {
  const statements: SQL[] = [];
  const claims: number[] = [];
  for (const event of body.events) {
    const userId = event.source?.userId ?? null;
    if ((event.type === 'follow' || event.type === 'unfollow') && userId) {
      statements.push(sql`INSERT INTO line_friends (line_user_id, following, event_at)
        SELECT ${userId}, ${event.type === 'follow' ? 1 : 0}, ${event.timestamp}
        WHERE NOT EXISTS (SELECT 1 FROM line_webhook_events WHERE webhook_event_id = ${event.webhookEventId})
        ON CONFLICT (line_user_id) DO UPDATE SET following = excluded.following, event_at = excluded.event_at,
          updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        WHERE excluded.event_at >= line_friends.event_at`);
    }
    claims.push(statements.length);
    statements.push(sql`INSERT INTO line_webhook_events (webhook_event_id, type, line_user_id)
      VALUES (${event.webhookEventId}, ${event.type}, ${userId}) ON CONFLICT DO NOTHING RETURNING webhook_event_id`);
  }
  const results = await runBatch(directoryDb(env), statements);
  return body.events.filter((_, i) => results[claims[i]].results.length > 0);
}
