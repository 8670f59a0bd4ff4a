/**
 * Programmes and tasks (docs/product.md §22): a vet's protocol or a vaccination plan is a list of steps on days after a
 * start; enrolling an animal turns it into one task per step on its date. Pure: the rules of triggers, due dates and
 * idempotent enrolment, apart from the D1 that keeps them.
 */
import { z } from 'zod';
import { addDays, daysBetween, type IsoDate } from './calendar';
import { type EventType, isEventType } from './event-types';
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

export interface ProgrammeRules {
  name: string;
  trigger: ProgrammeTrigger;
  steps: readonly ProgrammeStep[];
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
  },
  {
    name: '分娩後検診',
    trigger: { kind: 'event', eventType: 'CALVING' },
    steps: [{ day: 30, title: '分娩後検診' }],
  },
];

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

/** The start an event-triggered programme takes from an event: its JST date, when the event is of the trigger's type. */
export function eventTriggerStart(trigger: ProgrammeTrigger, eventType: string, eventDate: IsoDate): IsoDate | null {
  return trigger.kind === 'event' && trigger.eventType === eventType ? eventDate : null;
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
