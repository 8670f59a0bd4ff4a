/**
 * One turn of a LINE chat (docs/product.md §25), after the webhook has answered: a text message or a postback of a
 * LINE user, acted on at most 60 a minute, answered through the reply token, or by a push when the work failed or
 * outlasted the token.
 */
import { eq } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import { directoryDb, shardDb } from '../db/client';
import { users } from '../db/schema';
import type { Scope } from '../db/scope';
import { addYears, isIsoDate, todayJst } from '../domain/calendar';
import { readLineMessage } from '../domain/line-grammar';
import { FARM_MESSAGES, roleAllows } from '../domain/roles';
import type { Env, Logger } from '../env';
import type { LineWebhookEvent } from './line.schemas';
import { consumeAction, type LineAccount, lineAccount, withinMessageLimit } from './line.statements';
import { linkByCode } from './line-link.service';
import {
  type Answer,
  confirmation,
  draftRecord,
  type Owner,
  type PickDraft,
  pickedAnimal,
  type RecordDraft,
  recordDraft,
  say,
} from './line-record';
import { tickTask, todayAnswer } from './line-today';
import { newAction } from './send/line-actions';
import type { TaskTick } from './send/line-buttons';
import { LINE_REPLIES, postback } from './send/line-messages';
import { answerLine, REPLY_TOKEN_MS } from './send/line-outbox';

interface Turn {
  env: Env;
  lineUserId: string;
  event: LineWebhookEvent;
}

const appUrl = (env: Env) => env.APP_URL.replace(/\/+$/, '');
const owner = (turn: Turn, account: LineAccount): Owner => ({ lineUserId: turn.lineUserId, userId: account.userId });

/** The scope of a write on one of the account's farms, as the user; null when they may not record there. */
function scopeOn(env: Env, account: LineAccount, farmId: number): Scope | 'viewer' | 'moving' | null {
  const farm = account.farms.find((f) => f.farmId === farmId);
  if (!farm) return null;
  if (!roleAllows(farm.role, 'staff')) return 'viewer';
  if (farm.moving) return 'moving';
  return {
    db: shardDb(env, farm.shard),
    farmId,
    userId: account.userId,
    userName: account.userName,
    actor: String(account.userId),
  };
}

/** '牧場': the user's farms as quick replies. */
function farmChoice(turn: Turn, account: LineAccount): Answer {
  if (account.farms.length === 0) return say(LINE_REPLIES.noFarm);
  const action = newAction(directoryDb(turn.env), owner(turn, account), 'farm', {});
  const buttons = account.farms.map((f) => postback(f.name, `${action.id}|farm|${f.farmId}`));
  return { messages: say(LINE_REPLIES.farms, buttons).messages, writes: [action.insert] };
}

async function textTurn(turn: Turn, text: string): Promise<Answer> {
  const { env, lineUserId } = turn;
  const message = readLineMessage(text);
  if (message.kind === 'code') return say(await linkByCode(env, lineUserId, message.code, turn.event.timestamp));
  const account = await lineAccount(directoryDb(env), lineUserId);
  if (!account) return say(LINE_REPLIES.notLinked);
  switch (message.kind) {
    case 'farm':
      return farmChoice(turn, account);
    case 'today':
      return todayAnswer(env, owner(turn, account), account);
    case 'record':
      return draftRecord(env, owner(turn, account), account, message);
    case 'refused':
      return say(message.message);
    default:
      return say(LINE_REPLIES.help);
  }
}

/** 記録する, 日付を変える or やめる of a confirmation. */
async function onConfirmation(turn: Turn, account: LineAccount, verb: string, draft: RecordDraft): Promise<Answer> {
  if (verb === 'cancel') return say(LINE_REPLIES.cancelled);
  if (verb === 'date') {
    const picked = turn.event.postback?.params?.date ?? '';
    const today = todayJst();
    if (!isIsoDate(picked) || picked > today || picked < addYears(today, -1)) return say(LINE_REPLIES.expired);
    const { insert, message } = confirmation(directoryDb(turn.env), owner(turn, account), { ...draft, date: picked });
    return { messages: [message], writes: [insert] };
  }
  const scope = scopeOn(turn.env, account, draft.farmId);
  if (scope === 'viewer') return say(LINE_REPLIES.viewer);
  if (scope === 'moving') return say(FARM_MESSAGES.moving);
  if (!scope) return say(LINE_REPLIES.noFarm);
  return say(await recordDraft(scope, draft, `${appUrl(turn.env)}/cattle/${draft.cattleId}`));
}

