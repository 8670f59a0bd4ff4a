/**
 * Breeds, gestation and the calf a service makes (docs/product.md §6). Gestation length is that of the calf's
 * breed; a cross carries the rounded-up mean of its parents' breeds; an embryo transfer's calf is the embryo's
 * breed, whatever the recipient, and the embryo is already 7 days old when it is transferred.
 */

/** The breed of a calf whose sire's breed differs from its dam's. */
export const CROSSBRED = '交雑種';

/** Days an embryo has already developed when it is transferred (ET). */
const EMBRYO_AGE_DAYS = 7;

const WAGYU = /和牛|黒毛|褐毛|赤毛|日本短角|無角|wagyu/i;
const HOLSTEIN = /ホルスタイン|holstein/i;
const JERSEY = /ジャージー|jersey/i;

/** Gestation length by breed: 和牛 (黒毛・褐毛・日本短角・無角) 285 days, ホルスタイン 280, ジャージー 279, others 283. */
export function gestationDays(breed: string | null | undefined): number {
  const b = (breed ?? '').trim();
  if (HOLSTEIN.test(b)) return 280;
  if (JERSEY.test(b)) return 279;
  if (WAGYU.test(b)) return 285;
  return 283;
}

/** Dairy breeds (ホルスタイン, ジャージー): dry-off before calving, milk withdrawal, dairy wording in alerts. */
export const isDairyBreed = (breed: string | null | undefined): boolean => {
  const b = (breed ?? '').trim();
  return HOLSTEIN.test(b) || JERSEY.test(b);
};

export const INSEMINATION_METHODS = ['AI', 'ET', 'NATURAL'] as const;
export type InseminationMethod = (typeof INSEMINATION_METHODS)[number];
export const INSEMINATION_METHOD_LABELS: Record<InseminationMethod, { ja: string; en: string }> = {
  AI: { ja: '人工授精', en: 'Artificial insemination' },
  ET: { ja: '受精卵移植', en: 'Embryo transfer' },
  NATURAL: { ja: '本交', en: 'Natural service' },
};

/** What a service's details say about the calf (INSEMINATION details). */
export interface ServiceFacts {
  method?: string | null;
  sireBreed?: string | null;
  embryoBreed?: string | null;
}

export interface CalfOfService {
  /** The calf's breed; null when the dam's breed is unknown and nothing else names it. */
  breed: string | null;
  /** Days from the service to the expected calving (ET: the breed's gestation less the embryo's 7 days). */
  daysToCalving: number;
}

const sameBreed = (a: string, b: string) => a.trim() === b.trim();

/**
 * The calf a service of a dam of `damBreed` makes, and when it is due. AI and natural service: the dam's breed,
 * unless the sire's breed differs — then 交雑種, with the rounded-up mean of the two gestations (ホルスタイン ×
 * 黒毛和種 → ⌈(280 + 285) / 2⌉ = 283). ET: the embryo's breed (default the dam's), its gestation less 7 days.
 */
export function calfOfService(
  damBreed: string | null | undefined,
  service: ServiceFacts | null | undefined,
): CalfOfService {
  const dam = damBreed?.trim() || null;
  if (service?.method === 'ET') {
    const breed = service.embryoBreed?.trim() || dam;
    return { breed, daysToCalving: gestationDays(breed) - EMBRYO_AGE_DAYS };
  }
  const sire = service?.sireBreed?.trim() || null;
  if (sire && dam && !sameBreed(sire, dam)) {
    return { breed: CROSSBRED, daysToCalving: Math.ceil((gestationDays(dam) + gestationDays(sire)) / 2) };
  }
  return { breed: dam, daysToCalving: gestationDays(dam) };
}
