/**
 * The dawn run (docs/product.md §7, §24; decision 035): at 06:00 JST the cron puts one message per farm on the dawn
 * queue (worker/dawn/dawn-queue.ts), and the queue consumer runs runDawnFarm for each: it claims the farm's row of
 * the JST day, regenerates the farm's alerts with today's day counts, and sends each member one digest when the
 * morning created or raised high alerts. A farm is done once per JST day whatever the retries and duplicates.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { SYSTEM } from '../alerts/alerts.statements';
import { type NewAlert, regenerateAlerts } from '../alerts/regenerate';
import { rowOf, runBatch } from '../db/batch';
import { type Db, directoryDb, farmDb, farmWriteDb } from '../db/client';
import { alerts, dawnFarmRuns, farmMembers, farms, lineFriends, users } from '../db/schema';
import type { Scope } from '../db/scope';
import type { AlertType } from '../domain/alerts';
import { formatDateJa, type IsoDate, todayJst } from '../domain/calendar';
import { type DigestAlert, digestAlertLine, digestHeadline, digestRoutes, sortDigest } from '../domain/notifications';
import { digestTaskLines } from '../domain/programmes';
import type { Env, Logger } from '../env';
import { escapeHtml } from '../lib/html';
import { createLogger } from '../lib/log';
import { sendLineDigest } from '../line/send/line-digest';
import { type Mail, sendMail } from '../mail/send-mail';
import { purgeTrashStatement } from '../trash/trash.statements';
import { digestTasks, enrolByAge, taskLinesHtml } from './dawn-tasks';

/** The cron of the dawn run: 21:00 UTC is 06:00 JST. */
export const DAWN_CRON = '0 21 * * *';
/**
 * How long a consumer's claim on a farm holds: a farm takes well under a second, so a claim older than this is a
 * consumer that died (CPU limit, eviction), and the farm's next delivery takes it over.
 */
export const DAWN_LEASE_MS = 60_000;

/** LINE users without a shared email get a placeholder address that must never be mailed. */
const UNMAILABLE_SUFFIX = '@line.invalid';

/**
 * The farm's database for the dawn run: the one place the run reaches a farm's data (the farm's shard, decision 035);
 * undefined while the farm moves between shards (decision 055).
 */
export const dawnScope = async (env: Env, farmId: number): Promise<Scope | undefined> => {
  const db = await farmWriteDb(env, farmId);
  return db && { db, farmId, userId: 0, userName: SYSTEM, actor: SYSTEM };
};

/** How long a moving farm's dawn work waits before its next try: a move takes minutes. */
const MOVING_RETRY_MS = 120_000;

interface DawnCounts {
  created: number;
  /** Open alerts whose severity rose this morning. */
  raised: number;
  refreshed: number;
  resolved: number;
  digests: number;
}

/**
 * What one delivery of a farm's message did: the work (`done`, with its counts), nothing because the farm is done
 * for the day (`already-done`), or nothing because another delivery holds the claim (`busy`, retry after `retryInMs`).
 */
export type DawnFarmOutcome =
  | ({ outcome: 'done' } & DawnCounts)
  | { outcome: 'already-done' }
  | { outcome: 'busy'; retryInMs: number };

export interface DawnFarmOptions {
  now?: Date;
  log?: Logger;
}

/** One member's digest mail of the farm's active high alerts, this morning's marked (§7). */
export function digestMail(
  env: Pick<Env, 'APP_URL'>,
  to: { email: string; userName: string; id: number; farmId: number },
  alerts: readonly DigestAlert[],
  today: IsoDate,
  taskLines: readonly string[] = [],
): Mail {
  const sorted = sortDigest(alerts);
  const url = `${env.APP_URL}/alerts`;
  const subject = `【牛帳】対応が必要なアラートが${alerts.length}件あります（${formatDateJa(today)}）`;
  const text = [
    `${to.userName} 様`,
    '',
    digestHeadline(alerts),
    '',
    ...sorted.map((a) => `・${digestAlertLine(a)}`),
    ...(taskLines.length ? ['', ...taskLines, `作業一覧：${env.APP_URL}/tasks`] : []),
    '',
    `アラート一覧：${url}`,
    '',
    '牛帳 Ushichō',
  ].join('\n');
  const html = `<p>${escapeHtml(to.userName)} 様</p>
<p>${escapeHtml(digestHeadline(alerts))}</p>
<ul>${sorted.map((a) => `<li>${escapeHtml(digestAlertLine(a))}</li>`).join('')}</ul>
${taskLinesHtml(taskLines)}<p><a href="${escapeHtml(url)}">アラート一覧を開く</a></p>
<p>牛帳 Ushichō</p>`;
  return {
    to: to.email,
    subject,
    text,
    html,
    type: 'alert_digest',
    idempotencyKey: `alert-digest-${to.farmId}-${to.id}-${today}`,
  };
}

