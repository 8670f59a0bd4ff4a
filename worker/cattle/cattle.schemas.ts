import { z } from 'zod';
import { ALERT_SEVERITIES } from '../domain/alerts';
import { todayJst } from '../domain/calendar';
import { CATTLE_STATUSES, GENDERS, GROWTH_STAGES, STATUS_CHANGE_ALLOWED } from '../domain/cattle-enums';
import { eventDetailsViewSchema } from '../domain/event-details';
import { earTagNumberSchema, identificationNumberSchema } from '../domain/identification';
import { calendarDate, nfkc, normalized, normalizedText, numberInput } from '../domain/input';

/**
 * Request rules of docs/product.md §5, shared by the API and the web forms. Names, codes, dates, numbers and enums
 * are NFKC-normalised first (§18); notes and memos are kept as typed.
 */
const optional = <T extends z.ZodType<string | null | undefined, string | null | undefined>>(schema: T) =>
  schema.nullish().transform((v) => (v ? v : null));
/** A name or code: NFKC, trimmed, at most `max` characters; empty is null. */
const name = (max: number, message: string) => optional(normalizedText().max(max, message));
/** Free text (notes, memos): trimmed only, as typed. */
const freeText = (max: number, message: string) => optional(z.string().trim().max(max, message));

const positiveInt = (message: string) => numberInput(z.number({ error: message }).int(message).positive(message));

export { earTagNumberSchema, identificationNumberSchema };
export const birthdaySchema = calendarDate('誕生日はYYYY-MM-DD形式で入力してください').refine(
  (v) => v <= todayJst(),
  '生年月日に未来の日付は指定できません',
);
export const weightSchema = numberInput(
  z
    .number({ error: '体重は正の値である必要があります' })
    .positive('体重は正の値である必要があります')
    .max(2000, '体重は2000kg以下で入力してください'),
);
const scoreSchema = numberInput(
  z
    .number({ error: '評価スコアは1-5の範囲内である必要があります' })
    .int('評価スコアは1-5の範囲内である必要があります')
    .min(1, '評価スコアは1-5の範囲内である必要があります')
    .max(5, '評価スコアは1-5の範囲内である必要があります'),
);
export const nameSchema = normalizedText({ error: '名前は必須です' })
  .min(1, '名前は必須です')
  .max(50, '名前は50文字以下で入力してください');
const genderChoice = z.enum(GENDERS, { error: '性別は雄・去勢・雌のいずれかを選択してください' });
const growthStageChoice = z.enum(GROWTH_STAGES, { error: '成長段階を選択してください' });
const statusChoice = z.enum(CATTLE_STATUSES, { error: '無効なステータスです' });
export const genderSchema = normalized(genderChoice);
const growthStageSchema = normalized(growthStageChoice);
const statusSchema = normalized(statusChoice);

const bloodlineSchema = z.object({
  fatherCattleName: name(50, '父牛の名前は50文字以下で入力してください'),
  motherFatherCattleName: name(50, '母の父の名前は50文字以下で入力してください'),
  motherGrandFatherCattleName: name(50, '母の祖父の名前は50文字以下で入力してください'),
  motherGreatGrandFatherCattleName: name(50, '母の曾祖父の名前は50文字以下で入力してください'),
});

const motherInfoSchema = z.object({
  motherCattleId: positiveInt('母牛のIDは正の整数である必要があります').nullish(),
  motherName: name(50, '母牛の名前は50文字以下で入力してください'),
  motherIdentificationNumber: identificationNumberSchema.nullish(),
  motherScore: scoreSchema.nullish(),
});

const parityCount = numberInput(
  z
    .number({ error: '産次は0以上の整数である必要があります' })
    .int('産次は0以上の整数である必要があります')
    .min(0, '産次は0以上の整数である必要があります')
    .max(20, '産次は20以下で入力してください'),
);

