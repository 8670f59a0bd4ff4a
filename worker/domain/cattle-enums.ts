/** Cattle enumerations and their Japanese and English labels, shared by the Worker and the web app. */
export const CATTLE_STATUSES = [
  'HEALTHY',
  'PREGNANT',
  'RESTING',
  'TREATING',
  'SCHEDULED_FOR_SHIPMENT',
  'SHIPPED',
  'DEAD',
] as const;
export type CattleStatus = (typeof CATTLE_STATUSES)[number];

/** Animals still on the farm: every status but shipped and dead. */
export const IN_HERD_STATUSES = CATTLE_STATUSES.filter((s) => s !== 'SHIPPED' && s !== 'DEAD');

/** The dedicated status call may not set SCHEDULED_FOR_SHIPMENT (that comes from a shipment plan). */
export const STATUS_CHANGE_ALLOWED = ['HEALTHY', 'PREGNANT', 'RESTING', 'TREATING', 'SHIPPED', 'DEAD'] as const;

export const GROWTH_STAGES = ['CALF', 'GROWING', 'FATTENING', 'FIRST_CALVED', 'MULTI_PAROUS'] as const;
export type GrowthStage = (typeof GROWTH_STAGES)[number];

export const GENDERS = ['雄', '去勢', '雌'] as const;
export type Gender = (typeof GENDERS)[number];

export const STATUS_LABELS: Record<CattleStatus, { ja: string; en: string }> = {
  HEALTHY: { ja: '健康', en: 'Healthy' },
  PREGNANT: { ja: '妊娠中', en: 'Pregnant' },
  RESTING: { ja: '休養中', en: 'Resting' },
  TREATING: { ja: '治療中', en: 'In treatment' },
  SCHEDULED_FOR_SHIPMENT: { ja: '出荷予定', en: 'To be shipped' },
  SHIPPED: { ja: '出荷済み', en: 'Shipped' },
  DEAD: { ja: '死亡', en: 'Dead' },
};

export const GROWTH_STAGE_LABELS: Record<GrowthStage, { ja: string; en: string }> = {
  CALF: { ja: '繁殖・哺乳期', en: 'Calf (suckling)' },
  GROWING: { ja: '育成期', en: 'Growing' },
  FATTENING: { ja: '肥育期', en: 'Fattening' },
  FIRST_CALVED: { ja: '初産牛', en: 'First-calved' },
  MULTI_PAROUS: { ja: '経産牛', en: 'Multiparous' },
};

export const GENDER_LABELS: Record<Gender, { ja: string; en: string }> = {
  雄: { ja: '雄', en: 'Bull' },
  去勢: { ja: '去勢', en: 'Steer' },
  雌: { ja: '雌', en: 'Cow/heifer' },
};

/** The breeds a farm keeps, in English for the English screens; any other breed typed stays as typed. */
const BREED_EN: Record<string, string> = {
  黒毛和種: 'Japanese Black',
  褐毛和種: 'Japanese Brown',
  日本短角種: 'Japanese Shorthorn',
  無角和種: 'Japanese Polled',
  ホルスタイン: 'Holstein',
  ジャージー: 'Jersey',
  交雑種: 'Crossbred',
};

/** A breed in the screen's language ('黒毛和種' is 'Japanese Black' in English). */
export const breedLabel = (breed: string, locale: 'ja' | 'en'): string =>
  locale === 'en' ? (BREED_EN[breed] ?? breed) : breed;
