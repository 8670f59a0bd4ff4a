/**
 * The 23 event types in their 8 categories (docs/product.md §6), with their labels: constants only, no schema, so
 * every screen can name an event without building zod schemas at start (decision 028). The typed details and
 * their checks are in event-details.ts.
 */
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
  'MOVE_PEN',
  'OTHER',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The types a group may record at once (§26); the others are one animal's (a service, a calving, a shipment…). */
export const BULK_EVENT_TYPES: readonly EventType[] = [
  'VACCINATION',
  'MEDICATION',
  'TREATMENT_STARTED',
  'TREATMENT_COMPLETED',
  'DIAGNOSIS',
  'HOOF_TRIMMING',
  'WEANING',
  'START_FATTENING',
  'WEIGHT_MEASURED',
  'MOVE_PEN',
  'OTHER',
];

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
  // A pen move is in it too (§26): '出荷' alone put a shipment's chip on every move of the timeline.
  LOGISTICS: { ja: '出荷・移動', en: 'Shipment & moves', color: 'var(--event-logistics)' },
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
  MOVE_PEN: { ja: '牛房移動', en: 'Pen move', category: 'LOGISTICS' },
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

/** A calf is born 雌 or 雄 (§20); 去勢 comes later, by a PATCH of the animal. */
export const CALF_GENDERS = ['雌', '雄'] as const;

/** At most three calves per calving (triplets). */
export const MAX_CALVES = 3;

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
