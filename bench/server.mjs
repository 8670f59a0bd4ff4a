// A frozen copy of the Worker for the benchmark: other work in the checkout must not reload the Worker in the
// middle of a measurement. The Worker is bundled once (wrangler deploy --dry-run) and the web build copied to a
// temporary directory; that snapshot is then served against a fresh persist directory per herd size.
//
// Two runtimes serve it (docs/decisions/014-benchmark-runtime.md):
// - 'miniflare' (default): workerd with local D1 through Miniflare, configured from the same wrangler.toml and
//   .dev.vars (wrangler's own unstable_getMiniflareWorkerOptions). This is what `wrangler dev` runs, minus its
//   reload proxy and DevTools inspector, which cost every request and every D1 call time production never pays.
// - 'wrangler': `wrangler dev --local`, for comparison.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { migrateAll } from '../scripts/db-migrate.mjs';
import { offlineEnv, root } from '../scripts/local-server.mjs';
import { FARM_TABLES } from './farm-tables.mjs';
import { BENCH_LINE_SECRET } from './line.mjs';

const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');

function run(args, env = offlineEnv) {
  const result = spawnSync(wrangler, args, { cwd: root, env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`wrangler ${args.join(' ')} failed (${result.status}):\n${result.stderr}\n${result.stdout}`);
}

/** Bundles the Worker and copies the web build into `dir`; returns the snapshot's wrangler config path. */
export function snapshotWorker(dir) {
  mkdirSync(dir, { recursive: true });
  // wrangler refuses a missing [assets] directory; without a web build (--skip-web) the asset layer serves nothing,
  // but still stands in front of the Worker.
  const dist = path.join(root, 'web/dist');
  mkdirSync(dist, { recursive: true });
  run(['deploy', '--dry-run', '--outdir', path.join(dir, 'worker')]);
  cpSync(dist, path.join(dir, 'assets'), { recursive: true });
  const config = readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
    .replace(/^main\s*=.*$/m, 'main = "worker/index.js"')
    .replace(/^directory\s*=.*$/m, 'directory = "./assets"')
    .replace(/^migrations_dir\s*=\s*"(.*)"$/gm, (_, dir) => `migrations_dir = ${JSON.stringify(path.join(root, dir))}`);
  writeFileSync(path.join(dir, 'wrangler.toml'), config);
  if (existsSync(path.join(root, '.dev.vars'))) copyFileSync(path.join(root, '.dev.vars'), path.join(dir, '.dev.vars'));
  return path.join(dir, 'wrangler.toml');
}

/** The directory and every shard (scripts/db-migrate.mjs). */
export function migrateSnapshot(configPath, persistTo) {
  migrateAll({ configPath, persistTo, quiet: true });
}

/** The cron's path on each runtime (`?cron=` is appended). */
export const SCHEDULED_PATH = { miniflare: '/cdn-cgi/handler/scheduled', wrangler: '/__scheduled' };

/** The Worker's name in the bench's Miniflare: the route override that sends the cron trigger past the asset router. */
const WORKER_NAME = 'ushicho-bench';

/**
 * Serves the snapshot on `runtime` in development mode with D1 round trips counted (X-D1-Queries); resolves once
 * /api/v1/health answers. The server also triggers the cron: `scheduled('0 21 * * *')` resolves with the response.
 * On Miniflare the asset router stands in front of the Worker and cannot pass a scheduled event on, so the trigger
 * names the Worker itself (Miniflare's `MF-Route-Override`), as production's cron reaches the Worker directly.
 */
export async function serveSnapshot({ runtime, port, ...options }) {
  const vars = {
    ENVIRONMENT: 'development',
    BENCH_COUNT_D1: '1',
    APP_URL: `http://127.0.0.1:${port}`,
    LINE_MESSAGING_CHANNEL_SECRET: BENCH_LINE_SECRET,
  };
  const serve = runtime === 'wrangler' ? serveWithWrangler : serveWithMiniflare;
  const server = await serve({ ...options, port, vars });
  const scheduledUrl = (cron) =>
    `${server.url}${SCHEDULED_PATH[runtime ?? 'miniflare']}?cron=${encodeURIComponent(cron)}`;
  const scheduled = (cron) =>
    fetch(scheduledUrl(cron), { headers: runtime === 'wrangler' ? {} : { 'MF-Route-Override': WORKER_NAME } });
  return { ...server, scheduledUrl, scheduled };
}

async function serveWithMiniflare({ configPath, persistTo, port, vars = {}, inspectorPort }) {
  // As deployed (§24): with the [assets] of wrangler.toml, so Miniflare puts the asset router in front of the Worker
  // and every /api/* request pays its run_worker_first check, as in production. The router's entrypoint hands what
  // it does not handle itself (the cron trigger's scheduled event, the queue's batches) to the Worker.
  const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath);
  const workerDir = path.join(path.dirname(configPath), 'worker');
  let stderr = '';
  const mf = new Miniflare({
    ...workerOptions,
    name: WORKER_NAME,
    modules: true,
    modulesRoot: workerDir,
    scriptPath: path.join(workerDir, 'index.js'),
    modulesRules: [{ type: 'ESModule', include: ['**/*.js'] }],
    bindings: { ...workerOptions.bindings, ...vars },
    d1Persist: path.join(persistTo, 'v3', 'd1'),
    unsafeTriggerHandlers: true,
    host: '127.0.0.1',
    port,
    // Only bench/profile.mjs --cpu opens the DevTools inspector: it costs every request time production never pays.
    ...(inspectorPort ? { inspectorPort } : {}),
    // The Worker's request log lines are dropped; its errors are kept to explain a failure in the report.
    handleRuntimeStdio(stdout, err) {
      // BENCH_WORKER_LOGS=1 shows the Worker's own log lines, to debug a failing call.
      if (process.env.BENCH_WORKER_LOGS === '1') stdout.pipe(process.stdout);
      else stdout.resume();
      err.on('data', (data) => {
        if (process.env.BENCH_WORKER_LOGS === '1') process.stderr.write(data);
        stderr = (stderr + data.toString()).slice(-20_000);
      });
    },
  });
  await mf.ready;
  const url = `http://127.0.0.1:${port}`;
  const stop = () => mf.dispose().catch(() => {});
  /**
   * Runs one statement for the report and the dawn seed: on the directory (`DB`), or — when it names farm tables — on
   * the farm-data shards (decision 034): an INSERT on FARM_DB_0 (the bench's farms keep the default shard 0), a read on
   * every shard, a one-row aggregate's answers added up (`max…`/`most` columns take the largest).
   */
  const shardNames = [];
  for (let n = 0; ; n++) {
    try {
      await mf.getD1Database(`FARM_DB_${n}`);
      shardNames.push(`FARM_DB_${n}`);
    } catch {
      break;
    }
  }
  const on = async (name, statement) => (await (await mf.getD1Database(name)).prepare(statement).all()).results;
  const query = async (statement) => {
    if (!FARM_TABLES.test(statement) || shardNames.length === 0) return on('DB', statement);
    if (/\bINSERT\s+INTO\b/i.test(statement)) return on(shardNames[0], statement);
    const answers = await Promise.all(shardNames.map((name) => on(name, statement)));
    const aggregate = /\b(count|sum|max|min)\(/i.test(statement) && !/\bGROUP BY\b/i.test(statement);
    if (!aggregate) return answers.flat();
    const merged = {};
    for (const key of Object.keys(answers[0][0] ?? {})) {
      const values = answers.map((rows) => rows[0]?.[key]).filter((v) => typeof v === 'number');
      merged[key] =
        values.length === 0 ? null : /^(max|most)/i.test(key) ? Math.max(...values) : values.reduce((a, b) => a + b, 0);
    }
    return [merged];
  };
  // The databases themselves, for the farm move (bench/farm-move.mjs).
  const d1 = (name) => mf.getD1Database(name);
  return { url, stop, errors: () => stderr, query, d1, shardNames };
}

async function serveWithWrangler({ configPath, persistTo, port, vars = {}, timeoutMs = 90_000 }) {
  const args = ['dev', '-c', configPath, '--ip', '127.0.0.1', '--port', String(port), '--test-scheduled', '--local'];
  args.push('--persist-to', persistTo, '--show-interactive-dev-session=false', '--log-level', 'error');
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
  const child = spawn(wrangler, args, {
    cwd: root,
    env: offlineEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  // The Worker's errors (e.g. a failing cron run), kept to explain a failure in the report.
  let stderr = '';
  child.stderr.on('data', (data) => {
    stderr = (stderr + data.toString()).slice(-20_000);
  });
  const errors = () => stderr;
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, child, stop, errors };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`wrangler dev did not answer within ${timeoutMs} ms`);
}

/**
 * Serves the floor (bench/floor/worker.mjs, bundled with Hono by esbuild) on a second Miniflare instance at `port`:
 * the same workerd build and the same client as the snapshot. Like the snapshot it is served as deployed, behind an
 * asset router with `run_worker_first = ["/api/*"]` (over an empty directory), so the ratios to it are what the
 * Worker adds, not the platform's layer both pay; `assets: false` serves it bare, to measure that layer itself.
 * Resolves once it is ready.
 */
export async function serveFloor({ dir, port, assets = true }) {
  const { build } = await import('esbuild');
  const floorDir = path.join(dir, assets ? 'floor' : 'floor-bare');
  const out = path.join(floorDir, 'index.js');
  await build({
    entryPoints: [path.join(root, 'bench/floor/worker.mjs')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: out,
    logLevel: 'silent',
  });
  let assetOptions = {};
  if (assets) {
    mkdirSync(path.join(floorDir, 'assets'), { recursive: true });
    const config = path.join(floorDir, 'wrangler.toml');
    writeFileSync(
      config,
      [
        'name = "ushicho-bench-floor"',
        'main = "index.js"',
        'compatibility_date = "2026-04-20"',
        '[assets]',
        'directory = "./assets"',
        'not_found_handling = "single-page-application"',
        'run_worker_first = ["/api/*"]',
        '',
      ].join('\n'),
    );
    assetOptions = { assets: unstable_getMiniflareWorkerOptions(config).workerOptions.assets };
  }
  const mf = new Miniflare({
    name: 'ushicho-bench-floor',
    modules: true,
    modulesRoot: floorDir,
    scriptPath: out,
    compatibilityDate: '2026-04-20',
    ...assetOptions,
    // Persisted like the app's (bench/run.mjs's d1Persist): an in-memory D1 answered the same `SELECT 1` about 0.4 ms
    // slower here, more than the app's own one-read calls (status counts 2.2 ms against the D1 floor's 3.1).
    d1Databases: ['DB'],
    d1Persist: path.join(floorDir, 'd1'),
    host: '127.0.0.1',
    port,
    handleRuntimeStdio(stdout, err) {
      stdout.resume();
      err.on('data', (data) => process.env.BENCH_WORKER_LOGS === '1' && process.stderr.write(data));
    },
  });
  await mf.ready;
  return { url: `http://127.0.0.1:${port}`, stop: () => mf.dispose().catch(() => {}) };
}
