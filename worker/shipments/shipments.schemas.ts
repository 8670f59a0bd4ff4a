import { z } from 'zod';
import { jstMonth, todayJst } from '../domain/calendar';
import { YIELD_GRADES } from '../domain/carcass';
import { shipmentCounterpartyFields } from '../domain/filing-input';
import { calendarDate, nfkc, normalizedText, numberInput } from '../domain/input';

/** Request rules of docs/product.md §9 (Shipment, Shipment plan), shared by the API validators and the web forms. */

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A name (the buyer): NFKC-normalised (§18); empty is null. */
const optionalName = (max: number, message: string) =>
  normalizedText({ error: message })
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));
/** Free text (notes): trimmed only, as typed. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const cattleIdSchema = numberInput(
  z
    .number({ error: '牛のIDは正の整数である必要があります' })
    .int('牛のIDは正の整数である必要があります')
    .positive('牛のIDは正の整数である必要があります'),
);

/** A calendar date, YYYY-MM-DD, not after today in Japan time (checked at the moment of validation). */
const shipmentDateSchema = calendarDate('出荷日はYYYY-MM-DD形式で入力してください').refine(
  (v) => v <= todayJst(),
  '出荷日に未来の日付は指定できません',
);

const priceSchema = numberInput(
  z
    .number({ error: '価格は正の整数である必要があります' })
    .int('価格は正の整数である必要があります')
    .positive('価格は正の整数である必要があります')
    .max(100_000_000, '価格は1億円以下で入力してください'),
);

const shipmentWeightSchema = numberInput(
  z
    .number({ error: '体重は正の値である必要があります' })
    .positive('体重は正の値である必要があります')
    .max(2000, '体重は2000kg以下で入力してください'),
);

const ageAtShipmentSchema = numberInput(
  z
    .number({ error: '出荷時月齢は正の整数である必要があります' })
    .int('出荷時月齢は正の整数である必要があります')
    .positive('出荷時月齢は正の整数である必要があります')
    .max(300, '出荷時月齢は300か月以下で入力してください'),
);

/** An optional number: a form's empty input means "not given". */
const optionalNumber = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullish());

const intBetween = (min: number, max: number, message: string) =>
  optionalNumber(numberInput(z.number({ error: message }).int(message).min(min, message).max(max, message)));

/** Carcass results (枝肉成績, §9.3), each optional; a form's empty input is "not given". */
const carcassSchema = z.object({
  weightKg: optionalNumber(
    numberInput(
      z
        .number({ error: '枝肉重量は正の値である必要があります' })
        .positive('枝肉重量は正の値である必要があります')
        .max(1000, '枝肉重量は1000kg以下で入力してください'),
    ),
  ),
  yieldGrade: z.preprocess(
    (v) => (typeof v === 'string' ? nfkc(v).trim().toUpperCase() || null : v),
    z.enum(YIELD_GRADES, { error: '歩留等級はA、B、Cのいずれかです' }).nullish(),
  ),
  qualityGrade: intBetween(1, 5, '肉質等級は1〜5の整数で入力してください'),
  bms: intBetween(1, 12, 'BMSは1〜12の整数で入力してください'),
  notes: optionalText(1000, '枝肉の備考は1000文字以下で入力してください'),
});

const shipmentFields = {
  shipmentDate: shipmentDateSchema,
  price: priceSchema,
  weight: optionalNumber(shipmentWeightSchema),
  ageAtShipment: optionalNumber(ageAtShipmentSchema),
  buyer: optionalName(100, '出荷先は100文字以下で入力してください'),
  ...shipmentCounterpartyFields,
  notes: optionalText(1000, '備考は1000文字以下で入力してください'),
  /** null (or nothing) for no results; on an update, the results given replace the stored ones. */
  carcass: carcassSchema.nullish(),
};

export const createShipmentSchema = z.object({ cattleId: cattleIdSchema, ...shipmentFields });
export type CreateShipmentInput = z.input<typeof createShipmentSchema>;
export type CreateShipment = z.output<typeof createShipmentSchema>;

