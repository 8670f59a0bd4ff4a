import { z } from 'zod';
import { arrivalDetailsSchema, deathDetailsSchema, shipmentDetailsSchema } from './filing-input';
import { INSEMINATION_METHODS } from './gestation';
import { earTagNumberSchema, identificationNumberSchema } from './identification';
import { normalized, normalizedText, numberInput } from './input';

/** The 21 event types in their 8 categories (docs/product.md §6), with labels and typed details. */
export const EVENT_CATEGORIES = [
  'ARRIVAL',
  'BREEDING',
  'CALVING',
  'GROWTH',
  'MEASUREMENT',
  'HEALTH',
  'LOGISTICS',
  'OTHER',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const EVENT_TYPES = [
  'ARRIVAL',
  'ESTRUS',
  'EXPECTED_ESTRUS',
  'INSEMINATION',
  'PREGNANCY_CHECK',
  'EXPECTED_CALVING',
  'DRY_OFF',
  'CALVING',
  'ABORTION',
  'STILLBIRTH',
  'DEATH',
  'WEANING',
  'START_FATTENING',
  'WEIGHT_MEASURED',
  'VACCINATION',
  'DIAGNOSIS',
  'MEDICATION',
  'TREATMENT_STARTED',
  'TREATMENT_COMPLETED',
  'HOOF_TRIMMING',
  'SHIPMENT',
  'OTHER',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (value: unknown): value is EventType =>
  typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);

type Label = { ja: string; en: string };

/** Category labels and colours. `color` is a CSS custom property defined for light and dark themes. */
export const EVENT_CATEGORY_INFO: Record<EventCategory, Label & { color: string }> = {
  ARRIVAL: { ja: '導入', en: 'Arrival', color: 'var(--event-arrival)' },
  BREEDING: { ja: '繁殖', en: 'Breeding', color: 'var(--event-breeding)' },
  CALVING: { ja: '分娩・異常', en: 'Calving & losses', color: 'var(--event-calving)' },
  GROWTH: { ja: '成長', en: 'Growth', color: 'var(--event-growth)' },
  MEASUREMENT: { ja: '計測', en: 'Measurement', color: 'var(--event-measurement)' },
  HEALTH: { ja: '健康・治療', en: 'Health', color: 'var(--event-health)' },
  LOGISTICS: { ja: '出荷', en: 'Shipment', color: 'var(--event-logistics)' },
  OTHER: { ja: 'その他', en: 'Other', color: 'var(--event-other)' },
};

export const EVENT_TYPE_INFO: Record<EventType, Label & { category: EventCategory }> = {
  ARRIVAL: { ja: '導入', en: 'Arrival', category: 'ARRIVAL' },
  ESTRUS: { ja: '発情', en: 'Estrus', category: 'BREEDING' },
  EXPECTED_ESTRUS: { ja: '発情予定', en: 'Expected estrus', category: 'BREEDING' },
  INSEMINATION: { ja: '授精', en: 'Service', category: 'BREEDING' },
  PREGNANCY_CHECK: { ja: '妊娠鑑定', en: 'Pregnancy check', category: 'BREEDING' },
  EXPECTED_CALVING: { ja: '分娩予定', en: 'Expected calving', category: 'BREEDING' },
  DRY_OFF: { ja: '乾乳', en: 'Dry-off', category: 'BREEDING' },
  CALVING: { ja: '分娩', en: 'Calving', category: 'CALVING' },
  ABORTION: { ja: '流産', en: 'Abortion', category: 'CALVING' },
  STILLBIRTH: { ja: '死産', en: 'Stillbirth', category: 'CALVING' },
  DEATH: { ja: '死亡', en: 'Death', category: 'CALVING' },
  WEANING: { ja: '離乳', en: 'Weaning', category: 'GROWTH' },
  START_FATTENING: { ja: '肥育開始', en: 'Start fattening', category: 'GROWTH' },
  WEIGHT_MEASURED: { ja: '体重測定', en: 'Weight measured', category: 'MEASUREMENT' },
  VACCINATION: { ja: 'ワクチン接種', en: 'Vaccination', category: 'HEALTH' },
  DIAGNOSIS: { ja: '診断', en: 'Diagnosis', category: 'HEALTH' },
  MEDICATION: { ja: '投薬', en: 'Medication', category: 'HEALTH' },
  TREATMENT_STARTED: { ja: '治療開始', en: 'Treatment started', category: 'HEALTH' },
  TREATMENT_COMPLETED: { ja: '治療完了', en: 'Treatment completed', category: 'HEALTH' },
  HOOF_TRIMMING: { ja: '削蹄', en: 'Hoof trimming', category: 'HEALTH' },
  SHIPMENT: { ja: '出荷', en: 'Shipment', category: 'LOGISTICS' },
  OTHER: { ja: 'その他', en: 'Other', category: 'OTHER' },
};

export const eventTypesOfCategory = (category: EventCategory): EventType[] =>
  EVENT_TYPES.filter((type) => EVENT_TYPE_INFO[type].category === category);

export const PREGNANCY_RESULTS = ['PREGNANT', 'OPEN'] as const;
export type PregnancyResult = (typeof PREGNANCY_RESULTS)[number];
export const PREGNANCY_RESULT_LABELS: Record<PregnancyResult, Label> = {
  PREGNANT: { ja: '受胎', en: 'Pregnant' },
  OPEN: { ja: '不受胎', en: 'Open' },
};

/** A name or code of the details (sire, technician, lot, product): NFKC-normalised (§18), empty is absent. */
const optionalText = (max: number, message: string) =>
  normalizedText({ error: message })
    .max(max, message)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

const EMBRYO_ONLY_MESSAGE = '受精卵の項目は受精卵移植（ET）のときだけ入力できます';

/** A service (label 授精): AI (default, 人工授精), ET (受精卵移植) or NATURAL (本交), with what makes the calf. */
const inseminationDetailsSchema = z
  .strictObject({
    method: normalized(
      z.enum(INSEMINATION_METHODS, { error: '授精方法はAI・ET・NATURALのいずれかである必要があります' }),
    ).optional(),
    sireName: optionalText(100, '種雄牛名は100文字以下で入力してください'),
    sireBreed: optionalText(50, '種雄牛の品種は50文字以下で入力してください'),
    technician: optionalText(100, '授精師名は100文字以下で入力してください'),
    semenLot: optionalText(100, '精液ロットは100文字以下で入力してください'),
    embryoId: optionalText(100, '受精卵番号は100文字以下で入力してください'),
    embryoBreed: optionalText(50, '受精卵の品種は50文字以下で入力してください'),
  })
  .superRefine((d, ctx) => {
    if (d.method === 'ET') return;
    for (const key of ['embryoId', 'embryoBreed'] as const) {
      if (d[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: EMBRYO_ONLY_MESSAGE });
    }
  });

const pregnancyCheckDetailsSchema = z.strictObject({
  result: normalized(z.enum(PREGNANCY_RESULTS, { error: '鑑定結果はPREGNANTまたはOPENである必要があります' })),
});

/** A calf is born 雌 or 雄 (§20); 去勢 comes later, by a PATCH of the animal. */
export const CALF_GENDERS = ['雌', '雄'] as const;
const CALF_GENDER_MESSAGE = '生まれた子牛の性別は雌か雄で入力してください';

const calfSchema = z.strictObject({
  name: optionalText(100, '子牛の名前は100文字以下で入力してください'),
  gender: normalized(z.enum(CALF_GENDERS, { error: CALF_GENDER_MESSAGE })),
  identificationNumber: identificationNumberSchema.optional(),
  earTagNumber: earTagNumberSchema.optional(),
  weightKg: numberInput(
    z
      .number({ error: '子牛の体重は正の値である必要があります' })
      .positive('子牛の体重は正の値である必要があります')
      .max(100, '子牛の体重は100kg以下で入力してください'),
  ).optional(),
  /** Born dead at term: recorded on the calving, not registered as an animal. */
  stillborn: z.boolean({ error: '死産はtrueまたはfalseである必要があります' }).optional(),
});

export const MAX_CALVES = 3;
const CALVES_MESSAGE = '子牛は1〜3頭で入力してください';

/**
 * A calving: 1–3 calves (twins, triplets), each live one registered as an animal. The single `calf` object of
 * earlier clients is still accepted as one calf; both at once are refused. Stored always as `calves`.
 */
const calvingDetailsSchema = z
  .strictObject({
    difficult: z.boolean({ error: '難産はtrueまたはfalseである必要があります' }).optional(),
    calf: calfSchema.optional(),
    calves: z
      .array(calfSchema, { error: CALVES_MESSAGE })
      .min(1, CALVES_MESSAGE)
      .max(MAX_CALVES, CALVES_MESSAGE)
      .optional(),
  })
  .superRefine((d, ctx) => {
    if (d.calf && d.calves) {
      ctx.addIssue({ code: 'custom', path: ['calf'], message: '子牛はcalvesにまとめて入力してください' });
    }
  })
  .transform(({ calf, calves, ...rest }) => ({ ...rest, ...(calves || calf ? { calves: calves ?? [calf!] } : {}) }));

const weightDetailsSchema = z.strictObject({
  weightKg: numberInput(
    z
      .number({ error: '体重は正の値である必要があります' })
      .positive('体重は正の値である必要があります')
      .max(2000, '体重は2000kg以下で入力してください'),
  ),
});

/** Withdrawal days (休薬期間, §16): an integer 0–365; a form's empty input means none. */
const withdrawalDays = (label: string) => {
  const message = `${label}は0〜365の整数で入力してください`;
  return z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      numberInput(z.number({ error: message }).int(message).min(0, message).max(365, message)).optional(),
    )
    .optional();
};

