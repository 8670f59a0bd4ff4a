import { type Env, isDevelopment, type Logger } from '../env';
import { AppError } from './errors';

export const SITEVERIFY_ENDPOINT = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
const SITEVERIFY_TIMEOUT_MS = 10_000;

const turnstileFailed = () =>
  new AppError({
    status: 400,
    code: 'TURNSTILE_FAILED',
    message: 'Turnstile検証に失敗しました',
    field: 'turnstileToken',
  });

/** Whether tokens are checked at all: everywhere except development without a secret key. */
export const turnstileRequired = (env: Env) => Boolean(env.TURNSTILE_SECRET_KEY) || !isDevelopment(env);

/**
 * Verifies a widget token with Cloudflare's siteverify. Any refusal, bad answer or outage is a rejection
 * (fail closed); only development without TURNSTILE_SECRET_KEY skips the check, with a warning.
 */
export async function verifyTurnstile(env: Env, token: string, remoteIp: string | null, log: Logger): Promise<void> {
  const secret = env.TURNSTILE_SECRET_KEY;
  if (!secret) {
    if (!turnstileRequired(env)) {
      log('warn', 'TURNSTILE_SECRET_KEY is not set: Turnstile verification skipped (development only)');
      return;
    }
    log('error', 'TURNSTILE_SECRET_KEY is not set: pre-registration refused');
    throw turnstileFailed();
  }
  const form = new FormData();
  form.set('secret', secret);
  form.set('response', token);
  if (remoteIp) form.set('remoteip', remoteIp);
  let outcome: { success?: unknown; 'error-codes'?: unknown };
  try {
    const response = await fetch(SITEVERIFY_ENDPOINT, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    outcome = (await response.json()) as typeof outcome;
  } catch (err) {
    log('error', 'Turnstile siteverify unreachable', { error: err instanceof Error ? err.message : String(err) });
    throw turnstileFailed();
  }
  if (outcome?.success !== true) {
    log('info', 'Turnstile token rejected', { errorCodes: outcome?.['error-codes'] });
    throw turnstileFailed();
  }
}
