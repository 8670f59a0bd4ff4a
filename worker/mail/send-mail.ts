import { Resend } from 'resend';
import { directoryDb } from '../db/client';
import { devOutbox, emailLogs } from '../db/schema';
import { type Env, isProduction, type Logger } from '../env';
import { AppError } from '../lib/errors';
import { createLogger } from '../lib/log';

type MailType = 'verification' | 'completed' | 'pre_registration' | 'alert_digest' | 'password_reset' | 'invitation';

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

const mailFailed = () => new AppError({ status: 502, code: 'RESEND_FAILED', message: 'メール送信に失敗しました' });

/**
 * The one mail sender. With RESEND_API_KEY it sends through the Resend SDK (one idempotency key per message); without it (development and tests) the
 * mail is kept in the development outbox and printed. Every attempt is a row in email_logs.
 * Throws RESEND_FAILED (502) when the provider refuses or cannot be reached.
 */
export async function sendMail(env: Env, mail: Mail, log?: Logger): Promise<{ id: string | null }> {
  const db = directoryDb(env);
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

  // The SDK answers errors instead of throwing them (a refusal, or the connection failing: statusCode null).
  const resend = new Resend(env.RESEND_API_KEY);
  const { data, error } = await resend.emails
    .send(
      { from: env.MAIL_FROM, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html },
      { idempotencyKey: mail.idempotencyKey },
    )
    .catch((err: unknown) => ({
      data: null,
      error: { message: err instanceof Error ? err.message : String(err), statusCode: null },
    }));
  if (error || !data) {
    const message = error?.message ?? 'Resend answered without an id';
    const status = error?.statusCode ?? null;
    await db.insert(emailLogs).values({ email: mail.to, type: mail.type, httpStatus: status, error: message });
    log?.('error', 'mail failed', { to: mail.to, type: mail.type, status, error: message });
    throw mailFailed();
  }
  await db.insert(emailLogs).values({ email: mail.to, type: mail.type, httpStatus: 200, resendId: data.id });
  return { id: data.id };
}