const initialBreedingSchema = z.object({
  /** Calvings before the record; left out, a cow registered as 初産牛 or 経産牛 has an unknown parity (§5). */
  parity: parityCount.optional(),
  breedingMemo: freeText(1000, '繁殖メモは1000文字以下で入力してください'),
});

const cattleFields = {
  name: nameSchema,
  identificationNumber: identificationNumberSchema,
  earTagNumber: earTagNumberSchema.nullish(),
  gender: genderSchema,
  growthStage: growthStageSchema,
  birthday: birthdaySchema.nullish(),
  weight: weightSchema.nullish(),
  score: scoreSchema.nullish(),
  breed: name(50, '品種は50文字以下で入力してください'),
  status: statusSchema.optional(),
  producerName: name(100, '生産者名は100文字以下で入力してください'),
  barn: name(50, '牛舎は50文字以下で入力してください'),
  breedingValue: name(200, '育種価は200文字以下で入力してください'),
  notes: freeText(1000, '備考は1000文字以下で入力してください'),
};

export const createCattleSchema = z.object({
  ...cattleFields,
  bloodline: bloodlineSchema.partial().optional(),
  motherInfo: motherInfoSchema.partial().optional(),
  breeding: initialBreedingSchema.optional(),
});
export type CreateCattleInput = z.input<typeof createCattleSchema>;
export type CreateCattle = z.output<typeof createCattleSchema>;

export const updateCattleSchema = z
  .object({
    ...cattleFields,
    /** The animal's parity counting her last calving (§5): makes an unknown parity known; later calvings count on. */
    parity: parityCount,
    bloodline: bloodlineSchema.partial(),
    motherInfo: motherInfoSchema.partial(),
    breeding: initialBreedingSchema,
  })
  .partial();
export type UpdateCattle = z.output<typeof updateCattleSchema>;

export const statusChangeSchema = z.object({
  status: normalized(z.enum(STATUS_CHANGE_ALLOWED, { error: '無効なステータスです' })),
  reason: freeText(500, '理由は500文字以下で入力してください'),
});

const list = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      v === undefined
        ? []
        : (Array.isArray(v) ? v : [v])
            .flatMap((s) => s.split(','))
            .map((s) => nfkc(s).trim())
            .filter(Boolean),
    )
    .pipe(z.array(item));

const SORT_KEYS = ['id', 'name', 'days_old', 'days_open', 'ear_tag', 'due_date', 'pen'] as const;
const PEN_FILTER_MESSAGE = 'penIdは牛房のIDかnoneです';

export const listCattleQuerySchema = z
  .object({
    search: normalizedText().max(50, '検索語は50文字以下で入力してください').optional(),
    gender: list(genderChoice),
    growth_stage: list(growthStageChoice),
    status: list(statusChoice),
    has_alert: z.enum(['true', 'false'], { error: 'has_alertはtrueまたはfalseです' }).optional(),
    /** 'true': only animals inside a withdrawal period today (出荷制限中, §16). */
    restricted: z.enum(['true'], { error: 'restrictedはtrueです' }).optional(),
    minAge: numberInput(z.number({ error: '年齢は0以上の数値です' }).min(0, '年齢は0以上の数値です')).optional(),
    maxAge: numberInput(z.number({ error: '年齢は0以上の数値です' }).min(0, '年齢は0以上の数値です')).optional(),
    barn: normalizedText().max(50).optional(),
    breed: normalizedText().max(50).optional(),
    /** A pen's animals, or `none`: the animals in no pen (§26). */
    penId: normalizedText({ error: PEN_FILTER_MESSAGE })
      .transform((v, ctx): number | 'none' => {
        if (v === 'none') return 'none';
        if (/^\d{1,15}$/.test(v) && Number(v) > 0) return Number(v);
        ctx.addIssue({ code: 'custom', message: PEN_FILTER_MESSAGE });
        return z.NEVER;
      })
      .optional(),
    sortBy: z
      .enum(SORT_KEYS, { error: '並び替えはid, name, days_old, days_open, ear_tag, due_date, penのいずれかです' })
      .default('id'),
    sortOrder: z.enum(['asc', 'desc'], { error: '並び順はascまたはdescです' }).default('desc'),
    limit: z.coerce
      .number({ error: 'limitは1から100の整数です' })
      .int('limitは1から100の整数です')
      .min(1, 'limitは1から100の整数です')
      .max(100, 'limitは1から100の整数です')
      .default(20),
    cursor: z.string().max(500).optional(),
  })
  .refine((q) => q.minAge === undefined || q.maxAge === undefined || q.minAge <= q.maxAge, {
    message: '最小年齢は最大年齢以下にしてください',
    path: ['minAge'],
  });

