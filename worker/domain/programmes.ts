/**
 * Programmes and tasks (docs/product.md §22): a vet's protocol or a vaccination plan is a list of steps on days after a
 * start; enrolling an animal turns it into one task per step on its date. Pure: the rules of triggers, due dates and
 * idempotent enrolment, apart from the D1 that keeps them.
 */
import { z } from 'zod';
import { addDays, daysBetween, type IsoDate } from './calendar';
import { CATTLE_STATUSES, type CattleStatus, GENDERS, type Gender } from './cattle-enums';
import { EVENT_TYPE_INFO, type EventType, isEventType, PREGNANCY_RESULTS, type PregnancyResult } from './event-types';
import { calendarDate } from './input';

const MAX_STEP_DAY = 730;

export type ProgrammeTrigger =
  | { kind: 'manual' }
  | { kind: 'event'; eventType: EventType }
  | { kind: 'age'; days: number };

export interface ProgrammeStep {
  day: number;
  title: string;
  eventType?: EventType;
  details?: Record<string, unknown>;
}

/** An event that stops an enrolment (§22 turn 4): its type and, for a pregnancy check, its result. */
export interface StopWhen {
  eventType: EventType;
  result?: PregnancyResult;
}

/** Which animals a programme is for (§22 turn 4); every condition left out admits every animal. */
export interface Eligibility {
  gender?: Gender[];
  notPregnant?: boolean;
  statuses?: CattleStatus[];
  minDaysSinceCalving?: number;
}

export interface ProgrammeRules {
  name: string;
  trigger: ProgrammeTrigger;
  steps: readonly ProgrammeStep[];
  stopWhen?: readonly StopWhen[];
  eligible?: Eligibility;
}

const PROGRAMME_MESSAGES = {
  name: 'プログラム名は1〜50文字で入力してください',
  steps: '手順は1〜30件で入力してください',
  day: '日数は0〜730の整数で入力してください',
  title: '手順名は1〜50文字で入力してください',
  eventType: '無効なイベント種別です',
  trigger: '開始のきっかけが正しくありません',
  ageDays: '日齢は0〜3650の整数で入力してください',
  cattleIds: '牛を1〜200頭選んでください',
  startDate: '開始日はYYYY-MM-DD形式で入力してください',
  reason: '理由は1〜200文字で入力してください',
  stopWhen: '中止の条件は0〜10件のイベント種別で入力してください',
  result: '鑑定結果はPREGNANTまたはOPENで、妊娠鑑定にだけ指定できます',
  eligible: '対象の条件が正しくありません',
  gender: '性別は雄・去勢・雌から選んでください',
  statuses: '状態が正しくありません',
  minDaysSinceCalving: '分娩後日数は0〜365の整数で入力してください',
} as const;

const eventTypeSchema = z
  .string()
  .refine(isEventType, PROGRAMME_MESSAGES.eventType)
  .transform((v) => v as EventType);

export const programmeTriggerSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('manual') }),
    z.object({ kind: z.literal('event'), eventType: eventTypeSchema }),
    z.object({
      kind: z.literal('age'),
      days: z.number({ error: PROGRAMME_MESSAGES.ageDays }).int(PROGRAMME_MESSAGES.ageDays).min(0).max(3650),
    }),
  ],
  { error: PROGRAMME_MESSAGES.trigger },
);