export const updateShipmentSchema = z
  .object(shipmentFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), '更新する項目を指定してください');
export type UpdateShipment = z.output<typeof updateShipmentSchema>;

/** YYYY-MM, not before the current month in Japan time. */
const plannedShipmentMonthSchema = normalizedText({ error: '出荷予定月はYYYY-MM形式で入力してください' })
  .regex(MONTH_PATTERN, '出荷予定月はYYYY-MM形式で入力してください')
  .refine((v) => v >= jstMonth(), '出荷予定月に過去の月は指定できません');

export const createPlanSchema = z.object({
  cattleId: cattleIdSchema,
  plannedShipmentMonth: plannedShipmentMonthSchema,
});
export const updatePlanSchema = z.object({ plannedShipmentMonth: plannedShipmentMonthSchema });

const isoDateQuery = (field: string) => calendarDate(`${field}はYYYY-MM-DD形式で入力してください`).optional();

const page = z.coerce
  .number({ error: 'pageは1以上の整数である必要があります' })
  .int('pageは1以上の整数である必要があります')
  .min(1, 'pageは1以上の整数である必要があります')
  .default(1);
const limit = z.coerce
  .number({ error: 'limitは1-100の範囲内である必要があります' })
  .int('limitは1-100の範囲内である必要があります')
  .min(1, 'limitは1-100の範囲内である必要があります')
  .max(100, 'limitは1-100の範囲内である必要があります')
  .default(50);

const period = {
  from: isoDateQuery('開始日'),
  to: isoDateQuery('終了日'),
};
const periodOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const periodMessage = { message: '開始日は終了日以前である必要があります', path: ['from'] };

export const listShipmentsQuerySchema = z
  .object({ ...period, cattleId: cattleIdSchema.optional(), page, limit })
  .refine(periodOrder, periodMessage);

export const listPlansQuerySchema = z.object({
  cattleId: cattleIdSchema.optional(),
  month: normalizedText().regex(MONTH_PATTERN, '出荷予定月はYYYY-MM形式で入力してください').optional(),
  page,
  limit,
});

export const priceStatsQuerySchema = z.object(period).refine(periodOrder, periodMessage);
export type ListShipmentsQuery = z.output<typeof listShipmentsQuerySchema>;
export type ListPlansQuery = z.output<typeof listPlansQuerySchema>;
export type PriceStatsQuery = z.output<typeof priceStatsQuerySchema>;

export const MOTHER_SORT_KEYS = ['motherName', 'totalRevenue', 'averagePrice', 'shipmentDate'] as const;
export type MotherSortKey = (typeof MOTHER_SORT_KEYS)[number];

export const mothersQuerySchema = z
  .object({
    page,
    limit,
    sortBy: z.enum(MOTHER_SORT_KEYS, { error: '並び替えの項目が不正です' }).default('motherName'),
    sortOrder: z.enum(['asc', 'desc'], { error: '並び順はascまたはdescです' }).default('asc'),
    filterBy: z.enum(['year', 'motherName'], { error: '絞り込みの項目はyearまたはmotherNameです' }).optional(),
    filterValue: normalizedText().max(50, '絞り込みの値は50文字以下で入力してください').optional(),
  })
  .refine((v) => v.filterBy !== 'year' || !v.filterValue || /^\d{4}$/.test(v.filterValue), {
    message: '年はYYYY形式で入力してください',
    path: ['filterValue'],
  });

// Response shapes: what the API answers (the web app's types are inferred from the routes that declare them), checked
// against every answer in the route tests (worker/test/contract.ts).
const int = z.number().int();

const carcassViewSchema = z.object({
  weightKg: z.number().nullable(),
  yieldGrade: z.enum(YIELD_GRADES).nullable(),
  qualityGrade: int.nullable(),
  bms: int.nullable(),
  notes: z.string().nullable(),
});

