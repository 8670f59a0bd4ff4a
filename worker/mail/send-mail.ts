import { getDb } from '../db/client';
import { devOutbox, emailLogs } from '../db/schema';
import { type Env, isProduction, type Logger } from '../env';
import { AppError } from '../lib/errors';
import { createLogger } from '../lib/log';

export type MailType = 'verification' | 'completed' | 'pre_registration' | 'alert_digest';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  type: MailType;
  /** Same key, same message: Resend drops the duplicate if a retry sends it twice. */
  idempotencyKey: string;
}

export const RESEND_ENDPOINT = 'https://api.resend.com/emails';

export const mailFailed = () =>
  new AppError({ status: 502, code: 'RESEND_FAILED', message: 'メール送信に失敗しました' });

/**
 * The one mail sender. With RESEND_API_KEY it sends through Resend; without it (development and tests) the
 * mail is kept in the development outbox and printed. Every attempt is a row in email_logs.
 * Throws RESEND_FAILED (502) when the provider refuses or cannot be reached.
 */
export async function sendMail(env: Env, mail: Mail, log?: Logger): Promise<{ id: string | null }> {
  const db = getDb(env);
  if (!env.RESEND_API_KEY) {
    if (isProduction(env)) {
      await db.insert(emailLogs).values({ email: mail.to, type: mail.type, error: 'RESEND_API_KEY is not set' });
      throw mailFailed();
    }
    await db.batch([
      db.insert(devOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
      db.insert(emailLogs).values({ email: mail.to, type: mail.type, error: null, resendId: 'dev-outbox' }),
    ]);
    (log ?? createLogger({}))('info', 'mail kept in development outbox', {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return { id: null };
  }

  let status: number | null = null;
  try {
    const response = await fetch(RESEND_ENDPOINT, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.RESEND_API_KEY}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': mail.idempotencyKey,
      },
      body: JSON.stringify({
        from: env.MAIL_FROM,
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      }),
    });
    status = response.status;
    const body = (await response.json().catch(() => ({}))) as { id?: string; message?: string };
    if (!response.ok) throw new Error(body.message ?? `Resend answered ${response.status}`);
    await db
      .insert(emailLogs)
      .values({ email: mail.to, type: mail.type, httpStatus: status, resendId: body.id ?? null });
    return { id: body.id ?? null };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db.insert(emailLogs).values({ email: mail.to, type: mail.type, httpStatus: status, error: message });
    log?.('error', 'mail failed', { to: mail.to, type: mail.type, status, error: message });
    throw mailFailed();
  }
}
