/**
 * Breeding KPIs as the dairy herd test (牛群検定) and DairyComp count them (docs/product.md §8), as pure functions of
 * each cow's breeding timeline, no I/O. The rows come from one query (worker/kpi/kpi.queries.ts); every figure of
 * the dashboard, the trends, the delta and the per-cow drill-down is computed here from them.
 * Decisions: docs/decisions/021-kpi-by-service-outcome.md.
 */
import { monthBirthdayDay } from './ages';
import { addDays, addMonths, type IsoDate, monthRange } from './calendar';

export const NO_BREEDING_EVENTS_MESSAGE = 'No breeding events found in the specified period';

/** Gaps that count (days), as §8 defines them; outside them a gap is a data error, not a figure. */
const DAYS_OPEN_GAP = { min: 20, max: 364 } as const;
const FIRST_SERVICE_GAP = { min: 1, max: 364 } as const;
const CALVING_INTERVAL_GAP = { min: 240, max: 799 } as const;
/** A heat this many days or more after a service means the service failed (§6). */
const RETURN_HEAT_DAYS = 18;
/** Straws on the service's first day or the next are one service (§6). */
const SERVICE_MERGE_DAYS = 1;
/** Births within a day of each other are one birth (twins entered apart, a calf born dead). */
const SAME_BIRTH_DAYS = 1;
export const CYCLE_DAYS = 21;
/** A cow is eligible for a 21-day cycle from this many days after calving; a heifer from this age in months. */
const VOLUNTARY_WAITING_DAYS = 50;
const HEIFER_BREEDING_MONTHS = 14;
/** How far before a period the timelines are read: the longest gap a figure looks back over (calving interval). */
const LOOK_BACK_DAYS = CALVING_INTERVAL_GAP.max + 1;

const RELIABILITY_THRESHOLDS = {
  high: { events: 100, cattle: 20, calvings: 10 },
  medium: { events: 30, cattle: 5, calvings: 3 },
} as const;

/**
 * The columns of the cows behind the figures (§8), in the order shown, each a sort: text A→Z and figures largest
 * first unless an order says otherwise. The API's query schema and the web's table read the same list.
 */
export const KPI_COW_SORTS = [
  'earTag',
  'name',
  'services',
  'pregnant',
  'open',
  'daysOpen',
  'daysToFirstService',
  'calvingInterval',
] as const;
export type KpiCowSort = (typeof KPI_COW_SORTS)[number];

export const METRICS = [
  'conceptionRate',
  'firstServiceConceptionRate',
  'aiPerConception',
  'avgDaysOpen',
  'avgDaysToFirstService',
  'avgCalvingInterval',
  'pregnancyRate21',
  'heatDetectionRate',
] as const;
export type Metric = (typeof METRICS)[number];

/** What each figure is, in one plain line the farmer reads under its tile (§8). */
export const METRIC_INFO: Record<
  Metric,
  { ja: string; en: string; defJa: string; defEn: string; unit: '%' | '日' | '回' }
> = {
  conceptionRate: {
    ja: '受胎率',
    en: 'Conception rate',
    defJa: '受胎率 = 受胎した授精 ÷ 結果の出た授精',
    defEn: 'Conception rate = services that conceived ÷ services with a known outcome',
    unit: '%',
  },
  firstServiceConceptionRate: {
    ja: '初回授精受胎率',
    en: 'First-service conception rate',
    defJa: '初回授精受胎率 = 分娩後（未経産は生涯）最初の授精のうち受胎した割合',
    defEn: 'First-service conception = first services after calving (a heifer’s first ever) that conceived',
    unit: '%',
  },
  aiPerConception: {
    ja: '授精指数',
    en: 'Services per conception',
    defJa: '授精指数 = 結果の出た授精 ÷ 受胎した授精',
    defEn: 'Services per conception = services with a known outcome ÷ services that conceived',
    unit: '回',
  },
  avgDaysOpen: {
    ja: '空胎日数',
    en: 'Days open',
    defJa: '空胎日数 = 分娩から受胎した授精までの日数の平均（20〜364日）',
    defEn: 'Days open = mean days from calving to the conceiving service (20–364 days)',
    unit: '日',
  },
  avgDaysToFirstService: {
    ja: '初回授精日数',
    en: 'Days to first service',
    defJa: '初回授精日数 = 分娩から最初の授精までの日数の平均（1〜364日）',
    defEn: 'Days to first service = mean days from calving to the first service (1–364 days)',
    unit: '日',
  },
  avgCalvingInterval: {
    ja: '分娩間隔',
    en: 'Calving interval',
    defJa: '分娩間隔 = 前回の分娩から今回の分娩までの日数の平均（240〜799日）',
    defEn: 'Calving interval = mean days from the previous calving to each calving (240–799 days)',
    unit: '日',
  },
  pregnancyRate21: {
    ja: '21日妊娠率',
    en: '21-day pregnancy rate',
    defJa: '21日妊娠率 = 21日ごとに、受胎した牛 ÷ 受胎できる状態の牛',
    defEn: '21-day pregnancy rate = per 21-day cycle, cows that conceived ÷ cows eligible to',
    unit: '%',
  },
  heatDetectionRate: {
    ja: '発情発見率',
    en: 'Heat detection rate',
    defJa: '発情発見率 = 21日ごとに、発情か授精の記録がある牛 ÷ 受胎できる状態の牛',
    defEn: 'Heat detection rate = per 21-day cycle, eligible cows with a heat or service recorded ÷ eligible cows',
    unit: '%',
  },
};

