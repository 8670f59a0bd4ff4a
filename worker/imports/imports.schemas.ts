import { z } from 'zod';
import { GENDERS, GROWTH_STAGES } from '../domain/cattle-enums';
import { IMPORT_FIELDS } from '../domain/import-fields';

/**
 * `dryRun=true` (the default) previews; `dryRun=false` writes when no row is in error, or with `skipInvalid=true`
 * writes the valid rows and leaves the rows in error out (docs/product.md §14, §20).
 */
export const importQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRunはtrueまたはfalseです' }).default('true'),
  skipInvalid: z.enum(['true', 'false'], { error: 'skipInvalidはtrueまたはfalseです' }).default('false'),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What a row's cells were read as; a blank cell, or one that could not be read, is absent. */
const importRowValuesSchema = z.object({
  earTagNumber: z.string().optional(),
  name: z.string().optional(),
  birthday: isoDate.optional(),
  gender: z.enum(GENDERS).optional(),
  breed: z.string().optional(),
  motherIdentificationNumber: z.string().optional(),
  sireName: z.string().optional(),
  arrivalDate: isoDate.optional(),
  parity: z.number().int().optional(),
  weight: z.number().optional(),
  growthStage: z.enum(GROWTH_STAGES).optional(),
  barn: z.string().optional(),
  /** The pen's name as stored (NFKC, §26). */
  pen: z.string().optional(),
  notes: z.string().optional(),
  lastCalvingDate: isoDate.optional(),
  lastServiceDate: isoDate.optional(),
  lastServiceSire: z.string().optional(),
  pregnancy: z.enum(['PREGNANT', 'OPEN']).optional(),
  expectedCalvingDate: isoDate.optional(),
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
    /** Rows in error left out by skipInvalid (0 otherwise). */
    skipped: z.number().int(),
  }),
  /** The pens the file names that the farm does not have (§26): made by the import, not by a dry run. */
  newPens: z.array(z.string()),
  rows: z.array(
    z.object({
      line: z.number().int(),
      action: z.enum(['create', 'update', 'unchanged', 'error']),
      identificationNumber: z.string().nullable(),
      values: importRowValuesSchema,
      /** `value`: the cell as the file has it ('123456795'), '' when blank. */
      errors: z.array(z.object({ field: z.string(), message: z.string(), value: z.string() })),
      warnings: z.array(z.string()),
    }),
  ),
});
