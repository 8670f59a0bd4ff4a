// The budgets of issue 10, checked against a benchmark report. Each entry: { budget, subject, value, limit, pass }.
// pass is null when the budget could not be checked (call not available, size not measured).

import { IMPORT_BUDGET, IMPORT_ROWS } from './import.mjs';

export const REFERENCE_SIZE = 2000;
export const MAX_READ_D1 = 2;
/**
 * Issue 24: the fixed cost per request, against the bare Hono Worker of the same run (the floor row). Issue 33
 * (§24): health within 1.2× the floor (issue 51: 1.15×), measured with the asset router in front of the Worker as deployed
 * (bench/server.mjs), so what the asset layer costs on /api/* is in the figure. The authenticated read of one animal
 * reaches D1 once: its 2 ms are over the floor with one D1 read (decision 030, third addendum), as a local D1 round
 * trip alone swung from 1 to 3 ms (p50) with the machine's load.
 */
export const FIXED_COST = { healthRatio: 1.15, detailExtraMs: 2, writeP50Ms: 25 };
export const FLAT_RATIO = 1.5;
/**
 * Issue 33 (docs/product.md §24): /home, the KPIs and the mothers list read per-farm figures kept on write, so their
 * p50 at the largest herd is at most this multiple of the smallest's — for the first request of a period (`not kept`)
 * as for later ones (decision 036).
 */
export const KEPT_AGGREGATE_RATIO = 1.5;
export const KEPT_AGGREGATES = [
  'home',
  'KPI (breeding)',
  'KPI (breeding), not kept',
  'KPI trends (12 months)',
  'KPI trends, not kept',
  'mothers list',
  // Issue 51 (decision 057): the drill-down's first page from the period's kept rows, the price statistics from the
  // shipments kept summed per day.
  'KPI drill-down (cows behind the figures)',
  'price stats',
];
/**
 * Decision 037: the D1 round trips of the writes measured, beyond the session-and-membership check every write pays
 * (a write forgets the kept check, decision 030, so the count is taken with it): cattle create is one batch; event
 * create reads the animal's history and version, then writes everything in one batch.
 */
export const WRITE_D1 = { 'cattle create': 1, 'event create (recompute)': 2 };
/** Issue 51: a write's p50 at the reference size as a multiple of the floor's p50 of the same run. */
export const WRITE_FLOOR_RATIO = { 'event create (recompute)': 6, 'cattle create': 4 };
export const ACCESS_CHECK_D1 = 1;
export const CRON_MS = 5000;
/** §24: the dawn run over 2,000 farms through the local queue, to the last farm (the production model is 50,000 in 10 min). */
export const DAWN = { farms: 2000, ms: 600_000 };
export const BUNDLE = { initialJsKb: 150, initialCssKb: 30, routeKb: 60 };
/** bench/web-perf.mjs on a 4× slower CPU and a 1.6 Mbit/s, 150 ms link (issue 22). */
export const WEB_PERF = { firstVisitMs: 2500, repeatVisitMs: 1000 };

/**
 * §20's herd budgets (search p95 ≤ 10 ms, roster ≤ 25 ms at 8,000 head) were stated on the machine of the issue 24
 * run, whose bare-Worker floor had a p95 of 0.7 ms. They hold as multiples of that floor (search 14.3×, roster
 * 35.7×), so a slower or busier machine, which raises the floor too, is judged fairly; never looser than stated.
 */
export const REFERENCE_FLOOR_P95_MS = 0.7;

/** A p50 as a multiple of the floor's p50, two decimals. */
/** A call's sequential p50, unrounded where the report has it: at 0.1 ms a 1.4 ms floor moves a ratio 7 % a step. */
const exactP50 = (call) => call.sequential.p50Exact ?? call.sequential.p50;

export const ratioToFloor = (ms, floorMs) => Math.round((ms / floorMs) * 100) / 100;

export function referenceRun(report) {
  const sizes = report.runs.map((r) => r.size);
  const size = sizes.includes(REFERENCE_SIZE)
    ? REFERENCE_SIZE
    : sizes.reduce((best, s) => (Math.abs(s - REFERENCE_SIZE) < Math.abs(best - REFERENCE_SIZE) ? s : best), sizes[0]);
  return report.runs.find((r) => r.size === size);
}

