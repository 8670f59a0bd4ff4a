// `node bench/profile.mjs --db <dir kept by npm run bench -- --keep-db>`: what each part of a write costs. Serves this
// tree's Worker (migrated forward) on a copy of a benchmark database, then records events and registers animals on
// each herd's farm, asking the Worker for each statement's SQL time (X-D1-Profile, worker/lib/d1-counter.ts):
// the time of a request, its SQL, and the SQL by part (the event insert and its triggers, the recomputed breeding
// state, kept KPI figures, alerts, filings, programme triggers, the change history, the reads).
//
//   node bench/profile.mjs --db /tmp/ushicho-bench-XXXX --samples 40 [--sizes 500,2000,8000] [--cpu]
//
// --cpu also records the Worker's JavaScript through the DevTools inspector while the writes run and prints the
// functions that took the most CPU time of their own (the bundled source's names and lines).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { ensureDevVars } from '../scripts/local-server.mjs';
import { migrateSnapshot, serveSnapshot, snapshotWorker } from './server.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    sizes: { type: 'string', default: '500,2000,8000' },
    samples: { type: 'string', default: '40' },
    port: { type: 'string', default: '8809' },
    cpu: { type: 'boolean', default: false },
  },
});
if (!args.db) throw new Error('--db: a database directory kept by `npm run bench -- --keep-db`');
const sizes = args.sizes.split(',').map(Number);
const samples = Number(args.samples);

