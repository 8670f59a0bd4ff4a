/**
 * The farm's kept KPI figures (docs/decisions/036-kept-kpi-figures.md): each cow's rows (worker/domain/kpi-figures.ts)
 * in `kpi_figures`, written in the batch of every event write of hers (worker/breeding/recompute.ts), and the
 * period sums every KPI answer is computed from. Triggers keep the figures summed per farm and day
 * (`kpi_day_sums`, shard migration 0009, and `kpi_eligible_days`), so a period's sums read a row per day of the
 * period, not a row per cow: a read does not grow with the herd.
 *
 * Any other change a KPI reads (an animal's sex or birthday, her initial parity, an event written by plain SQL, the
 * migration's backfill) leaves her in `kpi_stale` (migration 0022's triggers); a read takes her kept rows out of the
 * day sums, counts her from her events read in the same batch, and writes her figures after the answer.
 */
import { type SQL, sql } from 'drizzle-orm';
import { runBatch, type Statement } from '../db/batch';
import type { Db } from '../db/client';
import { monthRange } from '../domain/calendar';
import {
  addSums,
  analyseCow,
  type CowHistory,
  cycleStarts,
  dayNumber,
  type KpiSums,
  type Period,
  sumsOf,
} from '../domain/kpi';
import {
  figuresChange,
  figuresText,
  type KeptFigure,
  keptFiguresOf,
  NO_DAY,
  timelineOfEvents,
} from '../domain/kpi-figures';
import { CHECK_CODE, CODE, DAY, TIMELINE_TYPES } from './kpi.queries';

/** Rows per insert statement: one JSON parameter well under D1's 2 MB value limit. */
const ROWS_PER_STATEMENT = 5_000;

export interface CowFigures {
  cattleId: number;
  farmId: number;
  /** Null when she no longer counts (not female, deleted): her rows go. */
  history: CowHistory | null;
  /** The stale mark her figures were read under: only that mark is cleared (a later change keeps its own). */
  mark?: number;
  /**
   * The history her stored rows were written from, when the write knows it (an event write: her events as it read
   * them; null: she had none). Only the difference is written, after the batch checks that her stored rows are still
   * those; rows that are not (a stale cow, rows written by an older engine) are rewritten whole. Unknown (undefined):
   * rewritten whole.
   */
  stored?: CowHistory | null;
}

/** An animal and her events as the breeding engine has them: what her kept figures are written from. */
export function keptFiguresInput(
  animal: {
    cattleId: number;
    farmId: number;
    gender: string | null;
    birthday: string | null;
    initialParity: number | null;
  },
  events: readonly { eventType: string; eventDatetime: string; details?: unknown }[],
): CowFigures {
  const history =
    animal.gender === '雌'
      ? analyseCow({
          cattleId: animal.cattleId,
          name: null,
          earTagNumber: null,
          birthday: animal.birthday,
          initialParity: animal.initialParity,
          calvedBefore: false,
          leftBefore: false,
          timeline: timelineOfEvents(events),
        })
      : null;
  return { cattleId: animal.cattleId, farmId: animal.farmId, history };
}

const figuresOf = (history: CowHistory | null | undefined): KeptFigure[] => (history ? keptFiguresOf(history) : []);

type FigureColumns = [number, number, string, number, number, number | null, number | null, number | null];
const columnsOf = (cow: CowFigures, f: KeptFigure): FigureColumns => [
  cow.farmId,
  cow.cattleId,
  f.kind,
  f.day,
  f.flags,
  f.a,
  f.b,
  f.left,
];

/** A cow's stored rows as figuresText writes them, read in her cattle_id order (kpi_figures_cattle_idx). */
const STORED_TEXT = sql.raw(`coalesce((SELECT group_concat(x, ';') FROM (
  SELECT kind || ',' || day || ',' || flags || ',' || ifnull(a, '') || ',' || ifnull(b, '') || ',' || ifnull(left_day, '')
    || ',' || farm_id AS x
  FROM kpi_figures WHERE cattle_id = j.value ->> 0 ORDER BY kind, day, flags, a, b, left_day, farm_id)), '')`);

