/**
 * Each cow's kept KPI figures (docs/decisions/036-kept-kpi-figures.md): what one analysed history contributes to any
 * period's KPIs, as rows that a period's figures add up in SQL (worker/kpi/kept-figures.statements.ts), so a KPI read does
 * not read or analyse the herd's events. Pure; the route tests check the sums against `sumsOf` (worker/domain/kpi.ts).
 *
 * Kinds of row, each dated by a JST day number:
 * - `S` a service: flags 1 first, 2 pregnant, 4 open; `a` days open, `b` days to first service (null outside the gaps);
 * - `B` a birth: `a` the calving interval (null outside the gap);
 * - `D` a day with breeding events: flags how many, `a` her previous such day (NO_DAY when none), so the cows with an
 *   event in a period are the rows in it whose previous day is before it;
 * - `L` a stretch of days on which she is eligible for a 21-day cycle (§8): `day` to `a`, both included;
 * - `C` a conceiving service and `H` a day with a heat or straw: the days of the 20 before it (and it) on which she was
 *   eligible, `a` to `b` (a row per stretch), and her previous such day in flags (NO_DAY when none), so the cycle
 *   holding it counts her once — by her first such day in it — when its start falls among her eligible days.
 * Every row carries the day she left the farm (`left`), for §8's "gone before the period".
 */
import { type CowHistory, CYCLE_DAYS, eligibleAt, type TimelineCode } from './kpi';

/** Before and after every day: a stretch with no start or no end. */
export const NO_DAY = -1_000_000_000;
export const EVER = 1_000_000_000;

type FigureKind = 'S' | 'B' | 'D' | 'L' | 'C' | 'H';
export interface KeptFigure {
  kind: FigureKind;
  day: number;
  flags: number;
  a: number | null;
  b: number | null;
  left: number | null;
}

const SERVICE_FIRST = 1;
const SERVICE_PREGNANT = 2;
const SERVICE_OPEN = 4;

/** The stretches of days on which the cow is eligible at a cycle's start, in day order. */
export function eligibleStretches(cow: CowHistory): [number, number][] {
  const changes = new Set<number>();
  if (cow.leftDay !== null && Number.isFinite(cow.leftDay)) changes.add(cow.leftDay);
  if (cow.arrivalDay !== null) changes.add(cow.arrivalDay);
  for (const [start, end] of cow.pregnancies) {
    changes.add(start + 1);
    if (end !== null) changes.add(end);
  }
  for (const birth of cow.births) {
    changes.add(birth.day);
    changes.add(birth.day + 50);
  }
  if (cow.heiferReadyDay !== null) changes.add(cow.heiferReadyDay);
  const days = [NO_DAY, ...[...changes].sort((x, y) => x - y)];
  const stretches: [number, number][] = [];
  days.forEach((day, i) => {
    if (!eligibleAt(cow, day)) return;
    const end = i + 1 < days.length ? days[i + 1] - 1 : EVER;
    const last = stretches.at(-1);
    if (last && last[1] === day - 1) last[1] = end;
    else stretches.push([day, end]);
  });
  return stretches;
}

/** The parts of the stretches within [day − 20, day]: the cycle starts that would count an event on `day`. */
function eligibleBefore(stretches: readonly [number, number][], day: number): [number, number][] {
  const lo = day - (CYCLE_DAYS - 1);
  const parts: [number, number][] = [];
  for (const [from, to] of stretches) {
    const a = Math.max(from, lo);
    const b = Math.min(to, day);
    if (a <= b) parts.push([a, b]);
  }
  return parts;
}

/** Everything one cow contributes to the KPIs of any period. */
export function keptFiguresOf(cow: CowHistory): KeptFigure[] {
  const left = cow.leftDay !== null && Number.isFinite(cow.leftDay) ? cow.leftDay : null;
  const rows: KeptFigure[] = [];
  const row = (kind: FigureKind, day: number, flags = 0, a: number | null = null, b: number | null = null) =>
    rows.push({ kind, day, flags, a, b, left });
  for (const s of cow.services) {
    const flags =
      (s.first ? SERVICE_FIRST : 0) |
      (s.outcome === 'pregnant' ? SERVICE_PREGNANT : 0) |
      (s.outcome === 'open' ? SERVICE_OPEN : 0);
    row('S', s.day, flags, s.daysOpen, s.daysToFirstService);
  }
  for (const b of cow.births) row('B', b.day, 0, b.interval);
  const perDay = new Map<number, number>();
  for (const day of cow.breedingDays) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  let previous = NO_DAY;
  for (const day of [...perDay.keys()].sort((x, y) => x - y)) {
    row('D', day, perDay.get(day), previous);
    previous = day;
  }
  const stretches = eligibleStretches(cow);
  for (const [from, to] of stretches) row('L', from, 0, to);
  const marks = (kind: FigureKind, days: readonly number[]) => {
    let before = NO_DAY;
    for (const day of [...new Set(days)].sort((x, y) => x - y)) {
      for (const [a, b] of eligibleBefore(stretches, day)) row(kind, day, before, a, b);
      before = day;
    }
  };
  marks(
    'C',
    cow.services.filter((s) => s.outcome === 'pregnant').map((s) => s.day),
  );
  marks('H', cow.heatOrServiceDays);
  return rows;
}