/** Lower days and services per conception are better; higher rates are. */
const HIGHER_IS_BETTER: Record<Metric, boolean> = {
  conceptionRate: true,
  firstServiceConceptionRate: true,
  aiPerConception: false,
  avgDaysOpen: false,
  avgDaysToFirstService: false,
  avgCalvingInterval: false,
  pregnancyRate21: true,
  heatDetectionRate: true,
};
const DECIMALS: Record<Metric, 0 | 1> = {
  conceptionRate: 1,
  firstServiceConceptionRate: 1,
  aiPerConception: 1,
  avgDaysOpen: 0,
  avgDaysToFirstService: 0,
  avgCalvingInterval: 0,
  pregnancyRate21: 1,
  heatDetectionRate: 1,
};

type Reliability = 'high' | 'medium' | 'low';
type InsightLevel = 'excellent' | 'good' | 'average' | 'poor' | 'info';
interface Insight {
  metric: 'conceptionRate' | 'avgDaysOpen' | 'data';
  level: InsightLevel;
  message: string;
}

export interface Period {
  from: IsoDate;
  to: IsoDate;
}

// ── Days ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A JST calendar date as a count of days since 1970-01-01 (the query returns event days this way). */
export const dayNumber = (date: IsoDate): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
export const dateOfDay = (day: number): IsoDate => new Date(day * 86_400_000).toISOString().slice(0, 10);

// ── One cow's timeline ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * The codes of a timeline entry: I service (INSEMINATION), P / O a PREGNANT / OPEN check, E heat, C calving,
 * S stillbirth, A abortion, X left the farm (SHIPMENT or DEATH), R arrival.
 */
export type TimelineCode = 'I' | 'P' | 'O' | 'E' | 'C' | 'S' | 'A' | 'X' | 'R';
export interface TimelineEvent {
  code: TimelineCode;
  day: number;
}

/** A female animal as the KPI query reads her: her attributes and her breeding timeline since the look-back. */
export interface KpiCowRow {
  cattleId: number;
  name: string | null;
  earTagNumber: string | null;
  birthday: IsoDate | null;
  /** Calvings entered at registration; null when unknown (§5) — she has calved, how often is not known. */
  initialParity: number | null;
  /** She calved before the timeline starts. */
  calvedBefore: boolean;
  /** She left the farm (shipped, died) before the timeline starts. */
  leftBefore: boolean;
  /** `code + day` entries joined by commas, in any order (`I20512,P20550`), or null. */
  timeline: string | null;
}

type ServiceOutcome = 'pregnant' | 'open' | 'pending';

interface ServiceRecord {
  /** The service date: its last straw. */
  day: number;
  /** The first service after a calving, or a never-calved heifer's first. */
  first: boolean;
  outcome: ServiceOutcome;
  /** Calving → this service, for a conceiving service after a calving within the gap; else null. */
  daysOpen: number | null;
  /** Calving → this first service within the gap; else null. */
  daysToFirstService: number | null;
}