const productDetailsSchema = z.strictObject({
  product: optionalText(100, '薬品名は100文字以下で入力してください'),
  dose: optionalText(100, '用量は100文字以下で入力してください'),
  withdrawalMeatDays: withdrawalDays('休薬期間（肉）'),
  withdrawalMilkDays: withdrawalDays('休薬期間（乳）'),
});

const noDetailsSchema = z.strictObject({}, { error: 'このイベントタイプには詳細項目がありません' });

/** The details schema of each event type; types without typed details accept only `{}` (or no details). */
const DETAILS_SCHEMAS = {
  ARRIVAL: arrivalDetailsSchema,
  ESTRUS: noDetailsSchema,
  EXPECTED_ESTRUS: noDetailsSchema,
  INSEMINATION: inseminationDetailsSchema,
  PREGNANCY_CHECK: pregnancyCheckDetailsSchema,
  EXPECTED_CALVING: noDetailsSchema,
  DRY_OFF: noDetailsSchema,
  CALVING: calvingDetailsSchema,
  ABORTION: noDetailsSchema,
  STILLBIRTH: noDetailsSchema,
  DEATH: deathDetailsSchema,
  WEANING: noDetailsSchema,
  START_FATTENING: noDetailsSchema,
  WEIGHT_MEASURED: weightDetailsSchema,
  VACCINATION: productDetailsSchema,
  DIAGNOSIS: noDetailsSchema,
  MEDICATION: productDetailsSchema,
  TREATMENT_STARTED: noDetailsSchema,
  TREATMENT_COMPLETED: noDetailsSchema,
  HOOF_TRIMMING: noDetailsSchema,
  SHIPMENT: shipmentDetailsSchema,
  OTHER: noDetailsSchema,
} satisfies Record<EventType, z.ZodType>;