// Response schemas: what the API answers, checked against every answer in the route tests (worker/test/contract.ts).
const int = z.number().int();
const nullableText = z.string().nullable();
const nullableInt = int.nullable();
const nullableNumber = z.number().nullable();
const timestamps = { createdAt: z.string(), updatedAt: z.string() };

export const cattleViewSchema = z.object({
  cattleId: int,
  identificationNumber: nullableText,
  earTagNumber: nullableText,
  name: nullableText,
  growthStage: nullableText,
  birthday: nullableText,
  gender: nullableText,
  weight: nullableNumber,
  score: nullableInt,
  breed: nullableText,
  status: z.string(),
  producerName: nullableText,
  barn: nullableText,
  /** The pen it is in (§26), with its name; null: none. */
  penId: nullableInt,
  pen: z.object({ id: int, name: z.string() }).nullable(),
  breedingValue: nullableText,
  notes: nullableText,
  version: int,
  ...timestamps,
  daysOld: nullableInt,
  monthsOld: nullableInt,
  age: nullableInt,
});

const alertSummarySchema = z.object({
  hasActiveAlerts: z.boolean(),
  alertCount: int,
  highestSeverity: z.enum(ALERT_SEVERITIES).nullable(),
});

/** The latest end of the animal's meat and milk withdrawal (§16), JST dates; null for none. */
const withdrawalSchema = z.object({ meatUntil: nullableText, milkUntil: nullableText });

const cattleListItemSchema = cattleViewSchema.extend({
  breeding: z.object({ parity: nullableInt, daysOpen: nullableInt, expectedCalvingDate: nullableText }),
  alerts: alertSummarySchema,
  withdrawal: withdrawalSchema,
});

export const cattleListPageSchema = z.object({
  results: z.array(cattleListItemSchema),
  nextCursor: nullableText,
  hasNext: z.boolean(),
  totalCount: int,
});

const breedingStatusRowSchema = z.object({
  breedingStatusId: int,
  cattleId: int,
  /** Calvings before the record; null when unknown (§5). */
  initialParity: nullableInt,
  /** Calvings including the registered ones; null ('産次不明') while the registered count is unknown. */
  parity: nullableInt,
  expectedCalvingDate: nullableText,
  scheduledPregnancyCheckDate: nullableText,
  lastCalvingDate: nullableText,
  lastInseminationDate: nullableText,
  conceptionDate: nullableText,
  lastEstrusDate: nullableText,
  /** The coming heat of an open cow, computed on read (§6). */
  nextExpectedEstrus: nullableText,
  daysAfterCalving: nullableInt,
  daysOpen: nullableInt,
  pregnancyDays: nullableInt,
  daysAfterInsemination: nullableInt,
  inseminationCount: int,
  breedingMemo: nullableText,
  isDifficultBirth: z.boolean(),
  ...timestamps,
});

const bloodlineRowSchema = z.object({
  bloodlineId: int,
  cattleId: int,
  fatherCattleName: nullableText,
  motherFatherCattleName: nullableText,
  motherGrandFatherCattleName: nullableText,
  motherGreatGrandFatherCattleName: nullableText,
});

const motherInfoRowSchema = z.object({
  motherInfoId: int,
  cattleId: int,
  motherCattleId: nullableInt,
  motherName: nullableText,
  motherIdentificationNumber: nullableText,
  motherScore: nullableInt,
  motherEarTagNumber: nullableText,
});

