import { z } from 'zod';
import { ALERT_SEVERITIES, ALERT_STATUSES, ALERT_TYPES, type AlertStatus } from '../domain/alerts';
import { addYears, isIsoDate } from '../domain/calendar';
import { earTagNumberSchema } from '../domain/identification';
import { calendarDate, nfkc, numberInput } from '../domain/input';

export const ALERT_MESSAGES = {
  invalidType: 'Invalid alert type',
  invalidSeverity: 'Invalid alert severity',
  invalidStatus: 'Invalid alert status',
  cattleIdRequired: 'cattleId is required',
  ownerRequired: 'farmId is required',
  messageRequired: 'message is required',
  messageTooLong: 'message must be at most 500 characters',
  memoTooLong: 'memo must be at most 1000 characters',
  dueAtInvalid: 'dueAt must be a date (YYYY-MM-DD)',
  dueAtTooOld: 'dueAt must not be more than 1 year in the past',
  dueAtTooFar: 'dueAt must not be more than 2 years in the future',
  reasonTooLong: '理由は500文字以内で入力してください',
  patchEmpty: 'Either status or memo must be provided',
  notFound: 'Alert not found',
  forbidden: 'You can only update your own alerts',
  memoUpdated: 'Alert memo updated successfully',
  conflict: 'アラートが他の操作で更新されました。再読み込みしてください',
  cursor: 'カーソルが不正です',
  limit: 'limitは1から100の整数です',
  cattleId: '牛のIDは正の数である必要があります',
  date: '日付はYYYY-MM-DD形式で入力してください',
  dateRange: '開始日は終了日以前にしてください',
} as const;

/** Success messages of the status call (docs/product.md §7). */
export const STATUS_UPDATED_MESSAGES: Partial<Record<AlertStatus, string>> = {
  acknowledged: 'アラートが確認済みに更新されました',
  resolved: 'アラートが解決済みに更新されました',
  dismissed: 'アラートが却下に更新されました',
};

export const transitionRefused = (from: AlertStatus, to: AlertStatus) => `Cannot transition from ${from} to ${to}`;

const alertStatusSchema = z.enum(ALERT_STATUSES, { error: ALERT_MESSAGES.invalidStatus });

const memoSchema = z
  .string({ error: ALERT_MESSAGES.memoTooLong })
  .max(1000, ALERT_MESSAGES.memoTooLong)
  .nullable()
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim()));

const reasonSchema = z
  .string({ error: ALERT_MESSAGES.reasonTooLong })
  .trim()
  .max(500, ALERT_MESSAGES.reasonTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

export const statusChangeSchema = z.object({ status: alertStatusSchema, reason: reasonSchema });

export const memoChangeSchema = z.object({ memo: memoSchema });

export const alertPatchSchema = z
  .object({ status: alertStatusSchema.optional(), memo: memoSchema.optional(), reason: reasonSchema })
  .refine((v) => v.status !== undefined || v.memo !== undefined, { message: ALERT_MESSAGES.patchEmpty });

const list = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined
        ? []
        : v
            .split(',')
            .map((s) => nfkc(s).trim())
            .filter(Boolean),
    )
    .pipe(z.array(item));

const dateParam = calendarDate(ALERT_MESSAGES.date).optional();

export const listAlertsQuerySchema = z
  .object({
    cattleId: numberInput(
      z.number({ error: ALERT_MESSAGES.cattleId }).int(ALERT_MESSAGES.cattleId).positive(ALERT_MESSAGES.cattleId),
    ).optional(),
    alertType: list(z.enum(ALERT_TYPES, { error: ALERT_MESSAGES.invalidType })),
    severity: list(z.enum(ALERT_SEVERITIES, { error: ALERT_MESSAGES.invalidSeverity })),
    status: list(alertStatusSchema),
    startDate: dateParam,
    endDate: dateParam,
    cursor: z.string().max(500).optional(),
    limit: z.coerce
      .number({ error: ALERT_MESSAGES.limit })
      .int(ALERT_MESSAGES.limit)
      .min(1, ALERT_MESSAGES.limit)
      .max(100, ALERT_MESSAGES.limit)
      .optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: ALERT_MESSAGES.dateRange,
    path: ['startDate'],
  });
export type ListAlertsParams = z.output<typeof listAlertsQuerySchema>;

/** Without a status filter the list is the farm's open alerts, up to 50 (docs/product.md §7); a search pages by 20. */
export const DEFAULT_OPEN_LIMIT = 50;
export const DEFAULT_SEARCH_LIMIT = 20;
export const DUE_SOON_DAYS = 7;

/**
 * docs/product.md §7 Alert create. `today` (JST) anchors the dueAt window: not more than 1 year back, 2 years ahead.
 * Built once per day and kept: every recorded event checks the alerts it raises with it, and building the schema
 * afresh cost each write more than the check itself.
 */
export function alertCreateSchema(today: string) {
  if (keptAlertSchema?.today !== today) keptAlertSchema = { today, schema: buildAlertCreateSchema(today) };
  return keptAlertSchema.schema;
}
let keptAlertSchema: { today: string; schema: ReturnType<typeof buildAlertCreateSchema> } | null = null;

const buildAlertCreateSchema = (today: string) =>
  z.object({
    type: z.enum(ALERT_TYPES, { error: ALERT_MESSAGES.invalidType }),
    severity: z.enum(ALERT_SEVERITIES, { error: ALERT_MESSAGES.invalidSeverity }),
    cattleId: z
      .number({ error: ALERT_MESSAGES.cattleIdRequired })
      .int(ALERT_MESSAGES.cattleId)
      .positive(ALERT_MESSAGES.cattleId),
    farmId: z
      .number({ error: ALERT_MESSAGES.ownerRequired })
      .int(ALERT_MESSAGES.ownerRequired)
      .positive(ALERT_MESSAGES.ownerRequired),
    message: z
      .string({ error: ALERT_MESSAGES.messageRequired })
      .trim()
      .min(1, ALERT_MESSAGES.messageRequired)
      .max(500, ALERT_MESSAGES.messageTooLong),
    memo: memoSchema.optional().transform((v) => v ?? null),
    dueAt: z
      .string({ error: ALERT_MESSAGES.dueAtInvalid })
      .refine(isIsoDate, ALERT_MESSAGES.dueAtInvalid)
      .refine((v) => v >= addYears(today, -1), ALERT_MESSAGES.dueAtTooOld)
      .refine((v) => v <= addYears(today, 2), ALERT_MESSAGES.dueAtTooFar)
      .nullish()
      .transform((v) => v ?? null),
    cattleName: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    cattleEarTagNumber: earTagNumberSchema.nullish().transform((v) => v ?? null),
  });
export type AlertCreateInput = z.input<ReturnType<typeof buildAlertCreateSchema>>;
