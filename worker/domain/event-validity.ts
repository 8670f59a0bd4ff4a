import { jstDate } from './calendar';
import { shipmentRefusal, withdrawalOf } from './withdrawal';

/**
 * Events an animal cannot have (docs/product.md §6): they are refused with 400 on the named field, on create and
 * on update, before anything is written.
 */
export const IMPOSSIBLE_EVENT = {
  beforeBirth: { field: 'eventDatetime', message: 'イベント日は生年月日以降の日付を指定してください' },
  wrongSex: { field: 'eventType', message: 'この牛の性別では記録できないイベントです' },
  afterEnd: { field: 'eventDatetime', message: '死亡・出荷後の日付にはイベントを記録できません' },
} as const;

/** A reason on its field; a SHIPMENT inside a withdrawal period names the day it ends (§16). */
export type ImpossibleEvent = { field: string; message: string };

/** Breeding and calving events: only a female (雌) can have them. */
const FEMALE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'ESTRUS',
  'EXPECTED_ESTRUS',
  'INSEMINATION',
  'PREGNANCY_CHECK',
  'EXPECTED_CALVING',
  'CALVING',
  'ABORTION',
  'STILLBIRTH',
  'DRY_OFF',
]);

/** Events after which the animal is no longer on the farm. */
const END_EVENT_TYPES: ReadonlySet<string> = new Set(['DEATH', 'SHIPMENT']);

interface DatedEvent {
  eventType: string;
  /** ISO instant. */
  eventDatetime: string;
  /** A treatment's withdrawal days (§16). */
  details?: unknown;
}

/** The JST date the animal left the farm (its first DEATH or SHIPMENT), or null while it is on the farm. */
export function leftFarmOn(events: readonly DatedEvent[]): string | null {
  let end: string | null = null;
  for (const e of events) {
    if (!END_EVENT_TYPES.has(e.eventType)) continue;
    const date = jstDate(e.eventDatetime);
    if (end === null || date < end) end = date;
  }
  return end;
}

/**
 * Why `event` cannot happen to an animal of this sex and birthday whose other events are `others` (the event
 * itself excluded), or null when it can. Dates compare as JST calendar days: the day of birth, death or shipment
 * itself is allowed; a SHIPMENT on or before the end of the meat withdrawal of `others` is not (§16).
 */
export function impossibleEvent(
  animal: { gender: string | null; birthday: string | null },
  others: readonly DatedEvent[],
  event: DatedEvent,
): ImpossibleEvent | null {
  if ((animal.gender === '雄' || animal.gender === '去勢') && FEMALE_EVENT_TYPES.has(event.eventType)) {
    return IMPOSSIBLE_EVENT.wrongSex;
  }
  const date = jstDate(event.eventDatetime);
  if (animal.birthday && date < animal.birthday) return IMPOSSIBLE_EVENT.beforeBirth;
  const end = leftFarmOn(others);
  if (end !== null && date > end) return IMPOSSIBLE_EVENT.afterEnd;
  const refusal = event.eventType === 'SHIPMENT' ? shipmentRefusal(date, withdrawalOf(others).meatUntil) : null;
  if (refusal) return { field: 'eventDatetime', message: refusal };
  return null;
}

/** The first impossible one of `newEvents` written together with `existing`, with its index; null when all can be. */
export function firstImpossibleEvent(
  animal: { gender: string | null; birthday: string | null },
  existing: readonly DatedEvent[],
  newEvents: readonly DatedEvent[],
): { index: number; reason: ImpossibleEvent } | null {
  for (const [index, event] of newEvents.entries()) {
    const others = [...existing, ...newEvents.filter((_, i) => i !== index)];
    const reason = impossibleEvent(animal, others, event);
    if (reason) return { index, reason };
  }
  return null;
}
