/**
 * Growth (docs/product.md §26): an animal's weights as points, its daily gain (DG, kg/day) overall and recent, and
 * the breed-and-sex growth curves the product knows. Pure: the growth endpoint and the pen's mean DG use these.
 */
import { daysBetween, type IsoDate } from './calendar';

export type GrowthSource = 'weight' | 'birth' | 'shipment';

export interface GrowthPoint {
  date: IsoDate;
  weightKg: number;
  source: GrowthSource;
}

export interface DailyGain {
  overall: number | null;
  recent: number | null;
}

/** The recent DG compares the last point with the latest one at least this many days before it. */
const RECENT_DG_MIN_DAYS = 7;

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** kg/day between two points, to 2 decimals; null when they are on the same day. */
function gainBetween(first: GrowthPoint, last: GrowthPoint): number | null {
  const days = daysBetween(first.date, last.date);
  return days > 0 ? twoDecimals((last.weightKg - first.weightKg) / days) : null;
}

/** The points oldest first (a birth weight before a weight on the same day, a shipment after). */
export function sortedPoints(points: readonly GrowthPoint[]): GrowthPoint[] {
  const rank: Record<GrowthSource, number> = { birth: 0, weight: 1, shipment: 2 };
  return [...points].sort((a, b) => a.date.localeCompare(b.date) || rank[a.source] - rank[b.source]);
}

/**
 * DG: `overall` = (last − first) ÷ the days between them; `recent` = between the last point and the latest point at
 * least 7 days before it. Each null with fewer than two points (or no point 7 days before the last).
 */
export function dailyGain(points: readonly GrowthPoint[]): DailyGain {
  const sorted = sortedPoints(points);
  if (sorted.length < 2) return { overall: null, recent: null };
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const before = sorted.filter((p) => daysBetween(p.date, last.date) >= RECENT_DG_MIN_DAYS).at(-1);
  return { overall: gainBetween(first, last), recent: before ? gainBetween(before, last) : null };
}

/** The mean of the animals' recent DG that have one, to 2 decimals, and how many (a pen's, §26). */
export function meanDailyGain(recents: readonly (number | null)[]): { mean: number | null; count: number } {
  const known = recents.filter((r): r is number => r !== null);
  if (known.length === 0) return { mean: null, count: 0 };
  return { mean: twoDecimals(known.reduce((sum, r) => sum + r, 0) / known.length), count: known.length };
}

/** A growth curve W(t) = a × (1 − e^(−k × (t + t0))) kg at t months (a monomolecular curve). */
interface GrowthCurve {
  breed: string;
  gender: string;
  a: number;
  k: number;
  t0: number;
  source: string;
}

/** The curves the product knows, one entry each: a curve added later is one more row. */
export const GROWTH_CURVES: readonly GrowthCurve[] = [
  { breed: '黒毛和種', gender: '雌', a: 473.9, k: 0.055, t0: 0.886, source: 'Matsukawa et al., 1979' },
];

const CURVE_MONTHS = 36;

/** The curve's weight at `months`, to 1 decimal. */
export const curveWeight = (curve: Pick<GrowthCurve, 'a' | 'k' | 't0'>, months: number) =>
  Math.round(curve.a * (1 - Math.exp(-curve.k * (months + curve.t0))) * 10) / 10;

/** The breed-and-sex standard for months 0–36, or null where the product knows no curve. */
export function standardCurve(
  breed: string | null,
  gender: string | null,
): { ageMonths: number; weightKg: number }[] | null {
  const curve = GROWTH_CURVES.find((c) => c.breed === breed && c.gender === gender);
  if (!curve) return null;
  return Array.from({ length: CURVE_MONTHS + 1 }, (_, ageMonths) => ({
    ageMonths,
    weightKg: curveWeight(curve, ageMonths),
  }));
}
