// Latency (p50/p95/p99), requests per second and D1 round trips of one call at every herd size: a warm-up, then
// sequential requests in rounds across the sizes, then `concurrency` clients at once. The D1 count comes from the
// Worker's X-D1-Queries header (worker/lib/d1-counter.ts, development only). Requests go through node:http with keep-alive connections: Node's
// fetch (undici) adds about 2 ms of client time per request on this machine, which is not the server's latency.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** A retry's own connection: never one of the kept-alive sockets, any of which the server may have closed. */
const fresh = new http.Agent({ keepAlive: false });

const WARM_UP = 15;
const MIN_SAMPLES = 10;
const REQUEST_TIMEOUT_MS = 60_000;

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

function send(url, token, request, retried = false) {
  const via = retried ? fresh : agent;
  const body = request.body ? JSON.stringify(request.body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/v1${request.path}`,
      {
        agent: via,
        method: request.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...request.headers,
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ response, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => {
      // A kept-alive connection the server had closed when this request went out on it (Node's documented race: the
      // request never reached the Worker) is sent again once on a fresh one, its time counted from the first attempt.
      // Writes too: under 8 clients a 500-head group event (seconds each) left sockets idle past the server's
      // keep-alive and its next request on them failed with ECONNRESET before the Worker saw it. The retry goes on a
      // new connection: sent on another kept-alive socket it met the same race (traced: both tries on reused sockets,
      // 2 s apart, the bench's only failed requests).
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET')
        send(url, token, request, true).then(resolve, reject);
      else reject(err);
    });
    req.end(body);
  });
}

async function once(url, token, request) {
  const t0 = performance.now();
  try {
    const { response, text } = await send(url, token, request);
    const ms = performance.now() - t0;
    const d1 = response.headers['x-d1-queries'];
    const sql = response.headers['x-d1-sql-ms'];
    // A conditional GET answered "not modified" is a success (the roster's 304).
    const ok = (response.statusCode >= 200 && response.statusCode < 300) || response.statusCode === 304;
    return {
      ms,
      ok,
      status: response.statusCode,
      text,
      d1: d1 === undefined ? null : Number(d1),
      sqlMs: sql === undefined ? null : Number(sql),
    };
  } catch (err) {
    // A request that times out or fails counts as a failed request at the time it took, not as a crash.
    return {
      ms: performance.now() - t0,
      ok: false,
      status: 0,
      text: String(err?.code ?? err?.message ?? err),
      d1: null,
      sqlMs: null,
    };
  }
}

function summarize(samples, wallMs) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    // Unrounded, for the ratios the budgets take: at 0.1 ms a 1.4 ms floor moves a ratio by 7 % a step.
    p50Exact: Math.round(percentile(sorted, 50) * 1000) / 1000,
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    rps: round((sorted.length / wallMs) * 1000),
  };
}

/**
 * Makes the Worker's isolate forget its kept session-and-membership checks (decision 030): every write does, and a
 * POST to the health route is a write that changes nothing (it answers 404). The next request pays the check's D1
 * round trip, so the D1 count reported is the worst case and the same on every run.
 */
async function forgetKeptAccess(url, token) {
  await send(url, token, { method: 'POST', path: '/health' }).catch(() => {});
}

/** The requests of one call against one target (a herd size's server and farm), numbered per target. */
function runner(target, call, errors, d1Counts) {
  let index = 0;
  return async () => {
    const result = await once(target.url, target.farm.token, call.request(target.farm, index++));
    if (!result.ok && errors.length < 3) errors.push(`${result.status} ${result.text.slice(0, 200)}`);
    if (result.d1 !== null) d1Counts.add(result.d1);
    return result;
  };
}

/**
 * Sequential rounds per call: each herd size gets a block of requests in turn, so a minute of a slower machine falls
 * on every size alike and the 500→8,000 ratios compare like with like.
 */
export const ROUNDS = 6;

/**
 * One call against every herd size, side by side: a warm-up per size, then the sequential requests in ROUNDS rounds
 * of blocks (500, 2,000, 8,000, 500, …), then per size `concurrency` clients at once and the D1 count of one request
 * with the access check not kept. Every size's farm is on the app's one server (bench/run.mjs); a call measured size
 * after size, minutes apart, swung by 2× between phases on this shared machine (decision 030, addendum).
 */
export async function measureSizes(targets, call, { samples, concurrentSamples, concurrency, maxMs }, floor) {
  // A call with a fixed-cost budget (health ≤ 1.2× the floor, cattle detail ≤ the D1 floor + 2 ms) carries its floor:
  // each of its sequential requests is followed by one of the floor's, so both see the same moment of this shared
  // machine (`floorP50`, per size). Blocks a few seconds apart swung apart by 30 % on it (decision 030, second
  // addendum).
  const floorRun = floor && runner(floor.target, floor.call, [], new Set());
  const states = targets.map((target) => {
    const errors = [];
    const d1Counts = new Set();
    const run = runner(target, call, errors, d1Counts);
    // The floor's requests made beside this target's (`floorRun`), kept per target.
    return { target, errors, d1Counts, run, sequential: [], wall: 0, floor: floorRun && { sequential: [], wall: 0 } };
  });

  // Slow calls get fewer requests: every phase stops at its share of maxMs once it has MIN_SAMPLES.
  for (const state of states) {
    const t0 = performance.now();
    for (let i = 0; i < WARM_UP && (i < 2 || performance.now() - t0 < maxMs / 3); i++) await state.run();
    state.d1Counts.clear();
  }
  const perBlock = Math.ceil(samples / ROUNDS);
  const minPerBlock = Math.ceil(MIN_SAMPLES / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const state of states) {
      const t0 = performance.now();
      let floorMs = 0;
      for (let i = 0; i < perBlock && (i < minPerBlock || performance.now() - t0 < maxMs / ROUNDS); i++) {
        state.sequential.push(await state.run());
        if (state.floor) {
          const beside = await floorRun();
          state.floor.sequential.push(beside);
          floorMs += beside.ms;
        }
      }
      state.wall += performance.now() - t0 - floorMs;
      if (state.floor) state.floor.wall += floorMs;
    }
  }

  const results = [];
  for (const state of states) {
    const { target, run, errors, d1Counts } = state;
    const concurrent = [];
    const t0 = performance.now();
    const perClient = Math.ceil(concurrentSamples / concurrency);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = 0; i < perClient; i++) {
          if (i >= 1 && performance.now() - t0 > maxMs) break;
          concurrent.push(await run());
        }
      }),
    );
    const concurrentWall = performance.now() - t0;

    // The D1 count of one request with the access check not kept (the worst case); the latencies above are what a
    // phone's run of requests sees, mostly with it kept.
    await forgetKeptAccess(target.url, target.farm.token);
    const cold = await run();
    const sqlTimes = state.sequential
      .map((s) => s.sqlMs)
      .filter((ms) => ms !== null)
      .sort((a, b) => a - b);
    const result = {
      sequential: summarize(state.sequential, state.wall),
      // What D1 reported as SQL time (meta.duration of batches and all/run answers), p50 of the sequential requests.
      sqlP50: sqlTimes.length ? Math.round(percentile(sqlTimes, 50) * 10) / 10 : null,
      // The floor beside this size's requests: its p50, and unrounded for the budget's ratio.
      ...(state.floor
        ? (({ p50, p50Exact }) => ({ floorP50: p50, floorP50Exact: p50Exact }))(
            summarize(state.floor.sequential, state.floor.wall),
          )
        : {}),
      concurrent: summarize(concurrent, concurrentWall),
      d1: cold.d1 ?? (d1Counts.size ? Math.max(...d1Counts) : null),
      d1Kept: d1Counts.size ? Math.min(...d1Counts) : null,
      errors: [...state.sequential, ...concurrent].filter((s) => !s.ok).length,
      firstErrors: errors.length ? errors : undefined,
    };
    if (call.large) {
      await forgetKeptAccess(target.url, target.farm.token);
      const large = await once(target.url, target.farm.token, call.large(target.farm));
      result.d1Large = large.d1;
    }
    results.push(result);
  }
  return results;
}
