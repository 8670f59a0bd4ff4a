// `npm run bench:integrity`: concurrent clients mixing reads and writes on a small herd for a fixed time, then an
// integrity check: every event answered 201 (and not deleted since) is stored, every deleted one is gone, and every
// animal's breeding state equals a fresh recompute from its events (GET /api/v1/dev/integrity, development only).
// Serves the same frozen Worker snapshot on workerd through Miniflare as `npm run bench` (bench/server.mjs).
//
//   npm run bench:integrity                                  # 30 s, 8 clients, 12 cows
//   npm run bench:integrity -- --seconds 10 --clients 4 --cows 6
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDevVars, root } from '../scripts/local-server.mjs';
import { migrateSnapshot, serveSnapshot, snapshotWorker } from './server.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    clients: { type: 'string', default: '8' },
    cows: { type: 'string', default: '12' },
    port: { type: 'string', default: '8797' },
  },
});
const seconds = Number(args.seconds);
const clients = Number(args.clients);
const cowCount = Number(args.cows);
const started = Date.now();
const log = (m) => console.log(`[integrity ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${m}`);

let server;
const stop = () => server?.stop();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stop();
    process.exit(130);
  });

async function call(url, token, method, p, body) {
  const t0 = performance.now();
  const response = await fetch(`${url}/api/v1${p}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, ms: performance.now() - t0 };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
};

function newEvent(cattleId) {
  const r = Math.random();
  const eventDatetime = day(-Math.floor(Math.random() * 400) - 1);
  if (r < 0.45) return { cattleId, eventType: 'INSEMINATION', eventDatetime, details: { sireName: '安福久' } };
  if (r < 0.65) return { cattleId, eventType: 'ESTRUS', eventDatetime };
  if (r < 0.85)
    return {
      cattleId,
      eventType: 'PREGNANCY_CHECK',
      eventDatetime,
      details: { result: Math.random() < 0.6 ? 'PREGNANT' : 'OPEN' },
    };
  return { cattleId, eventType: 'CALVING', eventDatetime, details: { calves: [{ gender: '雌', stillborn: true }] } };
}

async function main() {
  ensureDevVars();
  const snapshotDir = mkdtempSync(path.join(os.tmpdir(), 'ushicho-integrity-worker-'));
  const persistTo = mkdtempSync(path.join(os.tmpdir(), 'ushicho-integrity-db-'));
  try {
    log('bundling a snapshot of the Worker and migrating a fresh local D1');
    const configPath = snapshotWorker(snapshotDir);
    migrateSnapshot(configPath, persistTo);
    server = await serveSnapshot({ runtime: 'miniflare', configPath, port: Number(args.port), persistTo });
    const { url } = server;
    const ownerResponse = await fetch(`${url}/api/v1/dev/bench-seed/owner`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `integrity-${Date.now()}@ushicho.example`, userName: '整合性牧場' }),
    });
    const { token } = await ownerResponse.json();
    const farmId = (await call(url, token, 'GET', '/farms')).json.data[0].id;
    const cows = [];
    for (let i = 0; i < cowCount; i++) {
      const res = await call(url, token, 'POST', '/cattle', {
        name: `整合${i + 1}`,
        identificationNumber: String(1_500_000_000 + i),
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        breed: '黒毛和種',
        birthday: '2016-04-01',
        breeding: { parity: 1 },
      });
      if (res.status !== 201) throw new Error(`creating a cow failed: ${res.status} ${JSON.stringify(res.json)}`);
      cows.push(res.json.data.cattleId);
    }
    log(`${cowCount} cows on farm ${farmId}; ${clients} clients for ${seconds} s`);

    /** Events answered 201 and not deleted since (id → cattle id), and those deleted with a 2xx. */
    const live = new Map();
    const deleted = new Set();
    const stats = {};
    const record = (op, res) => {
      if (!stats[op]) stats[op] = { statuses: {}, ms: [] };
      const s = stats[op];
      s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
      s.ms.push(res.ms);
    };
    const deadline = Date.now() + seconds * 1000;
    async function client() {
      while (Date.now() < deadline) {
        const r = Math.random();
        const cow = pick(cows);
        const ids = [...live.keys()];
        if (r < 0.35 || ids.length < 5) {
          const res = await call(url, token, 'POST', '/events', newEvent(cow));
          record('POST /events', res);
          if (res.status === 201) live.set(res.json.data.eventId, cow);
        } else if (r < 0.45) {
          const id = pick(ids);
          const res = await call(url, token, 'PATCH', `/events/${id}`, {
            eventDatetime: day(-Math.floor(Math.random() * 400) - 1),
          });
          record('PATCH /events/{id}', res);
        } else if (r < 0.52) {
          const id = pick(ids);
          const res = await call(url, token, 'DELETE', `/events/${id}`);
          record('DELETE /events/{id}', res);
          if (res.status < 300) {
            live.delete(id);
            deleted.add(id);
          }
        } else if (r < 0.75) record('GET /cattle/{id}', await call(url, token, 'GET', `/cattle/${cow}`));
        else if (r < 0.92)
          record('GET /events?cattleId', await call(url, token, 'GET', `/events?cattleId=${cow}&limit=50`));
        else record('GET /cattle', await call(url, token, 'GET', '/cattle?limit=20'));
      }
    }
    await Promise.all(Array.from({ length: clients }, client));
    log('load done; checking integrity');

    const missing = [];
    for (const [id, cattleId] of live) {
      const res = await call(url, token, 'GET', `/events/${id}`);
      if (res.status !== 200 || res.json.data.cattleId !== cattleId) missing.push({ id, status: res.status });
    }
    const resurrected = [];
    for (const id of deleted) {
      const res = await call(url, token, 'GET', `/events/${id}`);
      if (res.status !== 404) resurrected.push({ id, status: res.status });
    }
    const check = (await call(url, token, 'GET', `/dev/integrity?farmId=${farmId}`)).json;
    const summary = Object.fromEntries(
      Object.entries(stats).map(([op, s]) => [
        op,
        { count: s.ms.length, statuses: s.statuses, p50Ms: percentile(s.ms, 50), p95Ms: percentile(s.ms, 95) },
      ]),
    );
    const total = Object.values(stats).reduce((n, s) => n + s.ms.length, 0);
    const serverErrors = Object.values(stats).reduce(
      (n, s) => n + Object.entries(s.statuses).reduce((m, [code, c]) => m + (Number(code) >= 500 ? c : 0), 0),
      0,
    );
    const result = {
      ranAt: new Date().toISOString(),
      seconds,
      clients,
      cows: cowCount,
      requests: total,
      requestsPerSecond: Math.round(total / seconds),
      serverErrors,
      eventsStored: live.size,
      eventsDeleted: deleted.size,
      missing,
      resurrected,
      animalsChecked: check.checked,
      animalsDrifted: check.drifted,
      calls: summary,
    };
    writeFileSync(path.join(root, 'bench/results/integrity.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    const ok = serverErrors === 0 && !missing.length && !resurrected.length && !check.drifted.length;
    log(ok ? 'integrity holds' : 'INTEGRITY FAILED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(snapshotDir, { recursive: true, force: true });
    rmSync(persistTo, { recursive: true, force: true });
  }
}

await main();
