/** The group event's contract (docs/product.md §26): one event for up to 500 animals or a pen's. */
import { z } from '@hono/zod-openapi';
import { parseEventDetails } from '../domain/event-details';
import { BULK_EVENT_TYPES } from '../domain/event-types';
import { numberInput } from '../domain/input';
import { cattleIdSchema, eventDatetimeSchema, eventTypeSchema, notesSchema } from './events.schemas';

const MAX_BULK_ANIMALS = 500;

export const BULK_MESSAGES = {
  type: 'この種類はまとめて記録できません',
  animals: '牛を1〜500頭選ぶか、牛房を選んでください',
  penId: '牛房のIDは正の数である必要があります',
  weight: '体重を入力してください',
} as const;

const penIdSchema = numberInput(
  z.number({ error: BULK_MESSAGES.penId }).int(BULK_MESSAGES.penId).positive(BULK_MESSAGES.penId),
);

/** Empty details of a weighing: the weights come per animal. */
const isEmpty = (details: unknown) =>
  details === undefined || details === null || (typeof details === 'object' && Object.keys(details).length === 0);

export const bulkEventSchema = z
  .object({
    cattleIds: z
      .array(cattleIdSchema, { error: BULK_MESSAGES.animals })
      .min(1, BULK_MESSAGES.animals)
      .max(MAX_BULK_ANIMALS, BULK_MESSAGES.animals)
      .optional(),
    penId: penIdSchema.optional(),
    eventType: eventTypeSchema.refine((t) => BULK_EVENT_TYPES.includes(t), BULK_MESSAGES.type),
    eventDatetime: eventDatetimeSchema,
    details: z.unknown().optional(),
    notes: notesSchema.optional(),
    /** Each animal's own weight (WEIGHT_MEASURED), by cattle id; checked animal by animal. */
    perAnimal: z.record(z.string(), z.object({ weightKg: z.unknown() })).optional(),
  })
  .transform((body, ctx) => {
    if ((body.cattleIds === undefined) === (body.penId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['cattleIds'], message: BULK_MESSAGES.animals });
      return z.NEVER;
    }
    if (body.eventType === 'WEIGHT_MEASURED' && isEmpty(body.details)) return { ...body, details: null };
    const parsed = parseEventDetails(body.eventType, body.details);
    if (!parsed.success) {
      for (const issue of parsed.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { ...body, cattleIds: body.cattleIds && [...new Set(body.cattleIds)], details: parsed.details };
  });
export type BulkEvent = z.output<typeof bulkEventSchema>;

export const bulkCreatedSchema = z.object({
  data: z.object({ created: z.number().int(), eventIds: z.array(z.number().int()) }),
});