export const shipmentSchema = z.object({
  shipmentId: z.string(),
  cattleId: int,
  shipmentDate: z.string(),
  price: int,
  weight: z.number().nullable(),
  ageAtShipment: int.nullable(),
  buyer: z.string().nullable(),
  /** The counterparty of the move-out filing (§21). */
  toFarmerCode: z.string().nullable(),
  toName: z.string().nullable(),
  notes: z.string().nullable(),
  /** null when no result was recorded. */
  carcass: carcassViewSchema.nullable(),
  /** Its SHIPMENT event (§9), written with it; null only if that event was removed outside the app. */
  eventId: int.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const cattleSummary = {
  cattleName: z.string().nullable(),
  earTagNumber: z.string().nullable(),
  identificationNumber: z.string().nullable(),
  gender: z.string().nullable(),
  growthStage: z.string().nullable(),
};

export const shipmentListItemSchema = shipmentSchema.extend(cattleSummary);

export const planSchema = z.object({
  planId: z.string(),
  cattleId: int,
  plannedShipmentMonth: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const planListItemSchema = planSchema.extend({
  ...cattleSummary,
  birthday: z.string().nullable(),
  status: z.string(),
  /** Age in months on the first day of the planned month. */
  monthsOldAtPlannedMonth: int.nullable(),
  /** The end of the animal's meat withdrawal (§16): a plan in a month up to it shows a warning. */
  withdrawalMeatUntil: z.string().nullable(),
});

export const pageInfo = { total: int, page: int, limit: int };

const monthlyStatSchema = z.object({
  month: z.string(),
  count: int,
  totalRevenue: int,
  averagePrice: int.nullable(),
});

export const priceStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totalShipments: int,
  totalRevenue: int,
  averagePrice: int.nullable(),
  maxPrice: int.nullable(),
  minPrice: int.nullable(),
  monthlyStats: z.array(monthlyStatSchema),
});

const motherShipmentRowSchema = z.object({
  motherId: int.nullable(),
  motherName: z.string(),
  motherEarTag: z.string().nullable(),
  calfId: int,
  calfName: z.string().nullable(),
  sex: z.string().nullable(),
  pedigree: z.object({
    father: z.string().nullable(),
    motherFather: z.string().nullable(),
    motherGrandfather: z.string().nullable(),
    motherMotherGrandfather: z.string().nullable(),
  }),
  breedingDate: z.string().nullable(),
  expectedBirthDate: z.string().nullable(),
  birthDate: z.string().nullable(),
  shipmentDate: z.string(),
  shipmentWeight: z.number().nullable(),
  ageAtShipment: int.nullable(),
  price: int,
  buyer: z.string().nullable(),
  notes: z.string().nullable(),
  carcass: carcassViewSchema.nullable(),
});
export type MotherShipmentRow = z.infer<typeof motherShipmentRowSchema>;

const motherSummarySchema = z.object({
  shipmentCount: int,
  totalRevenue: int,
  averagePrice: int,
  averageWeight: z.number().nullable(),
  averageAge: int.nullable(),
});

export const motherGroupSchema = z.object({
  motherId: int.nullable(),
  motherName: z.string(),
  motherEarTag: z.string().nullable(),
  summary: motherSummarySchema,
  /** The calves' mean carcass weight, 1 decimal (§9.3); null when none was weighed. */
  meanCarcassWeightKg: z.number().nullable(),
  /** 4・5等級率: % of the graded calves graded 4 or 5, 1 decimal; null when no calf is graded. */
  grade45Rate: z.number().nullable(),
  calves: z.array(motherShipmentRowSchema),
});
export type MotherGroup = z.infer<typeof motherGroupSchema>;

export const sireStatSchema = z.object({
  sireName: z.string(),
  calves: int,
  meanPrice: int.nullable(),
  meanCarcassWeightKg: z.number().nullable(),
  /** The calves with a carcass weight: the n behind meanCarcassWeightKg. */
  weighedCalves: int,
  meanBms: z.number().nullable(),
  /** The calves with a BMS: the n behind meanBms. */
  bmsCalves: int,
  grade45Rate: z.number().nullable(),
  /** The calves with a quality grade: the n behind grade45Rate (100 % of 1 is not 100 % of 20). */
  gradedCalves: int,
});
export type SireStat = z.infer<typeof sireStatSchema>;