const storedText = z.string().nullable().optional();

/** A calf as a calving's details store it: with its `cattleId` once registered (live calves only). */
const storedCalfSchema = z.object({
  name: storedText,
  gender: z.enum(['雄', '去勢', '雌']),
  identificationNumber: z.string().optional(),
  earTagNumber: z.string().optional(),
  weightKg: z.number().optional(),
  stillborn: z.boolean().optional(),
  cattleId: z.number().int().optional(),
});
export type StoredCalf = z.infer<typeof storedCalfSchema>;

/**
 * An event's details as stored and answered: every key any type may carry, each optional (the type decides which
 * are present), and each calf's `cattleId` once a calving has registered it.
 */
export const eventDetailsViewSchema = z
  .object({
    method: z.enum(INSEMINATION_METHODS).optional(),
    sireName: storedText,
    sireBreed: storedText,
    technician: storedText,
    semenLot: storedText,
    embryoId: storedText,
    embryoBreed: storedText,
    result: z.enum(PREGNANCY_RESULTS).optional(),
    difficult: z.boolean().optional(),
    calves: z.array(storedCalfSchema).optional(),
    weightKg: z.number().optional(),
    product: storedText,
    dose: storedText,
    withdrawalMeatDays: z.number().int().optional(),
    withdrawalMilkDays: z.number().int().optional(),
    fromFarmerCode: storedText,
    fromName: storedText,
    toFarmerCode: storedText,
    toName: storedText,
    disposalCode: storedText,
    disposalName: storedText,
  })
  .nullable();
export type EventDetailsView = z.infer<typeof eventDetailsViewSchema>;

export type DetailsResult =
  | { success: true; details: Record<string, unknown> | null }
  | { success: false; issues: { path: (string | number)[]; message: string }[] };

/**
 * Validates `details` for an event type. No details (undefined/null) is always fine; an empty object becomes
 * null. Issue paths start with 'details' so the API's 400 names the field (e.g. `details.result`).
 */
export function parseEventDetails(eventType: EventType, details: unknown): DetailsResult {
  if (details === undefined || details === null) return { success: true, details: null };
  if (typeof details !== 'object' || Array.isArray(details)) {
    return { success: false, issues: [{ path: ['details'], message: '詳細項目はオブジェクトである必要があります' }] };
  }
  const parsed = DETAILS_SCHEMAS[eventType].safeParse(details);
  if (!parsed.success) {
    return {
      success: false,
      issues: parsed.error.issues.map((issue) => ({
        path: [
          'details',
          ...(issue.code === 'unrecognized_keys'
            ? [issue.keys[0]]
            : issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))),
        ],
        message:
          issue.code === 'unrecognized_keys'
            ? `このイベントタイプでは詳細項目「${issue.keys[0]}」は使えません`
            : issue.message,
      })),
    };
  }
  const value = Object.fromEntries(
    Object.entries(parsed.data as Record<string, unknown>).filter(([, v]) => v !== undefined),
  );
  return { success: true, details: Object.keys(value).length ? value : null };
}

/** Everything a client needs to show the types: `GET /events/types`. */
export function eventTypeCatalogue() {
  return EVENT_CATEGORIES.map((category) => ({
    category,
    ja: EVENT_CATEGORY_INFO[category].ja,
    en: EVENT_CATEGORY_INFO[category].en,
    types: eventTypesOfCategory(category).map((type) => ({
      type,
      ja: EVENT_TYPE_INFO[type].ja,
      en: EVENT_TYPE_INFO[type].en,
    })),
  }));
}
