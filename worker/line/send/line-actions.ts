/** The one-use postback actions of a LINE conversation (docs/product.md §25): made with the message that carries them. */
import type { Db } from '../../db/client';
import { lineActions } from '../../db/schema';
import { randomToken } from '../../lib/crypto';

export type LineActionKind = 'record' | 'pick' | 'farm' | 'task';

/** A confirmation and an animal choice last 30 minutes (§25); a farm choice and a task's 完了 a day. */
const ACTION_MINUTES: Record<LineActionKind, number> = { record: 30, pick: 30, farm: 24 * 60, task: 24 * 60 };

/** A one-use action id and its row, for the batch that answers the message. */
export function newAction(
  db: Db,
  owner: { lineUserId: string; userId: number },
  kind: LineActionKind,
  payload: unknown,
  now = Date.now(),
) {
  const id = randomToken(12);
  const insert = db.insert(lineActions).values({
    id,
    lineUserId: owner.lineUserId,
    userId: owner.userId,
    kind,
    payload: JSON.stringify(payload),
    expiresAt: new Date(now + ACTION_MINUTES[kind] * 60_000).toISOString(),
  });
  return { id, insert };
}