/** One cow's part of the statements: what is checked, what goes, what comes. */
interface CowChange {
  cattleId: number;
  /** Rewritten whole: unconditionally (null) or while her stale mark is still this one. */
  whole?: { mark: number | null };
  /** Her stored rows as the history the write read gives them (figuresText). */
  checked?: string;
  removed: (string | number | null)[][];
  /** Rows to put in: [...columns, 1 new / 0 kept (in only when she has no rows left), the mark they need or null]. */
  rows: (string | number | null)[][];
}

/** What keptFigureStatements writes for one cow; null when her figures do not change. */
function changeOf(cow: CowFigures): CowChange | null {
  const after = figuresOf(cow.history);
  if (cow.stored === undefined) {
    const mark = cow.mark ?? null;
    return {
      cattleId: cow.cattleId,
      whole: { mark },
      removed: [],
      rows: after.map((f) => [...columnsOf(cow, f), 1, mark]),
    };
  }
  const before = figuresOf(cow.stored);
  const change = figuresChange(before, after);
  // Nothing of hers changes (a weight, a treatment): no statement. A stale mark she has stays for the read to settle,
  // as it would after any other write that leaves her figures alone.
  if (change.removed.length === 0 && change.added.length === 0) return null;
  return {
    cattleId: cow.cattleId,
    checked: figuresText(cow.farmId, before),
    removed: change.removed.map((f) => [...columnsOf(cow, f), f.nth]),
    rows: [
      ...change.kept.map((f) => [...columnsOf(cow, f), 0, null]),
      ...change.added.map((f) => [...columnsOf(cow, f), 1, null]),
    ],
  };
}

/**
 * The DELETE and INSERT of some cows (never split between chunks). Taken out: the rows of cows rewritten whole (a
 * refresh's only while her mark is the one it read: a write since has written her rows and cleared it), every row of a
 * cow whose stored rows are not the text of the history the write read, and the rows that go. The conditions are all
 * read before a row is deleted (the table's triggers make SQLite collect them first); the rows that go are found in her
 * numbered rows through an automatic index (the CROSS JOIN puts the list first). Put in: the new rows, and the kept
 * ones of a cow with no rows left. SQLite reads the whole SELECT before the first insert (the table has triggers).
 */
function chunkStatements(changes: readonly CowChange[]): Statement[] {
  const whole = JSON.stringify(changes.filter((c) => c.whole?.mark === null).map((c) => c.cattleId));
  const marked = JSON.stringify(
    changes.filter((c) => c.whole && c.whole.mark !== null).map((c) => [c.cattleId, c.whole?.mark]),
  );
  const checked = JSON.stringify(changes.filter((c) => c.checked !== undefined).map((c) => [c.cattleId, c.checked]));
  const gone = JSON.stringify(changes.flatMap((c) => c.removed));
  const rows = changes.flatMap((c) => c.rows);
  const statements: Statement[] = [
    sql`DELETE FROM kpi_figures WHERE cattle_id IN (SELECT value FROM json_each(${whole}))
      OR cattle_id IN (SELECT s.cattle_id FROM json_each(${marked}) j
        JOIN kpi_stale s ON s.cattle_id = j.value ->> 0 AND s.mark = j.value ->> 1)
      OR cattle_id IN (SELECT j.value ->> 0 FROM json_each(${checked}) j WHERE ${STORED_TEXT} IS NOT j.value ->> 1)
      OR rowid IN (SELECT n.id FROM json_each(${gone}) r CROSS JOIN (
          SELECT rowid AS id, farm_id, cattle_id, kind, day, flags, a, b, left_day, row_number() OVER (
            PARTITION BY cattle_id, kind, day, flags, a, b, left_day, farm_id ORDER BY rowid) - 1 AS nth
          FROM kpi_figures WHERE cattle_id IN (SELECT value ->> 1 FROM json_each(${gone}))) n
        ON n.cattle_id = r.value ->> 1 AND n.kind = r.value ->> 2 AND n.day = r.value ->> 3
          AND n.flags IS r.value ->> 4 AND n.a IS r.value ->> 5 AND n.b IS r.value ->> 6
          AND n.left_day IS r.value ->> 7 AND n.farm_id IS r.value ->> 0 AND n.nth = r.value ->> 8)`,
  ];
  if (rows.length)
    statements.push(sql`
      INSERT INTO kpi_figures (farm_id, cattle_id, kind, day, flags, a, b, left_day)
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7
      FROM json_each(${JSON.stringify(rows)}) j
      WHERE CASE WHEN value ->> 8 = 1
        THEN value ->> 9 IS NULL
          OR EXISTS (SELECT 1 FROM kpi_stale s WHERE s.cattle_id = j.value ->> 1 AND s.mark = j.value ->> 9)
        ELSE NOT EXISTS (SELECT 1 FROM kpi_figures f WHERE f.cattle_id = j.value ->> 1) END`);
  return statements;
}

