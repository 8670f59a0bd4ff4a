/**
 * The dawn run on Cloudflare Queues (docs/product.md §24, decision 035). The cron puts the first page of the farm
 * list on the queue, one message per farm, and a page message for the rest; the consumer runs each farm's message
 * (runDawnFarm) and each page message (the next page), so no invocation sends more than one page however many farms
 * there are. A farm that fails is retried alone with backoff; the dead-letter queue's consumer records it as failed.
 */
import { sql } from 'drizzle-orm';
import { dawnFarmRuns } from '../db/schema';
import { isIsoDate } from '../domain/calendar';
import type { Env, Logger } from '../env';
import { dawnScope, runDawnFarm } from './daily';
import { type DawnMessage, enqueueDawnPage } from './dawn-enqueue';

/** The queue the platform moves a message to after its last try (wrangler.toml `dead_letter_queue`). */
export const DAWN_DEAD_LETTER_QUEUE = 'ushicho-dawn-dead';
/** Longest backoff between two tries of a farm. */
const MAX_RETRY_DELAY_SECONDS = 600;

/** Seconds before the next try of a message that failed on its `attempts`-th delivery: base, 2×, 4×, … (capped). */
export function dawnRetryDelaySeconds(attempts: number, baseSeconds = 30): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

const retryBase = (env: Env) => {
  const base = Number(env.DAWN_RETRY_BASE_SECONDS);
  return env.DAWN_RETRY_BASE_SECONDS !== undefined && Number.isFinite(base) && base >= 0 ? base : 30;
};

const isDawnMessage = (body: unknown): body is DawnMessage => {
  const m = body as Partial<Record<string, unknown>> | null;
  if (!m || typeof m.day !== 'string' || !isIsoDate(m.day)) return false;
  if (m.kind === 'farm') return Number.isInteger(m.farmId) && (m.farmId as number) > 0;
  return m.kind === 'page' && Number.isInteger(m.afterFarmId) && (m.afterFarmId as number) >= 0;
};

/**
 * The dawn queue's consumer: the batch's farms run side by side, and each message is acked or retried on its own,
 * so one failing farm delays only itself. A message no one can read is logged and dropped.
 */
export async function consumeDawnBatch(batch: MessageBatch<unknown>, env: Env, log: Logger) {
  await Promise.all(
    batch.messages.map(async (message) => {
      const body = message.body;
      if (!isDawnMessage(body)) {
        log('error', 'dawn run: unreadable message dropped', { id: message.id, body: JSON.stringify(body) });
        message.ack();
        return;
      }
      try {
        if (body.kind === 'page') {
          await enqueueDawnPage(env, body.day, body.afterFarmId);
          message.ack();
          return;
        }
        const outcome = await runDawnFarm(env, body.farmId, body.day, { log });
        if (outcome.outcome === 'busy') message.retry({ delaySeconds: Math.ceil(outcome.retryInMs / 1000) });
        else message.ack();
        if (outcome.outcome === 'done') log('info', 'dawn run: farm done', { ...body, ...outcome });
      } catch (err) {
        const delaySeconds = dawnRetryDelaySeconds(message.attempts, retryBase(env));
        log('error', 'dawn run: try failed, retried', {
          ...body,
          attempts: message.attempts,
          delaySeconds,
          error: String(err),
        });
        message.retry({ delaySeconds });
      }
    }),
  );
}

/**
 * The dead-letter queue's consumer: a farm whose every try failed is recorded as failed ('dead') for the day, unless
 * a later try finished it; a page that could not be enqueued is logged (its farms miss the morning).
 */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Env, log: Logger) {
  for (const message of batch.messages) {
    const body = message.body;
    if (!isDawnMessage(body)) {
      log('error', 'dawn run: unreadable dead letter dropped', { id: message.id });
      message.ack();
      continue;
    }
    if (body.kind === 'page') {
      log('error', 'dawn run: a page of the farm list was never enqueued', { ...body, attempts: message.attempts });
      message.ack();
      continue;
    }
    const scope = await dawnScope(env, body.farmId);
    if (!scope) {
      // The farm is moving between shards (decision 055): its row is written once it has moved.
      message.retry({ delaySeconds: 120 });
      continue;
    }
    const stamp = new Date().toISOString();
    await scope.db
      .insert(dawnFarmRuns)
      .values({ runDate: body.day, farmId: body.farmId, status: 'dead', createdAt: stamp, updatedAt: stamp })
      .onConflictDoUpdate({
        target: [dawnFarmRuns.runDate, dawnFarmRuns.farmId],
        set: { status: 'dead', leaseUntil: null, updatedAt: stamp },
        setWhere: sql`${dawnFarmRuns.status} <> 'done'`,
      });
    log('error', 'dawn run: farm failed for the day', { ...body, attempts: message.attempts });
    message.ack();
  }
}
