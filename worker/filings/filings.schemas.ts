import { z } from '@hono/zod-openapi';
import { todayJst } from '../domain/calendar';
import { FILING_KINDS } from '../domain/filings';
import { calendarDate, numberInput } from '../domain/input';

/** Request and answer shapes of the NLBC filings (docs/product.md §21). */
const FILING_STATUSES = ['pending', 'filed'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

export const FILING_MESSAGES = {
  notFound: '届出が見つかりません',
  kind: '届出の種類はBIRTH・MOVE_IN・MOVE_OUT・DEATHのいずれかです',
  status: '状態はpendingまたはfiledです',
  ids: '届出を1〜200件選んでください',
  filed: 'filedはtrueまたはfalseです',
  filedAt: '届出日はYYYY-MM-DD形式で入力してください',
  filedAtFuture: '届出日に未来の日付は指定できません',
  marked: '届出済みにしました',
  unmarked: '未届出に戻しました',
  acceptMissing: 'acceptMissingはtrueまたはfalseです',
} as const;

const limitSchema = numberInput(
  z
    .number({ error: '件数は1〜200の整数です' })
    .int('件数は1〜200の整数です')
    .min(1, '件数は1〜200の整数です')
    .max(200, '件数は1〜200の整数です'),
);

export const listFilingsQuerySchema = z.object({
  status: z.enum(FILING_STATUSES, { error: FILING_MESSAGES.status }).optional(),
  kind: z.enum(FILING_KINDS, { error: FILING_MESSAGES.kind }).optional(),
  cursor: z.string().max(500).optional(),
  limit: limitSchema.optional(),
});

export const exportFilingsQuerySchema = z.object({
  status: z.enum(FILING_STATUSES, { error: FILING_MESSAGES.status }).optional(),
  kind: z.enum(FILING_KINDS, { error: FILING_MESSAGES.kind }).optional(),
});

const filingId = numberInput(
  z.number({ error: FILING_MESSAGES.ids }).int(FILING_MESSAGES.ids).positive(FILING_MESSAGES.ids),
);

/** POST /filings/mark: `filed: true` with the day it was filed (default today, JST; not in the future), or false. */
export const markFilingsSchema = z
  .object({
    ids: z.array(filingId, { error: FILING_MESSAGES.ids }).min(1, FILING_MESSAGES.ids).max(200, FILING_MESSAGES.ids),
    filed: z.boolean({ error: FILING_MESSAGES.filed }),
    filedAt: calendarDate(FILING_MESSAGES.filedAt).optional(),
    /** Mark filed even though fields are missing (the screen asked first); without it such a filing is a 409. */
    acceptMissing: z.boolean({ error: FILING_MESSAGES.acceptMissing }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.filed && v.filedAt && v.filedAt > todayJst())
      ctx.addIssue({ code: 'custom', path: ['filedAt'], message: FILING_MESSAGES.filedAtFuture });
  });

const who = z.object({ userId: z.number().int(), userName: z.string() });

export const filingSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FILING_KINDS),
  cattleId: z.number().int(),
  identificationNumber: z.string().nullable(),
  earTagNumber: z.string().nullable(),
  name: z.string().nullable(),
  /** The animal by ear tag and name ('0456 子牛（0123 はなの子）', '未登録 …' before its tag), never by its id. */
  label: z.string(),
  eventId: z.number().int(),
  eventDate: z.string(),
  dueDate: z.string(),
  status: z.enum(FILING_STATUSES),
  /** Pending and past its due date (JST). */
  overdue: z.boolean(),
  filedAt: z.string().nullable(),
  filedBy: who.nullable(),
  /** The event was deleted after the filing was marked filed ('元の記録が削除されました'). */
  eventDeleted: z.boolean(),
  fields: z.record(z.string(), z.string().nullable()),
  missing: z.array(z.string()),
});
export type Filing = z.infer<typeof filingSchema>;
