/**
 * Carcass results (枝肉成績, docs/product.md §9.3): the grade as buyers print it ('A5 / BMS 10 / 512 kg'), and the
 * roll-ups a farmer picks semen and keeps dams by — per sire and per dam: mean price, mean carcass weight, mean BMS
 * and the 4・5等級率 (the share of graded calves with a quality grade of 4 or 5). Pure; shared with the web app.
 */
export const YIELD_GRADES = ['A', 'B', 'C'] as const;
type YieldGrade = (typeof YIELD_GRADES)[number];

export interface Carcass {
  weightKg: number | null;
  yieldGrade: YieldGrade | null;
  qualityGrade: number | null;
  bms: number | null;
  notes: string | null;
}

/** 'A5 / BMS 10 / 512 kg', leaving out what was not recorded; empty for no carcass. */
export function formatCarcass(c: Partial<Carcass> | null | undefined): string {
  if (!c) return '';
  const grade = `${c.yieldGrade ?? ''}${c.qualityGrade ?? ''}`;
  const parts = [grade, c.bms != null ? `BMS ${c.bms}` : '', c.weightKg != null ? `${c.weightKg} kg` : ''];
  return parts.filter(Boolean).join(' / ');
}

/** Sums and counts over a group of shipments, as SQL aggregates them (or tallyCarcass below). */
export interface CarcassTotals {
  calves: number;
  priceSum: number;
  weightSum: number;
  weightCount: number;
  bmsSum: number;
  bmsCount: number;
  /** Calves with a quality grade. */
  graded: number;
  /** Of them, graded 4 or 5. */
  grade45: number;
}

export interface CarcassRollup {
  calves: number;
  meanPrice: number | null;
  meanCarcassWeightKg: number | null;
  meanBms: number | null;
  /** %, 1 decimal; null when no calf is graded. */
  grade45Rate: number | null;
}

const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** The sums and counts of some shipments, in the way the SQL roll-ups compute them. */
export function tallyCarcass(
  rows: readonly { price: number; weightKg: number | null; qualityGrade: number | null; bms: number | null }[],
): CarcassTotals {
  const t: CarcassTotals = {
    calves: 0,
    priceSum: 0,
    weightSum: 0,
    weightCount: 0,
    bmsSum: 0,
    bmsCount: 0,
    graded: 0,
    grade45: 0,
  };
  for (const r of rows) {
    t.calves += 1;
    t.priceSum += r.price;
    if (r.weightKg !== null) {
      t.weightSum += r.weightKg;
      t.weightCount += 1;
    }
    if (r.bms !== null) {
      t.bmsSum += r.bms;
      t.bmsCount += 1;
    }
    if (r.qualityGrade !== null) {
      t.graded += 1;
      if (r.qualityGrade >= 4) t.grade45 += 1;
    }
  }
  return t;
}

/** Means and rate of the totals: price to the yen, weight and BMS to 1 decimal, the rate in % to 1 decimal. */
export function carcassRollup(t: CarcassTotals): CarcassRollup {
  return {
    calves: t.calves,
    meanPrice: t.calves ? Math.round(t.priceSum / t.calves) : null,
    meanCarcassWeightKg: t.weightCount ? oneDecimal(t.weightSum / t.weightCount) : null,
    meanBms: t.bmsCount ? oneDecimal(t.bmsSum / t.bmsCount) : null,
    grade45Rate: t.graded ? oneDecimal((t.grade45 / t.graded) * 100) : null,
  };
}

/** The stored columns of a shipment's results. */
export interface CarcassColumns {
  carcassWeightKg: number | null;
  carcassYieldGrade: string | null;
  carcassQualityGrade: number | null;
  carcassBms: number | null;
  carcassNotes: string | null;
}

/** The columns to store for the results given; every one null for none. */
export const carcassColumns = (c: Partial<Carcass> | null | undefined): CarcassColumns => ({
  carcassWeightKg: c?.weightKg ?? null,
  carcassYieldGrade: c?.yieldGrade ?? null,
  carcassQualityGrade: c?.qualityGrade ?? null,
  carcassBms: c?.bms ?? null,
  carcassNotes: c?.notes ?? null,
});

/** A shipment's results from its columns; null when nothing was recorded. */
export function carcassOf(row: CarcassColumns): Carcass | null {
  const c: Carcass = {
    weightKg: row.carcassWeightKg,
    yieldGrade: (YIELD_GRADES as readonly string[]).includes(row.carcassYieldGrade ?? '')
      ? (row.carcassYieldGrade as YieldGrade)
      : null,
    qualityGrade: row.carcassQualityGrade,
    bms: row.carcassBms,
    notes: row.carcassNotes,
  };
  return Object.values(c).every((v) => v === null) ? null : c;
}

/** A shipment row with its carcass columns folded into `carcass`. */
export function withCarcass<T extends CarcassColumns>(row: T) {
  const { carcassWeightKg, carcassYieldGrade, carcassQualityGrade, carcassBms, carcassNotes, ...rest } = row;
  return {
    ...rest,
    carcass: carcassOf({ carcassWeightKg, carcassYieldGrade, carcassQualityGrade, carcassBms, carcassNotes }),
  };
}