/**
 * The one builder of the kept figures: the statements that bring these cows' rows to what their histories give and
 * clear their stale marks, for the batch of the write that changed them (or of the read that found them stale).
 * A cow whose stored history is known gets only the difference (an event on a cow with ten calvings touches a few of
 * her ~100 rows, each with its six triggers, instead of deleting and inserting them all), checked in the same
 * statement: her rows are rewritten whole when they are not what that history gives. Cows go in chunks of at most
 * ROWS_PER_STATEMENT rows, each its own DELETE and INSERT, so no parameter nears D1's 2 MB value limit.
 */
export function keptFigureStatements(cows: readonly CowFigures[]): Statement[] {
  const changes = cows.map(changeOf).filter((c): c is CowChange => c !== null);
  if (changes.length === 0) return [];
  const statements: Statement[] = [];
  for (let from = 0; from < changes.length; ) {
    let to = from;
    let count = 0;
    const size = (c: CowChange) => c.rows.length + c.removed.length;
    while (to < changes.length && (to === from || count + size(changes[to]) <= ROWS_PER_STATEMENT))
      count += size(changes[to++]);
    statements.push(...chunkStatements(changes.slice(from, to)));
    from = to;
  }
  const written = new Set(changes.map((c) => c.cattleId));
  const marked = cows.filter((c) => c.mark !== undefined).map((c) => [c.cattleId, c.mark]);
  const unmarked = cows.filter((c) => c.mark === undefined && written.has(c.cattleId)).map((c) => c.cattleId);
  if (marked.length)
    statements.push(sql`
      DELETE FROM kpi_stale WHERE rowid IN (
        SELECT s.rowid FROM json_each(${JSON.stringify(marked)}) j
        JOIN kpi_stale s ON s.cattle_id = j.value ->> 0 AND s.mark = j.value ->> 1)`);
  if (unmarked.length)
    statements.push(
      sql`DELETE FROM kpi_stale WHERE cattle_id IN (SELECT value FROM json_each(${JSON.stringify(unmarked)}))`,
    );
  return statements;
}

interface StaleRow {
  cattleId: number;
  mark: number;
  name: string | null;
  earTagNumber: string | null;
  farmId: number | null;
  gender: string | null;
  birthday: string | null;
  initialParity: number | null;
  timeline: string | null;
  checks: string | null;
}

