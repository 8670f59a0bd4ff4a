import { DAILY_START_CRON, runDailyAlerts } from './alerts/daily';
import { createApp } from './app';
import { directoryDb } from './db/client';
import type { Env } from './env';
import { dailyHousekeeping } from './housekeeping';
import { withD1Counter } from './lib/d1-counter';
import { createLogger } from './lib/log';

const app = createApp();

export default {
  fetch: withD1Counter(app.fetch),
  async scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
    const log = createLogger({ job: 'daily-alerts', cron: controller.cron });
    try {
      // Expired idempotency keys, rate-limit hits and LINE webhook ids go first (worker/housekeeping.ts).
      if (controller.cron === DAILY_START_CRON)
        await dailyHousekeeping(directoryDb(env), new Date(controller.scheduledTime));
      await runDailyAlerts(env, {
        now: new Date(controller.scheduledTime),
        continuation: controller.cron !== DAILY_START_CRON,
        log,
      });
    } catch (err) {
      log('error', 'daily alerts failed', { error: String(err), stack: err instanceof Error ? err.stack : undefined });
      throw err;
    }
  },
} satisfies ExportedHandler<Env>;
