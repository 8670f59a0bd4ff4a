import { z } from 'zod';
import { isIsoDate } from '../domain/calendar';
import { eventDetailsDocumentation, eventDetailsViewSchema, parseEventDetails } from '../domain/event-details';
import { EVENT_CATEGORIES, EVENT_TYPES, type EventType, isEventType } from '../domain/event-types';
import { normalizedText, numberInput } from '../domain/input';

/** Request rules of docs/product.md §6 for events, shared by the API validators and the web forms. */
export const EVENT_MESSAGES = {
  cattleId: '牛のIDは正の数である必要があります',
  eventTypeRequired: 'イベントタイプは必須です',
  eventTypeInvalid: '無効なイベントタイプです',
  eventDatetimeRequired: 'イベント日時は必須です',
  eventDatetimeInvalid: 'イベント日時はISO形式の日時である必要があります',
  eventDatetimeTooOld: 'イベント日時は10年以上前にはできません',
  eventDatetimeTooFar: 'イベント日時は2年以上先にはできません',
  notes: 'メモは1000文字以内で入力してください',
  cursor: 'カーソルは正の数である必要があります',
  limit: '取得件数は1から100の数値である必要があります',
  date: '日付はISO形式の日時である必要があります',
  category: '無効なイベントカテゴリです',
  updateEmpty: '更新する項目を指定してください',
  notFound: 'Event not found',
  cattleNotFound: '指定された牛が見つかりません',
  penNotFound: '指定された牛房が見つかりません',
  emptyPen: 'この牛房に牛がいません',
  heldByShipment: 'この出荷イベントには出荷記録があります。日付の変更や削除は出荷記録から行ってください',
} as const;

const JST = '+09:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/** An ISO datetime (with Z or an offset) or a calendar date (taken as 00:00 JST), as a UTC ISO instant. */
export function toInstant(value: string): string | null {
  const text = value.trim();
  const candidate = DATE_ONLY.test(text) ? `${text}T00:00:00${JST}` : DATETIME.test(text) ? text : null;
  if (!candidate) return null;
  // The written calendar day must exist, in a datetime as in a date: 2025-02-30T10:00:00Z is not 2 March (§3).
  if (!isIsoDate(candidate.slice(0, 10))) return null;
  const ms = Date.parse(candidate);
  if (Number.isNaN(ms)) return null;
  // Reject impossible calendar dates such as 2026-02-30 that Date.parse rolls over.
  const local = new Date(ms + (DATE_ONLY.test(text) ? 9 * 3600_000 : 0));
  if (DATE_ONLY.test(text) && local.toISOString().slice(0, 10) !== text) return null;
  return new Date(ms).toISOString();
}

const YEAR_MS = 365.2425 * 86_400_000;

export const cattleIdSchema = numberInput(
  z.number({ error: EVENT_MESSAGES.cattleId }).int(EVENT_MESSAGES.cattleId).positive(EVENT_MESSAGES.cattleId),
);

export const eventTypeSchema = normalizedText({ error: EVENT_MESSAGES.eventTypeRequired })
  .min(1, EVENT_MESSAGES.eventTypeRequired)
  .refine(isEventType, EVENT_MESSAGES.eventTypeInvalid)
  .transform((v) => v as EventType);

export const eventDatetimeSchema = normalizedText({ error: EVENT_MESSAGES.eventDatetimeRequired })
  .min(1, EVENT_MESSAGES.eventDatetimeRequired)
  .transform((value, ctx) => {
    const instant = toInstant(value);
    if (!instant) {
      ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.eventDatetimeInvalid });
      return z.NEVER;
    }
    const ms = Date.parse(instant);
    if (ms < Date.now() - 10 * YEAR_MS) {
      ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.eventDatetimeTooOld });
      return z.NEVER;
    }
    if (ms > Date.now() + 2 * YEAR_MS) {
      ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.eventDatetimeTooFar });
      return z.NEVER;
    }
    return instant;
  });

export const notesSchema = z
  .string({ error: EVENT_MESSAGES.notes })
  .max(1000, EVENT_MESSAGES.notes)
  .transform((v) => (v.trim() === '' ? null : v.trim()))
  .nullable();

/**
 * An event's details: the shape its `eventType` takes (§6), checked against that type once the type is known. Its
 * documentation is zod's own metadata (read by the OpenAPI generator): the web app's forms import this file, and
 * `.openapi()` exists only where @hono/zod-openapi has extended zod — not in the browser.
 */
const detailsSchema = z.unknown().optional().meta({
  description: "The details of the event's type; types not listed take none.",
  anyOf: eventDetailsDocumentation(),
});

