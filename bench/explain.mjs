// Runs SQL against a kept benchmark database on workerd's own SQLite (through Miniflare's D1), printing the query
// plan and the time of each run. Debian's sqlite3 is older and plans some queries differently
// (docs/decisions/014-benchmark-runtime.md), so plans are checked here.
//   node bench/explain.mjs --persist /tmp/b/2000/d1 --file query.sql [--runs 5] [--farm 1 | --db FARM_DB_1]
// The file holds one statement, with parameters written as literals. A statement that names a farm table runs on a
// farm-data shard (decision 034): the shard of `--farm` (its farms.shard in the directory), else FARM_DB_0; any other
// statement on the directory; `--db` names the binding instead. The bindings and their database ids are
// wrangler.toml's, as the bench migrates them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare } from 'miniflare';
import { FARM_TABLES } from './farm-tables.mjs';

const { values: args } = parseArgs({
  options: {
    persist: { type: 'string' },
    file: { type: 'string' },
    runs: { type: 'string', default: '5' },
    db: { type: 'string' },
    farm: { type: 'string' },
  },
});
const query = readFileSync(args.file, 'utf8').trim().replace(/;$/, '');
const config = readFileSync(path.join(import.meta.dirname, '..', 'wrangler.toml'), 'utf8');
const databases = Object.fromEntries(
  config
    .split(/^\[\[d1_databases\]\]\s*$/m)
    .slice(1)
    .map((block) => [/^binding\s*=\s*"([^"]+)"/m.exec(block)?.[1], /^database_id\s*=\s*"([^"]+)"/m.exec(block)?.[1]])
    .filter(([binding, id]) => binding && id),
);
const mf = new Miniflare({
  modules: true,
  script: 'export default { fetch: () => new Response("") }',
  compatibilityDate: '2026-04-20',
  d1Databases: databases,
  d1Persist: path.join(args.persist, 'v3', 'd1'),
});
try {
  let binding = args.db ?? (FARM_TABLES.test(query) && databases.FARM_DB_0 ? 'FARM_DB_0' : 'DB');
  if (!args.db && binding !== 'DB' && args.farm) {
    const directory = await mf.getD1Database('DB');
    const farm = await directory.prepare('SELECT shard FROM farms WHERE id = ?').bind(Number(args.farm)).first();
    if (!farm) throw new Error(`--farm ${args.farm}: no such farm in the directory`);
    binding = `FARM_DB_${farm.shard}`;
  }
  if (!databases[binding]) throw new Error(`${binding}: not a D1 binding of wrangler.toml`);
  const db = await mf.getD1Database(binding);
  console.log(`on ${binding}`);
  const plan = await db.prepare(`EXPLAIN QUERY PLAN ${query}`).all();
  const depth = new Map([[0, -1]]);
  for (const row of plan.results) {
    depth.set(row.id, (depth.get(row.parent) ?? -1) + 1);
    console.log(`${'  '.repeat(depth.get(row.id))}${row.detail}`);
  }
  for (let i = 0; i < Number(args.runs); i++) {
    const t0 = performance.now();
    const result = await db.prepare(query).all();
    console.log(
      `run ${i + 1}: ${(performance.now() - t0).toFixed(1)} ms, ${result.results.length} rows, SQL ${result.meta.duration} ms`,
    );
  }
} finally {
  await mf.dispose();
}
