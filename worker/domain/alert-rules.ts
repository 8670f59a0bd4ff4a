/**
 * The five breeding alert rules of docs/product.md §7, as pure functions of an animal's breeding state, its breeding
 * events and today (JST). The anchor dates come from breeding_status (kept by the breeding engine); the events
 * confirm the "since" clauses of the table, so a stale state row never raises an alert the history contradicts.
 */

import type { AlertSeverity, AlertType } from './alerts';
import { ESTRUS_CYCLE_DAYS } from './breeding-schedule';
import { addDays, daysBetween, type IsoDate, jstDate } from './calendar';

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
}

export interface AlertSubject {
  /** cattle.status */
  status: string;
  gender?: string | null;
  breeding: AlertAnchors;
  /** The animal's breeding events (any order). Older ones may be left out; they cannot clear a rule. */
  events: readonly RuleEvent[];
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
  'CALVING',
  'ABORTION',
  'STILLBIRTH',
] as const;

export const OPEN_DAYS_LIMIT = 60;
export const CALVING_LOOKAHEAD_DAYS = 60;
export const RETURN_HEAT_WINDOW = { from: 20, to: 24 } as const;
export const PREGNANCY_CHECK_LEAD_DAYS = 3;

const latest = (dates: (IsoDate | null | undefined)[]): IsoDate | null =>
  dates.reduce<IsoDate | null>((max, d) => (d && (!max || d > max) ? d : max), null);

const eventDays = (subject: AlertSubject, types: readonly string[], onOrAfter?: IsoDate | null): IsoDate[] =>
  subject.events
    .filter((e) => types.includes(e.eventType))
    .map((e) => jstDate(e.eventDatetime))
    .filter((day) => !onOrAfter || day >= onOrAfter);

const lastCalving = (s: AlertSubject) => latest([s.breeding.lastCalvingDate, ...eventDays(s, ['CALVING'])]);

/** Pregnant by a check, by the farmer's status, or carrying an expected calving date. */
export const isPregnant = (s: AlertSubject) =>
  s.status === 'PREGNANT' || Boolean(s.breeding.conceptionDate) || Boolean(s.breeding.expectedCalvingDate);

/** OPEN_DAYS_OVER60_NO_AI: calved ≥ 60 days ago, no insemination since, not pregnant. */
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

/** CALVING_WITHIN_60: the expected calving is today or within the next 60 days — time to feed her up. */
export function calvingWithin60Rule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  const expected = s.breeding.expectedCalvingDate;
  if (!expected) return null;
  const remaining = daysBetween(today, expected);
  if (remaining < 0 || remaining > CALVING_LOOKAHEAD_DAYS) return null;
  return {
    type: 'CALVING_WITHIN_60',
    severity: 'medium',
    dueAt: expected,
    message: remaining === 0 ? '本日分娩予定（エサ強化）' : `分娩予定まで残り${remaining}日（エサ強化）`,
  };
}

/** CALVING_OVERDUE: the expected calving date has passed and she has not calved (nor lost the pregnancy) since. */
export function calvingOverdueRule(s: AlertSubject, today: IsoDate): DesiredAlert | null {
  const expected = s.breeding.expectedCalvingDate;
  if (!expected) return null;
  const overdue = daysBetween(expected, today);
  if (overdue <= 0) return null;
  const pregnancyStart = s.breeding.conceptionDate ?? s.breeding.lastInseminationDate ?? addDays(expected, -300);
  const ended =
    (s.breeding.lastCalvingDate !== null && s.breeding.lastCalvingDate >= pregnancyStart) ||
    eventDays(s, ['CALVING', 'ABORTION', 'STILLBIRTH'], pregnancyStart).length > 0;
  if (ended) return null;
  return { type: 'CALVING_OVERDUE', severity: 'high', dueAt: expected, message: `分娩予定日を${overdue}日超過` };
}

/** ESTRUS_OVER20_NOT_PREGNANT: the last heat or insemination was 20–24 days ago and she is not pregnant. */
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

export const ALERT_RULES = [
  openDaysRule,
  calvingWithin60Rule,
  calvingOverdueRule,
  returnHeatRule,
  pregnancyCheckRule,
] as const;

const INACTIVE_STATUSES = ['DEAD', 'SHIPPED'];
const MALE_GENDERS = ['雄', '去勢'];

/** Every alert the animal should have today. Dead, shipped and male animals have none. */
export function evaluateAlertRules(s: AlertSubject, today: IsoDate): DesiredAlert[] {
  if (INACTIVE_STATUSES.includes(s.status) || (s.gender && MALE_GENDERS.includes(s.gender))) return [];
  return ALERT_RULES.map((rule) => rule(s, today)).filter((a): a is DesiredAlert => a !== null);
}
