/**
 * The head count the owner reports as of 1 February (家畜伝染病予防法 §12-4; docs/product.md §21): which animals were on
 * the farm that day, and in which purpose and category each is counted. Pure: the route reads the dates, this counts.
 */
import { calendarMonths } from './ages';
import type { IsoDate } from './calendar';
import { CROSSBRED, isDairyBreed } from './gestation';

export const CENSUS_PURPOSES = ['dairy', 'beef', 'cross'] as const;
export type CensusPurpose = (typeof CENSUS_PURPOSES)[number];

/** In the order they are tried: the first that fits is the animal's category. */
export const CENSUS_CATEGORIES = ['calf', 'fattening', 'breeding', 'bull', 'young'] as const;
export type CensusCategory = (typeof CENSUS_CATEGORIES)[number];

export const CENSUS_PURPOSE_LABELS: Record<CensusPurpose, { ja: string; en: string }> = {
  dairy: { ja: '乳用種', en: 'Dairy' },
  beef: { ja: '肉用種', en: 'Beef' },
  cross: { ja: '交雑種', en: 'Crossbred' },
};

export const CENSUS_CATEGORY_LABELS: Record<CensusCategory, { ja: string; en: string }> = {
  calf: { ja: '子牛（6か月未満）', en: 'Calves (under 6 months)' },
  fattening: { ja: '肥育牛', en: 'Fattening' },
  breeding: { ja: '繁殖雌牛', en: 'Breeding females' },
  bull: { ja: '種雄牛（12か月以上の雄）', en: 'Bulls (males 12 months or older)' },
  young: { ja: '育成牛', en: 'Young stock' },
};

/** What the count needs of one animal: its birthday, sex, breed and the dates of the events that place it. */
export interface CensusAnimal {
  birthday: IsoDate | null;
  gender: string;
  breed: string | null;
  /** JST dates of its ARRIVAL events. */
  arrivals: readonly IsoDate[];
  /** JST dates of its DEATH and SHIPMENT events. */
  exits: readonly IsoDate[];
  /** JST dates of its START_FATTENING events. */
  fatteningStarts: readonly IsoDate[];
  /** JST dates of its calvings and services (INSEMINATION). */
  breedingDates: readonly IsoDate[];
}

/** ホルスタイン・ジャージー are dairy, 交雑種 cross, every other breed beef. */
export function censusPurpose(breed: string | null | undefined): CensusPurpose {
  if (isDairyBreed(breed)) return 'dairy';
  if ((breed ?? '').trim() === CROSSBRED) return 'cross';
  return 'beef';
}

const onOrBefore = (dates: readonly IsoDate[], date: IsoDate) => dates.some((d) => d <= date);

/**
 * On the farm that day: it came (its first ARRIVAL, or its birth when it never arrived) on or before the date, and no
 * DEATH or SHIPMENT is dated before it — an animal that leaves on the day itself is still counted.
 */
export function onFarmOn(animal: CensusAnimal, date: IsoDate): boolean {
  const came = animal.arrivals.length > 0 ? [...animal.arrivals].sort()[0] : animal.birthday;
  if (!came || came > date) return false;
  return !animal.exits.some((d) => d < date);
}

/** The first category that fits as of the date: calf, fattening, breeding, bull, young. */
export function censusCategory(animal: CensusAnimal, date: IsoDate): CensusCategory {
  const months = animal.birthday && animal.birthday <= date ? calendarMonths(animal.birthday, date) : null;
  if (months !== null && months < 6) return 'calf';
  if (onOrBefore(animal.fatteningStarts, date)) return 'fattening';
  if (animal.gender === '雌' && onOrBefore(animal.breedingDates, date)) return 'breeding';
  if (animal.gender === '雄' && months !== null && months >= 12) return 'bull';
  return 'young';
}

export interface CensusGroup {
  purpose: CensusPurpose;
  category: CensusCategory;
  count: number;
}

/** The count of the animals on the farm that day by purpose and category; groups with no animals are left out. */
export function census(
  animals: readonly CensusAnimal[],
  date: IsoDate,
): { date: IsoDate; total: number; groups: CensusGroup[] } {
  const counts = new Map<string, number>();
  let total = 0;
  for (const animal of animals) {
    if (!onFarmOn(animal, date)) continue;
    total++;
    const key = `${censusPurpose(animal.breed)}:${censusCategory(animal, date)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const groups: CensusGroup[] = [];
  for (const purpose of CENSUS_PURPOSES)
    for (const category of CENSUS_CATEGORIES) {
      const count = counts.get(`${purpose}:${category}`);
      if (count) groups.push({ purpose, category, count });
    }
  return { date, total, groups };
}

/** The report's default date: 1 February of the current JST year. */
export const defaultCensusDate = (today: IsoDate): IsoDate => `${today.slice(0, 4)}-02-01`;