/** The farm's stale cows with their whole breeding timelines (none, usually: a range of an empty index). */
function staleCows(farmId: number): SQL {
  const types = sql.join(
    TIMELINE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  return sql`
    SELECT s.cattle_id AS cattleId, s.mark AS mark, c.farm_id AS farmId, c.gender AS gender, c.birthday AS birthday,
      c.name AS name, c.ear_tag_number AS earTagNumber,
      CASE WHEN bs.cattle_id IS NULL THEN 0 ELSE bs.initial_parity END AS initialParity,
      (SELECT group_concat(${CODE} || ${DAY}, ',') FROM events e
        WHERE e.cattle_id = s.cattle_id AND +e.farm_id = s.farm_id AND e.event_type IN (${types})) AS timeline,
      (SELECT group_concat(${CHECK_CODE} || ${DAY}, ',') FROM events e
        WHERE e.cattle_id = s.cattle_id AND +e.farm_id = s.farm_id AND e.event_type = 'PREGNANCY_CHECK') AS checks
    FROM kpi_stale s
    LEFT JOIN cattle c ON c.cattle_id = s.cattle_id AND c.farm_id = s.farm_id
    LEFT JOIN breeding_status bs ON bs.cattle_id = s.cattle_id
    WHERE s.farm_id = ${farmId}`;
}

const refreshed = (farmId: number, rows: StaleRow[]): CowFigures[] =>
  rows.map((r) => {
    const timeline = [r.timeline, r.checks].filter(Boolean).join(',') || null;
    const counts = r.farmId !== null && r.gender === '雌';
    return {
      cattleId: Number(r.cattleId),
      farmId,
      mark: Number(r.mark),
      history: counts
        ? analyseCow({
            cattleId: Number(r.cattleId),
            name: r.name,
            earTagNumber: r.earTagNumber,
            birthday: r.birthday,
            initialParity: r.initialParity === null ? null : Number(r.initialParity),
            calvedBefore: false,
            leftBefore: false,
            timeline,
          })
        : null,
    };
  });

/** The eligible stretches kept for the farm's stale cows: taken back out of the per-day changes. */
const staleStretches = (farmId: number) => sql`
  SELECT m.day AS day, m.a AS a FROM kpi_figures m
  WHERE m.kind = 'L' AND m.cattle_id IN (SELECT cattle_id FROM kpi_stale WHERE farm_id = ${farmId})`;

export interface KeptRead<T> {
  value: T;
  /** Writes the stale cows' figures (none: resolves at once); for after the answer (waitUntil). */
  refresh: () => Promise<void>;
}

/**
 * Runs the reads over the kept figures in one batch with the farm's stale cows, whose rows the reads leave out:
 * the caller adds their figures, computed from the timelines read in the same batch, so the answer is exact in one
 * round trip; `refresh` then writes them, so the next read finds none.
 */
export async function readKept(db: Db, farmId: number, reads: readonly SQL[]) {
  const [stale, stretches, ...results] = await runBatch(db, [staleCows(farmId), staleStretches(farmId), ...reads]);
  const cows = refreshed(farmId, stale.results as unknown as StaleRow[]);
  const refresh = async () => {
    if (cows.length) await runBatch(db, keptFigureStatements(cows));
  };
  return {
    results: results.map((r) => r.results as Record<string, number | null>[]),
    stale: cows.flatMap((c) => (c.history ? [c.history] : [])),
    staleStretches: stretches.results as unknown as { day: number; a: number }[],
    refresh,
  };
}

/** The cycle starts of a period within a stretch of days. */
function startsWithin(period: Period, lo: number, hi: number): number {
  let count = 0;
  for (const start of cycleStarts(period)) if (start >= lo && start <= hi) count++;
  return count;
}

/** True when the period is one calendar month (the trends' and the delta's periods). */
const isMonth = (period: Period) => {
  const range = monthRange(period.from.slice(0, 7));
  return range.from === period.from && range.to === period.to;
};

/** The periods as a JSON parameter: [first day, last day, number of 21-day cycles, one calendar month] each. */
const periodsParam = (periods: readonly Period[]) =>
  JSON.stringify(
    periods.map((p) => {
      const from = dayNumber(p.from);
      const to = dayNumber(p.to);
      return [from, to, Math.max(0, Math.floor((to - from + 1) / 21)), isMonth(p) ? 1 : 0];
    }),
  );

/** The periods: i, first day f, last day t, cycles k, one calendar month mo, and the last cycle's start y. */
const PERIODS = (json: string) => sql`p AS (
  SELECT CAST(key AS INTEGER) AS i, value ->> 0 AS f, value ->> 1 AS t, value ->> 2 AS k, value ->> 3 AS mo,
    value ->> 0 + 21 * (value ->> 2 - 1) AS y
  FROM json_each(${json}))`;

/** Not a stale cow's: hers are computed from her events. */
const notStale = (farmId: number) =>
  `m.cattle_id NOT IN (SELECT s.cattle_id FROM kpi_stale s WHERE s.farm_id = ${Number(farmId)})`;

/**
 * The figures the day sums hold wrong, each with its sign: +1 a service, birth or event day dated after its cow
 * left (the sums leave those out; rare, by `kpi_figures_after_left_idx`), −1 every row of a stale cow the sums hold
 * (hers are computed from her events). The adjustment statements add these up as the day sums were added.
 */
const adjusted = (farmId: number) =>
  sql.raw(`r AS MATERIALIZED (
    SELECT m.kind, m.day, m.flags, m.a, m.b, m.left_day, 1 AS sg FROM kpi_figures m INDEXED BY kpi_figures_after_left_idx
    WHERE m.farm_id = ${Number(farmId)} AND m.left_day < m.day AND m.kind IN ('S', 'B', 'D') AND ${notStale(farmId)}
    UNION ALL
    SELECT m.kind, m.day, m.flags, m.a, m.b, m.left_day, -1 FROM kpi_figures m
    WHERE m.cattle_id IN (SELECT s.cattle_id FROM kpi_stale s WHERE s.farm_id = ${Number(farmId)})
      AND +m.farm_id = ${Number(farmId)}
      AND (m.kind IN ('C', 'H') OR (m.kind IN ('S', 'B', 'D') AND (m.left_day IS NULL OR m.left_day >= m.day))))`);

/** An adjusted row of the kind dated in the period, of a cow not gone before it (§8). */
const adjustedIn = (kind: string) =>
  sql.raw(`m.kind = '${kind}' AND m.day BETWEEN p.f AND p.t AND (m.left_day IS NULL OR m.left_day >= p.f)`);

/** The farm's day sums of a kind within the period. */
const daySumsIn = (farmId: number, kind: string) =>
  sql.raw(`d.farm_id = ${Number(farmId)} AND d.kind = '${kind}' AND d.day BETWEEN p.f AND p.t`);
const daySum = (farmId: number, column: string, kind: string, days: string) =>
  `(SELECT coalesce(sum(${column}), 0) FROM kpi_day_sums WHERE farm_id = ${Number(farmId)} AND kind = '${kind}'${days})`;

/**
 * The cows with an event in the period, from the day sums. A calendar month: the days that were a cow's first in
 * their month (`M`). Any other period, by each cow's days with events as a chain of gaps (previous day, day]: those
 * with the previous day before `from` and the day in the period are (a < f) − (day < f) − (a < f and day > t); the
 * last are the gaps spanning the whole period — a cow's first day after `to`, or a gap longer than the period, few
 * (`kpi_figures_gap_idx`).
 */
const cowsWithEvents = (farmId: number) =>
  sql.raw(`CASE WHEN p.mo = 1 THEN ${daySum(farmId, 'n', 'M', ' AND day BETWEEN p.f AND p.t')} ELSE
    ${daySum(farmId, 'n', 'F', '')} + ${daySum(farmId, 'n', 'A', ' AND day < p.f')}
    - ${daySum(farmId, 'n', 'D', ' AND day < p.f')} - ${daySum(farmId, 'n', 'F', ' AND day > p.t')}
    - (SELECT count(*) FROM kpi_figures g INDEXED BY kpi_figures_gap_idx
       WHERE g.farm_id = ${Number(farmId)} AND g.kind = 'D' AND g.a > ${NO_DAY}
         AND (g.left_day IS NULL OR g.left_day >= g.day) AND g.day - g.a > p.t - p.f + 1 AND g.a < p.f AND g.day > p.t)
    END`);

/** A day's column of `kpi_cycle_days` (c0…c20 or h0…h20) for the period's cycle holding it. */
const OFFSET_COLUMN = (prefix: 'c' | 'h') =>
  sql.raw(
    `CASE (d.day - p.f) % 21 ${Array.from({ length: 21 }, (_, o) => `WHEN ${o} THEN d.${prefix}${o}`).join(' ')} END`,
  );

/** The start of the 21-day cycle of the period holding an adjusted row's day. */
const CYCLE_START = 'p.f + 21 * ((m.day - p.f) / 21)';

/**
 * Each period's sums in pairs of statements: the day sums (`kpi_day_sums`, one row per day of the period) and the
 * adjustment of the rows they hold wrong (`adjusted`, none on most reads). Each pair has the same columns; the
 * caller adds them. The eligible cow-cycles come from `kpi_eligible_days` alone.
 */
function sumStatements(farmId: number, json: string): SQL[] {
  const withAdjusted = sql`WITH ${PERIODS(json)}, ${adjusted(farmId)}`;
  return [
    sql`WITH ${PERIODS(json)}
      SELECT p.i AS i, coalesce(sum(d.n), 0) AS services, coalesce(sum(d.v1), 0) AS firstServices,
        coalesce(sum(d.v2), 0) AS pregnant, coalesce(sum(d.v3), 0) AS open, coalesce(sum(d.v4), 0) AS firstPregnant,
        coalesce(sum(d.v5), 0) AS firstOpen, coalesce(sum(d.v6), 0) AS daysOpenSum, coalesce(sum(d.v7), 0) AS daysOpenN,
        coalesce(sum(d.v8), 0) AS daysToFirstSum, coalesce(sum(d.v9), 0) AS daysToFirstN
      FROM p LEFT JOIN kpi_day_sums d ON ${daySumsIn(farmId, 'S')}
      GROUP BY p.i ORDER BY p.i`,
    sql`${withAdjusted}
      SELECT p.i AS i, coalesce(sum(m.sg), 0) AS services, coalesce(sum(m.sg * (m.flags & 1 > 0)), 0) AS firstServices,
        coalesce(sum(m.sg * (m.flags & 2 > 0)), 0) AS pregnant, coalesce(sum(m.sg * (m.flags & 4 > 0)), 0) AS open,
        coalesce(sum(m.sg * (m.flags & 3 = 3)), 0) AS firstPregnant,
        coalesce(sum(m.sg * (m.flags & 5 = 5)), 0) AS firstOpen, coalesce(sum(m.sg * m.a), 0) AS daysOpenSum,
        coalesce(sum(m.sg * (m.a IS NOT NULL)), 0) AS daysOpenN, coalesce(sum(m.sg * m.b), 0) AS daysToFirstSum,
        coalesce(sum(m.sg * (m.b IS NOT NULL)), 0) AS daysToFirstN
      FROM p LEFT JOIN r m ON ${adjustedIn('S')}
      GROUP BY p.i ORDER BY p.i`,
    sql`WITH ${PERIODS(json)}
      SELECT p.i AS i, coalesce(sum(d.n), 0) AS calvings, coalesce(sum(d.v6), 0) AS intervalSum,
        coalesce(sum(d.v7), 0) AS intervalN
      FROM p LEFT JOIN kpi_day_sums d ON ${daySumsIn(farmId, 'B')}
      GROUP BY p.i ORDER BY p.i`,
    sql`${withAdjusted}
      SELECT p.i AS i, coalesce(sum(m.sg), 0) AS calvings, coalesce(sum(m.sg * m.a), 0) AS intervalSum,
        coalesce(sum(m.sg * (m.a IS NOT NULL)), 0) AS intervalN
      FROM p LEFT JOIN r m ON ${adjustedIn('B')}
      GROUP BY p.i ORDER BY p.i`,
    sql`WITH ${PERIODS(json)}
      SELECT p.i AS i, ${sql.raw(daySum(farmId, 'v1', 'D', ' AND day BETWEEN p.f AND p.t'))} AS events,
        ${cowsWithEvents(farmId)} AS cattle
      FROM p ORDER BY p.i`,
    sql`${withAdjusted}
      SELECT p.i AS i, coalesce(sum(m.sg * m.flags), 0) AS events, coalesce(sum(m.sg * (m.a < p.f)), 0) AS cattle
      FROM p LEFT JOIN r m ON ${adjustedIn('D')}
      GROUP BY p.i ORDER BY p.i`,
    // Σ over the cycle starts of the cows eligible at each. The changes sum to 0 (a stretch's +1 and −1), so the cows
    // eligible on a day are minus the changes after it: the changes within the period, each × the starts it misses,
    // less k × those after the last start `y` — the blocks of 64 days after y's (`E`) and the rest of y's own block.
    sql`WITH ${PERIODS(json)}
      SELECT p.i AS i, CASE WHEN p.k > 0 THEN
        coalesce((SELECT sum(d.delta * -((d.day - p.f + 20) / 21)) FROM kpi_eligible_days d
          WHERE d.farm_id = ${farmId} AND d.day > p.f AND d.day <= p.y), 0)
        - p.k * (coalesce((SELECT sum(e.n) FROM kpi_day_sums e
            WHERE e.farm_id = ${farmId} AND e.kind = 'E' AND e.day > p.y - (p.y % 64)), 0)
          + coalesce((SELECT sum(d.delta) FROM kpi_eligible_days d
            WHERE d.farm_id = ${farmId} AND d.day > p.y AND d.day < p.y - (p.y % 64) + 64), 0))
        ELSE 0 END AS eligible
      FROM p ORDER BY p.i`,
    // The cycles' conceived and detected: each day's column for its cycle's start, (day − f) mod 21 days before it.
    sql`WITH ${PERIODS(json)}
      SELECT p.i AS i, coalesce(sum(${OFFSET_COLUMN('c')}), 0) AS conceived,
        coalesce(sum(${OFFSET_COLUMN('h')}), 0) AS detected
      FROM p LEFT JOIN kpi_cycle_days d ON d.farm_id = ${farmId} AND d.day BETWEEN p.f AND p.f + 21 * p.k - 1
      GROUP BY p.i ORDER BY p.i`,
    // A cow counts once per cycle: by the first of her days in it (the one whose previous day is before the cycle's
    // start), when that start is one of her eligible days before it.
    sql`${withAdjusted}
      SELECT p.i AS i, coalesce(sum(m.sg * (m.kind = 'C')), 0) AS conceived,
        coalesce(sum(m.sg * (m.kind = 'H')), 0) AS detected
      FROM p LEFT JOIN r m ON m.kind IN ('C', 'H') AND m.day BETWEEN p.f AND p.f + 21 * p.k - 1
        AND ${sql.raw(CYCLE_START)} BETWEEN m.a AND m.b AND m.flags < ${sql.raw(CYCLE_START)}
      GROUP BY p.i ORDER BY p.i`,
  ];
}

type SumRow = Record<string, number | null>;

/** Each period's row of a pair of statements, added column by column (the day sums and their adjustment). */
const addRows = (sums: readonly SumRow[], adjustments: readonly SumRow[]): SumRow[] =>
  sums.map((row, i) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => [
        column,
        column === 'i' ? value : Number(value ?? 0) + Number(adjustments[i]?.[column] ?? 0),
      ]),
    ),
  );