export function evaluate(report) {
  const out = [];
  const add = (budget, subject, value, limit, pass, note) =>
    out.push({ budget, subject, value, limit, pass, ...(note ? { note } : {}) });
  const ref = referenceRun(report);
  const refNote = ref.size === REFERENCE_SIZE ? undefined : `measured at ${ref.size} head (2,000 not in --sizes)`;

  for (const call of ref.calls) {
    if (call.kind === 'floor' || call.kind === 'fixed') continue;
    if (!call.available) {
      add('p95 latency', call.name, 'not available', null, null, `route missing: ${call.missing.join(', ')}`);
      continue;
    }
    add(
      'p95 latency',
      call.name,
      call.sequential.p95,
      call.budgetMs,
      call.sequential.p95 <= call.budgetMs && call.errors === 0,
      refNote ?? (call.errors ? `${call.errors} failed requests` : undefined),
    );
  }

  // Budgets stated for a herd size (§20: search and roster at 8,000 head), checked on the run of that size.
  for (const run of report.runs) {
    const floorP95 = run.calls.find((c) => c.kind === 'floor' && c.available)?.sequential.p95;
    const scale = floorP95 ? Math.max(1, floorP95 / REFERENCE_FLOOR_P95_MS) : 1;
    for (const call of run.calls.filter((c) => c.available && c.herdBudget?.size === run.size)) {
      const limit = Math.round(call.herdBudget.p95Ms * scale * 10) / 10;
      add(
        `p95 latency at ${run.size} head`,
        call.name,
        floorP95
          ? `${call.sequential.p95} (${ratioToFloor(call.sequential.p95, floorP95)}× floor p95)`
          : call.sequential.p95,
        scale > 1
          ? `${limit} (${call.herdBudget.p95Ms} ms × floor p95 ${floorP95} ÷ ${REFERENCE_FLOOR_P95_MS})`
          : call.herdBudget.p95Ms,
        call.sequential.p95 <= limit && call.errors === 0,
      );
    }
  }

  const readNames = new Set(
    report.runs.flatMap((r) =>
      r.calls.filter((c) => c.available && c.kind !== 'write' && c.kind !== 'floor').map((c) => c.name),
    ),
  );
  for (const name of readNames) {
    const perSize = report.runs
      .map((r) => ({ size: r.size, call: r.calls.find((c) => c.name === name) }))
      .filter((x) => x.call?.available);
    const counts = perSize.map((x) => x.call.d1);
    const max = Math.max(...counts);
    add(`D1 round trips ≤ ${MAX_READ_D1}`, name, max, MAX_READ_D1, max <= MAX_READ_D1);
    const large = perSize.filter((x) => x.call.d1Large !== undefined && x.call.d1Large !== null);
    const growsWithPage = large.some((x) => x.call.d1Large !== x.call.d1);
    const growsWithHerd = new Set(counts).size > 1;
    add(
      'D1 round trips constant',
      name,
      `${counts.join('/')}${large.length ? ` (limit 100: ${large.map((x) => x.call.d1Large).join('/')})` : ''}`,
      'same for every page and herd size',
      !growsWithPage && !growsWithHerd,
    );
  }

  for (const [name, trips] of Object.entries(WRITE_D1)) {
    const counts = report.runs
      .map((r) => r.calls.find((c) => c.name === name && c.available)?.d1)
      .filter((d1) => d1 !== undefined && d1 !== null);
    if (counts.length === 0) continue;
    const max = Math.max(...counts);
    add(
      `D1 round trips ≤ ${trips} + access check`,
      name,
      `${counts.join('/')} (with the access check)`,
      trips + ACCESS_CHECK_D1,
      max <= trips + ACCESS_CHECK_D1,
    );
  }

  if (report.runs.length > 1) {
    const small = report.runs[0];
    const big = report.runs[report.runs.length - 1];
    const herdRatio = big.size / small.size;
    for (const call of big.calls) {
      const before = small.calls.find((c) => c.name === call.name);
      if (!call.available || !before?.available || !['paged', 'aggregate'].includes(call.kind)) continue;
      const ratio = Math.round((exactP50(call) / exactP50(before)) * 100) / 100;
      if (KEPT_AGGREGATES.includes(call.name))
        add(
          `kept aggregate flat ${small.size}→${big.size} head (p50)`,
          call.name,
          `${ratio}× (${before.sequential.p50} → ${call.sequential.p50} ms)`,
          `≤ ${KEPT_AGGREGATE_RATIO}×`,
          ratio <= KEPT_AGGREGATE_RATIO,
        );
      if (call.kind === 'paged')
        add(
          `paged read flat ${small.size}→${big.size} head (p50)`,
          call.name,
          `${ratio}×`,
          `≤ ${FLAT_RATIO}×`,
          ratio <= FLAT_RATIO,
        );
      else
        add(
          `aggregate at most linear ${small.size}→${big.size} head (p50)`,
          call.name,
          `${ratio}×`,
          `≤ ${herdRatio}×`,
          ratio <= herdRatio,
        );
    }
  }

  const floor = ref.calls.find((c) => c.kind === 'floor' && c.available);
  const callOf = (name) => ref.calls.find((c) => c.name === name && c.available);
  if (floor) {
    // Each call against its floor measured request by request beside it (bench/measure.mjs), else the floor row's.
    const floorRow = (name) => ref.calls.find((c) => c.name === name && c.available) ?? floor;
    const floorOf = (call) => call.floorP50Exact ?? call.floorP50 ?? exactP50(floorRow(call.companion));
    const two = (ms) => Math.round(ms * 100) / 100;
    const health = callOf('health (no D1)');
    if (health) {
      const f = floorOf(health);
      const ms = exactP50(health);
      add(
        'p50 ÷ floor p50 (request by request)',
        'health (no D1)',
        `${(ms / f).toFixed(2)}× (${two(ms)} ms, floor ${two(f)})`,
        `≤ ${FIXED_COST.healthRatio}× (${two(f * FIXED_COST.healthRatio)} ms)`,
        ms <= f * FIXED_COST.healthRatio,
      );
    }
    const detail = callOf('cattle detail');
    if (detail) {
      const f = floorOf(detail);
      const ms = exactP50(detail);
      add(
        'p50 ≤ D1 floor p50 + 2 ms (request by request)',
        'cattle detail (authenticated read, one D1 round trip)',
        `${two(ms)} ms (D1 floor ${two(f)})`,
        `≤ ${two(f + FIXED_COST.detailExtraMs)} ms`,
        ms <= f + FIXED_COST.detailExtraMs,
      );
    }
  }
  if (floor)
    for (const [name, limit] of Object.entries(WRITE_FLOOR_RATIO)) {
      const call = callOf(name);
      if (!call) continue;
      const ratio = exactP50(call) / exactP50(floor);
      add(
        `write p50 ÷ floor p50 at ${ref.size} head`,
        name,
        `${ratio.toFixed(2)}× (${call.sequential.p50} ms, floor ${floor.sequential.p50})`,
        `≤ ${limit}×`,
        ratio <= limit && call.errors === 0,
        refNote,
      );
    }
  for (const call of ref.calls.filter((c) => c.kind === 'write' && c.available && !c.bulk))
    add(
      'write p50 (ms)',
      call.name,
      call.sequential.p50,
      FIXED_COST.writeP50Ms,
      call.sequential.p50 <= FIXED_COST.writeP50Ms && call.errors === 0,
    );

  add(
    'cron over all owners',
    `${ref.size} head + small owners, first run`,
    Math.round(ref.cron.first.ms),
    CRON_MS,
    ref.cron.first.ms <= CRON_MS && ref.cron.first.status < 400,
    refNote,
  );

  if (report.dawn) {
    const d = report.dawn;
    add(
      'dawn run through the queue (ms)',
      `${d.farms} farms of ${d.head} head, to the last farm`,
      Math.round(d.ms),
      DAWN.ms,
      d.farms >= DAWN.farms && d.complete === true && d.dead === 0 && d.ms <= DAWN.ms,
      d.farms < DAWN.farms ? `only ${d.farms} farms (--dawn-farms)` : d.error,
    );
  }

  if (ref.import) {
    const run = ref.import;
    const failed = Boolean(run.error);
    add(
      'import dry run p50 (ms)',
      `${IMPORT_ROWS} rows on ${ref.size} head`,
      failed ? 'failed' : Math.round(run.dryRunP50),
      IMPORT_BUDGET.dryRunMs,
      !failed && run.dryRunP50 <= IMPORT_BUDGET.dryRunMs,
      run.error,
    );
    add(
      'import commit p50 (ms)',
      `${IMPORT_ROWS} new animals on ${ref.size} head`,
      failed ? 'failed' : Math.round(run.commitP50),
      IMPORT_BUDGET.commitMs,
      !failed && run.commitP50 <= IMPORT_BUDGET.commitMs,
      run.error,
    );
  }

  if (report.webPerf) {
    const w = report.webPerf;
    add(
      'first visit → alerts visible (ms)',
      'throttled phone, /home signed in, median',
      w.firstVisitMs,
      WEB_PERF.firstVisitMs,
      w.firstVisitMs <= WEB_PERF.firstVisitMs,
    );
    add(
      'repeat visit first paint (ms)',
      'throttled phone, service worker in place, median',
      w.repeatVisitMs,
      WEB_PERF.repeatVisitMs,
      w.repeatVisitMs <= WEB_PERF.repeatVisitMs,
    );
  }

  if (report.bundle) {
    const b = report.bundle;
    add(
      'initial JS (gzip KB)',
      'entry + preloaded chunks',
      b.initialJsKb,
      BUNDLE.initialJsKb,
      b.initialJsKb <= BUNDLE.initialJsKb,
    );
    add(
      'initial CSS (gzip KB)',
      'index stylesheet',
      b.initialCssKb,
      BUNDLE.initialCssKb,
      b.initialCssKb <= BUNDLE.initialCssKb,
    );
    const worst = b.routes[0];
    if (worst) {
      add(
        'route chunk (gzip KB)',
        `largest: ${worst.name} (chunk + its own imports)`,
        worst.routeKb,
        BUNDLE.routeKb,
        b.routes.every((r) => r.routeKb <= BUNDLE.routeKb),
      );
    }
  }
  return out;
}