const programmeStepSchema = z.object({
  day: z
    .number({ error: PROGRAMME_MESSAGES.day })
    .int(PROGRAMME_MESSAGES.day)
    .min(0, PROGRAMME_MESSAGES.day)
    .max(MAX_STEP_DAY, PROGRAMME_MESSAGES.day),
  title: z
    .string({ error: PROGRAMME_MESSAGES.title })
    .normalize('NFKC')
    .trim()
    .min(1, PROGRAMME_MESSAGES.title)
    .max(50, PROGRAMME_MESSAGES.title),
  eventType: eventTypeSchema.optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const stopWhenSchema = z
  .array(
    z
      .object({
        eventType: eventTypeSchema,
        result: z.enum(PREGNANCY_RESULTS, { error: PROGRAMME_MESSAGES.result }).optional(),
      })
      .refine((s) => s.result === undefined || s.eventType === 'PREGNANCY_CHECK', {
        message: PROGRAMME_MESSAGES.result,
        path: ['result'],
      }),
    { error: PROGRAMME_MESSAGES.stopWhen },
  )
  .max(10, PROGRAMME_MESSAGES.stopWhen);

const eligibilitySchema = z.strictObject(
  {
    gender: z
      .array(z.enum(GENDERS, { error: PROGRAMME_MESSAGES.gender }))
      .min(1, PROGRAMME_MESSAGES.gender)
      .optional(),
    notPregnant: z.boolean({ error: PROGRAMME_MESSAGES.eligible }).optional(),
    statuses: z
      .array(z.enum(CATTLE_STATUSES, { error: PROGRAMME_MESSAGES.statuses }))
      .min(1, PROGRAMME_MESSAGES.statuses)
      .optional(),
    minDaysSinceCalving: z
      .number({ error: PROGRAMME_MESSAGES.minDaysSinceCalving })
      .int(PROGRAMME_MESSAGES.minDaysSinceCalving)
      .min(0, PROGRAMME_MESSAGES.minDaysSinceCalving)
      .max(365, PROGRAMME_MESSAGES.minDaysSinceCalving)
      .optional(),
  },
  { error: PROGRAMME_MESSAGES.eligible },
);

export const programmeSchema = z.object({
  name: z
    .string({ error: PROGRAMME_MESSAGES.name })
    .normalize('NFKC')
    .trim()
    .min(1, PROGRAMME_MESSAGES.name)
    .max(50, PROGRAMME_MESSAGES.name),
  trigger: programmeTriggerSchema,
  steps: z
    .array(programmeStepSchema, { error: PROGRAMME_MESSAGES.steps })
    .min(1, PROGRAMME_MESSAGES.steps)
    .max(30, PROGRAMME_MESSAGES.steps),
  stopWhen: stopWhenSchema.optional(),
  eligible: eligibilitySchema.optional(),
});

/** The two examples every new farm gets; they may edit or delete them. */
export const EXAMPLE_PROGRAMMES: readonly ProgrammeRules[] = [
  {
    name: 'Ovsynch（定時授精）',
    trigger: { kind: 'manual' },
    steps: [
      { day: 0, title: 'GnRH' },
      { day: 7, title: 'PGF2α' },
      { day: 9, title: 'GnRH' },
      { day: 10, title: '授精', eventType: 'INSEMINATION' },
    ],
    // A PGF2α is never given to a cow found pregnant: a service, a positive check, a calving or an abortion ends it.
    stopWhen: [
      { eventType: 'INSEMINATION' },
      { eventType: 'PREGNANCY_CHECK', result: 'PREGNANT' },
      { eventType: 'CALVING' },
      { eventType: 'ABORTION' },
    ],
    // For cows and heifers not pregnant, after the voluntary waiting period (a heifer has none).
    eligible: { gender: ['雌'], notPregnant: true, minDaysSinceCalving: 40 },
  },
  {
    name: '分娩後検診',
    trigger: { kind: 'event', eventType: 'CALVING' },
    steps: [{ day: 30, title: '分娩後検診' }],
    stopWhen: [],
    eligible: {},
  },
];

/** An event as the stop rule looks at it: its type and, for a pregnancy check, its result. */
export interface StoppingEvent {
  eventType: string;
  result?: string | null;
}

/** Whether an event matches one of a programme's stop conditions (a condition's result, when given, must match). */
export const matchesStop = (stopWhen: readonly StopWhen[], event: StoppingEvent): boolean =>
  stopWhen.some((s) => s.eventType === event.eventType && (s.result === undefined || s.result === event.result));

/**
 * The reason a stopped task shows: '中止：授精が記録されました', '中止：妊娠が確認されました' for a positive pregnancy
 * check, '中止：{event}が記録されました' for any other event.
 */
export function stopReason(event: StoppingEvent): string {
  if (event.eventType === 'PREGNANCY_CHECK' && event.result === 'PREGNANT') return '中止：妊娠が確認されました';
  const label = isEventType(event.eventType) ? EVENT_TYPE_INFO[event.eventType].ja : event.eventType;
  return `中止：${label}が記録されました`;
}

/**
 * Whether an event stops an enrolment (§22 turn 4): it is on or after the enrolment's start, it matches the
 * programme's stopWhen, and it is not the event one of this enrolment's own tasks records (a task done).
 */
export function stopsEnrolment(
  enrolment: { id: number; startDate: IsoDate; stopWhen: readonly StopWhen[] },
  event: StoppingEvent & { date: IsoDate; fromEnrolmentId?: number | null },
): boolean {
  return (
    event.fromEnrolmentId !== enrolment.id &&
    event.date >= enrolment.startDate &&
    matchesStop(enrolment.stopWhen, event)
  );
}

/** The facts eligibility looks at: the animal's gender and status, whether she is pregnant, her last calving. */
export interface EligibilityFacts {
  gender: string | null;
  status: string;
  pregnant: boolean;
  lastCalvingDate: IsoDate | null;
}

/**
 * Why an animal may not be enrolled from `startDate` (§22 turn 4), or null when she may: the first condition that
 * fails, in the order gender, pregnancy, status, days since her last calving (a heifer, never calved, has no
 * waiting period).
 */
export function ineligibility(eligible: Eligibility, animal: EligibilityFacts, startDate: IsoDate): string | null {
  if (eligible.gender && !eligible.gender.includes(animal.gender as Gender))
    return eligible.gender.length === 1 && eligible.gender[0] === '雌' ? '雌ではありません' : '対象外の性別です';
  if (eligible.notPregnant && animal.pregnant) return '妊娠中';
  if (eligible.statuses && !eligible.statuses.includes(animal.status as CattleStatus)) return '対象外の状態です';
  const wait = eligible.minDaysSinceCalving;
  if (wait !== undefined && animal.lastCalvingDate && daysBetween(animal.lastCalvingDate, startDate) < wait)
    return `分娩後${wait}日未満`;
  return null;
}

/** A step's due date: the start + its day. */
const stepDueDate = (startDate: IsoDate, step: Pick<ProgrammeStep, 'day'>): IsoDate => addDays(startDate, step.day);

export interface PlannedTask {
  stepIndex: number;
  title: string;
  dueDate: IsoDate;
  eventType: EventType | null;
}

/** The tasks an enrolment starting on `startDate` makes: one per step, by due date (then step order). */
export function planTasks(steps: readonly ProgrammeStep[], startDate: IsoDate): PlannedTask[] {
  return steps
    .map((step, stepIndex) => ({
      stepIndex,
      title: step.title,
      dueDate: stepDueDate(startDate, step),
      eventType: step.eventType ?? null,
    }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.stepIndex - b.stepIndex);
}

/**
 * Which animals an enrolment really enrols: an animal already enrolled in the programme with the same start gets
 * nothing new (its enrolment is returned as it is); another start is a new enrolment. Duplicates in the request
 * count once.
 */
export function enrolmentsToCreate(
  cattleIds: readonly number[],
  startDate: IsoDate,
  existing: readonly { cattleId: number; startDate: IsoDate }[],
): number[] {
  const taken = new Set(existing.filter((e) => e.startDate === startDate).map((e) => e.cattleId));
  return [...new Set(cattleIds)].filter((id) => !taken.has(id));
}

/**
 * The start an event-triggered programme takes from an event (§22 turn 4): its JST date, when the event is of the
 * trigger's type and was recorded (by hand, from a task, from LINE or through the API) — however long ago its date
 * is, the steps then being overdue tasks to do or skip. An event an import writes (§20) never enrols: the herd's past
 * is taken as done.
 */
export function eventTriggerStart(
  trigger: ProgrammeTrigger,
  event: { eventType: string; date: IsoDate; imported: boolean },
): IsoDate | null {
  return trigger.kind === 'event' && trigger.eventType === event.eventType && !event.imported ? event.date : null;
}

/** Days the dawn run looks back for an age trigger it missed (a failed or skipped morning still enrols, once). */
export const AGE_TRIGGER_CATCH_UP_DAYS = 7;

/**
 * The start of an age-triggered enrolment for an animal born on `birthday`, when the dawn run of `today` should make
 * it: the day it is `days` old, if that is today or within the catch-up days before; else null. Enrolment by
 * (programme, animal, start) is idempotent, so a day looked at twice enrols once.
 */
export function ageTriggerStart(trigger: ProgrammeTrigger, birthday: IsoDate | null, today: IsoDate): IsoDate | null {
  if (trigger.kind !== 'age' || !birthday) return null;
  const start = addDays(birthday, trigger.days);
  const late = daysBetween(start, today);
  return late >= 0 && late <= AGE_TRIGGER_CATCH_UP_DAYS ? start : null;
}

/** A task as the morning digest lists it (§22: today's tasks with the alerts). */
export interface DigestTask {
  /** The task's id: the LINE digest's 完了 buttons tick it (§25). */
  taskId?: number;
  cattleId: number;
  cattleName: string | null;
  cattleEarTagNumber: string | null;
  title: string;
  dueDate: IsoDate;
}

/** The digest lists at most this many tasks, then a count. */
export const DIGEST_TASK_LINES = 30;

/**
 * Today's tasks as the digest's lines (mail and LINE): a heading with the count, each task (due today, or overdue
 * with its date) at most DIGEST_TASK_LINES, then how many more. None: no lines at all.
 */
export function digestTaskLines(tasks: readonly DigestTask[], today: IsoDate): string[] {
  if (tasks.length === 0) return [];
  const shown = tasks.slice(0, DIGEST_TASK_LINES);
  const label = (t: DigestTask) =>
    [t.cattleName ?? `牛ID ${t.cattleId}`, t.cattleEarTagNumber !== null ? `耳標 ${t.cattleEarTagNumber}` : null]
      .filter(Boolean)
      .join('・');
  const when = (t: DigestTask) => (t.dueDate < today ? `期限超過・${t.dueDate.replaceAll('-', '/')}` : '今日');
  const lines = [
    `今日の作業が${tasks.length}件あります。`,
    ...shown.map((t) => `・${label(t)}：${t.title}（${when(t)}）`),
  ];
  if (tasks.length > shown.length) lines.push(`ほか${tasks.length - shown.length}件`);
  return lines;
}

/** Enrolling animals (POST /programmes/{id}/enrol): the form and the API check the same. */
export const enrolSchema = z.object({
  cattleIds: z
    .array(z.number({ error: PROGRAMME_MESSAGES.cattleIds }).int().positive(), {
      error: PROGRAMME_MESSAGES.cattleIds,
    })
    .min(1, PROGRAMME_MESSAGES.cattleIds)
    .max(200, PROGRAMME_MESSAGES.cattleIds),
  startDate: calendarDate(PROGRAMME_MESSAGES.startDate),
});

/** Skipping a task (POST /tasks/{id}/skip): a reason. */
export const skipTaskSchema = z.object({
  reason: z
    .string({ error: PROGRAMME_MESSAGES.reason })
    .normalize('NFKC')
    .trim()
    .min(1, PROGRAMME_MESSAGES.reason)
    .max(200, PROGRAMME_MESSAGES.reason),
});
