/**
 * The dawn cron's clean-up, before the alert run: rows that serve only for a while are deleted once past it —
 * idempotency keys after 24 hours (decision 027), rate-limit hits after a day (the longest window is an hour), and
 * the LINE webhook event ids kept against redeliveries after 7 days (decision 023).
 */
import { sql } from 'drizzle-orm';
import { runBatch } from './db/batch';
import type { Db } from './db/client';
import { purgeIdempotencyKeys } from './db/idempotency';

export const RATE_LIMIT_HITS_KEPT_MS = 24 * 3600 * 1000;
export const LINE_WEBHOOK_EVENTS_KEPT_MS = 7 * 24 * 3600 * 1000;

export async function dailyHousekeeping(db: Db, now: Date) {
  await purgeIdempotencyKeys(db, now);
  await runBatch(db, [
    sql`DELETE FROM rate_limit_hits WHERE created_at < ${now.getTime() - RATE_LIMIT_HITS_KEPT_MS}`,
    sql`DELETE FROM line_webhook_events
      WHERE created_at < ${new Date(now.getTime() - LINE_WEBHOOK_EVENTS_KEPT_MS).toISOString()}`,
  ]);
}
