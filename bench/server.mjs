// A frozen copy of the Worker for the benchmark: other work in the checkout must not reload wrangler dev in
// the middle of a measurement. The Worker is bundled once (wrangler deploy --dry-run) and the web build copied
// to a temporary directory; wrangler dev then serves that snapshot (it only watches the snapshot's files) against
// a fresh --persist-to directory per herd size, with --test-scheduled for the cron endpoint.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { offlineEnv, root } from '../scripts/local-server.mjs';

const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');

function run(args, env = offlineEnv) {
  const result = spawnSync(wrangler, args, { cwd: root, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed (${result.status}):\n${result.stderr}\n${result.stdout}`);
}

/** Bundles the Worker and copies the web build into `dir`; returns the snapshot's wrangler config path. */
export function snapshotWorker(dir) {
  mkdirSync(dir, { recursive: true });
  run(['deploy', '--dry-run', '--outdir', path.join(dir, 'worker')]);
  const dist = path.join(root, 'web/dist');
  if (existsSync(dist)) cpSync(dist, path.join(dir, 'assets'), { recursive: true });
  else mkdirSync(path.join(dir, 'assets'));
  const config = readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
    .replace(/^main\s*=.*$/m, 'main = "worker/index.js"')
    .replace(/^directory\s*=.*$/m, 'directory = "./assets"')
    .replace(/^migrations_dir\s*=.*$/m, `migrations_dir = ${JSON.stringify(path.join(root, 'migrations'))}`);
  writeFileSync(path.join(dir, 'wrangler.toml'), config);
  if (existsSync(path.join(root, '.dev.vars'))) copyFileSync(path.join(root, '.dev.vars'), path.join(dir, '.dev.vars'));
  return path.join(dir, 'wrangler.toml');
}

export function migrateSnapshot(configPath, persistTo) {
  run(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo, '-c', configPath], { ...offlineEnv, CI: '1' });
}

/** Starts wrangler dev on the snapshot; resolves once /api/v1/health answers. */
export async function serveSnapshot({ configPath, persistTo, port, vars = {}, timeoutMs = 90_000 }) {
  const args = ['dev', '-c', configPath, '--ip', '127.0.0.1', '--port', String(port), '--test-scheduled', '--local'];
  args.push('--persist-to', persistTo, '--show-interactive-dev-session=false', '--log-level', 'error');
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
  const child = spawn(wrangler, args, { cwd: root, env: offlineEnv, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
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
