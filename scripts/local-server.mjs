// Shared by `npm start`, the browser suite and the benchmark: build, migrate, serve with wrangler dev, seed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrateAll } from './db-migrate.mjs';

export const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
export const offlineEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn',
  NO_UPDATE_NOTIFIER: '1',
};

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: offlineEnv, ...options });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${result.status})`);
}

/** Local secrets for development. Generated once, never committed. */
export function ensureDevVars() {
  const file = path.join(root, '.dev.vars');
  if (existsSync(file)) return;
  const example = readFileSync(path.join(root, '.dev.vars.example'), 'utf8');
  writeFileSync(
    file,
    example.replace('JWT_SECRET=change-me-to-32-random-bytes-or-more', `JWT_SECRET=${randomBytes(32).toString('hex')}`),
  );
  console.log('Created .dev.vars for local development.');
}

export function buildWeb() {
  run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}

/** The directory and every shard, locally (scripts/db-migrate.mjs, `npm run db:migrate`). */
export function migrate(persistTo) {
  migrateAll({ persistTo });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer within ${timeoutMs} ms`);
}

/**
 * Starts wrangler dev on 127.0.0.1. `vars` override .dev.vars (e.g. APP_URL for the port in use).
 * Returns the base URL and a stop() that ends the process group it started.
 */
export async function serve({ port, persistTo, vars = {}, quiet = false, timeoutMs = 90_000 }) {
  const args = [
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--test-scheduled',
    '--local',
    '--show-interactive-dev-session=false',
  ];
  if (persistTo) args.push('--persist-to', persistTo);
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`);
  const child = spawn(bin('wrangler'), args, {
    cwd: root,
    env: offlineEnv,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
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
  try {
    await waitForHealth(url, child, timeoutMs);
  } catch (err) {
    stop();
    throw err;
  }
  return { url, child, stop };
}

/** Seeds the demo farm through the Worker's own code (development only); does nothing when it exists. */
export async function seedDemoFarm(url) {
  const response = await fetch(`${url}/api/v1/dev/seed`, { method: 'POST' });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`Seeding failed: ${response.status} ${JSON.stringify(body)}`);
  return body;
}
