import { addDays, addMonths, type IsoDate, jstMonth, todayJst } from './calendar';
import { gestationDays } from './gestation';

/** One month of price statistics. */
export interface MonthlyStat {
  month: string;
  count: number;
  totalRevenue: number;
  averagePrice: number | null;
}

/** Pure shipment figures: no I/O, shared by the Worker and the web app. */

/** Every `YYYY-MM` from `fromMonth` to `toMonth`, both included. */
export function monthsInRange(fromMonth: string, toMonth: string): string[] {
  const months: string[] = [];
  for (let m = fromMonth; m <= toMonth && months.length < 1200; m = addMonths(m, 1)) months.push(m);
  return months;
}

/** The statistics period when none is given: the last 12 months including the current one (JST). */
export function defaultStatsPeriod(now: Date = new Date()): { from: IsoDate; to: IsoDate } {
  return { from: `${addMonths(jstMonth(now), -11)}-01`, to: todayJst(now) };
}

const roundPrice = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(value);
const roundWeight = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(value * 10) / 10;

/** One entry per month of the period, months without shipments included with zero counts. */
export function fillMonthlyStats(
  rows: { month: string; count: number; totalRevenue: number }[],
  from: IsoDate,
  to: IsoDate,
): MonthlyStat[] {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return monthsInRange(from.slice(0, 7), to.slice(0, 7)).map((month) => {
    const row = byMonth.get(month);
    const count = row?.count ?? 0;
    const totalRevenue = row?.totalRevenue ?? 0;
    return { month, count, totalRevenue, averagePrice: count ? Math.round(totalRevenue / count) : null };
  });
}

/**
 * The calving date expected from a breeding: an EXPECTED_CALVING entry wins, otherwise the breeding date plus
 * the breed's gestation length (docs/product.md §6).
 */
export function expectedBirthDate(
  breedingDate: IsoDate | null,
  motherBreed: string | null,
  expectedCalvingEntry: IsoDate | null,
): IsoDate | null {
  if (expectedCalvingEntry) return expectedCalvingEntry;
  if (!breedingDate) return null;
  return addDays(breedingDate, gestationDays(motherBreed));
}

export interface MotherSummaryInput {
  shipmentCount: number;
  totalRevenue: number;
  averagePrice: number;
  averageWeight: number | null;
  averageAge: number | null;
}

/** docs/product.md §9: price rounded to an integer, weight to one decimal, age to an integer. */
export function roundMotherSummary(s: MotherSummaryInput) {
  return {
    shipmentCount: s.shipmentCount,
    totalRevenue: s.totalRevenue,
    averagePrice: Math.round(s.averagePrice),
    averageWeight: roundWeight(s.averageWeight),
    averageAge: roundPrice(s.averageAge),
  };
}

/** Groups rows that arrive ordered by mother into one entry per mother, keeping the order. */
export function groupByMother<R extends { motherKey: string }, G>(
  rows: R[],
  makeGroup: (first: R) => G,
  addRow: (g: G, r: R) => void,
): G[] {
  const groups: G[] = [];
  let currentKey: string | null = null;
  let current: G | null = null;
  for (const row of rows) {
    if (row.motherKey !== currentKey || !current) {
      current = makeGroup(row);
      currentKey = row.motherKey;
      groups.push(current);
    }
    addRow(current, row);
  }
  return groups;
}

/** Period totals from per-month aggregates: average rounded to an integer, null figures when nothing shipped. */
export function summarizeMonths(rows: { count: number; totalRevenue: number; maxPrice: number; minPrice: number }[]) {
  const totalShipments = rows.reduce((sum, r) => sum + r.count, 0);
  const totalRevenue = rows.reduce((sum, r) => sum + r.totalRevenue, 0);
  return {
    totalShipments,
    totalRevenue,
    averagePrice: totalShipments ? Math.round(totalRevenue / totalShipments) : null,
    maxPrice: totalShipments ? Math.max(...rows.map((r) => r.maxPrice)) : null,
    minPrice: totalShipments ? Math.min(...rows.map((r) => r.minPrice)) : null,
  };
}