/** A figure's columns in the order the kept rows are compared by (worker/kpi/kept-figures.statements.ts). */
const COMPARED = ['kind', 'day', 'flags', 'a', 'b', 'left'] as const;

/** SQLite's order of a column: NULL first, then numbers, then text (one kind of value per column here). */
function compareValues(x: string | number | null, y: string | number | null): number {
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return x < y ? -1 : 1;
}

const compareFigures = (x: KeptFigure, y: KeptFigure) => {
  for (const column of COMPARED) {
    const order = compareValues(x[column], y[column]);
    if (order !== 0) return order;
  }
  return 0;
};

/** One row as text: the columns comma-separated, NULL as nothing (SQL: `ifnull(x, '')`). */
const figureText = (farmId: number, f: KeptFigure) =>
  `${f.kind},${f.day},${f.flags},${f.a ?? ''},${f.b ?? ''},${f.left ?? ''},${farmId}`;

/**
 * A cow's rows as one text, in the order SQL reads them back (kind, day, flags, a, b, left_day; NULL first): the
 * write checks in its batch that her stored rows still make this text before it writes only their difference.
 */
export const figuresText = (farmId: number, figures: readonly KeptFigure[]) =>
  [...figures]
    .sort(compareFigures)
    .map((f) => figureText(farmId, f))
    .join(';');

/** A row to take out, and which of her identical stored rows it is (0: the first by rowid). */
type RemovedFigure = KeptFigure & { nth: number };

/**
 * The difference between the rows a cow has and the rows she gets, as multisets (two identical rows are two rows):
 * what to take out, what to add, and what stays. An event on a cow with a long history changes a few of her rows,
 * not all of them.
 */
export function figuresChange(before: readonly KeptFigure[], after: readonly KeptFigure[]) {
  const key = (f: KeptFigure) => figureText(0, f);
  const left = new Map<string, KeptFigure[]>();
  for (const f of before) {
    const same = left.get(key(f));
    if (same) same.push(f);
    else left.set(key(f), [f]);
  }
  const added: KeptFigure[] = [];
  const kept: KeptFigure[] = [];
  for (const f of after) {
    const same = left.get(key(f));
    if (same?.length) {
      same.pop();
      kept.push(f);
    } else added.push(f);
  }
  const removed: RemovedFigure[] = [...left.values()].flatMap((rows) => rows.map((f, nth) => ({ ...f, nth })));
  return { removed, added, kept };
}

const TIMELINE_CODES: Record<string, TimelineCode> = {
  INSEMINATION: 'I',
  ESTRUS: 'E',
  CALVING: 'C',
  STILLBIRTH: 'S',
  ABORTION: 'A',
  SHIPMENT: 'X',
  DEATH: 'X',
  ARRIVAL: 'R',
};

/** The JST calendar day of an ISO instant as days since 1970-01-01, as the KPI query computes it in SQL. */
export const jstDayNumber = (instant: string): number => Math.floor((Date.parse(instant) + 9 * 3_600_000) / 86_400_000);

const resultOf = (details: unknown): unknown => {
  if (typeof details === 'string') {
    try {
      return resultOf(JSON.parse(details));
    } catch {
      return undefined;
    }
  }
  return details && typeof details === 'object' ? (details as { result?: unknown }).result : undefined;
};

/** A cow's events as the KPI timeline (`code + day` entries, worker/kpi/kpi.queries.ts), for the write path. */
export function timelineOfEvents(
  events: readonly { eventType: string; eventDatetime: string; details?: unknown }[],
): string | null {
  const entries: string[] = [];
  for (const e of events) {
    let code: TimelineCode | undefined = TIMELINE_CODES[e.eventType];
    if (e.eventType === 'PREGNANCY_CHECK') {
      const result = resultOf(e.details);
      code = result === 'PREGNANT' ? 'P' : result === 'OPEN' ? 'O' : undefined;
      if (!code) continue;
    }
    if (code) entries.push(`${code}${jstDayNumber(e.eventDatetime)}`);
  }
  return entries.length ? entries.join(',') : null;
}
