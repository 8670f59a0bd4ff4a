// `npm run db:migrate [-- --remote] [--persist-to DIR] [-c wrangler.toml]`: applies the migrations to the directory
// and to every farm-data shard declared in wrangler.toml (decision 034): each [[d1_databases]] block with a
// migrations_dir, with `wrangler d1 migrations apply <binding>`. Local by default; `--remote` for deployment.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { idFloorStatements, shardNumberOf } from './shard-id-floor.mjs';

const root = path.resolve(import.meta.dirname, '..');
const offlineEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn',
  NO_UPDATE_NOTIFIER: '1',
};

/** The D1 bindings that carry migrations, in the config's order: the directory first, then the shards. */
export function migratedBindings(configPath = path.join(root, 'wrangler.toml')) {
  return readFileSync(configPath, 'utf8')
    .split(/^\[\[d1_databases\]\]\s*$/m)
    .slice(1)
    .map((block) => block.split(/^\[/m)[0])
    .filter((block) => /^migrations_dir\s*=/m.test(block))
    .map((block) => /^binding\s*=\s*"([^"]+)"/m.exec(block)?.[1])
    .filter(Boolean);
}

export function migrateAll({ configPath, persistTo, remote = false, quiet = false } = {}) {
  const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');
  for (const binding of migratedBindings(configPath)) {
    const args = ['d1', 'migrations', 'apply', binding, remote ? '--remote' : '--local'];
    if (persistTo) args.push('--persist-to', persistTo);
    if (configPath) args.push('-c', configPath);
    const result = spawnSync(wrangler, args, {
      cwd: root,
      stdio: quiet ? 'pipe' : 'inherit',
      encoding: 'utf8',
      // Remote needs the network and the account; local runs offline.
      env: remote ? { ...process.env, CI: '1' } : { ...offlineEnv, CI: '1' },
    });
    if (result.status !== 0) {
      throw new Error(
        `wrangler ${args.join(' ')} failed (${result.status})${quiet ? `:\n${result.stderr}\n${result.stdout}` : ''}`,
      );
    }
    // Shard n's ids start above n × 10^12 (decision 051), also for the tables this run created.
    const floor = idFloorStatements(shardNumberOf(binding) ?? 0);
    if (floor.length > 0) {
      const execute = ['d1', 'execute', binding, remote ? '--remote' : '--local', '--command', floor.join('; ')];
      if (persistTo) execute.push('--persist-to', persistTo);
      if (configPath) execute.push('-c', configPath);
      const floored = spawnSync(wrangler, execute, {
        cwd: root,
        stdio: 'pipe',
        encoding: 'utf8',
        env: remote ? { ...process.env, CI: '1' } : { ...offlineEnv, CI: '1' },
      });
      if (floored.status !== 0) {
        throw new Error(
          `wrangler ${execute.slice(0, 4).join(' ')} (id floor) failed:\n${floored.stderr}\n${floored.stdout}`,
        );
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      remote: { type: 'boolean', default: false },
      'persist-to': { type: 'string' },
      config: { type: 'string', short: 'c' },
    },
  });
  migrateAll({ remote: values.remote, persistTo: values['persist-to'], configPath: values.config });
}
