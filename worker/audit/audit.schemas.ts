import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../domain/audit';
import { numberInput } from '../domain/input';

const AUDIT_MESSAGES = {
  entity: '対象の種類が不正です',
  entityId: '対象のIDは128文字以内です',
  userId: 'ユーザーIDは正の整数である必要があります',
  cattleId: '牛のIDは正の整数である必要があります',
  lang: '言語はjaまたはenです',
  cursor: 'カーソルが不正です',
  limit: 'limitは1から100の整数です',
} as const;

export const listAuditQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITIES, { error: AUDIT_MESSAGES.entity }).optional(),
  entityId: z.string().min(1, AUDIT_MESSAGES.entityId).max(128, AUDIT_MESSAGES.entityId).optional(),
  userId: numberInput(
    z.number({ error: AUDIT_MESSAGES.userId }).int(AUDIT_MESSAGES.userId).positive(AUDIT_MESSAGES.userId),
  ).optional(),
  /** An animal's whole story: its own rows and those of its events, shipments, filings, tasks and alerts. */
  cattleId: numberInput(
    z.number({ error: AUDIT_MESSAGES.cattleId }).int(AUDIT_MESSAGES.cattleId).positive(AUDIT_MESSAGES.cattleId),
  ).optional(),
  /** The language of `summary` and the labels: Japanese unless the English screens ask. */
  lang: z.enum(['ja', 'en'], { error: AUDIT_MESSAGES.lang }).optional(),
  cursor: z.string().max(500, AUDIT_MESSAGES.cursor).optional(),
  limit: z.coerce
    .number({ error: AUDIT_MESSAGES.limit })
    .int(AUDIT_MESSAGES.limit)
    .min(1, AUDIT_MESSAGES.limit)
    .max(100, AUDIT_MESSAGES.limit)
    .optional(),
});
export type ListAuditQuery = z.output<typeof listAuditQuerySchema>;

const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  /** One sentence in the farmer's words that names the animal: '0010 ゆり：授精を記録（安福久）'. */
  summary: z.string(),
  /** Each changed field with its label, values as the product shows them (never an id, a key or JSON). */
  changes: z.array(
    z.object({ field: z.string(), label: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({ data: z.array(auditRowSchema), nextCursor: z.string().nullable() });
