// `npm run db:move-to-shards [-- --remote] [--shard 0] [--persist-to DIR] [-c wrangler.toml]`: turns a single-database
// deployment (migrations/0000–0020 on binding DB) into the directory plus one farm-data shard (decision 034). Run it
// once, before the first `npm run db:migrate` of the sharded layout, with the Worker's writes paused. The old database
// stays the directory (same binding, same id): accounts, sessions and farms do not move. Every farm-data table is
// copied to FARM_DB_<shard> with its ids, compared row by row with the original, and only then dropped from the
// directory; then every database is migrated. Local (wrangler's local D1, through Miniflare) by default; --remote
// works through `wrangler d1 execute --remote` (take a Time Travel bookmark first: `wrangler d1 time-travel info DB`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateAll } from './db-migrate.mjs';
import { moveToShard } from './move-to-shards-core.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    remote: { type: 'boolean', default: false },
    shard: { type: 'string', default: '0' },
    'persist-to': { type: 'string' },
    config: { type: 'string', short: 'c' },
  },
});
const configPath = values.config ?? path.join(root, 'wrangler.toml');
const shardNumber = Number(values.shard);
const shardBinding = `FARM_DB_${shardNumber}`;
const env = { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' };
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');

function wranglerRun(args) {
  const result = spawnSync(wrangler, [...args, '-c', configPath], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed:\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
}

/** A value written into SQL text (the remote CLI takes no bound parameters). */
function literal(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return `'${String(value).replaceAll("'", "''")}'`;
}
const inline = (sql, params) => {
  let i = 0;
  return sql.replace(/\?/g, () => literal(params[i++]));
};

/** Enough of a D1 binding over `wrangler d1 execute --remote` for the move. */
function remoteD1(binding) {
  const execute = (sql) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ushicho-move-'));
    const file = path.join(dir, 'statements.sql');
    writeFileSync(file, sql);
    try {
      return JSON.parse(wranglerRun(['d1', 'execute', binding, '--remote', '--json', '--file', file]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const statement = (sql, params = []) => ({
    sql: inline(sql, params),
    bind: (...values) => statement(sql, values),
    all: async () => ({ results: execute(inline(sql, params))[0]?.results ?? [] }),
    first: async (column) => {
      const row = execute(inline(sql, params))[0]?.results?.[0] ?? null;
      return column === undefined || row === null ? row : row[column];
    },
    run: async () => execute(inline(sql, params))[0],
  });
  return {
    prepare: (sql) => statement(sql),
    batch: async (statements) => execute(statements.map((s) => `${s.sql};`).join('\n')),
  };
}

async function localD1s() {
  const { Miniflare } = await import('miniflare');
  const config = readFileSync(configPath, 'utf8');
  const idOf = (binding) => {
    const block = config
      .split(/^\[\[d1_databases\]\]\s*$/m)
      .find((b) => new RegExp(`^binding\\s*=\\s*"${binding}"`, 'm').test(b));
    const id = block && /^database_id\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    if (!id) throw new Error(`${binding} is not declared in ${configPath}`);
    return id;
  };
  const persist = values['persist-to'] ?? path.join(path.dirname(configPath), '.wrangler', 'state');
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }); } }',
    d1Databases: { DB: idOf('DB'), [shardBinding]: idOf(shardBinding) },
    d1Persist: path.join(persist, 'v3', 'd1'),
  });
  return {
    source: await mf.getD1Database('DB'),
    shard: await mf.getD1Database(shardBinding),
    stop: () => mf.dispose(),
  };
}

// The shard first, so the copy lands in its tables; the directory's init is recorded by the move itself.
wranglerRun([
  'd1',
  'migrations',
  'apply',
  shardBinding,
  values.remote ? '--remote' : '--local',
  ...(values['persist-to'] ? ['--persist-to', values['persist-to']] : []),
]);
const dbs = values.remote
  ? { source: remoteD1('DB'), shard: remoteD1(shardBinding), stop: async () => {} }
  : await localD1s();
try {
  const counts = await moveToShard(dbs.source, dbs.shard, { shardNumber, log: (line) => console.log(line) });
  console.log(`Moved to ${shardBinding}; every table's rows checked before and after:`);
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(24)} ${n}`);
} finally {
  await dbs.stop();
}
migrateAll({ configPath, persistTo: values['persist-to'], remote: values.remote });
