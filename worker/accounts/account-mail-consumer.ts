/**
 * The account-mail queue's consumer (decision 049): what the register and reset requests left out — the lookup, the
 * mail allowance, the token row and the mail — in its own invocation, after the answer has gone.
 */
import type { Env, Logger } from '../env';
import type { AccountMailMessage } from './account-mail-queue';
import { registerAccount } from './accounts.service';
import { requestPasswordReset } from './passwords.service';

/** Longest wait before a failed message's next try; the first waits 10 s, doubling. */
const MAX_RETRY_DELAY_SECONDS = 300;

export function accountMailRetryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, 10 * 2 ** Math.max(0, attempts - 1));
}

const isAccountMail = (body: unknown): body is AccountMailMessage => {
  const m = body as Partial<Record<string, unknown>> | null;
  if (!m || typeof m.email !== 'string' || !(m.ip === null || typeof m.ip === 'string')) return false;
  if (m.kind === 'reset') return m.userName === null;
  return m.kind === 'register' && (m.userName === null || typeof m.userName === 'string');
};

/**
 * The account-mail queue's consumer: each message's lookup, allowance, token row and mail, one message after another
 * (two registrations of one new address in a batch must not race to create it). A message that fails (D1, or the
 * mail provider refusing a verification mail) is retried alone with backoff; an unreadable one is logged and dropped.
 * The address is not logged.
 */
export async function consumeAccountMail(batch: MessageBatch<unknown>, env: Env, log: Logger) {
  for (const message of batch.messages) {
    const body = message.body;
    if (!isAccountMail(body)) {
      log('error', 'account mail: unreadable message dropped', { id: message.id });
      message.ack();
      continue;
    }
    try {
      if (body.kind === 'register') {
        await registerAccount(env, log, { email: body.email, userName: body.userName ?? undefined }, body.ip);
      } else {
        await requestPasswordReset(env, log, body.email, body.ip);
      }
      message.ack();
    } catch (err) {
      const delaySeconds = accountMailRetryDelaySeconds(message.attempts);
      log('error', 'account mail: try failed, retried', {
        kind: body.kind,
        attempts: message.attempts,
        delaySeconds,
        error: String(err),
      });
      message.retry({ delaySeconds });
    }
  }
}