const breedingSummaryRowSchema = z.object({
  breedingSummaryId: int,
  cattleId: int,
  totalInseminationCount: int,
  averageDaysOpen: nullableNumber,
  averagePregnancyPeriod: nullableNumber,
  averageCalvingInterval: nullableNumber,
  difficultBirthCount: int,
  pregnancyHeadCount: int,
  pregnancySuccessRate: nullableNumber,
  ...timestamps,
});

/**
 * How many of an animal's latest events its page's answer carries. The animal page shows the whole history from
 * GET /events/cattle/{id} (its timeline's own query, refetched after each change), so the answer carried it twice: 53
 * events were 13 KB of a bench cow's 18 KB answer, and each row read through D1 costs about 10 µs of the request
 * (Miniflare, decision 030 fourth addendum). The latest few stay for a glance and for API clients.
 */
export const DETAIL_EVENTS = 20;

export const cattleDetailSchema = cattleViewSchema.extend({
  withdrawal: withdrawalSchema,
  breedingStatus: breedingStatusRowSchema.nullable(),
  bloodline: bloodlineRowSchema.nullable(),
  motherInfo: motherInfoRowSchema.nullable(),
  breedingSummary: breedingSummaryRowSchema.nullable(),
  events: z
    .array(
      z.object({
        eventId: int,
        cattleId: int,
        farmId: int,
        eventType: z.string(),
        eventDatetime: z.string(),
        details: eventDetailsViewSchema,
        notes: nullableText,
        ...timestamps,
        cattleName: nullableText,
        cattleEarTagNumber: nullableText,
      }),
    )
    .describe(`The latest ${DETAIL_EVENTS} events, newest first; GET /events/cattle/{cattleId} lists them all`),
  alerts: alertSummarySchema,
  calves: z.array(
    z.object({
      cattleId: int,
      name: nullableText,
      earTagNumber: nullableText,
      birthday: nullableText,
      gender: nullableText,
      status: z.string(),
    }),
  ),
});

/** Beside a create's or an edit's data (§5): one per other living animal of the farm with the animal's ear tag. */
export const earTagWarningsSchema = z
  .array(z.string())
  .describe(
    "One per other living animal of the farm with this ear tag: '耳標0381の牛がほかにいます（しおり）'; [] for none",
  );

export const statusHistoryEntrySchema = z.object({
  historyId: int,
  cattleId: int,
  oldStatus: nullableText,
  newStatus: z.string(),
  changedAt: z.string(),
  changedBy: z.string(),
  reason: nullableText,
});
export const statusCountsSchema = z.record(z.string(), int);

/**
 * One animal of the roster the phone keeps (§20): what search, the pickers, the offline forms and the animal's page
 * offline show — with the breeding state a barn visit needs (turn 4, decision 059).
 */
const rosterAnimalSchema = cattleViewSchema
  .pick({
    cattleId: true,
    identificationNumber: true,
    earTagNumber: true,
    name: true,
    gender: true,
    breed: true,
    status: true,
    growthStage: true,
    birthday: true,
    penId: true,
  })
  .extend({
    parity: nullableInt.describe('Calvings, the registered ones included; null while unknown (§5)'),
    lastCalvingDate: nullableText.describe('JST date of the last calving'),
    lastServiceDate: nullableText.describe('JST date of the last service (AI, ET or natural) since the last calving'),
    conceptionDate: nullableText.describe('The service a PREGNANT check confirmed, while pregnant'),
    expectedCalvingDate: nullableText,
    daysOpen: nullableInt.describe(
      'Days open on the JST day the answer was built (as GET /cattle/{id}); the app counts them again from ' +
        'lastCalvingDate and conceptionDate on its own day',
    ),
    withdrawalUntil: nullableText.describe("The meat withdrawal's last day (GET /cattle/{id}'s withdrawal.meatUntil)"),
  });
export const rosterSchema = z.object({ data: z.array(rosterAnimalSchema), version: int });