export const createEventSchema = z
  .object({
    cattleId: cattleIdSchema,
    eventType: eventTypeSchema,
    eventDatetime: eventDatetimeSchema,
    details: detailsSchema,
    notes: notesSchema.optional(),
  })
  .transform((body, ctx) => {
    const parsed = parseEventDetails(body.eventType, body.details);
    if (!parsed.success) {
      for (const issue of parsed.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { ...body, details: parsed.details, notes: body.notes ?? null };
  });
export type CreateEvent = z.output<typeof createEventSchema>;

export const updateEventSchema = z
  .object({
    cattleId: cattleIdSchema.optional(),
    eventType: eventTypeSchema.optional(),
    eventDatetime: eventDatetimeSchema.optional(),
    details: detailsSchema,
    notes: notesSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), EVENT_MESSAGES.updateEmpty);
export type UpdateEvent = z.output<typeof updateEventSchema>;

const queryInstant = (bound: 'start' | 'end') =>
  z
    .string()
    .transform((value, ctx) => {
      const text = value.trim();
      // A bare date covers that whole JST day.
      const instant = toInstant(DATE_ONLY.test(text) && bound === 'end' ? `${text}T23:59:59.999${JST}` : text);
      if (!instant) {
        ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.date });
        return z.NEVER;
      }
      return instant;
    })
    .optional();

export const listEventsQuerySchema = z.object({
  cattleId: z.coerce
    .number({ error: EVENT_MESSAGES.cattleId })
    .int(EVENT_MESSAGES.cattleId)
    .positive(EVENT_MESSAGES.cattleId)
    .optional(),
  eventType: z.enum(EVENT_TYPES, { error: EVENT_MESSAGES.eventTypeInvalid }).optional(),
  category: z.enum(EVENT_CATEGORIES, { error: EVENT_MESSAGES.category }).optional(),
  startDate: queryInstant('start'),
  endDate: queryInstant('end'),
  cursor: z.coerce
    .number({ error: EVENT_MESSAGES.cursor })
    .int(EVENT_MESSAGES.cursor)
    .positive(EVENT_MESSAGES.cursor)
    .optional(),
  limit: z.coerce
    .number({ error: EVENT_MESSAGES.limit })
    .int(EVENT_MESSAGES.limit)
    .default(20)
    .transform((n) => Math.min(100, Math.max(1, n))),
});
export type ListEventsParams = z.output<typeof listEventsQuerySchema>;

export const eventSchema = z.object({
  eventId: z.number(),
  cattleId: z.number(),
  eventType: z.string(),
  eventDatetime: z.string(),
  details: eventDetailsViewSchema,
  notes: z.string().nullable(),
  cattleName: z.string().nullable(),
  cattleEarTagNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who recorded it (the timeline shows '記録: 田中'). */
  recordedBy: z.object({ userId: z.number().int(), userName: z.string() }).nullable(),
});
export type EventView = z.infer<typeof eventSchema>;

const breedingStatusViewSchema = z.object({
  /** null: 産次不明 (§5). */
  parity: z.number().nullable(),
  expectedCalvingDate: z.string().nullable(),
  scheduledPregnancyCheckDate: z.string().nullable(),
  lastCalvingDate: z.string().nullable(),
  lastInseminationDate: z.string().nullable(),
  conceptionDate: z.string().nullable(),
  lastEstrusDate: z.string().nullable(),
  daysAfterCalving: z.number().nullable(),
  daysOpen: z.number().nullable(),
  pregnancyDays: z.number().nullable(),
  daysAfterInsemination: z.number().nullable(),
  inseminationCount: z.number(),
  isDifficultBirth: z.boolean(),
});

const breedingSummaryViewSchema = z.object({
  totalInseminationCount: z.number(),
  averageDaysOpen: z.number().nullable(),
  averagePregnancyPeriod: z.number().nullable(),
  averageCalvingInterval: z.number().nullable(),
  difficultBirthCount: z.number(),
  pregnancyHeadCount: z.number(),
  pregnancySuccessRate: z.number().nullable(),
});

/** The animal as the event left it: shown right after saving. */
export const animalStateSchema = z.object({
  cattleId: z.number(),
  status: z.string(),
  growthStage: z.string().nullable(),
  weight: z.number().nullable(),
  breedingStatus: breedingStatusViewSchema,
  breedingSummary: breedingSummaryViewSchema,
  /** The first live calf a calving registered (kept for earlier clients); every one in `calfCattleIds`. */
  calfCattleId: z.number().nullable(),
  calfCattleIds: z.array(z.number()),
});
export type AnimalState = z.infer<typeof animalStateSchema>;
