import { z } from 'zod';
import { IMPORT_FIELDS } from '../domain/import-fields';

/** `dryRun=true` (the default) previews; `dryRun=false` writes when no row is in error (docs/product.md §14). */
export const importQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRunはtrueまたはfalseです' }).default('true'),
});

export const importReportSchema = z.object({
  dryRun: z.boolean(),
  encoding: z.enum(['utf-8', 'shift_jis']),
  columns: z.array(z.object({ header: z.string(), field: z.enum(IMPORT_FIELDS).nullable() })),
  summary: z.object({
    rows: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
  }),
  rows: z.array(
    z.object({
      line: z.number().int(),
      action: z.enum(['create', 'update', 'unchanged', 'error']),
      identificationNumber: z.string().nullable(),
      errors: z.array(z.object({ field: z.string(), message: z.string() })),
      warnings: z.array(z.string()),
    }),
  ),
});
export type ImportReportView = z.infer<typeof importReportSchema>;
