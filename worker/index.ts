import { createApp } from './app';
import type { Env } from './env';

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(_controller: ScheduledController, _env: Env, _ctx: ExecutionContext) {
    // Daily alert regeneration is wired in by the alerts feature.
  },
} satisfies ExportedHandler<Env>;
