/**
 * The one LINE push sender (Messaging API, docs/product.md §15, decision 023). With LINE_MESSAGING_ACCESS_TOKEN it
 * posts to the push endpoint with an X-Line-Retry-Key that stays the same across retries, retrying 429 and 5xx
 * with exponential backoff a bounded number of times. Without the token in development (and tests) the message is
 * kept in the development outbox; in production without it the attempt is logged as failed. Every attempt is a
 * row in line_push_logs.
 */
import { directoryDb } from '../../db/client';
import { lineDevOutbox, linePushLogs } from '../../db/schema';
import { type Env, isProduction, type Logger } from '../../env';
import { sha256Hex } from '../../lib/crypto';
import type { LineTextMessage } from './line-messages';

export const LINE_PUSH_ENDPOINT = 'https://api.line.me/v2/bot/message/push';
const PUSH_TIMEOUT_MS = 10_000;

/** Attempts in all and the first backoff (doubled each retry: 1 s, 2 s, 4 s). Tests shorten the delay. */
export const linePushRetry = { attempts: 4, baseDelayMs: 1000 };

export interface LinePush {
  /** The LINE userId (users.line_id). */
  to: string;
  userId: number | null;
  text: string;
  /** LINE's message objects (quick replies); by default one text message of `text`. */
  messages?: readonly LineTextMessage[];
  type: 'alert_digest' | 'line_push';
  /** Same key, same message: the UUID sent as X-Line-Retry-Key is derived from it. */
  idempotencyKey: string;
}

export type PushOutcome = 'sent' | 'outbox' | 'failed';

const messagesOf = (push: LinePush): readonly LineTextMessage[] => push.messages ?? [{ type: 'text', text: push.text }];

/** A UUID (the form LINE asks for) derived from the message's idempotency key, so a re-run sends no duplicate. */
async function retryKeyFor(idempotencyKey: string): Promise<string> {
  const hex = await sha256Hex(`line-push:${idempotencyKey}`);
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const retryable = (status: number | null) => status === null || status === 429 || status >= 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function pushLine(env: Env, push: LinePush, log: Logger): Promise<PushOutcome> {
  const db = directoryDb(env);
  const retryKey = await retryKeyFor(push.idempotencyKey);
  const logRow = { lineUserId: push.to, userId: push.userId, type: push.type, retryKey };
  if (!env.LINE_MESSAGING_ACCESS_TOKEN) {
    if (isProduction(env)) {
      await db.insert(linePushLogs).values({ ...logRow, attempt: 1, error: 'LINE_MESSAGING_ACCESS_TOKEN is not set' });
      log('error', 'line push not configured', { userId: push.userId });
      return 'failed';
    }
    await db.batch([
      db.insert(lineDevOutbox).values({
        to: push.to,
        text: push.text,
        kind: 'push',
        messages: JSON.stringify(messagesOf(push)),
      }),
      db.insert(linePushLogs).values({ ...logRow, attempt: 1, requestId: 'dev-outbox' }),
    ]);
    log('info', 'line push kept in development outbox', { to: push.to, text: push.text });
    return 'outbox';
  }

  const body = JSON.stringify({ to: push.to, messages: messagesOf(push) });
  for (let attempt = 1; attempt <= linePushRetry.attempts; attempt++) {
    let status: number | null = null;
    let requestId: string | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(LINE_PUSH_ENDPOINT, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${env.LINE_MESSAGING_ACCESS_TOKEN}`,
          'Content-Type': 'application/json',
          'X-Line-Retry-Key': retryKey,
        },
        body,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      status = response.status;
      requestId = response.headers.get('x-line-request-id');
      // 409: this retry key was already accepted (an earlier attempt got through), so the message is delivered.
      if (!response.ok && status !== 409) error = (await response.text().catch(() => '')).slice(0, 500) || null;
      else await response.body?.cancel();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const ok = status !== null && (status < 300 || status === 409);
    await db
      .insert(linePushLogs)
      .values({ ...logRow, attempt, httpStatus: status, requestId, error: ok ? null : (error ?? `HTTP ${status}`) });
    if (ok) return 'sent';
    log('warn', 'line push attempt failed', { userId: push.userId, attempt, status, error });
    if (!retryable(status) || attempt === linePushRetry.attempts) break;
    await sleep(linePushRetry.baseDelayMs * 2 ** (attempt - 1));
  }
  log('error', 'line push failed', { userId: push.userId });
  return 'failed';
}
