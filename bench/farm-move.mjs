// `npm run farm:move` in the bench (docs/product.md §24, decision 055): the reference size's farm moves to another
// shard and back, through the same core as the script, on the bench server's own D1 databases while it serves. Each
// way's time is reported with the rows it copied; the farm's screens must answer the same after both moves.
import { moveFarm } from '../scripts/farm-move-core.mjs';

/** How long a move waits after pausing writes and after switching: the Worker's kept access answers (5 s). */
const SETTLE_MS = 5_500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url, token, path) {
  const response = await fetch(`${url}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.text() };
}

/** What the farm's screens read, to compare before and after. */
const PATHS = [
  '/home',
  '/cattle?limit=100',
  '/cattle/roster',
  '/alerts?limit=100',
  '/kpi/breeding',
  '/tasks',
  '/filings',
];

async function screens(url, token) {
  const out = {};
  for (const path of PATHS) out[path] = await get(url, token, path);
  return out;
}

/** The directory and the shards as Miniflare's proxies, taken afresh for each try. */
async function databases(server) {
  const directory = await server.d1('DB');
  const shards = [];
  for (const name of server.shardNames) shards.push(await server.d1(name));
  return { directory, shards };
}

/**
 * One way of the move. A move is resumable by design (a run stopped anywhere is finished by the next), so when
 * Miniflare's proxy to the local D1 fails under it (its synchronous fetch once lost a message: an AssertionError in
 * SynchronousFetcher) the move is run again on fresh proxies, as an operator would re-run the script; the tries are
 * reported.
 */
async function moveOneWay(server, farmId, to) {
  let settled = 0;
  const settle = async () => {
    settled += SETTLE_MS;
    await sleep(SETTLE_MS);
  };
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const { directory, shards } = await databases(server);
      const result = await moveFarm({ directory, shards, farmId, to, settle });
      return { result, settled, attempts: attempt, ms: Math.round(performance.now() - started) };
    } catch (err) {
      if (attempt >= 3 || err?.code !== 'ERR_ASSERTION') throw err;
    }
  }
}

export async function measureFarmMove(server, farm) {
  if (!server.d1) return null;
  const { directory, shards } = await databases(server);
  if (shards.length < 2) return null;
  const farms = JSON.parse((await get(server.url, farm.token, '/farms')).body);
  const farmId = farms.data[0].id;
  const before = await screens(server.url, farm.token);
  const { shard: home } = await directory.prepare('SELECT shard FROM farms WHERE id = ?').bind(farmId).first();
  const away = home === 0 ? 1 : 0;
  const ways = [];
  for (const to of [away, home]) {
    const { result, settled, attempts, ms } = await moveOneWay(server, farmId, to);
    const rows = Object.values(result.copied ?? {}).reduce((a, b) => a + b, 0);
    ways.push({
      from: result.from,
      to: result.to,
      ms,
      workMs: ms - settled,
      settleMs: settled,
      rows,
      attempts,
    });
  }
  const after = await screens(server.url, farm.token);
  const differing = PATHS.filter((p) => before[p].status !== 200 || before[p].body !== after[p].body);
  return {
    farmId,
    ways,
    same: differing.length === 0,
    differing,
    differences: differing.map((p) => firstDifference(p, before[p], after[p])),
  };
}

/** Where an answer first differs, with a little of each side around it, to tell a lost row from a changed order. */
function firstDifference(path, before, after) {
  if (before.status !== after.status) return { path, before: before.status, after: after.status };
  let at = 0;
  while (at < before.body.length && before.body[at] === after.body[at]) at++;
  const around = (body) => body.slice(Math.max(0, at - 120), at + 120);
  return {
    path,
    at,
    length: [before.body.length, after.body.length],
    before: around(before.body),
    after: around(after.body),
  };
}
