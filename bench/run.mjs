// `npm run bench`: builds large farms through the Worker's own code on workerd (Miniflare), measures the main API
// calls (latency, throughput, D1 round trips), the cron run, the web bundle and the app on a throttled phone, checks them against the budgets
// of issue 10, and writes bench/results/latest.{json,md} plus the README's Benchmark section.
//
//   npm run bench                          # herds of 500, 2,000 and 8,000 head
//   npm run bench -- --sizes 500,2000      # fewer sizes
//   npm run bench -- --samples 100 --max-seconds 5 --small-owners 10 --skip-web --no-readme --keep-db
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWeb, ensureDevVars, root } from '../scripts/local-server.mjs';
import { machineAtRest } from './at-rest.mjs';
import { REFERENCE_SIZE } from './budgets.mjs';
import { bundleReport } from './bundle.mjs';
import { CALLS } from './calls.mjs';
import { measureDawn, timeDawnRun } from './dawn.mjs';
import { measureFarmMove } from './farm-move.mjs';
import { measureImport } from './import.mjs';
import { measureLineConversation } from './line-chat.mjs';
import { measureSizes } from './measure.mjs';
import { watchPeakMemory } from './memory.mjs';
import { renderMarkdown, updateReadme } from './report.mjs';
import { seedFarm } from './seed.mjs';
import { migrateSnapshot, SCHEDULED_PATH, serveFloor, serveSnapshot, snapshotWorker } from './server.mjs';
import { runWebPerf } from './web-perf.mjs';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '500,2000,8000' },
    samples: { type: 'string', default: '150' },
    'concurrent-samples': { type: 'string', default: '320' },
    concurrency: { type: 'string', default: '8' },
    'max-seconds': { type: 'string', default: '6' },
    'small-owners': { type: 'string', default: '50' },
    port: { type: 'string', default: '8799' },
    /** 'miniflare' (workerd + local D1, default) or 'wrangler' (wrangler dev --local): docs/decisions/014. */
    runtime: { type: 'string', default: 'miniflare' },
    'skip-web': { type: 'boolean', default: false },
    'no-readme': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    /** Only these calls (comma-separated names from bench/calls.mjs). */
    calls: { type: 'string' },
    /** The dawn run through the queue over this many small farms on its own database (0 skips it). */
    'dawn-farms': { type: 'string', default: '2000' },
    'dawn-head': { type: 'string', default: '20' },
    /** Result file name in bench/results/ (without extension). */
    out: { type: 'string', default: 'latest' },
  },
});

const sizes = args.sizes
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
if (!sizes.length) throw new Error('--sizes needs herd sizes, e.g. --sizes 500,2000');
const options = {
  samples: Number(args.samples),
  concurrentSamples: Number(args['concurrent-samples']),
  concurrency: Number(args.concurrency),
  maxMs: Number(args['max-seconds']) * 1000,
};
const smallOwners = Number(args['small-owners']);
const port = Number(args.port);
const runtime = args.runtime;
if (!(runtime in SCHEDULED_PATH)) throw new Error('--runtime is miniflare or wrangler');

