import { z } from '@hono/zod-openapi';
import { INSEMINATION_METHODS } from '../domain/gestation';
import { calendarDate } from '../domain/input';

/** The AI certificate (授精証明書) and the AI register (家畜人工授精簿), docs/product.md §21. */
export const INSEMINATION_MESSAGES = {
  notInsemination: '授精証明書は授精の記録にだけ発行できます',
  from: '開始日はYYYY-MM-DD形式で入力してください',
  to: '終了日はYYYY-MM-DD形式で入力してください',
  order: '終了日は開始日以降にしてください',
  format: '形式はcsvまたはxlsxです',
} as const;

export const certificateSchema = z.object({
  eventId: z.number().int(),
  farm: z.object({ name: z.string(), farmerCode: z.string().nullable() }),
  cow: z.object({
    identificationNumber: z.string().nullable(),
    name: z.string().nullable(),
    earTagNumber: z.string().nullable(),
    breed: z.string().nullable(),
    birthday: z.string().nullable(),
  }),
  serviceDate: z.string(),
  method: z.enum(INSEMINATION_METHODS),
  sireName: z.string().nullable(),
  semenLot: z.string().nullable(),
  embryoId: z.string().nullable(),
  technician: z.object({ name: z.string().nullable(), license: z.string().nullable() }),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const registerRowSchema = certificateSchema.extend({ farmId: z.number().int() });
export type RegisterRow = z.infer<typeof registerRowSchema>;

export const registerQuerySchema = z
  .object({
    from: calendarDate(INSEMINATION_MESSAGES.from).optional(),
    to: calendarDate(INSEMINATION_MESSAGES.to).optional(),
    format: z.enum(['csv', 'xlsx'], { error: INSEMINATION_MESSAGES.format }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: INSEMINATION_MESSAGES.order });
  });