export interface CowHistory {
  cattleId: number;
  name: string | null;
  earTagNumber: string | null;
  services: ServiceRecord[];
  /** Births (calving, stillbirth; one per birth) with the interval from the previous birth within the gap. */
  births: { day: number; interval: number | null }[];
  /** Days of the breeding events recorded (services' straws, checks, heats, births, abortions). */
  breedingDays: number[];
  /** Days of heats and straws, for heat detection. */
  heatOrServiceDays: number[];
  /** [conceiving service day, end (birth or abortion) or null] */
  pregnancies: [number, number | null][];
  leftDay: number | null;
  arrivalDay: number | null;
  birthday: IsoDate | null;
  calvedBefore: boolean;
  /** The day a never-calved heifer turns 14 months (§19); null without a birthday or once she calved before. */
  heiferReadyDay: number | null;
}

const CODE_ORDER: Record<TimelineCode, number> = { R: 0, C: 1, S: 2, A: 3, E: 4, I: 5, P: 6, O: 7, X: 8 };

export function parseTimeline(text: string | null): TimelineEvent[] {
  if (!text) return [];
  return text
    .split(',')
    .map((entry) => ({ code: entry[0] as TimelineCode, day: Number(entry.slice(1)) }))
    .filter((e) => e.code in CODE_ORDER && Number.isFinite(e.day))
    .sort((a, b) => a.day - b.day || CODE_ORDER[a.code] - CODE_ORDER[b.code]);
}

const within = (gap: number, range: { min: number; max: number }) => gap >= range.min && gap <= range.max;

/**
 * A service's outcome on the whole history after it (§8): the first sign before the next service decides.
 * `from` is the index of the first event after the service day (the events are in day order).
 */
function outcomeOf(
  events: readonly TimelineEvent[],
  from: number,
  serviceDay: number,
  nextServiceDay: number | null,
): ServiceOutcome {
  for (let i = from; i < events.length; i++) {
    const e = events[i];
    if (nextServiceDay !== null && e.day >= nextServiceDay) return 'open';
    if (e.code === 'P' || e.code === 'C' || e.code === 'S' || e.code === 'A') return 'pregnant';
    if (e.code === 'O') return 'open';
    if (e.code === 'E' && e.day - serviceDay >= RETURN_HEAT_DAYS) return 'open';
  }
  return nextServiceDay !== null ? 'open' : 'pending';
}

/** The index of the first event dated after `day`, searching from `from` (the events are in day order). */
function firstAfter(events: readonly TimelineEvent[], day: number, from = 0): number {
  let i = from;
  while (i < events.length && events[i].day <= day) i++;
  return i;
}

/** Everything the KPIs need of one cow, worked out once from her timeline. */
export function analyseCow(row: KpiCowRow): CowHistory {
  const events = parseTimeline(row.timeline);
  const calvedBefore = row.calvedBefore || row.initialParity === null || row.initialParity > 0;
  // Births: a calving or stillbirth within a day of the previous one is the same birth.
  const births: { day: number; interval: number | null }[] = [];
  for (const e of events) {
    if (e.code !== 'C' && e.code !== 'S') continue;
    const last = births.at(-1);
    if (last && e.day - last.day <= SAME_BIRTH_DAYS) continue;
    const gap = last ? e.day - last.day : null;
    births.push({ day: e.day, interval: gap !== null && within(gap, CALVING_INTERVAL_GAP) ? gap : null });
  }
  // Services: straws of one heat merged, dated by the last.
  const serviceSpans: { firstDay: number; day: number }[] = [];
  for (const e of events) {
    if (e.code !== 'I') continue;
    const last = serviceSpans.at(-1);
    if (last && e.day - last.firstDay <= SERVICE_MERGE_DAYS) last.day = e.day;
    else serviceSpans.push({ firstDay: e.day, day: e.day });
  }
  // Services and births are in day order: one pass each finds what follows a service and the birth before it.
  let after = 0;
  let birth = 0;
  const services: ServiceRecord[] = serviceSpans.map((s, i) => {
    const next = serviceSpans[i + 1]?.firstDay ?? null;
    after = firstAfter(events, s.day, after);
    const outcome = outcomeOf(events, after, s.day, next);
    while (birth < births.length && births[birth].day < s.firstDay) birth++;
    const calving = birth > 0 ? births[birth - 1].day : null;
    const previous = serviceSpans[i - 1];
    // The first since her last calving, or, never calved, her first ever.
    const first = calving !== null ? !previous || previous.day < calving : !calvedBefore && i === 0;
    const openGap = calving !== null && outcome === 'pregnant' ? s.day - calving : null;
    const firstGap = calving !== null && first ? s.day - calving : null;
    return {
      day: s.day,
      first,
      outcome,
      daysOpen: openGap !== null && within(openGap, DAYS_OPEN_GAP) ? openGap : null,
      daysToFirstService: firstGap !== null && within(firstGap, FIRST_SERVICE_GAP) ? firstGap : null,
    };
  });
  const pregnancies: [number, number | null][] = [];
  for (const s of services) {
    if (s.outcome !== 'pregnant') continue;
    let i = firstAfter(events, s.day);
    while (i < events.length && !(events[i].code === 'C' || events[i].code === 'S' || events[i].code === 'A')) i++;
    pregnancies.push([s.day, events[i]?.day ?? null]);
  }
  const breedingDays: number[] = [];
  const heatOrServiceDays: number[] = [];
  let leftDay: number | null = row.leftBefore ? Number.NEGATIVE_INFINITY : null;
  let arrivalDay: number | null = null;
  for (const e of events) {
    if (e.code === 'X') leftDay ??= e.day;
    else if (e.code === 'R') arrivalDay ??= e.day;
    else breedingDays.push(e.day);
    if (e.code === 'I' || e.code === 'E') heatOrServiceDays.push(e.day);
  }
  return {
    cattleId: row.cattleId,
    name: row.name,
    earTagNumber: row.earTagNumber,
    services,
    births,
    breedingDays,
    heatOrServiceDays,
    pregnancies,
    leftDay,
    arrivalDay,
    birthday: row.birthday,
    calvedBefore,
    heiferReadyDay: row.birthday && !calvedBefore ? monthBirthdayDay(row.birthday, HEIFER_BREEDING_MONTHS) : null,
  };
}

