import { z } from 'zod';
import { normalizedText } from '../domain/input';

/** Request rules and response shapes of the breeding KPI API, shared with the web screens. */
export const PERIOD_ORDER_MESSAGE = '開始日は終了日以前の日付を指定してください';
const DATE_MESSAGE = '日付はYYYY-MM-DD形式で指定してください';
const MONTH_MESSAGE = '月はYYYY-MM形式で指定してください';
const MONTHS_MESSAGE = '月数は1〜24の整数で指定してください';

export const MAX_TREND_MONTHS = 24;
export const DEFAULT_TREND_MONTHS = 12;

const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A JST calendar date `YYYY-MM-DD`. */
export const kpiDateSchema = normalizedText({ error: DATE_MESSAGE }).refine(isCalendarDate, DATE_MESSAGE);

export const yearMonthSchema = normalizedText({ error: MONTH_MESSAGE }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE);

const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const breedingKpiQuerySchema = z
  .object({ from: kpiDateSchema.optional(), to: kpiDateSchema.optional() })
  .refine(fromNotAfterTo, { message: PERIOD_ORDER_MESSAGE, path: ['from'] });
export type BreedingKpiQuery = z.infer<typeof breedingKpiQuerySchema>;

/** A custom period picked on the screen: both dates required. */
export const customPeriodSchema = z
  .object({ from: kpiDateSchema, to: kpiDateSchema })
  .refine(fromNotAfterTo, { message: PERIOD_ORDER_MESSAGE, path: ['from'] });

export const trendsQuerySchema = z.object({
  months: z.coerce
    .number({ error: MONTHS_MESSAGE })
    .int(MONTHS_MESSAGE)
    .min(1, MONTHS_MESSAGE)
    .max(MAX_TREND_MONTHS, MONTHS_MESSAGE)
    .default(DEFAULT_TREND_MONTHS),
  to: yearMonthSchema.optional(),
});

export const deltaQuerySchema = z.object({ month: yearMonthSchema.optional() });

const periodSchema = z.object({ from: z.string(), to: z.string() });
const countsSchema = z.object({
  inseminations: z.number().int(),
  calvings: z.number().int(),
  cattle: z.number().int(),
  events: z.number().int(),
  daysOpenGaps: z.number().int(),
  calvingIntervals: z.number().int(),
});
const metricsShape = {
  /** % — calvings / inseminations × 100, at most 100, 1 decimal. */
  conceptionRate: z.number().min(0).max(100).nullable(),
  /** 日 */
  avgDaysOpen: z.number().int().nullable(),
  /** 日 */
  avgCalvingInterval: z.number().int().nullable(),
  /** 回 — at least 1, 1 decimal. */
  aiPerConception: z.number().min(1).nullable(),
};
export const reliabilitySchema = z.enum(['high', 'medium', 'low']);
export const insightSchema = z.object({
  metric: z.enum(['conceptionRate', 'avgDaysOpen', 'data']),
  level: z.enum(['excellent', 'good', 'average', 'poor', 'info']),
  message: z.string(),
});

export const breedingKpiSchema = z.object({
  period: periodSchema,
  ...metricsShape,
  counts: countsSchema,
  reliability: reliabilitySchema,
  nextReliability: z
    .object({
      level: z.enum(['high', 'medium']),
      needs: z.object({ events: z.number().int(), cattle: z.number().int(), calvings: z.number().int() }),
    })
    .nullable(),
  insights: z.array(insightSchema),
  message: z.string().nullable(),
});
export type BreedingKpiResult = z.infer<typeof breedingKpiSchema>;

export const monthlyKpiSchema = z.object({
  month: z.string(),
  period: periodSchema,
  ...metricsShape,
  counts: countsSchema,
});
export const trendsSchema = z.object({ from: z.string(), to: z.string(), months: z.array(monthlyKpiSchema) });
export type BreedingTrends = z.infer<typeof trendsSchema>;

const metricDeltaSchema = (value: z.ZodType<number | null>) =>
  z.object({
    current: value,
    previous: value,
    change: z.number().nullable(),
    direction: z.enum(['improved', 'worsened', 'unchanged']).nullable(),
  });
export const deltaSchema = z.object({
  month: z.string(),
  previousMonth: z.string(),
  metrics: z.object({
    conceptionRate: metricDeltaSchema(metricsShape.conceptionRate),
    avgDaysOpen: metricDeltaSchema(metricsShape.avgDaysOpen),
    avgCalvingInterval: metricDeltaSchema(metricsShape.avgCalvingInterval),
    aiPerConception: metricDeltaSchema(metricsShape.aiPerConception),
  }),
});
export type BreedingDelta = z.infer<typeof deltaSchema>;
