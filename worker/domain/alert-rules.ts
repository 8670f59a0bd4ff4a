/**
 * The eight breeding alert rules of docs/product.md §7, as pure functions of an animal's breeding state, its breeding
 * events, its breed, birthday and growth stage, and today (JST). The anchor dates come from breeding_status (kept by
 * the breeding engine); the events confirm the "since" clauses of the table, so a stale state row never raises an
 * alert the history contradicts. A stillbirth at term is a calving wherever the rules read "last calving" (§6); an
 * abortion ends a pregnancy but is not a calving.
 */

import { calendarMonths, monthBirthday } from './ages';
import type { AlertSeverity, AlertType } from './alerts';
import { ESTRUS_CYCLE_DAYS } from './breeding-schedule';
import { addDays, daysBetween, type IsoDate, jstDate } from './calendar';
import { type FilingKind, filingOverdueTitle, isFilingOverdue } from './filings';
import { isDairyBreed } from './gestation';

export interface AlertAnchors {
  lastCalvingDate: IsoDate | null;
  lastInseminationDate: IsoDate | null;
  conceptionDate: IsoDate | null;
  lastEstrusDate: IsoDate | null;
  expectedCalvingDate: IsoDate | null;
  scheduledPregnancyCheckDate: IsoDate | null;
}

export interface RuleEvent {
  eventType: string;
  /** ISO instant; its JST calendar date is the day that counts. */
  eventDatetime: string;
  /** A PREGNANCY_CHECK's result ('PREGNANT' | 'OPEN'); absent for other types. */
  result?: string | null;
}

export interface AlertSubject {
  /** cattle.status */
  status: string;
  gender?: string | null;
  /** cattle.breed: dairy breeds (ホルスタイン, ジャージー) get the dairy rules and wording. */
  breed?: string | null;
  /** cattle.birthday (JST date), for the heifer's age. */
  birthday?: IsoDate | null;
  /** cattle.growth_stage */
  growthStage?: string | null;
  /** breeding_status.parity: calvings, including the parity entered at registration. */
  parity?: number | null;
  breeding: AlertAnchors;
  /** The animal's breeding events (any order). Older ones may be left out; they cannot clear a rule. */
  events: readonly RuleEvent[];
  /** Its pending NLBC filings (§21); left out when not read (a write's own regeneration leaves those alerts be). */
  filings?: readonly { kind: FilingKind; dueDate: IsoDate }[];
}

export interface DesiredAlert {
  type: AlertType;
  severity: AlertSeverity;
  dueAt: IsoDate;
  message: string;
}

/** Event types the rules read; regeneration loads only these. */
export const RULE_EVENT_TYPES = [
  'ESTRUS',
  'INSEMINATION',
  'PREGNANCY_CHECK',
  'DRY_OFF',
  'CALVING',
  'ABORTION',
  'STILLBIRTH',
] as const;

const OPEN_DAYS_LIMIT = 60;
const CALVING_LOOKAHEAD_DAYS = 60;
/** CALVING_OVERDUE is medium for this many days past the expected date, high from the next day. */
const CALVING_OVERDUE_MEDIUM_DAYS = 7;
const RETURN_HEAT_WINDOW = { from: 18, to: 24 } as const;
const PREGNANCY_CHECK_LEAD_DAYS = 3;
/** A dairy cow is dried off this many days before the expected calving; the alert shows this many days ahead. */
const DRY_OFF_DAYS_BEFORE_CALVING = 60;
const DRY_OFF_LEAD_DAYS = 7;
/** A heifer never served by this age (calendar months, §19) should be bred. */
const HEIFER_BREEDING_AGE_MONTHS = 14;
/** OPEN_AFTER_CHECK starts this many days after a cow was found open (or aborted), high from OPEN_AFTER_CHECK_HIGH_DAYS. */
const OPEN_AFTER_CHECK_DAYS = 25;
const OPEN_AFTER_CHECK_HIGH_DAYS = 60;

/** Event types that are a calving (a stillbirth at term is one, §6). */
const CALVING_TYPES = ['CALVING', 'STILLBIRTH'] as const;
/** Growth stages of a cow that has calved. */
const CALVED_STAGES = ['FIRST_CALVED', 'MULTI_PAROUS'];