/** Whether the cow could conceive at the start of a 21-day cycle (§8). */
export function eligibleAt(cow: CowHistory, day: number): boolean {
  if (cow.leftDay !== null && cow.leftDay <= day) return false;
  if (cow.arrivalDay !== null && cow.arrivalDay > day) return false;
  for (const [start, end] of cow.pregnancies) if (start < day && (end === null || end > day)) return false;
  let lastBirth: number | null = null;
  for (const birth of cow.births) {
    if (birth.day > day) break;
    lastBirth = birth.day;
  }
  if (lastBirth !== null) return day - lastBirth >= VOLUNTARY_WAITING_DAYS;
  if (cow.calvedBefore) return true;
  return cow.heiferReadyDay !== null && day >= cow.heiferReadyDay;
}

// ── A period's figures ──────────────────────────────────────────────────────────────────────────────────────────

export interface KpiCounts {
  /** Services dated in the period, pending included. */
  services: number;
  /** Conceiving services. */
  pregnancies: number;
  openServices: number;
  /** First services after a calving (a heifer's first ever), pending included. */
  firstServices: number;
  calvings: number;
  /** Animals with a breeding event in the period. */
  cattle: number;
  /** Breeding events in the period. */
  events: number;
}

export type KpiMetrics = Record<Metric, number | null>;

/** Running sum and count of day figures, for a mean. */
export interface DaySum {
  sum: number;
  n: number;
}

/**
 * What a period's figures are computed from: sums and counts, so they add up over cows and days (worker/kpi keeps
 * them per cow in SQL; docs/decisions/036-kept-kpi-figures.md).
 */
export interface KpiSums {
  pregnant: number;
  open: number;
  firstPregnant: number;
  firstOpen: number;
  daysOpen: DaySum;
  daysToFirst: DaySum;
  intervals: DaySum;
  /** Eligible cow-cycles, and of them those that conceived, those with a heat or service (21-day rates). */
  eligible: number;
  conceived: number;
  detected: number;
  counts: KpiCounts;
}

const emptySums = (): KpiSums => ({
  pregnant: 0,
  open: 0,
  firstPregnant: 0,
  firstOpen: 0,
  daysOpen: { sum: 0, n: 0 },
  daysToFirst: { sum: 0, n: 0 },
  intervals: { sum: 0, n: 0 },
  eligible: 0,
  conceived: 0,
  detected: 0,
  counts: { services: 0, pregnancies: 0, openServices: 0, firstServices: 0, calvings: 0, cattle: 0, events: 0 },
});

const add = (into: DaySum, value: number) => {
  into.sum += value;
  into.n += 1;
};

