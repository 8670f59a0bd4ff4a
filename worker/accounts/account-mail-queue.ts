/**
 * Register and password-reset mail on a Cloudflare Queue (docs/product.md §3, decision 049). The request only puts the
 * address on the queue — the same one message for every address, no D1 — and answers; this Worker's queue consumer
 * then does what would tell a known address from an unknown one: the lookup, the mail allowance (3 an hour per
 * address, 20 per IP), the token row and the mail. Work left to `waitUntil` shared the request's isolate and still
 * reached the answer (medians 35–58 % apart); a queue runs it in another invocation. The consumer is
 * account-mail-consumer.ts.
 */
import type { Env } from '../env';

/** wrangler.toml's queue (`batch.queue` in the consumer). */
export const ACCOUNT_MAIL_QUEUE = 'ushicho-account-mail';

export type AccountMailMessage =
  | { kind: 'register'; email: string; userName: string | null; ip: string | null }
  | { kind: 'reset'; email: string; userName: null; ip: string | null };

/**
 * The request path's only work after validation: one message of one shape for every address (the user name is null
 * when not given, so a message's fields never depend on what the database holds).
 */
export async function enqueueAccountMail(env: Env, message: AccountMailMessage) {
  await env.ACCOUNT_MAIL_QUEUE.send(message);
}
