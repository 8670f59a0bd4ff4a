import { z } from 'zod';
import { addYears, isIsoDate } from '../lib/jst';

/** Alert enumerations, labels, transitions and request rules (SPEC §3–§5, PRODUCT.md §7), shared with the web app. */
export const ALERT_TYPES = [
  'OPEN_DAYS_OVER60_NO_AI',
  'CALVING_WITHIN_60',
  'CALVING_OVERDUE',
  'ESTRUS_OVER20_NOT_PREGNANT',
  'PREGNANCY_CHECK_DUE',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_SEVERITIES = ['high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_STATUSES = ['active', 'acknowledged', 'resolved', 'dismissed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Statuses that count as an alert still needing attention. */
export const OPEN_ALERT_STATUSES = ['active', 'acknowledged'] as const satisfies readonly AlertStatus[];

export const ALERT_HISTORY_ACTIONS = ['created', 'updated', 'acknowledged', 'resolved', 'dismissed'] as const;
export type AlertHistoryAction = (typeof ALERT_HISTORY_ACTIONS)[number];

type Label = { ja: string; en: string };

export const ALERT_TYPE_LABELS: Record<AlertType, Label> = {
  OPEN_DAYS_OVER60_NO_AI: { ja: '分娩後60日超・未授精', en: 'Over 60 days open, not inseminated' },
  CALVING_WITHIN_60: { ja: '分娩予定60日以内', en: 'Calving within 60 days' },
  CALVING_OVERDUE: { ja: '分娩予定日超過', en: 'Calving overdue' },
  ESTRUS_OVER20_NOT_PREGNANT: { ja: '再発情の確認', en: 'Watch for return heat' },
  PREGNANCY_CHECK_DUE: { ja: '妊娠鑑定予定', en: 'Pregnancy check due' },
};

export const ALERT_SEVERITY_LABELS: Record<
  AlertSeverity,
  Label & { priority: number; color: 'red' | 'orange' | 'yellow' }
> = {
  high: { ja: '高', en: 'High', priority: 3, color: 'red' },
  medium: { ja: '中', en: 'Medium', priority: 2, color: 'orange' },
  low: { ja: '低', en: 'Low', priority: 1, color: 'yellow' },
};

export const ALERT_STATUS_LABELS: Record<AlertStatus, Label> = {
  active: { ja: 'アクティブ', en: 'Active' },
  acknowledged: { ja: '確認済み', en: 'Acknowledged' },
  resolved: { ja: '解決済み', en: 'Resolved' },
  dismissed: { ja: '却下', en: 'Dismissed' },
};

/** SPEC §4: active → acknowledged | dismissed; acknowledged → resolved | dismissed; resolved and dismissed are final. */
const TRANSITIONS: Record<AlertStatus, readonly AlertStatus[]> = {
  active: ['acknowledged', 'dismissed'],
  acknowledged: ['resolved', 'dismissed'],
  resolved: [],
  dismissed: [],
};

export const canTransition = (from: AlertStatus, to: AlertStatus): boolean => TRANSITIONS[from].includes(to);

/** The statuses a farmer can move an alert to from `from`. */
export const nextStatuses = (from: AlertStatus): readonly AlertStatus[] => TRANSITIONS[from];

export const ALERT_MESSAGES = {
  invalidType: 'Invalid alert type',
  invalidSeverity: 'Invalid alert severity',
  invalidStatus: 'Invalid alert status',
  cattleIdRequired: 'cattleId is required',
  ownerRequired: 'ownerUserId is required',
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

/** Success messages of the status call (SPEC §7). */
export const STATUS_UPDATED_MESSAGES: Partial<Record<AlertStatus, string>> = {
  acknowledged: 'アラートが確認済みに更新されました',
  resolved: 'アラートが解決済みに更新されました',
  dismissed: 'アラートが却下に更新されました',
};

export const transitionRefused = (from: AlertStatus, to: AlertStatus) => `Cannot transition from ${from} to ${to}`;

export const alertStatusSchema = z.enum(ALERT_STATUSES, { error: ALERT_MESSAGES.invalidStatus });

export const memoSchema = z
  .string({ error: ALERT_MESSAGES.memoTooLong })
  .max(1000, ALERT_MESSAGES.memoTooLong)
  .nullable()
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim()));

export const reasonSchema = z
  .string({ error: ALERT_MESSAGES.reasonTooLong })
  .trim()
  .max(500, ALERT_MESSAGES.reasonTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

export const statusChangeSchema = z.object({ status: alertStatusSchema, reason: reasonSchema });
export type AlertStatusChange = z.input<typeof statusChangeSchema>;

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
            .map((s) => s.trim())
            .filter(Boolean),
    )
    .pipe(z.array(item));

const dateParam = z.string().refine(isIsoDate, ALERT_MESSAGES.date).optional();

export const listAlertsQuerySchema = z
  .object({
    cattleId: z.coerce
      .number({ error: ALERT_MESSAGES.cattleId })
      .int(ALERT_MESSAGES.cattleId)
      .positive(ALERT_MESSAGES.cattleId)
      .optional(),
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
export type ListAlertsQuery = z.input<typeof listAlertsQuerySchema>;
export type ListAlertsParams = z.output<typeof listAlertsQuerySchema>;

/** Without a status filter the list is the farm's open alerts, up to 50 (SPEC §9); a search pages by 20. */
export const DEFAULT_OPEN_LIMIT = 50;
export const DEFAULT_SEARCH_LIMIT = 20;
export const DUE_SOON_DAYS = 7;

/** SPEC §5 Alert create. `today` (JST) anchors the dueAt window: not more than 1 year back, 2 years ahead. */
export const alertCreateSchema = (today: string) =>
  z.object({
    type: z.enum(ALERT_TYPES, { error: ALERT_MESSAGES.invalidType }),
    severity: z.enum(ALERT_SEVERITIES, { error: ALERT_MESSAGES.invalidSeverity }),
    cattleId: z
      .number({ error: ALERT_MESSAGES.cattleIdRequired })
      .int(ALERT_MESSAGES.cattleId)
      .positive(ALERT_MESSAGES.cattleId),
    ownerUserId: z
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
    cattleEarTagNumber: z
      .number()
      .int()
      .nullish()
      .transform((v) => v ?? null),
  });
export type AlertCreateInput = z.input<ReturnType<typeof alertCreateSchema>>;
export type AlertCreate = z.output<ReturnType<typeof alertCreateSchema>>;