/** Rounds a ratio without binary-fraction surprises: the numerator is scaled before dividing. */
const roundRatio = (numerator: number, denominator: number, decimals: 0 | 1) => {
  const scale = decimals === 1 ? 10 : 1;
  return Math.round((numerator * scale) / denominator) / scale;
};
const rate = (part: number, whole: number) => (whole > 0 ? roundRatio(part * 100, whole, 1) : null);
const meanDays = (days: DaySum) => (days.n ? roundRatio(days.sum, days.n, 0) : null);

/** The 21-day cycles wholly inside the period, by their first day (§8). */
export function cycleStarts(period: Period): number[] {
  const from = dayNumber(period.from);
  const to = dayNumber(period.to);
  const starts: number[] = [];
  for (let start = from; start + CYCLE_DAYS - 1 <= to; start += CYCLE_DAYS) starts.push(start);
  return starts;
}

function tallyCow(cow: CowHistory, from: number, to: number, cycles: readonly number[], into: KpiSums) {
  // Gone before the period: none of her days can count (a trend asks this 12 times per cow).
  if (cow.leftDay !== null && cow.leftDay < from) return;
  const inPeriod = (day: number) => day >= from && day <= to;
  const c = into.counts;
  for (const s of cow.services) {
    if (!inPeriod(s.day)) continue;
    c.services += 1;
    if (s.first) c.firstServices += 1;
    if (s.outcome === 'pregnant') {
      into.pregnant += 1;
      c.pregnancies += 1;
      if (s.first) into.firstPregnant += 1;
      if (s.daysOpen !== null) add(into.daysOpen, s.daysOpen);
    } else if (s.outcome === 'open') {
      into.open += 1;
      c.openServices += 1;
      if (s.first) into.firstOpen += 1;
    }
    if (s.daysToFirstService !== null) add(into.daysToFirst, s.daysToFirstService);
  }
  for (const b of cow.births) {
    if (!inPeriod(b.day)) continue;
    c.calvings += 1;
    if (b.interval !== null) add(into.intervals, b.interval);
  }
  let events = 0;
  for (const day of cow.breedingDays) if (day >= from && day <= to) events++;
  c.events += events;
  if (events > 0) c.cattle += 1;
  // A cow gone before the first cycle, or arriving after the last, is never eligible.
  const first = cycles[0];
  const last = cycles[cycles.length - 1];
  if (first === undefined || (cow.leftDay !== null && cow.leftDay <= first) || (cow.arrivalDay ?? first) > last) return;
  for (const start of cycles) {
    if (!eligibleAt(cow, start)) continue;
    const end = start + CYCLE_DAYS - 1;
    into.eligible += 1;
    if (cow.services.some((s) => s.outcome === 'pregnant' && s.day >= start && s.day <= end)) into.conceived += 1;
    if (cow.heatOrServiceDays.some((d) => d >= start && d <= end)) into.detected += 1;
  }
}

function metricsOf(t: KpiSums): KpiMetrics {
  return {
    conceptionRate: rate(t.pregnant, t.pregnant + t.open),
    firstServiceConceptionRate: rate(t.firstPregnant, t.firstPregnant + t.firstOpen),
    aiPerConception: t.pregnant > 0 ? roundRatio(t.pregnant + t.open, t.pregnant, 1) : null,
    avgDaysOpen: meanDays(t.daysOpen),
    avgDaysToFirstService: meanDays(t.daysToFirst),
    avgCalvingInterval: meanDays(t.intervals),
    pregnancyRate21: rate(t.conceived, t.eligible),
    heatDetectionRate: rate(t.detected, t.eligible),
  };
}

interface ReliabilityStep {
  level: Exclude<Reliability, 'low'>;
  needs: { events: number; cattle: number; calvings: number };
}

export interface BreedingKpi extends KpiMetrics {
  period: Period;
  counts: KpiCounts;
  reliability: Reliability;
  /** What more data would raise the reliability one level; null when it is already high. */
  nextReliability: ReliabilityStep | null;
  insights: Insight[];
  /** Set when the period holds no breeding events at all. */
  message: string | null;
}

function reliabilityOf(counts: Pick<KpiCounts, 'events' | 'cattle' | 'calvings'>): Reliability {
  const meets = (t: { events: number; cattle: number; calvings: number }) =>
    counts.events >= t.events && counts.cattle >= t.cattle && counts.calvings >= t.calvings;
  if (meets(RELIABILITY_THRESHOLDS.high)) return 'high';
  if (meets(RELIABILITY_THRESHOLDS.medium)) return 'medium';
  return 'low';
}

