import { timingSafeEqual } from '../lib/crypto';

/** Base64 HMAC-SHA256 of the raw request body with the Messaging API channel secret, as LINE signs webhooks. */
export async function lineSignature(channelSecret: string, rawBody: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(channelSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(rawBody)));
  return btoa(String.fromCharCode(...mac));
}

/** Whether `X-Line-Signature` is the body's signature; compared in constant time. A missing one never is. */
export async function isValidLineSignature(
  channelSecret: string,
  rawBody: string,
  signature: string | undefined,
): Promise<boolean> {
  if (!signature) return false;
  return timingSafeEqual(await lineSignature(channelSecret, rawBody), signature);
}
