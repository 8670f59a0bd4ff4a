// `npm run timing:accounts`: does the answer's time tell a known address from an unknown one? (docs/product.md §3,
// decision 049). For POST /auth/password-reset and POST /auth/register it times 30 interleaved tries with a known
// (registered and verified) address and 30 with unknown ones (a new address each try), and prints the two medians and
// how far apart they are; the rule is within 20 %.
//
//   npm run timing:accounts                       one run against a fresh local server (started and stopped here)
//   npm run timing:accounts -- --runs 5           five consecutive runs
//   npm run timing:accounts -- --busy             with a `node -e 'for(;;){}'` busy on one core meanwhile
//   npm run timing:accounts -- --runtime wrangler served by `wrangler dev` (as `npm start`) instead of Miniflare
//   npm run timing:accounts -- --url http://127.0.0.1:8787 [--known you@example.jp]
//   npm run timing:accounts -- --control          the instrument's own spread: unknown against other unknown addresses
//   TIMING_DEBUG=1 npm run timing:accounts        also prints every try's time
//
// The local server is the Worker bundled as deployed, on workerd through Miniflare with a fresh local D1 and the
// queues of wrangler.toml (bench/server.mjs, as `npm run bench`): no `wrangler dev` proxy between the client and the
// Worker, whose extra process only adds scheduling noise on a loaded machine.
//
// Against a URL without --known, the known address is registered through the API and completed from the development
// outbox. Not a unit test: the numbers depend on the machine, so they are printed, and the exit code says whether every
// run was within 20 %.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateSnapshot, serveSnapshot, snapshotWorker } from '../bench/server.mjs';
import { migrateAll } from './db-migrate.mjs';
import { ensureDevVars, root, serve } from './local-server.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    known: { type: 'string' },
    runs: { type: 'string', default: '1' },
    tries: { type: 'string', default: '30' },
    busy: { type: 'boolean', default: false },
    runtime: { type: 'string', default: 'miniflare' },
    control: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const TRIES = Number(args.tries);
const WARM_UP = 5;
const LIMIT = 0.2;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function post(base, pathname, body) {
  const response = await fetch(`${base}/api/v1${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

let serial = 0;
const unknownAddress = (kind) => `timing-${kind}-${Date.now()}-${++serial}@example.jp`;

/** A registered, verified address: registered through the API, completed from the development outbox. */
async function knownAddress(base) {
  const email = unknownAddress('known');
  await post(base, '/auth/register', { email });
  for (let i = 0; i < 50; i++) {
    const outbox = await (await fetch(`${base}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    const match = /verify\?token=([\w%-]+)/.exec(outbox.data?.[0]?.text ?? '');
    if (match) {
      const token = decodeURIComponent(match[1]);
      await post(base, '/auth/complete', { token, name: '計測 太郎', password: 'timing-password-2026' });
      return email;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification mail for ${email} (the outbox is development only: pass --known)`);
}

/**
 * One POST over a kept-alive node:http connection, as the bench measures (bench/measure.mjs): Node's fetch (undici)
 * adds about 2 ms of client time to each request, with a spread of its own that is not the server's.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function timeOne(base, pathname, email) {
  const body = JSON.stringify({ email });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/v1${pathname}`,
      {
        agent,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const took = performance.now() - started;
          if (response.statusCode !== 200) reject(new Error(`${pathname}: ${response.statusCode}`));
          else resolve(took);
        });
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** 30 interleaved tries (which goes first alternates), after a few untimed ones. */
async function measure(base, pathname, known) {
  for (let i = 0; i < WARM_UP; i++) {
    await timeOne(base, pathname, known ?? unknownAddress('warm'));
    await timeOne(base, pathname, unknownAddress('warm'));
  }
  const knownTimes = [];
  const unknownTimes = [];
  for (let i = 0; i < TRIES; i++) {
    const order = i % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const who of order) {
      if (who === 'known') knownTimes.push(await timeOne(base, pathname, known ?? unknownAddress('control')));
      else unknownTimes.push(await timeOne(base, pathname, unknownAddress('nobody')));
    }
  }
  if (process.env.TIMING_DEBUG)
    console.log(
      pathname,
      [knownTimes, unknownTimes].map((t) => t.map((x) => x.toFixed(1)).join(' ')),
    );
  const k = median(knownTimes);
  const u = median(unknownTimes);
  return { known: k, unknown: u, ratio: k / u, apart: Math.abs(k - u) / Math.min(k, u) };
}

async function main() {
  let server = null;
  let persistTo = null;
  let busy = null;
  try {
    let base = args.url?.replace(/\/$/, '');
    if (!base) {
      ensureDevVars();
      // wrangler.toml serves the web build; the API needs only the folder.
      mkdirSync(path.join(root, 'web/dist'), { recursive: true });
      persistTo = mkdtempSync(path.join(tmpdir(), 'ushicho-timing-'));
      const port = await freePort();
      if (args.runtime === 'wrangler') {
        migrateAll({ persistTo, quiet: true });
        server = await serve({ port, persistTo, quiet: true, vars: { APP_URL: `http://127.0.0.1:${port}` } });
      } else {
        const configPath = snapshotWorker(path.join(persistTo, 'snapshot'));
        migrateSnapshot(configPath, persistTo);
        server = await serveSnapshot({ runtime: 'miniflare', configPath, port, persistTo });
      }
      base = server.url;
    }
    if (args.busy) {
      busy = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
      console.log(`busy process on one core: pid ${busy.pid}`);
    }
    // --control: no known address; its column is more unknown ones, so the medians' spread is the instrument's own.
    const known = args.control ? null : (args.known ?? (await knownAddress(base)));
    console.log(
      `server ${base}; known address ${known ?? '(control: unknown ones)'}; ${TRIES} interleaved tries per median${args.busy ? '; busy' : ''}`,
    );
    let allWithin = true;
    for (let run = 1; run <= RUNS; run++) {
      const cells = [];
      for (const [label, pathname] of [
        ['reset', '/auth/password-reset'],
        ['register', '/auth/register'],
      ]) {
        const m = await measure(base, pathname, known);
        if (m.apart > LIMIT) allWithin = false;
        cells.push(
          `${label}: ${args.control ? 'unknown (control)' : 'known'} ${m.known.toFixed(2)} ms, unknown ${m.unknown.toFixed(2)} ms, ratio ${m.ratio.toFixed(3)} ` +
            `(${(m.apart * 100).toFixed(1)} % apart${m.apart > LIMIT ? ', OVER 20 %' : ''})`,
        );
      }
      console.log(`run ${run}: ${cells.join('; ')}`);
    }
    console.log(allWithin ? 'every run within 20 %' : 'some run over 20 %');
    process.exitCode = allWithin ? 0 : 1;
  } finally {
    agent.destroy();
    if (busy && busy.exitCode === null) process.kill(busy.pid, 'SIGKILL');
    await server?.stop();
    if (persistTo) rmSync(persistTo, { recursive: true, force: true });
  }
}

await main();
