import { DAILY_START_CRON, runDailyAlerts } from './alerts/daily';
import { createApp } from './app';
import type { Env } from './env';
import { withD1Counter } from './lib/d1-counter';

const app = createApp();

export default {
  fetch: withD1Counter(app.fetch),
  async scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext) {
    await runDailyAlerts(env, { now: new Date(controller.scheduledTime), continuation: controller.cron !== DAILY_START_CRON });
  },
} satisfies ExportedHandler<Env>;
