/**
 * Linking a LINE user by a one-use code (docs/product.md §25), besides LINE Login (§16): the signed-in user asks for
 * a code, sends it in the chat, and the webhook links the sender to that user.
 */
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import { type Db, directoryDb } from '../db/client';
import { hitAll, readWindows } from '../db/rate-limit';
import { lineLinkCodes, users } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { LINK_CODE_ALPHABET, LINK_CODE_LENGTH } from '../domain/line-grammar';
import type { Env } from '../env';
import { sha256Hex } from '../lib/crypto';
import { lineAccount, wrongCodeWindow } from './line.statements';
import { LINE_REPLIES } from './send/line-messages';

const LINK_CODE_MINUTES = 10;

/** 8 characters of the alphabet, each from one random byte (32 letters: a byte's low 5 bits are uniform). */
function newLinkCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LINK_CODE_LENGTH));
  return [...bytes].map((b) => LINK_CODE_ALPHABET[b & 31]).join('');
}

const codeHash = (code: string) => sha256Hex(`line-link-code:${code}`);

/**
 * POST /line/link-code: a new code for the user, valid 10 minutes; it replaces the user's previous one (one live
 * code per user). Only its hash is stored.
 */
export async function createLinkCode(env: Env, userId: number, now = Date.now()) {
  const db = directoryDb(env);
  const expiresAt = new Date(now + LINK_CODE_MINUTES * 60_000).toISOString();
  for (let attempt = 0; ; attempt++) {
    const code = newLinkCode();
    const hash = await codeHash(code);
    try {
      await db
        .insert(lineLinkCodes)
        .values({ userId, codeHash: hash, expiresAt })
        .onConflictDoUpdate({
          target: lineLinkCodes.userId,
          set: { codeHash: hash, expiresAt, createdAt: new Date(now).toISOString() },
        });
      return { code, expiresAt };
    } catch (err) {
      // Another user's live code is the same (1 in 32^8): draw again.
      if (!isUniqueViolation(err, 'line_link_codes.') || attempt >= 3) throw err;
    }
  }
}

/** The farm named in '連携しました：…（{牧場}）': the LINE farm, else none. */
async function linkedReply(db: Db, lineUserId: string) {
  const account = await lineAccount(db, lineUserId);
  if (!account) return LINE_REPLIES.wrongCode;
  return LINE_REPLIES.linked(account.userName, account.farms[0]?.name ?? '牧場なし');
}

/**
 * A code sent in the chat: links the sender to the code's user, marks them as following, and answers the reply of
 * §25 (linked, linked elsewhere, wrong or expired, locked out after 5 wrong codes in 10 minutes).
 */
export async function linkByCode(env: Env, lineUserId: string, code: string, eventAt: number): Promise<string> {
  const db = directoryDb(env);
  const window = wrongCodeWindow(lineUserId);
  const [locked] = await readWindows(db, [window]);
  if (locked.retryAfter > 0) return LINE_REPLIES.lockedOut;
  const now = new Date().toISOString();
  const [owner] = await db
    .select({ userId: lineLinkCodes.userId })
    .from(lineLinkCodes)
    .where(and(eq(lineLinkCodes.codeHash, await codeHash(code)), gt(lineLinkCodes.expiresAt, now)))
    .limit(1);
  if (!owner) {
    await hitAll(db, [window.key]);
    return LINE_REPLIES.wrongCode;
  }
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.lineId, lineUserId), ne(users.id, owner.userId)))
    .limit(1);
  if (other) return LINE_REPLIES.linkedElsewhere;
  try {
    // The code is used once: deleted in the same batch that links.
    await runBatch(db, [
      db.delete(lineLinkCodes).where(eq(lineLinkCodes.userId, owner.userId)),
      db.update(users).set({ lineId: lineUserId, updatedAt: now }).where(eq(users.id, owner.userId)),
      sql`INSERT INTO line_friends (line_user_id, following, event_at) VALUES (${lineUserId}, 1, ${eventAt})
        ON CONFLICT (line_user_id) DO UPDATE SET following = 1, event_at = excluded.event_at,
          updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        WHERE excluded.event_at >= line_friends.event_at`,
    ]);
  } catch (err) {
    // Another account took this LINE user between the read and the write.
    if (isUniqueViolation(err, 'users.')) return LINE_REPLIES.linkedElsewhere;
    throw err;
  }
  return linkedReply(db, lineUserId);
}
