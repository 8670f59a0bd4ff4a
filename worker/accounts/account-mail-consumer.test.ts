import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../env';
import { capturingQueue, testEnv, uniqueEmail } from '../test/api';
import { accountMailRetryDelaySeconds } from './account-mail-consumer';
import { ACCOUNT_MAIL_QUEUE } from './account-mail-queue';

/** The account-mail queue's consumer (decision 049), driven as the platform drives it: one batch at a time. */
afterEach(() => vi.restoreAllMocks());

async function deliver(bodies: unknown[], on: Env = testEnv) {
  const queue = capturingQueue(ACCOUNT_MAIL_QUEUE);
  for (const body of bodies) await queue.binding.send(body);
  return queue.deliver(on);
}

const outboxOf = async (to: string) =>
  (
    await env.DB.prepare('SELECT subject FROM dev_outbox WHERE "to" = ? ORDER BY id')
      .bind(to)
      .all<{ subject: string }>()
  ).results;

describe('the account-mail queue', () => {
  it('retries a failed message after 10 s, doubling to at most 5 minutes', () => {
    // 10 × 2^(attempts − 1): 10, 20, 40, 80, 160, then 320 capped to 300.
    expect([1, 2, 3, 4, 5, 6].map(accountMailRetryDelaySeconds)).toEqual([10, 20, 40, 80, 160, 300]);
  });

  it('registers a new address, mails its link and acks the message', async () => {
    const email = uniqueEmail('queued');
    const result = await deliver([{ kind: 'register', email, userName: '山田 花子', ip: null }]);
    expect(result.retried).toEqual([]);
    expect(result.acked).toHaveLength(1);
    const user = await env.DB.prepare('SELECT user_name FROM users WHERE email = ?').bind(email).first();
    expect(user).toEqual({ user_name: '山田 花子' });
    expect(await outboxOf(email)).toEqual([{ subject: '【牛帳】メールアドレスの確認' }]);
  });

  it('sends no reset mail to an unknown address, and acks', async () => {
    const email = uniqueEmail('nobody');
    const result = await deliver([{ kind: 'reset', email, userName: null, ip: null }]);
    expect([result.acked.length, result.retried]).toEqual([1, []]);
    expect(await outboxOf(email)).toEqual([]);
  });

  it('keeps the allowance per IP where the IP is known: the 21st mail from one IP in an hour is not sent', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const emails = Array.from({ length: 21 }, () => uniqueEmail('per-ip'));
    const result = await deliver(emails.map((email) => ({ kind: 'register', email, userName: null, ip })));
    expect([result.acked.length, result.retried]).toEqual([21, []]);
    const mailed = await Promise.all(emails.map(async (e) => (await outboxOf(e)).length));
    // 20 an hour per IP: the first 20 addresses got their link, the 21st nothing (and no account row).
    expect(mailed).toEqual([...Array(20).fill(1), 0]);
    expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(emails[20]).first()).toBeNull();
  });

  it('retries a verification mail the provider refused, logging the failure but not the address', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ statusCode: 500, name: 'application_error', message: 'try later' }, { status: 500 }),
    );
    const email = uniqueEmail('refused');
    const logged: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => logged.push(String(line)));
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => logged.push(String(line)));
    const result = await deliver([{ kind: 'register', email, userName: null, ip: null }], {
      ...testEnv,
      RESEND_API_KEY: 're_test_key',
    } as Env);
    expect([result.acked, result.retried.length]).toEqual([[], 1]);
    const log = await env.DB.prepare('SELECT error FROM email_logs WHERE email = ?').bind(email).first();
    expect(log).toEqual({ error: 'try later' });
    const retryLine = logged.find((l) => l.includes('account mail: try failed'));
    expect(retryLine).toContain('"delaySeconds":10');
    expect(retryLine).not.toContain(email);
  });

  it('drops a message it cannot read, writing nothing', async () => {
    const result = await deliver([
      { kind: 'reset', email: 42 },
      { kind: 'other', email: 'a@example.jp', ip: null },
      null,
    ]);
    expect([result.acked.length, result.retried]).toEqual([3, []]);
    expect(await outboxOf('a@example.jp')).toEqual([]);
  });
});
