import type { Context } from 'hono';
import type { AppEnv } from '../env';

/**
 * Runs `work` after the answer has left (`waitUntil`), so the answer's time cannot tell what the work found: the
 * register and password-reset answers take the same time whether or not the address has an account (§3). A failure
 * is logged; the answer was the same either way.
 */
export function afterAnswer(c: Context<AppEnv>, what: string, work: () => Promise<unknown>) {
  const log = c.get('log');
  // The work starts on a later task, after the answer's own microtasks: its first D1 call must not run ahead of them.
  const later = new Promise((resolve) => setTimeout(resolve, 0)).then(work);
  c.executionCtx.waitUntil(
    later.catch((err: unknown) => log('error', `${what} failed after the answer`, { error: String(err) })),
  );
}
