/**
 * A LINE chat driven by signed webhooks alone (docs/product.md §25), for the route tests: a message or a postback is
 * one signed webhook event, and what the official account answered is read from the development outbox.
 */
import type { Env } from '../env';
import { api } from '../test/api';
import { lineSignature } from './signature';

const SECRET = 'line-messaging-secret-for-chat-tests';
const MESSAGING: Partial<Env> = { LINE_MESSAGING_CHANNEL_SECRET: SECRET };

let counter = 0;
export const lineUserId = () => `U${Date.now().toString(16)}chat${(++counter).toString().padStart(8, '0')}`;
const eventId = () => `01JCHAT${Date.now()}${++counter}`;

export interface ChatEvent {
  type: 'message' | 'postback' | 'follow';
  userId: string;
  text?: string;
  data?: string;
  date?: string;
  id?: string;
  timestamp?: number;
  redelivery?: boolean;
}

export const webhookBody = (events: ChatEvent[]) =>
  JSON.stringify({
    destination: 'Ubot',
    events: events.map((e) => ({
      type: e.type,
      mode: 'active',
      timestamp: e.timestamp ?? Date.now(),
      source: { type: 'user', userId: e.userId },
      webhookEventId: e.id ?? eventId(),
      deliveryContext: { isRedelivery: e.redelivery ?? false },
      replyToken: `reply-${++counter}`,
      ...(e.type === 'message' ? { message: { id: String(counter), type: 'text', text: e.text ?? '' } } : {}),
      ...(e.type === 'postback'
        ? { postback: { data: e.data ?? '', ...(e.date ? { params: { date: e.date } } : {}) } }
        : {}),
    })),
  });

/** Posts a body signed with the channel secret (or the given signature). */
export async function deliver(body: string, signature?: string) {
  return api('/line/webhook', {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Line-Signature': signature ?? (await lineSignature(SECRET, body)),
    },
    env: MESSAGING,
  });
}

export type OutboxEntry = {
  kind: 'reply' | 'push';
  replyToken?: string;
  text: string;
  messages: {
    type: 'text';
    text: string;
    quickReply?: { items: { type: 'action'; action: Record<string, string> }[] };
  }[];
};

const outboxOf = async (to: string): Promise<OutboxEntry[]> =>
  (await api(`/dev/line-outbox?to=${encodeURIComponent(to)}`)).json.data;

/** Delivers events and answers what the official account said since (the new outbox entries). */
export async function exchange(events: ChatEvent[]): Promise<OutboxEntry[]> {
  const to = events[0].userId;
  const before = (await outboxOf(to)).length;
  const res = await deliver(webhookBody(events));
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${res.text}`);
  return (await outboxOf(to)).slice(before);
}

/** Sends a text and answers the one reply's text and its quick-reply actions. */
export async function send(userId: string, text: string) {
  const [entry] = await exchange([{ type: 'message', userId, text }]);
  return answerOf(entry);
}

/** Taps a postback (with a date for a date picker) and answers the reply. */
export async function tap(userId: string, data: string, date?: string) {
  const [entry] = await exchange([{ type: 'postback', userId, data, date }]);
  return answerOf(entry);
}

function answerOf(entry: OutboxEntry | undefined) {
  if (!entry) throw new Error('no answer');
  const message = entry.messages[0];
  const actions = message.quickReply?.items.map((i) => i.action) ?? [];
  return { kind: entry.kind, text: message.text, actions, entry };
}

/** The postback data of the button labelled `label`. */
export const dataOf = (actions: Record<string, string>[], label: string) => {
  const action = actions.find((a) => a.label === label);
  if (!action) throw new Error(`no button ${label} in ${JSON.stringify(actions)}`);
  return action.data;
};

/** Links a new LINE user to a signed-in account by the code of POST /line/link-code. */
export async function linkByChat(token: string) {
  const lineId = lineUserId();
  const code = (await api('/line/link-code', { method: 'POST', token })).json.data.code as string;
  const answer = await send(lineId, code);
  return { lineId, answer };
}
