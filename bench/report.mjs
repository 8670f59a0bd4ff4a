// Markdown for bench/results/latest.md and the README's Benchmark section.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ratioToFloor, referenceRun } from './budgets.mjs';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';
const mark = (pass) => (pass === null ? '–' : pass ? '✅ pass' : '❌ fail');
const n = (v) => (v === null || v === undefined ? '–' : typeof v === 'number' ? v.toLocaleString('en-US') : v);

export function renderMarkdown(report) {
  const m = report.machine;
  const ref = referenceRun(report);
  const lines = [];
  lines.push(
    `Ran ${report.ranAt.slice(0, 16).replace('T', ' ')} UTC on ${m.cpu} (${m.cores} cores, ${m.memoryGb} GB), ${m.os}, Node ${m.node}, wrangler ${m.wrangler}: ${m.runtime}.`,
  );
  lines.push('');
  const big = ref.totals.largeOwner;
  // The small farms are seeded with the reference herd size, on the one database every size's farm shares (bench/run.mjs).
  const smallRun = report.runs.find((r) => r.totals.smallOwners.owners > 0);
  const small = smallRun?.totals.smallOwners ?? ref.totals.smallOwners;
  const others = report.runs.filter((r) => r !== ref).map((r) => n(r.size));
  lines.push(
    `**${n(ref.size)} head**: one owner with ${n(big.animals)} animals written (${n(ref.size)} in the herd, ${n(big.shipments)} shipped over 5 years), ` +
      `${n(big.events)} events, ${n(big.shipments)} shipments, ${n(big.plans)} current plans; plus ${n(small.owners)} owners with ${n(small.animals ?? 0)} animals and ${n(small.events ?? 0)} events${others.length ? ` and the farms of ${others.join(' and ')} head` : ''}, all on one database served by one Worker. ` +
      `Latency is measured by a client on the same machine over keep-alive HTTP, after ${15} warm-up requests; ×8 = 8 concurrent clients.`,
  );
  lines.push('');
  // Every p50 and p95 also as a ratio to the floor's (the bare Hono Worker), which holds on any machine.
  const floor = ref.calls.find((c) => c.kind === 'floor' && c.available)?.sequential;
  const ratio = (ms, of) => (of ? `${ratioToFloor(ms, of)}×` : '–');
  lines.push(
    '| Call | p50 ms | p50 ÷ floor | p95 ms | p95 ÷ floor | p99 ms | req/s | p95 ms ×8 | req/s ×8 | D1 trips | peak MB | p95 budget | |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  const latency = new Map(report.budgets.filter((b) => b.budget === 'p95 latency').map((b) => [b.subject, b]));
  for (const call of ref.calls) {
    if (!call.available) {
      lines.push(`| ${call.name} | not available | | | | | | | | | | ${call.budgetMs} | – |`);
      continue;
    }
    const s = call.sequential;
    const c = call.concurrent;
    // Counted with the access check not kept (the worst case); "kept" is what a run of reads pays (decision 030).
    const kept =
      call.d1Kept !== undefined && call.d1Kept !== null && call.d1Kept !== call.d1 ? `, ${call.d1Kept} kept` : '';
    const d1 = `${call.d1Large !== undefined ? `${call.d1} (${call.d1Large} at limit 100)` : n(call.d1)}${kept}`;
    const budget = call.budgetMs === null ? '–' : `≤ ${call.budgetMs}`;
    lines.push(
      `| ${call.name} | ${s.p50} | ${ratio(s.p50, floor?.p50)} | ${s.p95} | ${ratio(s.p95, floor?.p95)} | ${s.p99} | ${s.rps} | ${c.p95} | ${c.rps} | ${d1} | ${n(call.peakMb)} | ${budget} | ${mark(latency.get(call.name)?.pass ?? null)} |`,
    );
  }
  lines.push('');
  const cronStatus = (r) => `${Math.round(r.ms)} ms${r.status >= 400 ? ` (failed: HTTP ${r.status})` : ''}`;
  const queue =
    ref.cron.first.enqueueMs === undefined
      ? ''
      : ` The cron invocation itself (clean-up, the farm list on the queue) took ${Math.round(ref.cron.first.enqueueMs)} ms; the time is to the queue's consumer finishing the last farm. The second run finds every farm done for the day.`;
  lines.push(
    `Cron (${'`0 21 * * *`'}, through the dawn queue, run after this farm was seeded; the farms seeded before it were done for the day${ref.totals.smallOwners.owners ? `, the ${n(small.owners)} small farms came with it` : ''}): first run ${cronStatus(ref.cron.first)}, again ${cronStatus(ref.cron.again)}.${queue}`,
  );
  if (ref.cron.first.error) lines.push('', '```', ref.cron.first.error.slice(-600), '```');
  if (ref.farmMove) {
    const ways = ref.farmMove.ways
      .map(
        (w) =>
          `shard ${w.from} → ${w.to} ${n(w.rows)} rows in ${n(w.workMs)} ms (+${n(w.settleMs)} ms waiting out kept answers)`,
      )
      .join('; ');
    lines.push(
      '',
      `**Farm move** (\`npm run farm:move\`, decision 055): the ${n(ref.size)}-head farm to the other shard and back, every row copied with its id and compared: ${ways}. Its screens answered ${ref.farmMove.same ? 'the same after both moves' : `differently after: ${ref.farmMove.differing.join(', ')}`}.`,
    );
  }
  lines.push('');
  lines.push(
    `Machine load (1-minute load average) during the ${n(ref.size)}-head measurements: ${ref.loadAverage.join(' → ')} on ${m.cores} cores. The floor row is a bare Hono "hello" Worker on the same workerd behind the same asset router as the Worker (\`run_worker_first\` for /api/*), measured by the same client (HTTP into workerd, the asset layer and Hono routing, nothing else; the next row is the floor without the asset layer, the one after it the floor with one D1 read, \`SELECT 1\` on a local D1, and then a write's shape on D1 with none of its work: 6 reads, then 12 inserts, in 2 batches, as an event create reads and writes); the ratio columns divide by it, so they hold on any machine. On a busy machine every row rises with it.`,
  );

  if (report.runs.length > 1) {
    lines.push('');
    lines.push(
      '**Growth with herd size** (sequential p50 ms, every size measured side by side in rounds; in brackets the SQL time D1 reported, p50 ms, for batches and all/run calls — raw reads report none; D1 round trips per size):',
    );
    lines.push('');
    lines.push(
      `| Call | kind | ${report.runs.map((r) => `${n(r.size)} head`).join(' | ')} | D1 | seeding s |`.replace(
        ' | seeding s |',
        ' |',
      ),
    );
    lines.push(`|---|---|${report.runs.map(() => '---:').join('|')}|---|`);
    for (const call of ref.calls) {
      const per = report.runs.map((r) => r.calls.find((c) => c.name === call.name));
      if (!per.some((c) => c?.available)) continue;
      lines.push(
        `| ${call.name} | ${call.kind} | ${per.map((c) => (c?.available ? `${c.sequential.p50}${c.sqlP50 ? ` (${c.sqlP50})` : ''}` : '–')).join(' | ')} | ${per.map((c) => (c?.available ? c.d1 : '–')).join('/')} |`,
      );
    }
    lines.push(
      `| cron, first run | the size's farm${smallRun ? ` (${n(smallRun.size)} head's with the small farms)` : ''} | ${report.runs.map((r) => Math.round(r.cron.first.ms)).join(' | ')} | |`,
    );
    lines.push('');
    lines.push(
      `Seeding took ${report.runs.map((r) => `${r.seedSeconds.toFixed(0)} s at ${n(r.size)} head (${n(r.totals.largeOwner.events)} events)`).join(', ')}.`,
    );
  }

  if (report.dawn) {
    const d = report.dawn;
    lines.push('');
    lines.push(
      `**Dawn run through the queue** (decision 035): ${n(d.farms)} farms of ${d.head} head (${n(d.farms * d.head)} head) on a fresh local D1, one cron: ` +
        `the last farm done ${(d.ms / 1000).toFixed(1)} s after the trigger (${d.farmsPerSecond} farms/s, ${d.serialMsPerFarm} ms a farm; the cron invocation ${Math.round(d.enqueueMs)} ms), ` +
        `${n(d.done)} done, ${n(d.dead)} dead, ${n(d.tries)} tries; per farm from claim to done, ten side by side in a batch, p50 ${d.workMs.p50} ms, p95 ${d.workMs.p95} ms, max ${d.workMs.max} ms; ` +
        `${n(d.alerts)} alerts written, ${n(d.digests)} digests. Miniflare delivers one batch of 10 at a time (no consumer concurrency); load average ${d.loadAverage}.`,
    );
  }

  if (report.bundle) {
    const b = report.bundle;
    lines.push('');
    lines.push(
      `**Web bundle** (gzip): initial JS ${b.initialJsKb} KB (${b.initialJsFiles.length} files, ${b.initialJsRawKb} KB raw), initial CSS ${b.initialCssKb} KB, all CSS ${b.allCssKb} KB, all JS ${b.allJsKb} KB. Largest screens (chunk / with the imports it adds):`,
    );
    lines.push('');
    lines.push(`| Screen | chunk KB | screen total KB |`);
    lines.push('|---|---:|---:|');
    for (const r of b.routes.slice(0, 8)) lines.push(`| ${r.name} | ${r.chunkKb} | ${r.routeKb} |`);
  }

  lines.push('');
  lines.push('**Budgets**');
  lines.push('');
  lines.push('| Budget | Subject | Value | Limit | |');
  lines.push('|---|---|---|---|---|');
  for (const b of report.budgets) {
    if (b.budget === 'p95 latency') continue;
    lines.push(`| ${b.budget} | ${b.subject} | ${n(b.value)} | ${n(b.limit)} | ${mark(b.pass)} |`);
  }
  const failed = report.budgets.filter((b) => b.pass === false);
  const unchecked = report.budgets.filter((b) => b.pass === null);
  lines.push('');
  lines.push(
    `${report.budgets.length - failed.length - unchecked.length} of ${report.budgets.length} budgets pass${failed.length ? `, ${failed.length} fail` : ''}${unchecked.length ? `, ${unchecked.length} not checked (call not available)` : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}

/** Replaces the README's Benchmark section body (between the bench markers) with the latest table. */
export function updateReadme(file, markdown) {
  if (!existsSync(file)) return;
  const readme = readFileSync(file, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1 || end < start) {
    console.log('README.md has no bench markers; the table is in bench/results/latest.md.');
    return;
  }
  writeFileSync(file, `${readme.slice(0, start + START.length)}\n${markdown}${readme.slice(end)}`);
}