const started = Date.now();
const log = (message) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${message}`);

function machine() {
  const cpus = os.cpus();
  const wrangler = JSON.parse(readFileSync(path.join(root, 'node_modules/wrangler/package.json'), 'utf8')).version;
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    wrangler,
    runtime:
      runtime === 'wrangler'
        ? 'wrangler dev --local (workerd, local D1/SQLite, with its reload proxy and inspector), client on the same machine'
        : `workerd ${JSON.parse(readFileSync(path.join(root, 'node_modules/miniflare/package.json'), 'utf8')).version} through Miniflare (local D1/SQLite, no dev proxy or inspector), client on the same machine`,
  };
}

async function availableRoutes(url) {
  const response = await fetch(`${url}/api/v1/openapi.json`);
  const doc = await response.json();
  return new Set(
    Object.entries(doc.paths ?? {}).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
  );
}

/**
 * The seed registers every female before her events, so the ones without breeding events (heifers, calves) are left
 * marked stale (decision 036: a registration does not write figures). The farm's first KPI read counts them from their
 * events and writes their figures after its answer. That first read, and the reads that overlap its write, are the
 * migration's one-off cost, not the steady state the calls measure: one read, then wait until no cow of the farm is
 * stale (at most 60 s).
 */
async function settleKeptFigures(server, farm, log) {
  if (!server.query) return;
  const started = Date.now();
  const headers = { Authorization: `Bearer ${farm.token}` };
  await fetch(`${server.url}/api/v1/kpi/breeding`, { headers });
  // This farm's stale cows only: the small farms' stay stale until a read of theirs (it waited the full 60 s for them).
  const farms = await (await fetch(`${server.url}/api/v1/farms`, { headers })).json();
  const farmId = Number(farms.data[0].id);
  for (;;) {
    const [row] = await server.query(`SELECT count(*) AS n FROM kpi_stale WHERE farm_id = ${farmId}`);
    if (!row?.n || Date.now() - started > 60_000) {
      log(`kept KPI figures written for the stale cows in ${Date.now() - started} ms (${row?.n ?? 0} left)`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Runs the dawn cron once and waits until the queue's consumer has finished every farm of the day (decision 035):
 * `ms` is the time to the last farm. A second run the same day finds every farm done and only enqueues.
 */
async function timeCron(server) {
  if (!server.query) {
    // wrangler dev: no handle on its D1 here, so the cron invocation alone (the farms finish after it).
    const t0 = performance.now();
    const response = await server.scheduled('0 21 * * *');
    return { ms: performance.now() - t0, status: response.status, enqueueOnly: true };
  }
  const [{ n: farms }] = await server.query('SELECT count(*) AS n FROM farms');
  const result = await timeDawnRun(server, { farms, timeoutMs: 120_000 });
  if (result.complete === false) result.error = `${result.done} of ${farms} farms done after 120 s`;
  // The consumer's acks of a second run's messages, off the measurements that follow.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return result;
}

/**
 * The app's one server, on one database holding every herd size's farm (and the small farms), as a shard holds many
 * farms in production. The sizes' calls are then answered by the same workerd process: with a server per size, the
 * same code answered 20–30 % apart on three processes (health 2.2, 2.8 and 2.3 ms in one run), enough to fail a 1.5×
 * growth budget or a fixed-cost budget on the process alone (decision 030, fourth addendum).
 */
const servers = [];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const { server } of servers) server.stop();
    process.exit(130);
  });
}

/**
 * Every herd size's farm on the app's one fresh database, in turn: seeded, through the dawn cron twice, its kept
 * figures settled. The small farms come with the reference size (2,000 head). A farm's first cron run is the one that
 * builds its alerts from scratch; the farms seeded before it are done for the day, so each size's cron time is its own
 * farm's (the reference size's with the small farms, as the cron budget reads it).
 */
async function setUpSizes(sizes, configPath, serverPort) {
  const persistTo = mkdtempSync(path.join(os.tmpdir(), 'ushicho-bench-'));
  log(`migrating a fresh local D1 in ${persistTo}`);
  migrateSnapshot(configPath, persistTo);
  const server = await serveSnapshot({ runtime, configPath, port: serverPort, persistTo });
  servers.push({ server, persistTo });
  const up = [];
  // The small farms come with the reference size, whose cron budget is over its farm and theirs.
  const withSmallFarms = sizes.includes(REFERENCE_SIZE) ? REFERENCE_SIZE : sizes[0];
  for (const size of sizes) {
    const seedStarted = Date.now();
    const farm = await seedFarm(server.url, {
      herdSize: size,
      smallOwners: size === withSmallFarms ? smallOwners : 0,
      log: (m) => log(`${size} head: ${m}`),
    });
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`${size} head: seeded in ${seedSeconds.toFixed(1)} s (${JSON.stringify(farm.totals)})`);
    // The first cron run builds the farm's alerts from scratch; the second is the daily steady state.
    const cronFirst = await timeCron(server);
    const cronSecond = await timeCron(server);
    log(`${size} head: cron ${cronFirst.ms.toFixed(0)} ms (first), ${cronSecond.ms.toFixed(0)} ms (again)`);
    await settleKeptFigures(server, farm, (m) => log(`${size} head: ${m}`));
    up.push({
      size,
      server,
      farm,
      run: { size, seedSeconds, totals: farm.totals, cron: { first: cronFirst, again: cronSecond }, calls: [] },
    });
  }
  return up;
}

/** Every call, each measured at every size side by side (measureSizes), then the import at each size. */
async function measureAll(sizes) {
  const routes = await availableRoutes(sizes[0].server.url);
  const load = [os.loadavg()[0]];
  // Names may hold ', ' ('KPI (breeding), not kept'): only a comma without a space after it separates them.
  const only = args.calls ? new Set(args.calls.split(/,(?! )/).map((c) => c.trim())) : null;
  // A call with a fixed-cost budget is measured beside its floor (the bare Worker behind the asset router, or the same
  // with one D1 read), request by request.
  const companionOf = (call) =>
    call.companion && {
      target: { url: floor.url, farm: sizes[0].farm },
      call: CALLS.find((c) => c.name === call.companion),
    };
  for (const call of CALLS.filter((c) => !only || only.has(c.name))) {
    if (!call.routes.every((r) => routes.has(r))) {
      const missing = call.routes.filter((r) => !routes.has(r));
      for (const { run } of sizes)
        run.calls.push({ name: call.name, kind: call.kind, budgetMs: call.budgetMs, available: false, missing });
      continue;
    }
    // The floor row is the bare Hono Worker beside the snapshot, measured by the same client (issue 24).
    const targets = sizes.map(({ server, farm }) => ({
      url: (call.kind !== 'floor' ? server : call.bare ? floor.bare : floor).url,
      farm,
    }));
    const memory = watchPeakMemory();
    const results = await measureSizes(targets, call, options, companionOf(call));
    const peakMb = memory.peakMb();
    results.forEach((result, i) => {
      const { size, run } = sizes[i];
      run.calls.push({
        name: call.name,
        kind: call.kind,
        budgetMs: call.budgetMs,
        herdBudget: call.herdBudget,
        bulk: call.bulk,
        companion: call.companion,
        available: true,
        peakMb,
        ...result,
      });
      log(
        `${size} head: ${call.name.padEnd(28)} p50 ${result.sequential.p50.toFixed(1)} p95 ${result.sequential.p95.toFixed(1)} ms, ` +
          `${result.concurrent.rps.toFixed(0)} req/s ×${options.concurrency}, D1 ${result.d1}${result.d1Large !== undefined ? `/${result.d1Large}` : ''}`,
      );
    });
  }
  load.push(os.loadavg()[0]);
  // The LINE conversation (§25) at each size, with the webhook's call or the whole set.
  for (const { size, server, run } of sizes) {
    if (only && !only.has('LINE webhook: signed message')) continue;
    run.lineChat = await measureLineConversation(server.url, size, log);
  }
  for (const { size, server, farm, run } of sizes) {
    run.loadAverage = load.map((l) => Math.round(l * 10) / 10);
    run.farmMove = null;
    if ((!only || only.has('farm move')) && size === REFERENCE_SIZE) {
      run.farmMove = await measureFarmMove(server, farm);
      for (const way of run.farmMove?.ways ?? [])
        log(
          `${size} head: farm move shard ${way.from} → ${way.to}: ${way.rows} rows in ${way.workMs} ms (+${way.settleMs} ms settling)`,
        );
      if (run.farmMove && !run.farmMove.same)
        log(`${size} head: farm move changed ${run.farmMove.differing.join(', ')}`);
    }
    run.import = null;
    if (only || !routes.has('POST /api/v1/imports/cattle')) continue;
    const memory = watchPeakMemory();
    run.import = await measureImport(server.url, farm.token);
    run.import.peakMb = memory.peakMb();
    log(
      run.import.error
        ? `${size} head: import failed: ${run.import.error}`
        : `${size} head: import ${run.import.rows} rows: dry run p50 ${run.import.dryRunP50.toFixed(0)} ms, commit p50 ${run.import.commitP50.toFixed(0)} ms`,
    );
  }
}

/** Stops the app's server and removes its database (kept with --keep-db). */
async function stopSizes() {
  for (const { server, persistTo } of servers.splice(0)) {
    server.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (args['keep-db']) log(`kept the database in ${persistTo}`);
    else rmSync(persistTo, { recursive: true, force: true });
  }
}

ensureDevVars();
let bundle = null;
if (!args['skip-web']) {
  log('building the web app');
  buildWeb();
  bundle = bundleReport(path.join(root, 'web/dist'));
}
const snapshotDir = mkdtempSync(path.join(os.tmpdir(), 'ushicho-bench-worker-'));
const runs = [];
let floor;
let dawn = null;
try {
  log('bundling a snapshot of the Worker');
  const configPath = snapshotWorker(snapshotDir);
  floor = await serveFloor({ dir: snapshotDir, port: port + 1 });
  floor.bare = await serveFloor({ dir: snapshotDir, port: port + 2, assets: false });
  // The app on the port after the floor's two; the dawn run below has `port` to itself.
  try {
    const up = await setUpSizes(sizes, configPath, port + 3);
    // The calls are measured on a server at rest: seeding ends with writes the server and the kernel are still working
    // through (the database's pages to disk; a run that went straight on measured every D1 call 1.5–2× slower).
    const rest = await machineAtRest();
    log(
      `measuring the calls (after ${rest.waitedSeconds} s for the machine to rest, ${Math.round(rest.idle * 100)} % idle)`,
    );
    await measureAll(up);
    runs.push(...up.map((u) => u.run));
  } finally {
    await stopSizes();
  }
  const dawnFarms = Number(args['dawn-farms']);
  if (dawnFarms > 0 && runtime === 'miniflare') {
    dawn = await measureDawn({ runtime, configPath, port, farms: dawnFarms, head: Number(args['dawn-head']), log });
    log(
      `dawn: ${dawn.farms} farms through the queue in ${(dawn.ms / 1000).toFixed(1)} s (${dawn.farmsPerSecond} farms/s), ` +
        `per farm p50 ${dawn.workMs.p50} ms p95 ${dawn.workMs.p95} ms, ${dawn.digests} digests`,
    );
  }
} finally {
  await floor?.bare?.stop();
  await floor?.stop();
  rmSync(snapshotDir, { recursive: true, force: true });
}
// The app on a throttled phone (bench/web-perf.mjs): first visit until today's alerts show, repeat visit first paint.
let webPerf = null;
if (!args['skip-web']) {
  log('measuring the web app on a throttled phone');
  webPerf = await runWebPerf();
  log(`web: first visit ${webPerf.firstVisitMs} ms to alerts, repeat visit first paint ${webPerf.repeatVisitMs} ms`);
}

const report = {
  ranAt: new Date().toISOString(),
  machine: machine(),
  options: { ...options, smallOwners, sizes, runtime },
  runs,
  dawn,
  bundle,
  webPerf,
};
const { evaluate } = await import('./budgets.mjs');
report.budgets = evaluate(report);
const outDir = path.join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, `${args.out}.json`), `${JSON.stringify(report, null, 2)}\n`);
const markdown = renderMarkdown(report);
writeFileSync(path.join(outDir, `${args.out}.md`), markdown);
if (!args['no-readme'] && args.out === 'latest') updateReadme(path.join(root, 'README.md'), markdown);
console.log(`\n${markdown}`);
log(`done: bench/results/${args.out}.json, bench/results/${args.out}.md${args['no-readme'] ? '' : ', README.md'}`);
const failed = report.budgets.filter((b) => b.pass === false).length;
if (failed) console.log(`${failed} budget(s) failed.`);