function nextReliabilityStep(counts: Pick<KpiCounts, 'events' | 'cattle' | 'calvings'>): ReliabilityStep | null {
  const current = reliabilityOf(counts);
  if (current === 'high') return null;
  const level = current === 'medium' ? 'high' : 'medium';
  const target = RELIABILITY_THRESHOLDS[level];
  return {
    level,
    needs: {
      events: Math.max(0, target.events - counts.events),
      cattle: Math.max(0, target.cattle - counts.cattle),
      calvings: Math.max(0, target.calvings - counts.calvings),
    },
  };
}

/** §8: conception rate ≥ 60 excellent, ≥ 50 good, ≥ 40 average, else poor. */
function conceptionRateInsight(value: number): Insight {
  if (value >= 60) return { metric: 'conceptionRate', level: 'excellent', message: '受胎率が優秀です（60%以上）' };
  if (value >= 50) return { metric: 'conceptionRate', level: 'good', message: '受胎率が良好です（50%以上）' };
  if (value >= 40) return { metric: 'conceptionRate', level: 'average', message: '受胎率は平均的です（40%以上）' };
  return { metric: 'conceptionRate', level: 'poor', message: '受胎率の改善が必要です（40%未満）' };
}

function daysOpenInsight(days: number): Insight {
  if (days <= 85) return { metric: 'avgDaysOpen', level: 'excellent', message: '空胎日数が優秀です（85日以下）' };
  if (days <= 120) return { metric: 'avgDaysOpen', level: 'good', message: '空胎日数が良好です（120日以下）' };
  return { metric: 'avgDaysOpen', level: 'poor', message: '空胎日数の短縮が必要です（120日超）' };
}

const NO_EVENTS_INSIGHT: Insight = {
  metric: 'data',
  level: 'info',
  message: '指定した期間に繁殖イベントの記録がありません',
};
const LOW_DATA_INSIGHT: Insight = {
  metric: 'data',
  level: 'info',
  message: 'データが不足しています。授精・分娩の記録を増やすと数値の信頼性が上がります',
};

/** The KPIs of one period (inclusive JST dates) over the farm's cows. */
export function breedingKpi(cows: readonly CowHistory[], period: Period): BreedingKpi {
  return breedingKpiOfSums(period, sumsOf(cows, period));
}

/** A period's sums over the farm's analysed cows: the full computation the kept figures are checked against. */
export function sumsOf(cows: readonly CowHistory[], period: Period): KpiSums {
  const from = dayNumber(period.from);
  const to = dayNumber(period.to);
  const cycles = cycleStarts(period);
  const tally = emptySums();
  for (const cow of cows) tallyCow(cow, from, to, cycles, tally);
  return tally;
}

/** The KPIs of one period from its sums, however they were added up. */
export function breedingKpiOfSums(period: Period, tally: KpiSums): BreedingKpi {
  const metrics = metricsOf(tally);
  const counts = tally.counts;
  const reliability = reliabilityOf(counts);
  const insights: Insight[] = [];
  if (metrics.conceptionRate !== null) insights.push(conceptionRateInsight(metrics.conceptionRate));
  if (metrics.avgDaysOpen !== null) insights.push(daysOpenInsight(metrics.avgDaysOpen));
  if (counts.events === 0) insights.push(NO_EVENTS_INSIGHT);
  else if (reliability === 'low') insights.push(LOW_DATA_INSIGHT);
  return {
    period,
    ...metrics,
    counts,
    reliability,
    nextReliability: nextReliabilityStep(counts),
    insights,
    message: counts.events === 0 ? NO_BREEDING_EVENTS_MESSAGE : null,
  };
}

// ── The cows behind the numbers ─────────────────────────────────────────────────────────────────────────────────

export interface CowKpiRow {
  cattleId: number;
  name: string | null;
  earTagNumber: string | null;
  services: number;
  pregnant: number;
  open: number;
  /** Her means over the period, by the same definitions and gaps; null when she has none. */
  daysOpen: number | null;
  daysToFirstService: number | null;
  calvingInterval: number | null;
}

/** One row per cow with a breeding event in the period, the cows with most open services first (§8). */
export function cowsBehindKpi(cows: readonly CowHistory[], period: Period): CowKpiRow[] {
  const from = dayNumber(period.from);
  const to = dayNumber(period.to);
  const rows: CowKpiRow[] = [];
  for (const cow of cows) {
    const tally = emptySums();
    tallyCow(cow, from, to, [], tally);
    if (tally.counts.events === 0) continue;
    rows.push(cowKpiRowOf(cow, tally));
  }
  return sortCowKpiRows(rows);
}