const n = (value: number | null | undefined) => Number(value ?? 0);

/** Each period's sums from the kept figures: one D1 round trip. */
export async function keptKpiSums(db: Db, farmId: number, periods: readonly Period[]): Promise<KeptRead<KpiSums[]>> {
  const read = await readKept(db, farmId, sumStatements(farmId, periodsParam(periods)));
  const [s0, s1, b0, b1, d0, d1, eligible, c0, c1] = read.results;
  const [services, births, days, cycles] = [addRows(s0, s1), addRows(b0, b1), addRows(d0, d1), addRows(c0, c1)];
  const value = periods.map((period, i) => {
    const s = services[i];
    const b = births[i];
    const d = days[i];
    const c = cycles[i];
    const gone = read.staleStretches.reduce((total, r) => total + startsWithin(period, r.day, r.a), 0);
    const kept: KpiSums = {
      pregnant: n(s.pregnant),
      open: n(s.open),
      firstPregnant: n(s.firstPregnant),
      firstOpen: n(s.firstOpen),
      daysOpen: { sum: n(s.daysOpenSum), n: n(s.daysOpenN) },
      daysToFirst: { sum: n(s.daysToFirstSum), n: n(s.daysToFirstN) },
      intervals: { sum: n(b.intervalSum), n: n(b.intervalN) },
      eligible: n(eligible[i].eligible) - gone,
      conceived: n(c.conceived),
      detected: n(c.detected),
      counts: {
        services: n(s.services),
        pregnancies: n(s.pregnant),
        openServices: n(s.open),
        firstServices: n(s.firstServices),
        calvings: n(b.calvings),
        cattle: n(d.cattle),
        events: n(d.events),
      },
    };
    return read.stale.length ? addSums(kept, sumsOf(read.stale, period)) : kept;
  });
  return { value, refresh: read.refresh };
}