async function postbackTurn(turn: Turn, data: string): Promise<Answer> {
  const { env, lineUserId } = turn;
  const account = await lineAccount(directoryDb(env), lineUserId);
  if (!account) return say(LINE_REPLIES.notLinked);
  const [id = '', verb = '', arg = ''] = data.split('|');
  const taken = await consumeAction(directoryDb(env), lineUserId, id);
  if (taken.outcome === 'alreadyUsed') return say(LINE_REPLIES.alreadyDone);
  if (taken.outcome === 'expired') return say(LINE_REPLIES.expired);
  if (taken.outcome !== 'used' || taken.userId !== account.userId) return say(LINE_REPLIES.help);
  switch (taken.kind) {
    case 'record':
      return onConfirmation(turn, account, verb, taken.payload as RecordDraft);
    case 'pick':
      return pickedAnimal(env, owner(turn, account), taken.payload as PickDraft, Number(arg));
    case 'farm': {
      const farm = account.farms.find((f) => f.farmId === Number(arg));
      if (!farm) return say(LINE_REPLIES.noFarm);
      await directoryDb(env).update(users).set({ lineFarmId: farm.farmId }).where(eq(users.id, account.userId));
      return say(LINE_REPLIES.farmChosen(farm.name));
    }
    case 'task': {
      const tick = taken.payload as TaskTick;
      const scope = scopeOn(env, account, tick.farmId);
      if (scope === 'viewer') return say(LINE_REPLIES.viewer);
      if (scope === 'moving') return say(FARM_MESSAGES.moving);
      if (!scope) return say(LINE_REPLIES.noFarm);
      return say(await tickTask(scope, tick));
    }
    default:
      return say(LINE_REPLIES.help);
  }
}

function turnOf(turn: Turn): Promise<Answer> | null {
  const { event } = turn;
  if (event.type === 'message') {
    return event.message?.type === 'text' ? textTurn(turn, event.message.text ?? '') : textTurn(turn, '');
  }
  if (event.type === 'postback' && event.postback) return postbackTurn(turn, event.postback.data);
  return null;
}

/**
 * Acts on one new (not redelivered) webhook event of a LINE user and answers it. A failure is answered by a push
 * saying so; a message over the minute's 60 is not acted on.
 */
async function handleLineEvent(env: Env, log: Logger, event: LineWebhookEvent): Promise<void> {
  const lineUserId = event.source?.userId;
  if (!lineUserId || (event.type !== 'message' && event.type !== 'postback')) return;
  const directory = directoryDb(env);
  if (!(await withinMessageLimit(directory, lineUserId))) {
    log('warn', 'line: over 60 messages a minute, not acted on', { lineUserId });
    return;
  }
  const tokenAlive = event.replyToken && Date.now() - event.timestamp < REPLY_TOKEN_MS ? event.replyToken : null;
  let answer: Answer;
  let replyToken = tokenAlive;
  try {
    const work = turnOf({ env, lineUserId, event });
    if (!work) return;
    answer = await work;
    // The answer's one-use actions exist before its buttons can be tapped.
    await runBatch(directory, answer.writes);
  } catch (err) {
    log('error', 'line: the work failed', { lineUserId, error: String(err) });
    answer = say(LINE_REPLIES.failed);
    replyToken = null;
  }
  // The work may have outlasted the reply token: then the answer is pushed.
  if (replyToken && Date.now() - event.timestamp >= REPLY_TOKEN_MS) replyToken = null;
  const userId = (await lineAccount(directory, lineUserId))?.userId ?? null;
  await answerLine(
    env,
    { to: lineUserId, userId, replyToken, messages: answer.messages, key: event.webhookEventId },
    log,
  );
}

/** The chat events of one webhook, one after another (a user's messages in the order sent). */
export async function handleLineEvents(env: Env, log: Logger, events: readonly LineWebhookEvent[]): Promise<void> {
  for (const event of events) await handleLineEvent(env, log, event);
}
