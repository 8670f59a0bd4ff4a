// Runs SQL against a kept benchmark database on workerd's own SQLite (through Miniflare's D1), printing the query
// plan and the time of each run. Debian's sqlite3 is older and plans some queries differently
// (docs/decisions/014-benchmark-runtime.md), so plans are checked here.
//   node bench/explain.mjs --persist /tmp/b/2000/d1 --file query.sql [--runs 5]
// The file holds one statement, with parameters written as literals.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare } from 'miniflare';

const { values: args } = parseArgs({
  options: { persist: { type: 'string' }, file: { type: 'string' }, runs: { type: 'string', default: '5' } },
});
const query = readFileSync(args.file, 'utf8').trim().replace(/;$/, '');
const mf = new Miniflare({
  modules: true,
  script: 'export default { fetch: () => new Response("") }',
  compatibilityDate: '2026-04-20',
  d1Databases: { DB: '00000000-0000-0000-0000-000000000000' },
  d1Persist: path.join(args.persist, 'v3', 'd1'),
});
try {
  const db = await mf.getD1Database('DB');
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