/** The part of a write a statement belongs to, by its first words. */
const PARTS = [
  ['event insert (+ triggers)', /^insert into "?events"?/i],
  ['kept KPI figures', /kpi_figures|kpi_stale/i],
  ['breeding state', /breeding_status|breeding_summary/i],
  ['animal status + history', /^(update "?cattle"?|insert into "?cattle_status_history)/i],
  ['alerts', /alert/i],
  ['filings', /filing/i],
  ['programme triggers', /task|programme|enrol/i],
  ['change history', /audit_log/i],
  ['animal insert (+ triggers)', /^insert into "?cattle"?/i],
  ['calf / mother / bloodline', /mother_info|bloodline/i],
  ['reads', /^(select|with)/i],
];
const partOf = (label) => PARTS.find(([, re]) => re.test(label))?.[0] ?? `other: ${label.slice(0, 50)}`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : Number.NaN;
};

async function call(url, token, { method = 'GET', path: p, body }) {
  const t0 = performance.now();
  const response = await fetch(`${url}/api/v1${p}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'X-D1-Profile': '1',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const ms = performance.now() - t0;
  if (response.status >= 400) throw new Error(`${method} ${p}: ${response.status} ${text.slice(0, 200)}`);
  const profile = JSON.parse(decodeURIComponent(response.headers.get('X-D1-Profile') ?? '%5B%5D'));
  return {
    ms,
    trips: Number(response.headers.get('X-D1-Queries')),
    sqlMs: Number(response.headers.get('X-D1-Sql-Ms')),
    profile,
    json: JSON.parse(text),
  };
}

function summary(name, runs) {
  const parts = new Map();
  for (const run of runs)
    for (const [label, ms] of run.profile) {
      const part = partOf(label);
      const list = parts.get(part) ?? Array(runs.length).fill(0);
      list[runs.indexOf(run)] += ms;
      parts.set(part, list);
    }
  console.log(
    `\n${name}: p50 ${median(runs.map((r) => r.ms)).toFixed(1)} ms, SQL ${median(runs.map((r) => r.sqlMs)).toFixed(2)} ms, ` +
      `D1 round trips ${median(runs.map((r) => r.trips))}, ${runs.length} requests`,
  );
  for (const [part, list] of [...parts].sort((a, b) => median(b[1]) - median(a[1])))
    console.log(`  ${part.padEnd(34)} ${median(list).toFixed(3)} ms SQL (p50)`);
  if (process.env.PROFILE_STATEMENTS === '1')
    for (const [label, ms] of runs.at(-1).profile) console.log(`    ${String(ms).padStart(5)} ms  ${label}`);
}

ensureDevVars();
const snapshotDir = mkdtempSync(path.join(os.tmpdir(), 'ushicho-profile-worker-'));
const persistTo = mkdtempSync(path.join(os.tmpdir(), 'ushicho-profile-db-'));
let server;
try {
  const configPath = snapshotWorker(snapshotDir);
  cpSync(args.db, persistTo, { recursive: true });
  migrateSnapshot(configPath, persistTo);
  const inspectorPort = args.cpu ? Number(args.port) + 1 : undefined;
  server = await serveSnapshot({ runtime: 'miniflare', configPath, port: Number(args.port), persistTo, inspectorPort });
  const cpu = inspectorPort ? await cpuProfiler(inspectorPort) : null;
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const owners = [];
  for (const size of sizes) {
    const owner = await fetch(`${server.url}/api/v1/dev/bench-seed/owner`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `bench-large-${size}@ushicho.example`, userName: '大規模牧場' }),
    }).then((r) => r.json());
    const page = await call(server.url, owner.token, { path: '/cattle?status=HEALTHY&gender=雌&limit=100' });
    owners.push({ size, token: owner.token, cows: page.json.data.results.map((c) => c.cattleId) });
  }
  const runs = new Map();
  const run = runStart();
  for (let i = 0; i < samples; i++) {
    if (i === 5) await cpu?.start();
    for (const { size, token, cows } of owners) {
      const cow = cows[(i * 31) % cows.length];
      const event =
        i % 2
          ? { eventType: 'WEIGHT_MEASURED', details: { weightKg: 500 + (i % 90) } }
          : { eventType: 'ESTRUS', details: null };
      const body = { cattleId: cow, eventDatetime: new Date().toISOString(), ...event };
      const created = await call(server.url, token, { method: 'POST', path: '/events', body });
      const animal = await call(server.url, token, {
        method: 'POST',
        path: '/cattle',
        body: {
          name: 'プロファイル',
          identificationNumber: `8${String((run + i * 10 + sizes.indexOf(size)) % 1_000_000_000).padStart(9, '0')}`,
          gender: '雌',
          growthStage: 'CALF',
          birthday: '2026-01-15',
          breed: '黒毛和種',
        },
      });
      const health = await call(server.url, token, { path: '/health' });
      for (const [name, r] of [
        [`event create, ${size} head`, created],
        [`cattle create, ${size} head`, animal],
        [`health, ${size} head`, health],
      ])
        runs.set(name, [...(runs.get(name) ?? []), r]);
    }
  }
  if (cpu) printCpu(await cpu.stop());
  for (const [name, list] of runs) summary(name, list.slice(Math.min(5, list.length - 1)));
} finally {
  server?.stop();
  rmSync(snapshotDir, { recursive: true, force: true });
  rmSync(persistTo, { recursive: true, force: true });
}

/** Each profile's new animals get 個体識別番号 of their own: 8 and nine digits counted from its start. */
function runStart() {
  return Date.now() % 900_000_000;
}

/** The Worker's V8 profiler through Miniflare's inspector (Chrome DevTools Protocol). */
async function cpuProfiler(port) {
  const targets = await fetch(`http://127.0.0.1:${port}/json`).then((r) => r.json());
  const target = targets.find((t) => t.title?.includes('ushicho')) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 100 });
  return {
    start: () => send('Profiler.start'),
    stop: async () => {
      const { profile } = await send('Profiler.stop');
      ws.close();
      return profile;
    },
  };
}

/** Self time by function, and time under each function (once per sample however deep it recurses). */
function printCpu(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  const self = new Map();
  const total = new Map();
  let all = 0;
  profile.samples.forEach((sample, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    all += us;
    const node = byId.get(sample);
    self.set(key(node), (self.get(key(node)) ?? 0) + us);
    const seen = new Set();
    for (let at = sample; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at));
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + us);
    }
  });
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / all).toFixed(1).padStart(5)} %  ${k}`,
      )
      .join('\n');
  console.log(
    `\nCPU profile: ${(all / 1000).toFixed(0)} ms sampled\nself time:\n${top(self, 40)}\ntotal time:\n${top(total, 60)}`,
  );
}
