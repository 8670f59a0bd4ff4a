/** The contract of programmes, enrolments and tasks (docs/product.md §22). */
import { z } from '@hono/zod-openapi';
import { TASK_STATUSES } from '../db/schema';
import { ALERT_SEVERITIES } from '../domain/alerts';
import { CATTLE_STATUSES, GENDERS } from '../domain/cattle-enums';
import { eventDetailsViewSchema } from '../domain/event-details';
import { PREGNANCY_RESULTS } from '../domain/event-types';
import { calendarDate, numberInput } from '../domain/input';
import { enrolSchema, programmeSchema, programmeTriggerSchema, skipTaskSchema } from '../domain/programmes';

export { enrolSchema, skipTaskSchema };

export const PROGRAMME_API_MESSAGES = {
  notFound: 'プログラムが見つかりません',
  enrolmentNotFound: '登録が見つかりません',
  taskNotFound: '作業が見つかりません',
  cattleNotFound: '指定された牛が見つかりません',
  cattleInactive: '死亡・出荷済みの牛は登録できません',
  date: '日付はYYYY-MM-DD形式で入力してください',
  alreadyDone: 'この作業は完了済みです',
  detailsWithoutEvent: 'イベントを記録しない手順に詳細は指定できません',
  notOpen: 'この作業は既にスキップまたは取り消されています',
  assignee: '担当者はこの牧場のメンバーから選んでください',
  patchEmpty: '担当者か予定日を指定してください',
  limit: 'limitは1から200の整数です',
  cursor: 'カーソルが不正です',
  deleted: 'プログラムを削除しました',
  enrolmentCancelled: '登録を取り消しました',
} as const;

export const programmeViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  trigger: z.union([
    z.object({ kind: z.literal('manual') }),
    z.object({ kind: z.literal('event'), eventType: z.string() }),
    z.object({ kind: z.literal('age'), days: z.number() }),
  ]),
  steps: z.array(
    z.object({
      day: z.number(),
      title: z.string(),
      eventType: z.string().optional(),
      details: eventDetailsViewSchema.optional(),
    }),
  ),
  stopWhen: z
    .array(z.object({ eventType: z.string(), result: z.enum(PREGNANCY_RESULTS).optional() }))
    .openapi({ description: 'Events that stop an enrolment: its open tasks are cancelled with cancelReason' }),
  eligible: z
    .object({
      gender: z.array(z.enum(GENDERS)).optional(),
      notPregnant: z.boolean().optional(),
      statuses: z.array(z.enum(CATTLE_STATUSES)).optional(),
      minDaysSinceCalving: z.number().optional(),
    })
    .openapi({ description: 'Which animals may be enrolled; the others are answered in skipped' }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProgrammeView = z.infer<typeof programmeViewSchema>;

export const createProgrammeSchema = programmeSchema;
export const updateProgrammeSchema = programmeSchema
  .partial()
  .extend({ trigger: programmeTriggerSchema.optional() })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: '変更する項目を指定してください',
  });
export type CreateProgramme = z.output<typeof createProgrammeSchema>;
export type UpdateProgramme = z.output<typeof updateProgrammeSchema>;

const positiveId = numberInput(z.number().int().positive());

export type Enrol = z.output<typeof enrolSchema>;

export const eligibilityQuerySchema = z.object({ startDate: calendarDate(PROGRAMME_API_MESSAGES.date) });

export const eligibilityViewSchema = z.object({
  cattleId: z.number(),
  status: z.string(),
  reason: z.string().nullable().openapi({ description: 'Why it may not be enrolled from that start; null: it may' }),
});
export type EligibilityView = z.infer<typeof eligibilityViewSchema>;

export const enrolSkippedSchema = z.object({
  cattleId: z.number(),
  reason: z.string().openapi({ description: "'妊娠中', '雌ではありません', '分娩後40日未満', '対象外の状態です'…" }),
});

export const enrolmentViewSchema = z.object({
  id: z.number(),
  cattleId: z.number(),
  programmeId: z.number(),
  startDate: z.string(),
});

const taskStatusSchema = z.enum(TASK_STATUSES);

export const taskViewSchema = z.object({
  id: z.number(),
  cattleId: z.number(),
  earTagNumber: z.string().nullable(),
  name: z.string().nullable(),
  programmeId: z.number(),
  programmeName: z.string(),
  enrolmentId: z.number(),
  stepIndex: z.number(),
  title: z.string(),
  eventType: z.string().nullable(),
  dueDate: z.string(),
  status: taskStatusSchema,
  assigneeUserId: z.number().nullable(),
  doneAt: z.string().nullable(),
  doneBy: z.number().nullable(),
  eventId: z.number().nullable(),
  skipReason: z.string().nullable(),
  cancelReason: z
    .string()
    .nullable()
    .openapi({ description: "Why a stopped task was cancelled: '中止：授精が記録されました'" }),
});
export type TaskView = z.infer<typeof taskViewSchema>;

const dateParam = calendarDate(PROGRAMME_API_MESSAGES.date).optional();
export const listTasksQuerySchema = z.object({
  from: dateParam,
  to: dateParam,
  status: taskStatusSchema.optional(),
  assignee: z.literal('me').optional(),
  cattleId: positiveId.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: PROGRAMME_API_MESSAGES.limit })
    .int(PROGRAMME_API_MESSAGES.limit)
    .min(1, PROGRAMME_API_MESSAGES.limit)
    .max(200, PROGRAMME_API_MESSAGES.limit)
    .default(100),
});
export type ListTasksQuery = z.output<typeof listTasksQuerySchema>;

export const doneTaskSchema = z.object({
  date: calendarDate(PROGRAMME_API_MESSAGES.date).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  notes: z.string().max(1000).optional(),
});
export type DoneTask = z.output<typeof doneTaskSchema>;

export const patchTaskSchema = z
  .object({
    assigneeUserId: z.number({ error: PROGRAMME_API_MESSAGES.assignee }).int().positive().nullable().optional(),
    dueDate: calendarDate(PROGRAMME_API_MESSAGES.date).optional(),
  })
  .refine((v) => v.assigneeUserId !== undefined || v.dueDate !== undefined, {
    message: PROGRAMME_API_MESSAGES.patchEmpty,
  });
export type PatchTask = z.output<typeof patchTaskSchema>;

const todayItemSchema = z.object({
  kind: z.enum(['alert', 'task']),
  id: z.string(),
  cattleId: z.number(),
  earTagNumber: z.string().nullable(),
  name: z.string().nullable(),
  title: z.string(),
  dueDate: z.string().nullable(),
  severity: z.enum(ALERT_SEVERITIES).nullable(),
});
export const farmTodaySchema = z.object({
  farmId: z.number(),
  farmName: z.string(),
  role: z.enum(['owner', 'staff', 'viewer']),
  alerts: z.object({ high: z.number(), medium: z.number() }),
  tasksDue: z.number(),
  items: z.array(todayItemSchema),
});
export type FarmToday = z.infer<typeof farmTodaySchema>;
export type TodayItem = z.infer<typeof todayItemSchema>;
