import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { AppError } from '../lib/errors';
import { type WebhookBody, webhookBodySchema } from './line.schemas';
import { isValidLineSignature } from './signature';

/**
 * The webhook body, once its signature is right (docs/product.md §15). Fail-closed: no channel secret → 503, a
 * missing or wrong `X-Line-Signature` → 401, and nothing is read from the body before that.
 */
export async function readSignedWebhook(c: Context<AppEnv>): Promise<WebhookBody> {
  const secret = c.env.LINE_MESSAGING_CHANNEL_SECRET;
  if (!secret) {
    c.get('log')('error', 'line webhook: LINE_MESSAGING_CHANNEL_SECRET is not set');
    throw new AppError({ status: 503, code: 'LINE_NOT_CONFIGURED', message: 'LINE Messaging API is not configured' });
  }
  const raw = await c.req.text();
  if (!(await isValidLineSignature(secret, raw, c.req.header('x-line-signature')))) {
    c.get('log')('warn', 'line webhook: bad signature');
    throw new AppError({ status: 401, code: 'INVALID_SIGNATURE', message: 'Invalid signature' });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const parsed = webhookBodySchema.safeParse(json);
  if (!parsed.success) throw new AppError({ status: 400, code: 'INVALID_WEBHOOK', message: 'Invalid webhook body' });
  return parsed.data;
}
