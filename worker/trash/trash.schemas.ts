import { z } from 'zod';

export const TRASH_ENTITIES = ['cattle', 'event'] as const;
export type TrashEntity = (typeof TRASH_ENTITIES)[number];

export const TRASH_MESSAGES = {
  notFound: 'ゴミ箱に見つかりません',
  entity: '種類は cattle か event です',
  id: 'IDは正の整数である必要があります',
  restored: '復元しました',
  numberTaken: 'この個体識別番号は既に登録されています',
  animalGone: 'この記録の牛が見つかりません（先に牛を復元してください）',
} as const;

export const trashItemSchema = z.object({
  entity: z.enum(TRASH_ENTITIES),
  id: z.number(),
  cattleId: z.number(),
  label: z.string(),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  deletedById: z.number().nullable(),
  purgeAt: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

export const restoreParams = z.object({
  entity: z.enum(TRASH_ENTITIES, { error: TRASH_MESSAGES.entity }),
  id: z.coerce.number({ error: TRASH_MESSAGES.id }).int(TRASH_MESSAGES.id).positive(TRASH_MESSAGES.id),
});
