import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from './env';
import { LINE_WEBHOOK_EVENTS_KEPT_MS, RATE_LIMIT_HITS_KEPT_MS } from './housekeeping';
import worker from './index';
import { capturingQueue, testEnv } from './test/api';

// The farms' dawn messages are kept, not delivered: delivered a second later, they would run on the next test file's
// databases (the worker project's files share a workerd, decision 063).
const runCron = async (now: Date, cron: string) => {
  const ctx = createExecutionContext();
  const on = { ...testEnv, DAWN_QUEUE: capturingQueue('ushicho-dawn').binding } as Env;
  await worker.scheduled(createScheduledController({ scheduledTime: now, cron }), on, ctx);
  await waitOnExecutionContext(ctx);
};
const keys = async (sql: string) => (await env.DB.prepare(sql).all<{ k: string }>()).results.map((r) => r.k);

describe('the dawn clean-up', () => {
  it('deletes rate-limit hits older than a day and LINE webhook ids older than 7 days, and keeps the rest', async () => {
    const now = new Date();
    const ms = now.getTime();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO rate_limit_hits (key, created_at) VALUES (?, ?), (?, ?)').bind(
        'housekeeping:old',
        ms - RATE_LIMIT_HITS_KEPT_MS - 1000,
        'housekeeping:fresh',
        ms - 3600 * 1000,
      ),
      env.DB.prepare(
        "INSERT INTO line_webhook_events (webhook_event_id, type, created_at) VALUES (?, 'follow', ?), (?, 'follow', ?)",
      ).bind(
        'hk-old',
        new Date(ms - LINE_WEBHOOK_EVENTS_KEPT_MS - 1000).toISOString(),
        'hk-fresh',
        new Date(ms - 6 * 24 * 3600 * 1000).toISOString(),
      ),
    ]);
    // Any other cron (the old follow-up one, say) leaves them; the dawn cron cleans.
    await runCron(now, '5-55/5 21 * * *');
    expect(await keys("SELECT key AS k FROM rate_limit_hits WHERE key LIKE 'housekeeping:%' ORDER BY key")).toEqual([
      'housekeeping:fresh',
      'housekeeping:old',
    ]);
    await runCron(now, '0 21 * * *');
    expect(await keys("SELECT key AS k FROM rate_limit_hits WHERE key LIKE 'housekeeping:%'")).toEqual([
      'housekeeping:fresh',
    ]);
    expect(
      await keys("SELECT webhook_event_id AS k FROM line_webhook_events WHERE webhook_event_id LIKE 'hk-%'"),
    ).toEqual(['hk-fresh']);
  });
});