const latest = (dates: (IsoDate | null | undefined)[]): IsoDate | null =>
  dates.reduce<IsoDate | null>((max, d) => (d && (!max || d > max) ? d : max), null);

const eventDays = (subject: AlertSubject, types: readonly string[], onOrAfter?: IsoDate | null): IsoDate[] =>
  subject.events
    .filter((e) => types.includes(e.eventType))
    .map((e) => jstDate(e.eventDatetime))
    .filter((day) => !onOrAfter || day >= onOrAfter);

/** The last calving or stillbirth, from the state row or the events. */
const lastCalving = (s: AlertSubject) => latest([s.breeding.lastCalvingDate, ...eventDays(s, CALVING_TYPES)]);

/** Pregnant by a check, by the farmer's status, or carrying an expected calving date. */
const isPregnant = (s: AlertSubject) =>
  s.status === 'PREGNANT' || Boolean(s.breeding.conceptionDate) || Boolean(s.breeding.expectedCalvingDate);

/** She has calved: a parity (counted or entered at registration), a calving on record, or a cow's growth stage. */
const hasCalved = (s: AlertSubject) =>
  (s.parity ?? 0) > 0 || lastCalving(s) !== null || CALVED_STAGES.includes(s.growthStage ?? '');

/** The first day of the pregnancy she carries now, as well as the state row knows it. */
const pregnancyStart = (s: AlertSubject, expected: IsoDate) =>
  s.breeding.conceptionDate ?? s.breeding.lastInseminationDate ?? addDays(expected, -300);

/** M/D of a date, as a farmer writes it (2026-03-05 → 3/5). */
const monthDay = (date: IsoDate) => {
  const [, m, d] = date.split('-').map(Number);
  return `${m}/${d}`;
};

export { monthBirthday };

/** OPEN_DAYS_OVER60_NO_AI: calved (or stillborn) ≥ 60 days ago, no insemination since, not pregnant. */
export function openDaysRule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  const calving = lastCalving(s);
  if (!calving || isPregnant(s)) return null;
  const inseminatedSince =
    (s.breeding.lastInseminationDate !== null && s.breeding.lastInseminationDate >= calving) ||
    eventDays(s, ['INSEMINATION'], calving).length > 0;
  if (inseminatedSince) return null;
  const days = daysBetween(calving, today);
  if (days < OPEN_DAYS_LIMIT) return null;
  return {
    type: 'OPEN_DAYS_OVER60_NO_AI',
    severity: 'high',
    dueAt: addDays(calving, OPEN_DAYS_LIMIT),
    message: `分娩後${days}日経過・未授精`,
  };
}

/**
 * CALVING_WITHIN_60: the expected calving is today or within the next 60 days. A beef cow is fed up (エサ強化, steam-up);
 * a dairy cow is already dry by then, so she is made ready for calving.
 */
export function calvingWithin60Rule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  const expected = s.breeding.expectedCalvingDate;
  if (!expected) return null;
  const remaining = daysBetween(today, expected);
  if (remaining < 0 || remaining > CALVING_LOOKAHEAD_DAYS) return null;
  const care = isDairyBreed(s.breed) ? '分娩準備' : 'エサ強化';
  return {
    type: 'CALVING_WITHIN_60',
    severity: 'medium',
    dueAt: expected,
    message: remaining === 0 ? `本日分娩予定（${care}）` : `分娩予定まで残り${remaining}日（${care}）`,
  };
}

/**
 * CALVING_OVERDUE: the expected calving date has passed and she has not calved (nor lost the pregnancy) since:
 * medium for the first 7 days over, high from the 8th. The due date stays the expected date, so the alert keeps its
 * identity (and the farmer's status and memo) when it turns high.
 */
export function calvingOverdueRule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  const expected = s.breeding.expectedCalvingDate;
  if (!expected) return null;
  const overdue = daysBetween(expected, today);
  if (overdue <= 0) return null;
  const start = pregnancyStart(s, expected);
  const ended =
    (s.breeding.lastCalvingDate !== null && s.breeding.lastCalvingDate >= start) ||
    eventDays(s, [...CALVING_TYPES, 'ABORTION'], start).length > 0;
  if (ended) return null;
  return {
    type: 'CALVING_OVERDUE',
    severity: overdue <= CALVING_OVERDUE_MEDIUM_DAYS ? 'medium' : 'high',
    dueAt: expected,
    message: `分娩予定日を${overdue}日超過`,
  };
}

