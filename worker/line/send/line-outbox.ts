/**
 * Replies in a LINE chat (docs/product.md §25): through the event's reply token (free), and when the token is gone or
 * refused, by a push (counted against the plan's quota). Without LINE_MESSAGING_ACCESS_TOKEN in development and tests
 * the reply is kept in the development outbox with LINE's own message objects, as `kind: 'reply'`.
 */
import { desc, eq } from 'drizzle-orm';
import { directoryDb } from '../../db/client';
import { lineDevOutbox, linePushLogs } from '../../db/schema';
import { type Env, isProduction, type Logger } from '../../env';
import type { LineTextMessage } from './line-messages';
import { pushLine } from './push';

const LINE_REPLY_ENDPOINT = 'https://api.line.me/v2/bot/message/reply';
const REPLY_TIMEOUT_MS = 5_000;
/** A reply token lives about a minute: after this much of it a push is sent instead. */
export const REPLY_TOKEN_MS = 50_000;

export interface LineAnswer {
  /** The LINE userId answered. */
  to: string;
  userId: number | null;
  /** The webhook event's reply token, when it still works; else the answer is pushed. */
  replyToken: string | null;
  messages: readonly LineTextMessage[];
  /** What makes a pushed answer the same message on a retry (the webhookEventId). */
  key: string;
}

const textOf = (messages: readonly LineTextMessage[]) => messages.map((m) => m.text).join('\n');

async function replyThroughLine(env: Env, answer: LineAnswer & { replyToken: string }, log: Logger) {
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(LINE_REPLY_ENDPOINT, {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.LINE_MESSAGING_ACCESS_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ replyToken: answer.replyToken, messages: answer.messages }),
      signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
    });
    status = response.status;
    if (!response.ok) error = (await response.text().catch(() => '')).slice(0, 500) || `HTTP ${status}`;
    else await response.body?.cancel();
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  await directoryDb(env).insert(linePushLogs).values({
    lineUserId: answer.to,
    userId: answer.userId,
    type: 'line_reply',
    attempt: 1,
    retryKey: answer.replyToken,
    httpStatus: status,
    error,
  });
  if (error) log('warn', 'line reply failed: pushing instead', { status, error });
  return error === null;
}

/** Answers a LINE user: by reply token, else (or when the reply fails) by push. */
export async function answerLine(env: Env, answer: LineAnswer, log: Logger): Promise<'reply' | 'push' | 'failed'> {
  if (answer.replyToken && !env.LINE_MESSAGING_ACCESS_TOKEN && !isProduction(env)) {
    await directoryDb(env)
      .insert(lineDevOutbox)
      .values({
        to: answer.to,
        text: textOf(answer.messages),
        kind: 'reply',
        replyToken: answer.replyToken,
        messages: JSON.stringify(answer.messages),
      });
    return 'reply';
  }
  if (answer.replyToken && env.LINE_MESSAGING_ACCESS_TOKEN) {
    if (await replyThroughLine(env, { ...answer, replyToken: answer.replyToken }, log)) return 'reply';
  }
  const pushed = await pushLine(
    env,
    {
      to: answer.to,
      userId: answer.userId,
      text: textOf(answer.messages),
      messages: answer.messages,
      type: 'line_push',
      idempotencyKey: `line-answer-${answer.key}`,
    },
    log,
  );
  return pushed === 'failed' ? 'failed' : 'push';
}

/** Development only: what was replied and pushed to a LINE user (or everyone), oldest first. */
export async function lineOutbox(env: Env, to: string | undefined) {
  const rows = await directoryDb(env)
    .select()
    .from(lineDevOutbox)
    .where(to ? eq(lineDevOutbox.to, to) : undefined)
    .orderBy(desc(lineDevOutbox.id))
    .limit(200);
  // The latest 200, oldest first.
  return rows.reverse().map((row) => ({
    kind: row.kind,
    ...(row.replyToken ? { replyToken: row.replyToken } : {}),
    to: row.to,
    text: row.text,
    messages: row.messages
      ? (JSON.parse(row.messages) as LineTextMessage[])
      : [{ type: 'text' as const, text: row.text }],
    createdAt: row.createdAt,
  }));
}
