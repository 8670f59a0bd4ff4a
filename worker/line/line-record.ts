/**
 * Recording an event from a LINE message (docs/product.md §25): the animal found as the herd search finds it, a
 * confirmation before anything is written, and 記録する through the same service as POST /api/v1/events.
 */

import { and, eq } from 'drizzle-orm';
import { listCattle } from '../cattle/cattle.queries';
import { listCattleQuerySchema } from '../cattle/cattle.schemas';
import type { Statement } from '../db/batch';
import { type Db, directoryDb, shardDb, shardOfFarm } from '../db/client';
import { cattle } from '../db/schema';
import type { Scope } from '../db/scope';
import { addYears, type IsoDate, todayJst } from '../domain/calendar';
import { IN_HERD_STATUSES } from '../domain/cattle-enums';
import { EVENT_TYPE_INFO, type EventType } from '../domain/event-types';
import { impossibleEvent } from '../domain/event-validity';
import { type LineRecord, monthDay } from '../domain/line-grammar';
import { roleAllows } from '../domain/roles';
import type { Env } from '../env';
import { createEventSchema } from '../events/events.schemas';
import { recordEvent } from '../events/events.service';
import { recentServiceInputs } from '../events/recent-inputs.queries';
import { AppError } from '../lib/errors';
import type { LineAccount, LineFarm } from './line.statements';
import { newAction } from './send/line-actions';
import {
  LINE_BUTTONS,
  LINE_REPLIES,
  type LineAction,
  type LineTextMessage,
  postback,
  textMessage,
} from './send/line-messages';

/** An event to record on one animal, waiting for 記録する (a confirmation action's payload). */
export interface RecordDraft {
  farmId: number;
  /** Named in the confirmation when the user belongs to more than one farm. */
  farmName: string | null;
  cattleId: number;
  animal: string;
  eventType: EventType;
  details: Record<string, unknown>;
  notes: string | null;
  shown: string | null;
  /** The picked date; null: the day 記録する is tapped. */
  date: IsoDate | null;
}

/** An event whose animal is still to be chosen among several (a pick action's payload). */
export interface PickDraft {
  draft: Omit<RecordDraft, 'cattleId' | 'animal'>;
  candidates: { cattleId: number; animal: string }[];
}

export interface Owner {
  lineUserId: string;
  userId: number;
}

/** How many animals a choice offers as quick replies (§25). */
const CHOICES = 12;

const animalLabel = (a: { earTagNumber: string | null; name: string | null; cattleId: number }) =>
  [a.earTagNumber, a.name].filter(Boolean).join(' ') || `牛ID ${a.cattleId}`;

const what = (d: { eventType: EventType; shown: string | null }) =>
  `${EVENT_TYPE_INFO[d.eventType].ja}${d.shown ? `（${d.shown}）` : ''}`;

/** The event's moment: the day at 12:00 JST (§25). */
const noonOf = (date: IsoDate) => `${date}T12:00:00+09:00`;

/** The living animals the digits find on the farm, as the herd search finds them (§20): best match first. */
async function findAnimals(db: Db, farmId: number, digits: string) {
  const params = listCattleQuerySchema.parse({ search: digits, status: IN_HERD_STATUSES.join(','), limit: 50 });
  const { results } = await listCattle(db, farmId, params);
  const exact = results.filter((a) => a.earTagNumber === digits);
  return exact.length === 1 ? exact : results;
}

/** The confirmation of a draft: the question and 記録する / 日付を変える / やめる, on a new one-use action. */
export function confirmation(db: Db, owner: Owner, draft: RecordDraft) {
  const action = newAction(db, owner, 'record', draft);
  const today = todayJst();
  const date = draft.date ?? today;
  const actions: LineAction[] = [
    postback(LINE_BUTTONS.record, `${action.id}|record`),
    {
      type: 'datetimepicker',
      label: LINE_BUTTONS.changeDate,
      data: `${action.id}|date`,
      mode: 'date',
      max: today,
      min: addYears(today, -1),
    },
    postback(LINE_BUTTONS.cancel, `${action.id}|cancel`),
  ];
  const text = LINE_REPLIES.confirm(draft.animal, what(draft), monthDay(date), draft.farmName);
  return { insert: action.insert, message: textMessage(text, actions) };
}

/** What a turn of the chat answers: the messages, and the one-use actions they carry (written before sending). */
export interface Answer {
  messages: LineTextMessage[];
  writes: Statement[];
}
export const say = (text: string, actions: readonly LineAction[] = []): Answer => ({
  messages: [textMessage(text, actions)],
  writes: [],
});