/** One cow's drill-down row from her sums over the period. */
export const cowKpiRowOf = (
  cow: Pick<CowKpiRow, 'cattleId' | 'name' | 'earTagNumber'>,
  tally: Pick<KpiSums, 'pregnant' | 'open' | 'daysOpen' | 'daysToFirst' | 'intervals'> & {
    counts: Pick<KpiCounts, 'services'>;
  },
): CowKpiRow => ({
  cattleId: cow.cattleId,
  name: cow.name,
  earTagNumber: cow.earTagNumber,
  services: tally.counts.services,
  pregnant: tally.pregnant,
  open: tally.open,
  daysOpen: meanDays(tally.daysOpen),
  daysToFirstService: meanDays(tally.daysToFirst),
  calvingInterval: meanDays(tally.intervals),
});

/** The cows with most open services first, then most services, then by id (§8). */
const sortCowKpiRows = (rows: CowKpiRow[]) =>
  rows.sort((a, b) => b.open - a.open || b.services - a.services || a.cattleId - b.cattleId);

// ── Trends and the month-on-month change ────────────────────────────────────────────────────────────────────────

/** The first day whose events the figures of `periods` can need. */
export const lookBackStart = (periods: readonly Period[]): IsoDate =>
  addDays(periods.map((p) => p.from).sort()[0], -LOOK_BACK_DAYS);

/** `count` months ending with `lastMonth`, oldest first. */
export const monthsEndingWith = (lastMonth: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addMonths(lastMonth, i - count + 1));

export interface MonthlyKpi extends KpiMetrics {
  month: string;
  period: Period;
  counts: KpiCounts;
}

export function monthlyTrend(cows: readonly CowHistory[], months: readonly string[]): MonthlyKpi[] {
  return months.map((month) => monthlyPoint(month, breedingKpi(cows, monthRange(month))));
}

/** A month's point of the trend from its KPIs. */
export function monthlyPoint(month: string, kpi: BreedingKpi): MonthlyKpi {
  const { reliability: _r, nextReliability: _n, insights: _i, message: _m, ...point } = kpi;
  return { month, ...point };
}

type Direction = 'improved' | 'worsened' | 'unchanged';
export interface MetricDelta {
  current: number | null;
  previous: number | null;
  /** current − previous at the metric's precision; null when either month has no value. */
  change: number | null;
  direction: Direction | null;
}

export function compareMetric(metric: Metric, current: number | null, previous: number | null): MetricDelta {
  if (current === null || previous === null) return { current, previous, change: null, direction: null };
  const scale = DECIMALS[metric] === 1 ? 10 : 1;
  const change = (Math.round(current * scale) - Math.round(previous * scale)) / scale;
  const direction: Direction =
    change === 0 ? 'unchanged' : change > 0 === HIGHER_IS_BETTER[metric] ? 'improved' : 'worsened';
  return { current, previous, change, direction };
}

export function compareMonths(current: KpiMetrics, previous: KpiMetrics): Record<Metric, MetricDelta> {
  return Object.fromEntries(METRICS.map((m) => [m, compareMetric(m, current[m], previous[m])])) as Record<
    Metric,
    MetricDelta
  >;
}

/** Two sets of sums added up (the kept cows' and the stale cows', worker/kpi/kept-figures.statements.ts). */
export function addSums(x: KpiSums, y: KpiSums): KpiSums {
  const days = (a: DaySum, b: DaySum) => ({ sum: a.sum + b.sum, n: a.n + b.n });
  const counts = { ...x.counts };
  for (const key of Object.keys(counts) as (keyof KpiCounts)[]) counts[key] += y.counts[key];
  return {
    pregnant: x.pregnant + y.pregnant,
    open: x.open + y.open,
    firstPregnant: x.firstPregnant + y.firstPregnant,
    firstOpen: x.firstOpen + y.firstOpen,
    daysOpen: days(x.daysOpen, y.daysOpen),
    daysToFirst: days(x.daysToFirst, y.daysToFirst),
    intervals: days(x.intervals, y.intervals),
    eligible: x.eligible + y.eligible,
    conceived: x.conceived + y.conceived,
    detected: x.detected + y.detected,
    counts,
  };
}
