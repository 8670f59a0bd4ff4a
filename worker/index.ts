import { consumeAccountMail } from './accounts/account-mail-consumer';
import { ACCOUNT_MAIL_QUEUE } from './accounts/account-mail-queue';
import { createApp } from './app';
import { DAWN_CRON } from './dawn/daily';
import { startDawnRun } from './dawn/dawn-enqueue';
import { consumeDawnBatch, consumeDeadLetters, DAWN_DEAD_LETTER_QUEUE } from './dawn/dawn-queue';
import { directoryDb } from './db/client';
import type { Env } from './env';
import { dailyHousekeeping } from './housekeeping';
import { withD1Counter } from './lib/d1-counter';
import { createLogger } from './lib/log';

const app = createApp();

export default {
  fetch: withD1Counter(app.fetch),
  /**
   * 06:00 JST: the farm list goes on the dawn queue (worker/dawn/dawn-queue.ts), and the expired idempotency keys,
   * rate-limit hits and LINE webhook ids are deleted (worker/housekeeping.ts). Either failing does not stop the other.
   */
  async scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
    const log = createLogger({ job: 'dawn-run', cron: controller.cron });
    if (controller.cron !== DAWN_CRON) {
      log('warn', 'no job for this cron');
      return;
    }
    const now = new Date(controller.scheduledTime);
    const [enqueued, housekeeping] = await Promise.allSettled([
      startDawnRun(env, now),
      dailyHousekeeping(directoryDb(env), now),
    ]);
    if (enqueued.status === 'fulfilled') log('info', 'dawn run: first page enqueued', { ...enqueued.value });
    for (const failed of [enqueued, housekeeping]) {
      if (failed.status === 'rejected') {
        const err = failed.reason;
        log('error', 'dawn cron failed', { error: String(err), stack: err instanceof Error ? err.stack : undefined });
      }
    }
    if (enqueued.status === 'rejected') throw enqueued.reason;
    if (housekeeping.status === 'rejected') throw housekeeping.reason;
  },
  /** The dawn queue's farms and pages, its dead letters (decision 035), and register and reset mail (decision 049). */
  async queue(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext) {
    if (batch.queue === ACCOUNT_MAIL_QUEUE) {
      await consumeAccountMail(batch, env, createLogger({ job: 'account-mail', queue: batch.queue }));
      return;
    }
    const log = createLogger({ job: 'dawn-run', queue: batch.queue });
    if (batch.queue === DAWN_DEAD_LETTER_QUEUE) await consumeDeadLetters(batch, env, log);
    else await consumeDawnBatch(batch, env, log);
  },
} satisfies ExportedHandler<Env>;
