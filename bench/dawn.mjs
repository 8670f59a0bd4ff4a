// The dawn run through the queue (docs/decisions/035-dawn-run-on-queues.md): many small farms on a fresh local D1,
// the cron triggered once, and the time until the queue's consumer has finished the last farm. Miniflare runs the
// queue from wrangler.toml (batches of 10, one batch at a time); production adds consumer concurrency.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateSnapshot, serveSnapshot } from './server.mjs';

const FARMS_PER_STATEMENT = 100;
const JST_OFFSET_MS = 9 * 3600 * 1000;
const jstDay = (at = Date.now()) => new Date(at + JST_OFFSET_MS).toISOString().slice(0, 10);
const daysAgo = (days) => jstDay(Date.now() - days * 86_400_000);
const daysAhead = (days) => jstDay(Date.now() + days * 86_400_000);
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : null;

/**
 * `farms` farms of `head` head each, written by SQL (the bench's own fast path; the API's seeders would take an hour
 * here): an owner per farm; per farm one cow 70 days open (a high alert, so a digest to the owner), one due to calve
 * in 10 days, one served 28 days ago with her pregnancy check due, the rest with nothing due.
 */
async function seedFarms(query, farms, head) {
  const check = daysAhead(2);
  for (let from = 1; from <= farms; from += FARMS_PER_STATEMENT) {
    const to = Math.min(farms, from + FARMS_PER_STATEMENT - 1);
    const range = `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})`;
    await query(`${range} INSERT INTO users (id, email, user_name, is_verified)
      SELECT i, 'dawn-' || i || '@ushicho.example', '夜明け牧場' || i, 1 FROM n`);
    await query(`${range} INSERT INTO farms (id, name) SELECT i, '夜明け牧場' || i FROM n`);
    await query(`${range} INSERT INTO farm_members (farm_id, user_id, role) SELECT i, i, 'owner' FROM n`);
    await query(`${range}, h(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM h WHERE j < ${head - 1})
      INSERT INTO cattle (farm_id, created_by, identification_number, ear_tag_number, name, gender, status)
      SELECT i, i, printf('%010d', 1000000000 + i * 1000 + j), printf('%04d', j), 'うし' || j, '雌', 'HEALTHY'
      FROM n, h`);
    await query(`INSERT INTO breeding_status (cattle_id, last_calving_date, expected_calving_date,
        last_insemination_date, scheduled_pregnancy_check_date)
      SELECT cattle_id,
        CASE CAST(ear_tag_number AS INTEGER) WHEN 0 THEN '${daysAgo(70)}' END,
        CASE CAST(ear_tag_number AS INTEGER) WHEN 1 THEN '${daysAhead(10)}' END,
        CASE CAST(ear_tag_number AS INTEGER) WHEN 2 THEN '${daysAgo(28)}' END,
        CASE CAST(ear_tag_number AS INTEGER) WHEN 2 THEN '${check}' END
      FROM cattle WHERE farm_id BETWEEN ${from} AND ${to}`);
  }
}

/**
 * A read of the poll, tried again when its connection fails: Miniflare's loopback to the D1 object sometimes closes a
 * kept-alive connection while a long dawn run holds the database ("other side closed"), which ended the 8,000-head
 * bench after its farms were done. A read changes nothing, so trying it again is safe.
 */
async function pollRead(query, statement, attempt = 1) {
  try {
    return await query(statement);
  } catch (error) {
    if (attempt >= 5) throw error;
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    return pollRead(query, statement, attempt + 1);
  }
}

/** Polls until every farm of `day` is done (or dead), up to `timeoutMs`. */
async function waitForFarms(query, day, farms, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await pollRead(
      query,
      `SELECT sum(status = 'done') AS done, sum(status = 'dead') AS dead FROM dawn_farm_runs WHERE run_date = '${day}'`,
    );
    const done = row?.done ?? 0;
    const dead = row?.dead ?? 0;
    if (done + dead >= farms) return { done, dead, complete: true };
    if (Date.now() > deadline) return { done, dead, complete: false };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Triggers the dawn cron on a served snapshot and waits for the farms of the day: `ms` is from the trigger to the
 * last farm done, `enqueueMs` the cron invocation itself (housekeeping and the first page of the farm list).
 */
export async function timeDawnRun(server, { farms, timeoutMs = 600_000 }) {
  const day = jstDay();
  const t0 = performance.now();
  const response = await server.scheduled('0 21 * * *');
  const body = await response.text();
  const enqueueMs = performance.now() - t0;
  const result = { status: response.status, enqueueMs };
  if (!response.ok) return { ...result, ms: enqueueMs, error: `${body.slice(0, 200)} ${server.errors().slice(-1500)}` };
  const waited = await waitForFarms(server.query, day, farms, timeoutMs);
  return { ...result, ms: performance.now() - t0, ...waited };
}

/** The bench's dawn case: `farms` farms of `head` head through the queue on a fresh database. */
export async function measureDawn({ runtime, configPath, port, farms, head, log }) {
  const persistTo = mkdtempSync(path.join(os.tmpdir(), 'ushicho-bench-dawn-'));
  let server;
  try {
    migrateSnapshot(configPath, persistTo);
    server = await serveSnapshot({ runtime, configPath, port, persistTo });
    const seedStarted = Date.now();
    await seedFarms(server.query, farms, head);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`dawn: ${farms} farms of ${head} head seeded in ${seedSeconds.toFixed(1)} s`);
    const run = await timeDawnRun(server, { farms });
    const work = (await server.query("SELECT work_ms AS ms FROM dawn_farm_runs WHERE status = 'done' ORDER BY work_ms"))
      .map((r) => r.ms)
      .filter((ms) => ms !== null);
    const [tries] = await server.query('SELECT sum(tries) AS tries, max(tries) AS most FROM dawn_farm_runs');
    const [digests] = await server.query("SELECT count(*) AS n FROM email_logs WHERE type = 'alert_digest'");
    const [alerts] = await server.query('SELECT count(*) AS n FROM alerts');
    const seconds = run.ms / 1000;
    return {
      farms,
      head,
      seedSeconds,
      ...run,
      farmsPerSecond: Math.round((farms / seconds) * 10) / 10,
      // Miniflare runs one batch at a time against one SQLite: the wall time per farm is what a farm costs one
      // database and the Worker's CPU together, the figure the capacity model divides by.
      serialMsPerFarm: Math.round((run.ms / farms) * 10) / 10,
      workMs: { p50: percentile(work, 0.5), p95: percentile(work, 0.95), max: work.at(-1) ?? null },
      tries: tries?.tries ?? 0,
      mostTries: tries?.most ?? 0,
      digests: digests?.n ?? 0,
      alerts: alerts?.n ?? 0,
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
    };
  } finally {
    server?.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(persistTo, { recursive: true, force: true });
  }
}