/** ESTRUS_OVER20_NOT_PREGNANT: the last heat or insemination was 18–24 days ago and she is not pregnant. */
export function returnHeatRule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  if (isPregnant(s)) return null;
  const calving = lastCalving(s);
  const estrus = latest([s.breeding.lastEstrusDate, ...eventDays(s, ['ESTRUS'], calving)]);
  const insemination = latest([s.breeding.lastInseminationDate, ...eventDays(s, ['INSEMINATION'], calving)]);
  const heat = latest([estrus, insemination]);
  if (!heat || (calving && heat < calving)) return null;
  const days = daysBetween(heat, today);
  if (days < RETURN_HEAT_WINDOW.from || days > RETURN_HEAT_WINDOW.to) return null;
  const what = heat === insemination ? '授精' : '発情';
  return {
    type: 'ESTRUS_OVER20_NOT_PREGNANT',
    severity: 'medium',
    dueAt: addDays(heat, ESTRUS_CYCLE_DAYS),
    message: `${what}後${days}日経過・再発情を確認`,
  };
}

/** PREGNANCY_CHECK_DUE: the scheduled check is at most 3 days away (or past) and no check followed the insemination. */
export function pregnancyCheckRule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  const check = s.breeding.scheduledPregnancyCheckDate;
  if (!check) return null;
  const remaining = daysBetween(today, check);
  if (remaining > PREGNANCY_CHECK_LEAD_DAYS) return null;
  const insemination = s.breeding.lastInseminationDate ?? addDays(check, -30);
  if (eventDays(s, ['PREGNANCY_CHECK'], insemination).length > 0) return null;
  const sinceAi = `授精後${daysBetween(insemination, today)}日`;
  const message =
    remaining > 0
      ? `妊娠鑑定まで残り${remaining}日（${sinceAi}）`
      : remaining === 0
        ? `本日妊娠鑑定予定（${sinceAi}）`
        : `妊娠鑑定予定日を${-remaining}日超過（${sinceAi}）`;
  return { type: 'PREGNANCY_CHECK_DUE', severity: 'medium', dueAt: check, message };
}

/**
 * DRY_OFF_DUE: a pregnant dairy cow (ホルスタイン, ジャージー) is dried off 60 days before the expected calving; the
 * alert starts 7 days ahead and stays until a DRY_OFF is recorded after conception (or the pregnancy ends). A heifer
 * carrying her first calf is not milked, so there is nothing to dry off.
 */
export function dryOffRule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  const expected = s.breeding.expectedCalvingDate;
  if (!expected || !isDairyBreed(s.breed) || !isPregnant(s) || !hasCalved(s)) return null;
  const dryOff = addDays(expected, -DRY_OFF_DAYS_BEFORE_CALVING);
  const remaining = daysBetween(today, dryOff);
  if (remaining > DRY_OFF_LEAD_DAYS) return null;
  if (eventDays(s, ['DRY_OFF'], pregnancyStart(s, expected)).length > 0) return null;
  const message =
    remaining > 0
      ? `乾乳予定まで残り${remaining}日（分娩予定 ${monthDay(expected)}）`
      : remaining === 0
        ? '本日乾乳予定'
        : `乾乳予定日を${-remaining}日超過`;
  return { type: 'DRY_OFF_DUE', severity: 'medium', dueAt: dryOff, message };
}

/**
 * HEIFER_NOT_BRED: a female not in the fattening herd, never served (no insemination, calving or stillbirth ever, no
 * parity, not pregnant) and at least 14 calendar months old (§19). Due on the day she turned 14 months.
 */
export function heiferNotBredRule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  if (s.gender !== '雌' || !s.birthday || s.growthStage === 'FATTENING' || s.status === 'SCHEDULED_FOR_SHIPMENT') {
    return null;
  }
  if (isPregnant(s) || hasCalved(s)) return null;
  // An abortion means she conceived, so she was served even if the service (a bull at pasture) was not recorded.
  const served = s.breeding.lastInseminationDate !== null || eventDays(s, ['INSEMINATION', 'ABORTION']).length > 0;
  if (served) return null;
  const months = calendarMonths(s.birthday, today);
  if (months < HEIFER_BREEDING_AGE_MONTHS) return null;
  return {
    type: 'HEIFER_NOT_BRED',
    severity: 'medium',
    dueAt: monthBirthday(s.birthday, HEIFER_BREEDING_AGE_MONTHS),
    message: `${months}か月齢・未授精（種付け適期）`,
  };
}

