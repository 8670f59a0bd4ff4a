/**
 * A herd file's breeding history (docs/product.md §20), decided without I/O: the events a row's 最終分娩日, 最終授精日,
 * 授精種雄牛, 妊娠 and 分娩予定日 stand for, which of them the animal has already, and what in them cannot be. The
 * events are then written by the events service's own builder (imports.service.ts).
 */
import { addDays, type IsoDate, jstDate, jstStartOfDay } from '../domain/calendar';
import type { PregnancyResult } from '../domain/import-fields';
import type { NewEvent } from '../events/events.statements';

/** The notes of every event an import writes. */
const IMPORT_NOTE = '一括取り込み';
/** A service's pregnancy check is dated this many days after it (or today, when that comes first). */
const CHECK_AFTER_SERVICE_DAYS = 30;

export interface BreedingHistory {
  lastCalvingDate?: IsoDate;
  lastServiceDate?: IsoDate;
  lastServiceSire?: string;
  pregnancy?: PregnancyResult;
  expectedCalvingDate?: IsoDate;
}

/** An event on record, as far as an import compares it. */
export interface RecordedEvent {
  eventType: string;
  /** ISO instant. */
  eventDatetime: string;
  details?: unknown;
  notes?: string | null;
}

/** The history's columns, in the order of the events they stand for. */
export const HISTORY_FIELDS = [
  'lastCalvingDate',
  'lastServiceDate',
  'lastServiceSire',
  'pregnancy',
  'expectedCalvingDate',
] as const;

const at = (date: IsoDate) => jstStartOfDay(date).toISOString();
const event = (eventType: string, date: IsoDate, details: Record<string, unknown> | null = null): NewEvent => ({
  eventType,
  eventDatetime: at(date),
  details,
  notes: IMPORT_NOTE,
});

/** The arrival (導入) an import records for a row's 導入日: day-only, without notes, as a farmer's own would be. */
export const arrivalEvent = (date: IsoDate): NewEvent => ({
  eventType: 'ARRIVAL',
  eventDatetime: at(date),
  details: null,
  notes: null,
});

/**
 * The events a row's history stands for, dated as given, day-only (00:00 JST): a CALVING without calves, an AI
 * service with its sire, the pregnancy check of that service (30 days after it, or today when that comes first; a
 * pregnant cow with a due date but no service date is checked today), and the EXPECTED_CALVING.
 */
export function historyEvents(history: BreedingHistory, today: IsoDate): NewEvent[] {
  const { lastCalvingDate, lastServiceDate, lastServiceSire, pregnancy, expectedCalvingDate } = history;
  const planned: NewEvent[] = [];
  if (lastCalvingDate) planned.push(event('CALVING', lastCalvingDate));
  if (lastServiceDate) {
    planned.push(
      event(
        'INSEMINATION',
        lastServiceDate,
        lastServiceSire ? { method: 'AI', sireName: lastServiceSire } : { method: 'AI' },
      ),
    );
  }
  if (pregnancy && lastServiceDate) {
    const checkDay = addDays(lastServiceDate, CHECK_AFTER_SERVICE_DAYS);
    planned.push(event('PREGNANCY_CHECK', checkDay < today ? checkDay : today, { result: pregnancy }));
  } else if (pregnancy === 'PREGNANT' && expectedCalvingDate) {
    planned.push(event('PREGNANCY_CHECK', today, { result: pregnancy }));
  }
  if (expectedCalvingDate) planned.push(event('EXPECTED_CALVING', expectedCalvingDate));
  return planned;
}

/** The JST day of the last service on or before `day` among `events`, or null. */
function serviceOnOrBefore(events: readonly RecordedEvent[], day: IsoDate): IsoDate | null {
  let last: IsoDate | null = null;
  for (const e of events) {
    if (e.eventType !== 'INSEMINATION') continue;
    const d = jstDate(e.eventDatetime);
    if (d <= day && (last === null || d > last)) last = d;
  }
  return last;
}

const resultOf = (details: unknown) => (details as { result?: unknown } | null | undefined)?.result;

/**
 * Of the history's events, those the animal does not have yet. An event of the same type on the same day is the
 * same event. A pregnancy check is the same as an imported check that follows the same service (or none) whatever
 * day it is dated — a file imported again on a later day dates its check on another day — and as a check typed by
 * hand that follows the same service with the same result.
 */
