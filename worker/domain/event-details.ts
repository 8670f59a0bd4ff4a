import { z } from 'zod';
import { CALF_GENDERS, type EventType, MAX_CALVES, PREGNANCY_RESULTS } from './event-types';
import { arrivalDetailsSchema, deathDetailsSchema, shipmentDetailsSchema } from './filing-input';
import { INSEMINATION_METHODS } from './gestation';
import { earTagNumberSchema, identificationNumberSchema } from './identification';
import { normalized, normalizedText, numberInput } from './input';

/**
 * Each event type's typed details and their checks (§6). Apart from event-types.ts because zod builds a schema
 * when its module runs: only the Worker and the screens whose forms check details load this.
 */

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

const PEN_MESSAGE = '移動先の牛房を選んでください';
const penIdSchema = numberInput(z.number({ error: PEN_MESSAGE }).int(PEN_MESSAGE).positive(PEN_MESSAGE));

/** A move to another pen (§26): where to; the pen it leaves is filled by the product when it is recorded. */
const movePenDetailsSchema = z.strictObject({
  toPenId: penIdSchema,
  fromPenId: penIdSchema.nullable().optional(),
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
  MOVE_PEN: movePenDetailsSchema,
  OTHER: noDetailsSchema,
} satisfies Record<EventType, z.ZodType>;

/**
 * The details each event type takes, for the API document: one JSON Schema per distinct shape, titled with the types
 * that take it. Requests are still checked by `parseEventDetails` against the request's own type.
 */
export function eventDetailsDocumentation(): Record<string, unknown>[] {
  const typesOf = new Map<z.ZodType, string[]>();
  for (const [type, schema] of Object.entries(DETAILS_SCHEMAS))
    typesOf.set(schema, [...(typesOf.get(schema) ?? []), type]);
  return [...typesOf].map(([schema, types]) => {
    const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    return { title: types.join(' | '), ...json };
  });
}

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
    toPenId: z.number().int().optional(),
    fromPenId: z.number().int().nullable().optional(),
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
