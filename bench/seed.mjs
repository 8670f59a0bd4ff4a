// Builds the benchmark farms through the Worker's development-only bulk generator (worker/dev/bench-seed.ts),
// which writes with the same statement builders as the cattle, events and shipments routes.
import { linkOwnerToLine } from './line.mjs';

const HERD_CHUNK = 100;
const SHIPPED_CHUNK = 250;
/** ~3,000 shipments for 2,000 head: a suckler herd sells about 1.5 animals per head over five years. */
const SHIPPED_PER_HEAD = 1.5;
const SMALL_HERD = 40;

/**
 * A chunk's POST, tried up to 3 times when the connection fails: at 8,000 head, under load, the request after a long
 * chunk sometimes finds its keep-alive connection reset before the Worker sees it (no answer, nothing written), which
 * ended every 8,000-head seed. Were a chunk ever written before a reset, its retry would be refused (the animals'
 * 個体識別番号 are unique on the farm) and the seed would stop with that answer, as before.
 */
export async function post(url, path, body, attempt = 1) {
  let response;
  try {
    response = await fetch(`${url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.log(`POST ${path}: ${error.cause?.code ?? error.message} (try ${attempt} of 3)`);
    if (attempt >= 3) throw error;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return post(url, path, body, attempt + 1);
  }
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${JSON.stringify(json).slice(0, 500)}`);
  return json;
}

export async function get(url, path, token) {
  const response = await fetch(`${url}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`GET ${path} failed: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

export async function seedHerd(url, userId, herdSize, totals) {
  const chunks = [];
  for (let start = 0; start < herdSize; start += HERD_CHUNK)
    chunks.push({ kind: 'herd', start, count: Math.min(HERD_CHUNK, herdSize - start) });
  const shipped = Math.round(herdSize * SHIPPED_PER_HEAD);
  for (let start = 0; start < shipped; start += SHIPPED_CHUNK)
    chunks.push({ kind: 'shipped', start, count: Math.min(SHIPPED_CHUNK, shipped - start) });
  for (const chunk of chunks) {
    // BENCH_SEED_LOG=1 prints each chunk's time: a seed whose chunks grow with the farm has a write that scans it.
    const t0 = performance.now();
    const wrote = await post(url, '/dev/bench-seed/herd', { userId, herdSize, ...chunk });
    if (process.env.BENCH_SEED_LOG)
      console.log(`chunk ${chunk.kind} ${chunk.start}: ${Math.round(performance.now() - t0)} ms`);
    for (const key of Object.keys(wrote)) totals[key] = (totals[key] ?? 0) + wrote[key];
  }
}

/**
 * One large owner with `herdSize` head (plus the animals it shipped) and `smallOwners` owners of 40 head, so owner
 * isolation is measured on a shared database. Returns the large owner's token and ids the calls use.
 */
export async function seedFarm(url, { herdSize, smallOwners, log }) {
  const main = await post(url, '/dev/bench-seed/owner', {
    email: `bench-large-${herdSize}@ushicho.example`,
    userName: '大規模牧場',
  });
  const totals = {};
  await seedHerd(url, main.userId, herdSize, totals);
  log(
    `large owner written (${totals.animals} animals, ${totals.events} events, ${totals.shipments} shipments, ${totals.plans} plans)`,
  );
  const small = {};
  for (let i = 0; i < smallOwners; i++) {
    const owner = await post(url, '/dev/bench-seed/owner', {
      email: `bench-small-${i}@ushicho.example`,
      userName: `小規模牧場${i + 1}`,
    });
    await seedHerd(url, owner.userId, SMALL_HERD, small);
  }
  if (smallOwners) log(`${smallOwners} small owners written (${small.animals} animals, ${small.events} events)`);

  // Ids the calls rotate through: breeding cows (ear tags 1…0.45 × herd) and their cattle ids.
  const cows = [];
  let cursor;
  while (cows.length < 200) {
    const page = await get(
      url,
      `/cattle?growth_stage=MULTI_PAROUS&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      main.token,
    );
    cows.push(...page.data.results.map((r) => ({ cattleId: r.cattleId, earTagNumber: r.earTagNumber })));
    cursor = page.data.nextCursor;
    if (!cursor) break;
  }
  // 500 animals in the herd (not dead, not shipped) for the group event (§26).
  const herd = [];
  cursor = undefined;
  while (herd.length < 500) {
    const page = await get(
      url,
      `/cattle?status=HEALTHY,PREGNANT,RESTING,TREATING&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      main.token,
    );
    herd.push(...page.data.results.map((r) => r.cattleId));
    cursor = page.data.nextCursor;
    if (!cursor) break;
  }
  const secondPage = await get(url, '/cattle?limit=20', main.token);
  const lineUserId = await linkOwnerToLine(url, main.token, herdSize);
  const roster = await fetch(`${url}/api/v1/cattle/roster`, { headers: { Authorization: `Bearer ${main.token}` } });
  return {
    token: main.token,
    userId: main.userId,
    herdSize,
    cows,
    herd,
    cattleCursor: secondPage.data.nextCursor,
    rosterEtag: roster.headers.get('ETag') ?? '',
    lineUserId,
    totals: { largeOwner: totals, smallOwners: { owners: smallOwners, ...small } },
  };
}
