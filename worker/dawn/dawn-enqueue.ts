/**
 * The producer side of the dawn run (docs/product.md §24, decision 035): a page of the farm list goes on the dawn
 * queue, one message per farm, and a page message for the rest. The cron starts it for today; the development route
 * /dev/dawn for a named day; the consumer (dawn-queue.ts) sends the next pages.
 */
import { sql } from 'drizzle-orm';
import { chunk } from '../alerts/alerts.statements';
import { directoryDb } from '../db/client';
import { dailyRuns } from '../db/schema';
import { type IsoDate, todayJst } from '../domain/calendar';
import type { Env } from '../env';
import { farmIdsAfter } from './daily';

export type DawnMessage =
  | { kind: 'farm'; farmId: number; day: IsoDate }
  /** Enqueue the farms after `afterFarmId`: the farm list goes on the queue a page per invocation. */
  | { kind: 'page'; afterFarmId: number; day: IsoDate };

/** Messages per sendBatch: the Queues maximum. */
export const DAWN_SEND_BATCH = 100;
/**
 * Farms one invocation enqueues: 5,000 farms are 50 sendBatch calls and one D1 read, far inside the 1,000
 * subrequests and 30 s of CPU of one invocation, and about a second at the 5,000 messages a second a queue takes.
 */
export const DAWN_FARMS_PER_PAGE = 5000;
/** sendBatch calls in flight at once (a Worker keeps at most 6 connections open). */
const SENDS_IN_FLIGHT = 6;

export interface DawnPage {
  enqueued: number;
  lastFarmId: number | null;
  /** A page message for the farms after lastFarmId went on the queue. */
  more: boolean;
}

/**
 * Puts one page of the farm list (the farms after `afterFarmId`) on the queue, 100 messages a sendBatch, and a page
 * message for the rest when there is more; records the progress in daily_runs. Sending a page twice (a page message
 * retried) only duplicates farm messages, which the once-a-day claim turns into nothing.
 */
export async function enqueueDawnPage(env: Env, day: IsoDate, afterFarmId = 0): Promise<DawnPage> {
  const ids = await farmIdsAfter(env, afterFarmId, DAWN_FARMS_PER_PAGE + 1);
  const page = ids.slice(0, DAWN_FARMS_PER_PAGE);
  const queue = env.DAWN_QUEUE;
  const batches = chunk(page, DAWN_SEND_BATCH);
  for (const inFlight of chunk(batches, SENDS_IN_FLIGHT)) {
    await Promise.all(
      inFlight.map((farmIds) =>
        queue.sendBatch(farmIds.map((farmId) => ({ body: { kind: 'farm' as const, farmId, day } }))),
      ),
    );
  }
  const lastFarmId = page.at(-1) ?? null;
  const more = ids.length > page.length && lastFarmId !== null;
  if (more) await queue.send({ kind: 'page', afterFarmId: lastFarmId, day });
  const stamp = new Date().toISOString();
  const progress = { afterFarmId: lastFarmId ?? afterFarmId, finishedAt: more ? null : stamp, updatedAt: stamp };
  await directoryDb(env)
    .insert(dailyRuns)
    .values({ runDate: day, ...progress, invocations: 1, createdAt: stamp })
    .onConflictDoUpdate({
      target: dailyRuns.runDate,
      set: { ...progress, invocations: afterFarmId ? sql`${dailyRuns.invocations} + 1` : 1 },
    });
  return { enqueued: page.length, lastFarmId, more };
}

/** The cron's part: the first page of the farm list for the JST day of `now` (21:00 UTC is the next JST day). */
export const startDawnRun = (env: Env, now: Date) => enqueueDawnPage(env, todayJst(now), 0);
