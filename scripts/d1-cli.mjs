// The D1 databases of wrangler.toml for the scripts that move rows (db:move-to-shards, farm:move): local ones through
// Miniflare (wrangler's local state), remote ones through `wrangler d1 execute --remote`, each with enough of D1's
// binding (prepare/bind/all/first/run/batch) for scripts/*-core.mjs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' };
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');

export function wranglerRun(configPath, args) {
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

/** Enough of a D1 binding over `wrangler d1 execute --remote` for the scripts' cores. */
export function remoteD1(configPath, binding) {
  const execute = (sql) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ushicho-d1-'));
    const file = path.join(dir, 'statements.sql');
    writeFileSync(file, sql);
    try {
      return JSON.parse(wranglerRun(configPath, ['d1', 'execute', binding, '--remote', '--json', '--file', file]));
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

/** The database id of a D1 binding in wrangler.toml. */
function databaseId(config, binding, configPath) {
  const block = config
    .split(/^\[\[d1_databases\]\]\s*$/m)
    .find((b) => new RegExp(`^binding\\s*=\\s*"${binding}"`, 'm').test(b));
  const id = block && /^database_id\s*=\s*"([^"]+)"/m.exec(block)?.[1];
  if (!id) throw new Error(`${binding} is not declared in ${configPath}`);
  return id;
}

/** The farm-data shards' bindings declared in wrangler.toml, FARM_DB_0 … FARM_DB_n. */
export function shardBindingsOf(configPath) {
  const config = readFileSync(configPath, 'utf8');
  const names = [...config.matchAll(/^binding\s*=\s*"(FARM_DB_\d+)"/gm)].map((m) => m[1]);
  return names.sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)));
}

/** Local D1 databases (wrangler's local state under `persistTo`, or .wrangler/state) through Miniflare. */
export async function localD1s(configPath, bindings, persistTo) {
  const { Miniflare } = await import('miniflare');
  const config = readFileSync(configPath, 'utf8');
  const persist = persistTo ?? path.join(path.dirname(configPath), '.wrangler', 'state');
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }); } }',
    d1Databases: Object.fromEntries(bindings.map((b) => [b, databaseId(config, b, configPath)])),
    d1Persist: path.join(persist, 'v3', 'd1'),
  });
  const dbs = {};
  for (const b of bindings) dbs[b] = await mf.getD1Database(b);
  return { dbs, stop: () => mf.dispose() };
}