/**
 * Sends each member of a farm with new high alerts, or open alerts that turned high (CALVING_OVERDUE on its 8th day),
 * one digest of every active high alert of the farm, this morning's marked new (§7), by their §16 choice (mail, LINE,
 * both or none); a failed mail or push is logged and does not stop the others. A member of several such farms gets
 * one digest per farm. Counts the messages that went out. The farm's alerts are read from the farm's shard, its
 * members from the directory.
 */
export async function sendAlertDigests(
  env: Env,
  created: readonly NewAlert[],
  today: IsoDate,
  log: Logger,
): Promise<number> {
  const newHighByFarm = new Map<number, NewAlert[]>();
  for (const a of created) {
    if (a.severity === 'high') newHighByFarm.set(a.farmId, [...(newHighByFarm.get(a.farmId) ?? []), a]);
  }
  let sent = 0;
  for (const [farmId, newHigh] of newHighByFarm) sent += await sendFarmDigests(env, farmId, newHigh, today, log);
  return sent;
}

async function sendFarmDigests(
  env: Env,
  farmId: number,
  newHigh: readonly NewAlert[],
  today: IsoDate,
  log: Logger,
): Promise<number> {
  const db = await farmDb(env, farmId);
  const directory = directoryDb(env);
  const [open, members, todays] = await Promise.all([
    db
      .select({
        id: alerts.id,
        cattleId: alerts.cattleId,
        cattleName: alerts.cattleName,
        cattleEarTagNumber: alerts.cattleEarTagNumber,
        type: alerts.type,
        dueAt: alerts.dueAt,
        message: alerts.message,
      })
      .from(alerts)
      .where(
        and(eq(alerts.farmId, farmId), inArray(alerts.status, ['active', 'acknowledged']), eq(alerts.severity, 'high')),
      ),
    directory
      .select({
        farmId: farmMembers.farmId,
        id: users.id,
        email: users.email,
        userName: users.userName,
        digestChannel: users.digestChannel,
        lineId: users.lineId,
        lineFollowing: lineFriends.following,
        farmName: farms.name,
      })
      .from(farmMembers)
      .innerJoin(users, eq(users.id, farmMembers.userId))
      .innerJoin(farms, eq(farms.id, farmMembers.farmId))
      .leftJoin(lineFriends, eq(lineFriends.lineUserId, users.lineId))
      .where(eq(farmMembers.farmId, farmId)),
    digestTasks(db, farmId, today),
  ]);
  const taskLines = digestTaskLines(todays, today);
  // This morning's first, then the farm's other open high alerts (the new ones are stored already; kept once by id).
  const digest = new Map<string, DigestAlert>(newHigh.map((a) => [a.id, { ...a, isNew: true }]));
  for (const a of open) {
    if (!digest.has(a.id)) digest.set(a.id, { ...a, type: a.type as AlertType, dueAt: a.dueAt ?? today, isNew: false });
  }
  const list = [...digest.values()];
  let sent = 0;
  for (const member of members) {
    const reach = { linked: Boolean(member.lineId), following: Boolean(member.lineFollowing) };
    const route = digestRoutes(member.digestChannel, reach);
    if (route.line && (await sendLineDigest(env, member, list, today, log, taskLines, todays))) sent += 1;
    if (!route.mail || member.email.toLowerCase().endsWith(UNMAILABLE_SUFFIX)) continue;
    try {
      await sendMail(env, digestMail(env, member, list, today, taskLines), log);
      sent += 1;
    } catch (err) {
      log('error', 'alert digest failed', { userId: member.id, farmId, error: String(err) });
    }
  }
  return sent;
}

type Claim =
  | { outcome: 'claimed'; tries: number; news: NewAlert[] | null }
  | Exclude<DawnFarmOutcome, { outcome: 'done' }>;

/**
 * Claims the farm's row of the day in one statement: a new row, or one whose last try failed (retrying, dead) or
 * whose claim has lapsed. A row that is done, or held by a live claim, is not claimed; the batch's read says which.
 */
async function claimFarmDay(db: Db, farmId: number, day: IsoDate, at: number): Promise<Claim> {
  const stamp = new Date(at).toISOString();
  const [claimed, current] = await runBatch(db, [
    sql`INSERT INTO dawn_farm_runs (run_date, farm_id, status, tries, lease_until, created_at, updated_at)
      VALUES (${day}, ${farmId}, 'working', 1, ${at + DAWN_LEASE_MS}, ${stamp}, ${stamp})
      ON CONFLICT (run_date, farm_id) DO UPDATE SET status = 'working', tries = tries + 1,
        lease_until = excluded.lease_until, error = NULL, updated_at = excluded.updated_at
      WHERE status IN ('retrying', 'dead') OR (status = 'working' AND lease_until <= ${at})
      RETURNING tries, news`,
    sql`SELECT status, lease_until FROM dawn_farm_runs WHERE run_date = ${day} AND farm_id = ${farmId}`,
  ]);
  const [won] = claimed.results as { tries: number; news: string | null }[];
  if (won) return { outcome: 'claimed', tries: won.tries, news: won.news === null ? null : JSON.parse(won.news) };
  const row = rowOf(dawnFarmRuns, (current.results as Record<string, unknown>[])[0]);
  if (row.status === 'done') return { outcome: 'already-done' };
  return { outcome: 'busy', retryInMs: Math.max(1000, (row.leaseUntil ?? at) - at) };
}

