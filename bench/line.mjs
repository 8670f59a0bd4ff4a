// The LINE webhook in the benchmark (docs/product.md §25): the channel secret the bench server runs with, a signed
// message event as LINE sends it, and the large owner linked to a LINE user by a code sent through the webhook.
import { createHmac } from 'node:crypto';

export const BENCH_LINE_SECRET = 'bench-line-messaging-secret';

let sequence = 0;

/** A signed webhook body of one event from `lineUserId` (the signature over JSON.stringify of `body`). */
function signedEvent(lineUserId, what) {
  sequence += 1;
  const body = {
    destination: 'Ubench',
    events: [
      {
        type: what.postback ? 'postback' : 'message',
        mode: 'active',
        timestamp: Date.now(),
        source: { type: 'user', userId: lineUserId },
        webhookEventId: `bench-${process.pid}-${Date.now()}-${sequence}`,
        deliveryContext: { isRedelivery: false },
        replyToken: `bench-reply-${sequence}`,
        ...what,
      },
    ],
  };
  const signature = createHmac('sha256', BENCH_LINE_SECRET).update(JSON.stringify(body)).digest('base64');
  return { body, headers: { 'X-Line-Signature': signature } };
}

/** A signed text message. */
export const signedMessage = (lineUserId, text) =>
  signedEvent(lineUserId, { message: { id: String(sequence + 1), type: 'text', text } });

/** A signed postback (a quick-reply tap). */
export const signedTap = (lineUserId, data) => signedEvent(lineUserId, { postback: { data } });

/** Links the owner to a LINE user of its own by a link code sent as a message; answers that LINE userId. */
export async function linkOwnerToLine(url, token, herdSize) {
  const lineUserId = `Ubench${String(herdSize).padStart(27, '0')}`;
  const code = await fetch(`${url}/api/v1/line/link-code`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  }).then((r) => r.json());
  const { body, headers } = signedMessage(lineUserId, code.data.code);
  const res = await fetch(`${url}/api/v1/line/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`LINE link failed: ${res.status} ${await res.text()}`);
  return lineUserId;
}