/** The technician (and, without a sire in the message, the sire) of the farm's last service (§15). */
async function withLastService(db: Db, farmId: number, record: LineRecord) {
  if (!record.defaultsFromLastService) return record.details;
  const recent = await recentServiceInputs(db, farmId);
  const details = { ...record.details };
  const sire = recent.sires[0];
  if (!details.sireName && sire) {
    details.sireName = sire.name;
    if (sire.breed) details.sireBreed = sire.breed;
  }
  if (recent.technicians[0]) details.technician = recent.technicians[0];
  return details;
}

/** The confirmation of one animal's draft, or the §6 refusal known from the text alone (its sex, its birthday). */
function confirmOrRefuse(
  directory: Db,
  owner: Owner,
  animal: { gender: string | null; birthday: string | null },
  draft: RecordDraft,
): Answer {
  const date = draft.date ?? todayJst();
  const refusal = impossibleEvent(animal, [], { eventType: draft.eventType, eventDatetime: noonOf(date) });
  if (refusal) return say(refusal.message);
  const { insert, message } = confirmation(directory, owner, draft);
  return { messages: [message], writes: [insert] };
}

/** A record message: refused for a viewer, the animal found (or a choice, or none), then the confirmation. */
export async function draftRecord(env: Env, owner: Owner, account: LineAccount, record: LineRecord): Promise<Answer> {
  const farm = account.farms[0] as LineFarm | undefined;
  if (!farm) return say(LINE_REPLIES.noFarm);
  if (!roleAllows(farm.role, 'staff')) return say(LINE_REPLIES.viewer);
  const db = shardDb(env, farm.shard);
  const found = await findAnimals(db, farm.farmId, record.digits);
  if (found.length === 0) return say(LINE_REPLIES.notFound(record.digits));
  const base = {
    farmId: farm.farmId,
    farmName: account.farms.length > 1 ? farm.name : null,
    eventType: record.eventType,
    details: await withLastService(db, farm.farmId, record),
    notes: record.notes,
    shown: record.shown,
    date: null,
  };
  const directory = directoryDb(env);
  if (found.length === 1) {
    const [animal] = found;
    return confirmOrRefuse(directory, owner, animal, {
      ...base,
      cattleId: animal.cattleId,
      animal: animalLabel(animal),
    });
  }
  const candidates = found.slice(0, CHOICES).map((a) => ({ cattleId: a.cattleId, animal: animalLabel(a) }));
  const pick = newAction(directory, owner, 'pick', { draft: base, candidates } satisfies PickDraft);
  const buttons = candidates.map((c) => postback(c.animal, `${pick.id}|pick|${c.cattleId}`));
  return { messages: [textMessage(LINE_REPLIES.choose(record.digits), buttons)], writes: [pick.insert] };
}

/** The chosen animal of a pick: its confirmation (it must still be on the farm and alive). */
export async function pickedAnimal(env: Env, owner: Owner, pick: PickDraft, cattleId: number): Promise<Answer> {
  const chosen = pick.candidates.find((c) => c.cattleId === cattleId);
  const shard = await shardOfFarm(env, pick.draft.farmId);
  if (!chosen || shard === undefined) return say(LINE_REPLIES.expired);
  const [animal] = await shardDb(env, shard)
    .select({ gender: cattle.gender, birthday: cattle.birthday, status: cattle.status })
    .from(cattle)
    .where(and(eq(cattle.cattleId, cattleId), eq(cattle.farmId, pick.draft.farmId)))
    .limit(1);
  if (!animal || !(IN_HERD_STATUSES as readonly string[]).includes(animal.status)) {
    return say(LINE_REPLIES.notFound(chosen.animal));
  }
  return confirmOrRefuse(directoryDb(env), owner, animal, { ...pick.draft, cattleId, animal: chosen.animal });
}

/** 記録する: the event through POST /events' own service, as the user, on the draft's date (or today) at noon. */
export async function recordDraft(scope: Scope, draft: RecordDraft, url: string): Promise<string> {
  const date = draft.date ?? todayJst();
  const parsed = createEventSchema.safeParse({
    cattleId: draft.cattleId,
    eventType: draft.eventType,
    eventDatetime: noonOf(date),
    details: draft.details,
    notes: draft.notes,
  });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? LINE_REPLIES.failed;
  try {
    await recordEvent(scope, parsed.data, 'line');
  } catch (err) {
    // §6's refusals (and every other 4xx) reply their own message.
    if (err instanceof AppError && err.status < 500) return err.message;
    throw err;
  }
  return LINE_REPLIES.recorded(draft.animal, EVENT_TYPE_INFO[draft.eventType].ja, monthDay(date), url);
}
