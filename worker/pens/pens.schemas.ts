/** The pens' contract (docs/product.md §26): what is sent, what is answered, and the Japanese messages. */
import { z } from '@hono/zod-openapi';
import { normalizedText, numberInput } from '../domain/input';

export const PEN_MESSAGES = {
  name: '牛房の名前は1〜30文字で入力してください',
  barn: '棟は1〜30文字で入力してください',
  capacity: '定員は1〜500の整数で入力してください',
  sortOrder: '並び順は0〜9999の整数で入力してください',
  duplicate: 'この名前の牛房はすでにあります',
  notEmpty: '牛がいる牛房は削除できません',
  notFound: '指定された牛房が見つかりません',
  updateEmpty: '更新する項目を指定してください',
  id: '牛房のIDは正の数である必要があります',
} as const;

const penName = normalizedText({ error: PEN_MESSAGES.name }).min(1, PEN_MESSAGES.name).max(30, PEN_MESSAGES.name);
/** 棟: optional; empty is none. */
const barn = normalizedText({ error: PEN_MESSAGES.barn })
  .max(30, PEN_MESSAGES.barn)
  .transform((v) => (v === '' ? null : v))
  .nullable();
const integerIn = (min: number, max: number, message: string) =>
  numberInput(z.number({ error: message }).int(message).min(min, message).max(max, message));

export const createPenSchema = z.object({
  name: penName,
  barn: barn.optional(),
  capacity: integerIn(1, 500, PEN_MESSAGES.capacity).nullable().optional(),
  sortOrder: integerIn(0, 9999, PEN_MESSAGES.sortOrder).optional(),
});
export type CreatePen = z.output<typeof createPenSchema>;

export const updatePenSchema = createPenSchema
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), PEN_MESSAGES.updateEmpty);
export type UpdatePen = z.output<typeof updatePenSchema>;

export const penIdParam = z.object({
  id: z.coerce.number({ error: PEN_MESSAGES.id }).int(PEN_MESSAGES.id).positive(PEN_MESSAGES.id),
});

const int = z.number().int();

export const penViewSchema = z.object({
  id: int,
  name: z.string(),
  barn: z.string().nullable(),
  capacity: int.nullable(),
  sortOrder: int,
  headCount: int,
  /** Animals per growth stage, only the stages with animals. */
  stages: z.record(z.string(), int),
});
export type PenView = z.infer<typeof penViewSchema>;

export const penDetailSchema = penViewSchema.extend({
  animals: z.array(
    z.object({
      cattleId: int,
      earTagNumber: z.string().nullable(),
      name: z.string().nullable(),
      growthStage: z.string().nullable(),
      gender: z.string().nullable(),
      dgRecent: z.number().nullable(),
    }),
  ),
  /** The mean recent DG (kg/day) of the animals that have one, and how many. */
  dg: z.object({ mean: z.number().nullable(), count: int }),
});