/** The breeding events that may be the cow's latest for OPEN_AFTER_CHECK: every one but a heat (and a dry-off). */
const AFTER_CHECK_EVENT_TYPES = ['INSEMINATION', 'PREGNANCY_CHECK', 'CALVING', 'STILLBIRTH', 'ABORTION'];

/** A check that found her open, or an abortion: the events OPEN_AFTER_CHECK counts from. */
const foundOpen = (e: RuleEvent) =>
  e.eventType === 'ABORTION' || (e.eventType === 'PREGNANCY_CHECK' && e.result === 'OPEN');

/**
 * OPEN_AFTER_CHECK (turn 4): her latest breeding event — a heat does not count — is a PREGNANCY_CHECK that found her
 * OPEN, or an ABORTION, at least 25 days ago, and no service since: medium, high from day 60 after it, due on that
 * day + 25. A service, a calving or a later check ends it; on the day of the check counts as since.
 */
export function openAfterCheckRule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  if (isPregnant(s)) return null;
  const breedingEvents = s.events
    .filter((e) => AFTER_CHECK_EVENT_TYPES.includes(e.eventType))
    .map((e) => ({ event: e, day: jstDate(e.eventDatetime) }));
  const anchor = breedingEvents
    .filter(({ event }) => foundOpen(event))
    .reduce<{ event: RuleEvent; day: IsoDate } | null>((max, e) => (!max || e.day >= max.day ? e : max), null);
  if (!anchor) return null;
  const endedSince =
    breedingEvents.some(({ event, day }) => !foundOpen(event) && day >= anchor.day) ||
    (s.breeding.lastInseminationDate !== null && s.breeding.lastInseminationDate >= anchor.day);
  if (endedSince) return null;
  const days = daysBetween(anchor.day, today);
  if (days < OPEN_AFTER_CHECK_DAYS) return null;
  const since = anchor.event.eventType === 'ABORTION' ? '流産' : '不受胎確認';
  return {
    type: 'OPEN_AFTER_CHECK',
    severity: days >= OPEN_AFTER_CHECK_HIGH_DAYS ? 'high' : 'medium',
    dueAt: addDays(anchor.day, OPEN_AFTER_CHECK_DAYS),
    message: `${since}から${days}日・再授精なし`,
  };
}

const ALERT_RULES = [
  openDaysRule,
  calvingWithin60Rule,
  calvingOverdueRule,
  returnHeatRule,
  pregnancyCheckRule,
  dryOffRule,
  heiferNotBredRule,
  openAfterCheckRule,
] as const;

const INACTIVE_STATUSES = ['DEAD', 'SHIPPED'];
const MALE_GENDERS = ['雄', '去勢'];

/**
 * FILING_OVERDUE (§21): one medium alert per pending filing past its due date, due on it — '出生の届出が未了（期限
 * MM/DD）'. Any animal can have it, a dead or shipped one too.
 */
export function filingOverdueRule(s: AlertSubject, today: IsoDate): DesiredAlert[] {
  return (s.filings ?? [])
    .filter((f) => isFilingOverdue(f.dueDate, today))
    .map((f) => ({
      type: 'FILING_OVERDUE' as const,
      severity: 'medium' as const,
      dueAt: f.dueDate,
      message: filingOverdueTitle(f.kind, f.dueDate),
    }));
}

/**
 * Every alert the animal should have today. Dead, shipped and male (雄, 去勢) animals have none of the breeding
 * rules' — only FILING_OVERDUE, the one alert any animal can have.
 */
export function evaluateAlertRules(s: AlertSubject, today: IsoDate): DesiredAlert[] {
  const filings = filingOverdueRule(s, today);
  if (INACTIVE_STATUSES.includes(s.status) || (s.gender && MALE_GENDERS.includes(s.gender))) return filings;
  return [...ALERT_RULES.map((rule) => rule(s, today)).filter((a): a is DesiredAlert => a !== null), ...filings];
}