export function missingEvents(planned: readonly NewEvent[], recorded: readonly RecordedEvent[]): NewEvent[] {
  const fileService = planned.find((e) => e.eventType === 'INSEMINATION');
  const services = fileService ? [...recorded, fileService] : recorded;
  return planned.filter((p) => {
    const day = jstDate(p.eventDatetime);
    const sameDay = recorded.some((r) => r.eventType === p.eventType && jstDate(r.eventDatetime) === day);
    if (sameDay) return false;
    if (p.eventType !== 'PREGNANCY_CHECK') return true;
    // The file's check follows the file's service (or none), whatever was recorded since.
    const service = fileService ? jstDate(fileService.eventDatetime) : null;
    return !recorded.some(
      (r) =>
        r.eventType === 'PREGNANCY_CHECK' &&
        serviceOnOrBefore(services, jstDate(r.eventDatetime)) === service &&
        (r.notes === IMPORT_NOTE || resultOf(r.details) === resultOf(p.details)),
    );
  });
}

/**
 * The births on record, counted as the breeding engine counts parity (§6): each CALVING or STILLBIRTH once, a second
 * one within a day of the first being the same birth.
 */
export function birthsOnRecord(events: readonly Pick<RecordedEvent, 'eventType' | 'eventDatetime'>[]): number {
  const days = events
    .filter((e) => e.eventType === 'CALVING' || e.eventType === 'STILLBIRTH')
    .map((e) => jstDate(e.eventDatetime))
    .sort();
  let births = 0;
  let last: IsoDate | null = null;
  for (const d of days) {
    if (last === null || d > addDays(last, 1)) births += 1;
    last = d;
  }
  return births;
}

export interface HistoryProblem {
  field: (typeof HISTORY_FIELDS)[number] | 'parity';
  message: string;
}

const LABEL = { lastCalvingDate: '最終分娩日', lastServiceDate: '最終授精日', expectedCalvingDate: '分娩予定日' };

/**
 * What in a row's history cannot be (§20), each on its column: a calving or service in the future, a service before
 * the last calving, a due date not after the service, pregnant with neither a service date nor a due date, a
 * calving with 産次 0, dates before the birthday, and any of it on a bull or steer.
 */
export function historyProblems(
  history: BreedingHistory,
  animal: { gender: string | null | undefined; birthday: string | null | undefined; parity: number | undefined },
  today: IsoDate,
): HistoryProblem[] {
  const { lastCalvingDate, lastServiceDate, pregnancy, expectedCalvingDate } = history;
  const given = HISTORY_FIELDS.filter((field) => history[field] !== undefined);
  if (given.length === 0) return [];
  if (animal.gender === '雄' || animal.gender === '去勢') {
    return [{ field: given[0], message: '雄・去勢の牛には分娩・授精・妊娠の記録を取り込めません' }];
  }
  const problems: HistoryProblem[] = [];
  for (const field of ['lastCalvingDate', 'lastServiceDate'] as const) {
    const date = history[field];
    if (!date) continue;
    if (date > today) problems.push({ field, message: `${LABEL[field]}に未来の日付は指定できません` });
    else if (animal.birthday && date < animal.birthday) {
      problems.push({ field, message: `${LABEL[field]}は生年月日以降の日付を指定してください` });
    }
  }
  if (lastCalvingDate && lastServiceDate && lastServiceDate < lastCalvingDate) {
    problems.push({ field: 'lastServiceDate', message: '最終授精日が最終分娩日より前です' });
  }
  if (expectedCalvingDate && lastServiceDate && expectedCalvingDate <= lastServiceDate) {
    problems.push({ field: 'expectedCalvingDate', message: '分娩予定日は最終授精日より後の日付を指定してください' });
  }
  if (pregnancy === 'PREGNANT' && !lastServiceDate && !expectedCalvingDate) {
    problems.push({ field: 'pregnancy', message: '妊娠しているときは最終授精日か分娩予定日を入力してください' });
  }
  if (lastCalvingDate && animal.parity === 0) {
    problems.push({ field: 'parity', message: '最終分娩日があるときは産次を1以上にしてください' });
  }
  return problems;
}

/** Said when a column is read but writes nothing. */
export function historyWarnings(history: BreedingHistory): string[] {
  const warnings: string[] = [];
  if (history.lastServiceSire && !history.lastServiceDate) {
    warnings.push('最終授精日がないため、授精種雄牛は記録しません');
  }
  if (history.pregnancy === 'OPEN' && !history.lastServiceDate) {
    warnings.push('最終授精日がないため、空胎の鑑定結果は記録しません');
  }
  return warnings;
}
