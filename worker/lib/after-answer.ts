import type { Context } from 'hono';
import type { AppEnv } from '../env';

/**
 * Runs `work` after the answer has left (`waitUntil`): the kept KPI figures and mother groups a read found stale. A
 * failure is logged; the answer was the same either way. Work whose time must not reach the answer (register and
 * password-reset mail, §3) goes on a queue instead: `waitUntil` shares the request's isolate (decision 049).
 */
export async function afterAnswer(c: Context<AppEnv>, what: string, work: () => Promise<unknown>) {
  const log = c.get('log');
  let ctx: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    // No execution context (a handler called directly): the work runs before the answer instead.
    ctx = undefined;
  }
  if (!ctx) {
    await work().catch((err: unknown) => log('warn', `${what} failed`, { error: String(err) }));
    return;
  }
  // The work starts on a later task, after the answer's own microtasks: its first D1 call must not run ahead of them.
  const later = new Promise((resolve) => setTimeout(resolve, 0)).then(work);
  ctx.waitUntil(later.catch((err: unknown) => log('warn', `${what} failed after the answer`, { error: String(err) })));
}