/** Updates the row of this claim only (fenced by its try): false when a later delivery has taken the farm over. */
async function updateClaim(
  db: Db,
  farmId: number,
  day: IsoDate,
  tries: number,
  set: Partial<typeof dawnFarmRuns.$inferInsert>,
) {
  const rows = await db
    .update(dawnFarmRuns)
    .set({ ...set, updatedAt: new Date().toISOString() })
    .where(and(eq(dawnFarmRuns.runDate, day), eq(dawnFarmRuns.farmId, farmId), eq(dawnFarmRuns.tries, tries)))
    .returning({ tries: dawnFarmRuns.tries });
  return rows.length > 0;
}

/**
 * One farm's dawn run for the JST `day`: claim, regenerate, digests, done. A try that fails after its claim
 * releases it (status 'retrying', the error kept) and throws, for the queue to retry the farm. When an earlier try
 * regenerated but did not finish, this one sends the digests of the news it stored rather than regenerating (which
 * would find nothing new): the morning's high alerts reach the members once. A digest interrupted half-way is sent
 * again with the same idempotency key, which Resend and LINE drop as a duplicate.
 */
export async function runDawnFarm(
  env: Env,
  farmId: number,
  day: IsoDate,
  options: DawnFarmOptions = {},
): Promise<DawnFarmOutcome> {
  const log = options.log ?? createLogger({ job: 'dawn-run' });
  const started = Date.now();
  const scope = await dawnScope(env, farmId);
  if (!scope) return { outcome: 'busy', retryInMs: MOVING_RETRY_MS };
  const { db } = scope;
  const claim = await claimFarmDay(db, farmId, day, started);
  if (claim.outcome !== 'claimed') return claim;
  try {
    const counts: DawnCounts = { created: 0, raised: 0, refreshed: 0, resolved: 0, digests: 0 };
    let news = claim.news;
    await runBatch(db, [purgeTrashStatement(farmId, (options.now ?? new Date()).toISOString())]);
    if (news === null) {
      // Programmes with an age trigger enrol the animals of that age (§22), under the farm's claim.
      await enrolByAge(db, farmId, day);
      const result = await regenerateAlerts(db, farmId, undefined, { today: day, now: options.now, log });
      Object.assign(counts, {
        created: result.created.length,
        raised: result.raised.length,
        refreshed: result.refreshed,
        resolved: result.resolved,
      });
      news = [...result.created, ...result.raised].filter((a) => a.severity === 'high');
      if (news.length && !(await updateClaim(db, farmId, day, claim.tries, { news: JSON.stringify(news) }))) {
        return { outcome: 'busy', retryInMs: DAWN_LEASE_MS };
      }
    }
    counts.digests = news.length ? await sendAlertDigests(env, news, day, log) : 0;
    await updateClaim(db, farmId, day, claim.tries, {
      status: 'done',
      leaseUntil: null,
      digests: counts.digests,
      workMs: Date.now() - started,
    });
    return { outcome: 'done', ...counts };
  } catch (err) {
    await updateClaim(db, farmId, day, claim.tries, { status: 'retrying', leaseUntil: null, error: String(err) }).catch(
      () => false,
    );
    throw err;
  }
}

/** The farms of the directory after `afterFarmId`, in id order: the dawn run's farm list, a page at a time. */
export async function farmIdsAfter(env: Env, afterFarmId: number, limit: number): Promise<number[]> {
  const rows = await directoryDb(env)
    .select({ id: farms.id })
    .from(farms)
    .where(gt(farms.id, afterFarmId))
    .orderBy(farms.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface DailyRunResult extends DawnCounts {
  today: IsoDate;
  /** Farms worked on, and those whose try failed (left for another run). */
  farms: number;
  failed: number;
}

/**
 * The whole dawn run in this invocation, farm after farm, through the same runDawnFarm the queue consumer calls: for
 * tests and local tools. Production runs the farms through the queue (dawn-queue.ts).
 */
export async function runDailyAlerts(env: Env, options: DawnFarmOptions = {}): Promise<DailyRunResult> {
  const log = options.log ?? createLogger({ job: 'dawn-run' });
  const today = todayJst(options.now);
  const total: DailyRunResult = {
    today,
    farms: 0,
    failed: 0,
    created: 0,
    raised: 0,
    refreshed: 0,
    resolved: 0,
    digests: 0,
  };
  let page = await farmIdsAfter(env, 0, 500);
  while (page.length) {
    for (const farmId of page) {
      try {
        const outcome = await runDawnFarm(env, farmId, today, { ...options, log });
        if (outcome.outcome !== 'done') continue;
        total.farms += 1;
        for (const key of ['created', 'raised', 'refreshed', 'resolved', 'digests'] as const)
          total[key] += outcome[key];
      } catch (err) {
        total.failed += 1;
        log('error', 'dawn run failed for a farm', { farmId, error: String(err) });
      }
    }
    page = await farmIdsAfter(env, page[page.length - 1], 500);
  }
  return total;
}
