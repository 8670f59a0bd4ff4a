import { z } from 'zod';
import { calendarDate, normalizedText } from '../domain/input';
import { KPI_COW_SORTS, METRICS, type Metric } from '../domain/kpi';

/** Request rules and response shapes of the breeding KPI API, shared with the web screens. */
export const PERIOD_ORDER_MESSAGE = '開始日は終了日以前の日付を指定してください';
const DATE_MESSAGE = '日付はYYYY-MM-DD形式で指定してください';
const MONTH_MESSAGE = '月はYYYY-MM形式で指定してください';
const MONTHS_MESSAGE = '月数は1〜24の整数で指定してください';

const MAX_TREND_MONTHS = 24;
const DEFAULT_TREND_MONTHS = 12;

/** A JST calendar date `YYYY-MM-DD`. */
const kpiDateSchema = calendarDate(DATE_MESSAGE);

const yearMonthSchema = normalizedText({ error: MONTH_MESSAGE }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE);

const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const breedingKpiQuerySchema = z
  .object({ from: kpiDateSchema.optional(), to: kpiDateSchema.optional() })
  .refine(fromNotAfterTo, { message: PERIOD_ORDER_MESSAGE, path: ['from'] });
export type BreedingKpiQuery = z.infer<typeof breedingKpiQuerySchema>;

const SORT_MESSAGE = `並び順は${KPI_COW_SORTS.join('、')}のいずれかを指定してください`;
const ORDER_MESSAGE = '昇順・降順はascまたはdescで指定してください';
const LIMIT_MESSAGE = '件数は1〜100の整数で指定してください';
/** A drill-down page: 50 cows unless `limit` says otherwise. */
const KPI_COWS_PAGE = 50;

export const kpiCowsQuerySchema = z
  .object({
    from: kpiDateSchema.optional(),
    to: kpiDateSchema.optional(),
    sort: z.enum(KPI_COW_SORTS, { error: SORT_MESSAGE }).default('open'),
    order: z.enum(['asc', 'desc'], { error: ORDER_MESSAGE }).optional(),
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(100, LIMIT_MESSAGE)
      .default(KPI_COWS_PAGE),
    cursor: z.string().max(500).optional(),
  })
  .refine(fromNotAfterTo, { message: PERIOD_ORDER_MESSAGE, path: ['from'] });

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
const count = z.number().int().min(0);
const countsSchema = z.object({
  services: count,
  pregnancies: count,
  openServices: count,
  firstServices: count,
  calvings: count,
  cattle: count,
  events: count,
});
const percent = z.number().min(0).max(100).nullable();
const days = z.number().int().nullable();
const metricsShape = {
  /** % — conceiving ÷ (conceiving + open) services, 1 decimal (§8). */
  conceptionRate: percent,
  /** % — the same over first services. */
  firstServiceConceptionRate: percent,
  /** 回 — (conceiving + open) ÷ conceiving services, 1 decimal. */
  aiPerConception: z.number().min(1).nullable(),
  /** 日 — calving → conceiving service (20–364). */
  avgDaysOpen: days,
  /** 日 — calving → first service (1–364). */
  avgDaysToFirstService: days,
  /** 日 — previous calving → calving (240–799). */
  avgCalvingInterval: days,
  /** % — per 21-day cycle, conceived ÷ eligible. */
  pregnancyRate21: percent,
  /** % — per 21-day cycle, with a heat or service ÷ eligible. */
  heatDetectionRate: percent,
};
const reliabilitySchema = z.enum(['high', 'medium', 'low']);
const insightSchema = z.object({
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

const monthlyKpiSchema = z.object({
  month: z.string(),
  period: periodSchema,
  ...metricsShape,
  counts: countsSchema,
});
export const trendsSchema = z.object({ from: z.string(), to: z.string(), months: z.array(monthlyKpiSchema) });

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
  metrics: z.object(
    Object.fromEntries(METRICS.map((m) => [m, metricDeltaSchema(metricsShape[m])])) as {
      [M in Metric]: ReturnType<typeof metricDeltaSchema>;
    },
  ),
});

/** The drill-down: the cows behind the figures of a period (§8). */
const kpiCowSchema = z.object({
  cattleId: z.number().int(),
  name: z.string().nullable(),
  earTagNumber: z.string().nullable(),
  services: count,
  pregnant: count,
  open: count,
  daysOpen: days,
  daysToFirstService: days,
  calvingInterval: days,
});
export const kpiCowsSchema = z.object({
  period: periodSchema,
  sort: z.enum(KPI_COW_SORTS),
  order: z.enum(['asc', 'desc']),
  results: z.array(kpiCowSchema),
  /** Every cow behind the period's figures, on all pages. */
  total: count,
  nextCursor: z.string().nullable(),
  hasNext: z.boolean(),
});
