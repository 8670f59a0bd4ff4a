/**
 * The demo's LINE-linked member (docs/product.md §25): the farm's hired hand links LINE by a code and records a
 * weight by message, through the same services the signed webhook runs, so the development outbox shows the
 * conversation (`/api/v1/dev/line-outbox?to=DEMO_LINE_USER_ID`).
 */
import { and, asc, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { directoryDb, farmDb } from '../db/client';
import { cattle, lineDevOutbox, users } from '../db/schema';
import type { Env, Logger } from '../env';
import type { LineWebhookEvent } from './line.schemas';
import { handleLineEvents } from './line-conversation.service';
import { createLinkCode } from './line-link.service';

/** The demo hand's LINE userId (U and 32 hex digits, as LINE's). */
export const DEMO_LINE_USER_ID = 'U0000000000000000000000000000de01';

const quiet: Logger = () => {};
let sequence = 0;

function chatEvent(extra: Pick<LineWebhookEvent, 'type' | 'message' | 'postback'>): LineWebhookEvent {
  sequence += 1;
  return {
    ...extra,
    webhookEventId: `demo-line-${Date.now()}-${sequence}`,
    timestamp: Date.now(),
    source: { type: 'user', userId: DEMO_LINE_USER_ID },
    replyToken: `demo-reply-${sequence}`,
    deliveryContext: { isRedelivery: false },
  };
}

const say = (env: Env, text: string) =>
  handleLineEvents(env, quiet, [chatEvent({ type: 'message', message: { type: 'text', text } })]);

/** The postback data of a button of the newest answer. */
async function buttonOfLastAnswer(env: Env, label: string): Promise<string | null> {
  const [last] = await directoryDb(env)
    .select({ messages: lineDevOutbox.messages })
    .from(lineDevOutbox)
    .where(eq(lineDevOutbox.to, DEMO_LINE_USER_ID))
    .orderBy(desc(lineDevOutbox.id))
    .limit(1);
  const messages = JSON.parse(last?.messages ?? '[]') as {
    quickReply?: { items: { action: { label: string; data?: string } }[] };
  }[];
  return messages[0]?.quickReply?.items.find((i) => i.action.label === label)?.action.data ?? null;
}

/** Links the member by email to the demo LINE user and records one weight by message, once. */
export async function seedDemoLineChat(env: Env, email: string, farmId: number): Promise<void> {
  const directory = directoryDb(env);
  const [member] = await directory
    .select({ id: users.id, lineId: users.lineId })
    .from(users)
    .where(eq(users.email, email));
  if (!member || member.lineId) return;
  const { code } = await createLinkCode(env, member.id);
  await say(env, code);
  const db = await farmDb(env, farmId);
  // The animal whose last weight is nearest 306 kg — a week's gain short of the 312 kg sent — so the weight is one
  // it could weigh (its growth chart and its pen's DG stay believable, §26).
  const [animal] = await db
    .select({ earTag: cattle.earTagNumber })
    .from(cattle)
    .where(
      and(eq(cattle.farmId, farmId), isNotNull(cattle.earTagNumber), notInArray(cattle.status, ['DEAD', 'SHIPPED'])),
    )
    .orderBy(asc(sql`abs(coalesce(${cattle.weight}, 0) - 306)`), desc(cattle.cattleId))
    .limit(1);
  if (!animal?.earTag) return;
  await say(env, '今日');
  await say(env, `${animal.earTag} 体重 312`);
  const record = await buttonOfLastAnswer(env, '記録する');
  if (record) await handleLineEvents(env, quiet, [chatEvent({ type: 'postback', postback: { data: record } })]);
}
