/**
 * The dawn run (cron `0 21 * * *` = 06:00 JST): regenerate every farm's alerts with today's day counts, then
 * send each member of a farm with new high alerts (or alerts that turned high this morning) one digest.
 *
 * The run is sliced so no single invocation nears Workers' limits: an invocation covers at most
 * DAILY_SCOPES_PER_INVOCATION scopes (each ≤ 50 owners and about 2,000 head, about 3 D1 calls), records where it
 * stopped in daily_runs, and the follow-up crons (`5-55/5 21 * * *`) continue from there until the day's run is
 * finished. The dawn cron always starts from the first owner, so triggering it by hand re-runs the day.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { clientOf, directoryDb, shardBindings, shardDb } from '../db/client';
import { alerts, dailyRuns, farmMembers, farms, lineFriends, users } from '../db/schema';
import type { AlertType } from '../domain/alerts';
import { formatDateJa, type IsoDate, todayJst } from '../domain/calendar';
import { type DigestAlert, digestAlertLine, digestHeadline, digestRoutes, sortDigest } from '../domain/notifications';
import type { Env, Logger } from '../env';
import { escapeHtml } from '../lib/html';
import { createLogger } from '../lib/log';
import { sendLineDigest } from '../line/line-digest';
import { type Mail, sendMail } from '../mail/send-mail';
import { chunk } from './alerts.statements';
import { type DailySliceOptions, type NewAlert, regenerateAllAlerts } from './regenerate';

/** The cron that starts the day's run; every other cron continues it. */
export const DAILY_START_CRON = '0 21 * * *';
/**
 * Scopes per invocation: 40 scopes are at most 2,000 owners or about 80,000 head, a few seconds of CPU and about
 * 120 D1 calls (Workers allow 30 s of CPU and 1,000 D1 queries per invocation); twelve invocations a morning
 * cover about a million head.
 */
export const DAILY_SCOPES_PER_INVOCATION = 40;

/** LINE users without a shared email get a placeholder address that must never be mailed. */
export const UNMAILABLE_SUFFIX = '@line.invalid';

export interface DailyRunResult {
  today: IsoDate;
  created: number;
  /** Open alerts whose severity rose this morning. */
  raised: number;
  refreshed: number;
  resolved: number;
  digests: number;
  /** Scopes this invocation covered, and whether the day's run is finished. */
  scopes: number;
  finished: boolean;
}

export interface DailyRunOptions {
  now?: Date;
  log?: Logger;
  /** Continue the day's run (a follow-up cron) rather than start it. */
  continuation?: boolean;
  /** For tests: smaller slices. */
  slice?: Pick<DailySliceOptions, 'maxScopes' | 'ownersPerScope' | 'headPerScope'>;
}

/** One member's digest mail of the farm's active high alerts, this morning's marked (§7). */
export function digestMail(
  env: Pick<Env, 'APP_URL'>,
  to: { email: string; userName: string; id: number; farmId: number },
  alerts: readonly DigestAlert[],
  today: IsoDate,
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
    '',
    `アラート一覧：${url}`,
    '',
    '牛帳 Ushichō',
  ].join('\n');
  const html = `<p>${escapeHtml(to.userName)} 様</p>
<p>${escapeHtml(digestHeadline(alerts))}</p>
<ul>${sorted.map((a) => `<li>${escapeHtml(digestAlertLine(a))}</li>`).join('')}</ul>
<p><a href="${escapeHtml(url)}">アラート一覧を開く</a></p>
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
 * one digest of every active high alert of the farm, this morning's marked new (§7), by their §15 choice (mail, LINE, both or none); a failed mail or push is logged and does not stop
 * the others. A member of several such farms gets one digest per farm. Counts the messages that went out.
 */
export async function sendAlertDigests(
  env: Env,
  created: readonly NewAlert[],
  today: IsoDate,
  log: Logger,
): Promise<number> {
  const newHigh = new Map(created.filter((a) => a.severity === 'high').map((a) => [a.id, a]));
  const farmsWithNews = [...new Set([...newHigh.values()].map((a) => a.farmId))];
  const db = directoryDb(env);
  let sent = 0;
  for (const farmIds of chunk(farmsWithNews, 90)) {
    const members = await db
      .select({
        farmId: farmMembers.farmId,
        id: users.id,
        email: users.email,
        userName: users.userName,
        digestChannel: users.digestChannel,
        lineId: users.lineId,
        lineFollowing: lineFriends.following,
        farmName: farms.name,
        shard: farms.shard,
      })
      .from(farmMembers)
      .innerJoin(users, eq(users.id, farmMembers.userId))
      .innerJoin(farms, eq(farms.id, farmMembers.farmId))
      .leftJoin(lineFriends, eq(lineFriends.lineUserId, users.lineId))
      .where(inArray(farmMembers.farmId, farmIds));
    // The farms' open high alerts, from each farm's shard (decision 034).
    const farmsByShard = new Map<number, number[]>();
    for (const m of members) {
      const onShard = farmsByShard.get(m.shard) ?? [];
      if (!onShard.includes(m.farmId)) farmsByShard.set(m.shard, [...onShard, m.farmId]);
    }
    const open = [];
    for (const [shard, shardFarmIds] of farmsByShard) {
      const rows = await shardDb(env, shard)
        .select({
          id: alerts.id,
          farmId: alerts.farmId,
          cattleId: alerts.cattleId,
          cattleName: alerts.cattleName,
          cattleEarTagNumber: alerts.cattleEarTagNumber,
          type: alerts.type,
          dueAt: alerts.dueAt,
          message: alerts.message,
        })
        .from(alerts)
        .where(
          and(
            inArray(alerts.farmId, shardFarmIds),
            inArray(alerts.status, ['active', 'acknowledged']),
            eq(alerts.severity, 'high'),
          ),
        );
      open.push(...rows);
    }
    // This morning's, then the farm's other open high alerts (the new ones are stored already; kept once by id).
    const byId = new Map<string, DigestAlert & { farmId: number }>();
    for (const a of newHigh.values()) if (farmIds.includes(a.farmId)) byId.set(a.id, { ...a, isNew: true });
    for (const a of open) {
      if (!byId.has(a.id)) byId.set(a.id, { ...a, type: a.type as AlertType, dueAt: a.dueAt ?? today, isNew: false });
    }
    const highByFarm = new Map<number, DigestAlert[]>();
    for (const a of byId.values()) highByFarm.set(a.farmId, [...(highByFarm.get(a.farmId) ?? []), a]);
    for (const member of members) {
      const digest = highByFarm.get(member.farmId) ?? [];
      if (!digest.length) continue;
      const reach = { linked: Boolean(member.lineId), following: Boolean(member.lineFollowing) };
      const route = digestRoutes(member.digestChannel, reach);
      if (route.line && (await sendLineDigest(env, member, digest, today, log))) sent += 1;
      if (!route.mail || member.email.toLowerCase().endsWith(UNMAILABLE_SUFFIX)) continue;
      try {
        await sendMail(env, digestMail(env, member, digest, today), log);
        sent += 1;
      } catch (err) {
        log('error', 'alert digest failed', { userId: member.id, farmId: member.farmId, error: String(err) });
      }
    }
  }
  return sent;
}

export async function runDailyAlerts(env: Env, options: DailyRunOptions = {}): Promise<DailyRunResult> {
  const log = options.log ?? createLogger({ job: 'daily-alerts' });
  const now = options.now ?? new Date();
  const today = todayJst(now);
  const started = Date.now();
  const db = directoryDb(env);
  let afterFarmId = 0;
  if (options.continuation) {
    const [progress] = await db.select().from(dailyRuns).where(eq(dailyRuns.runDate, today)).limit(1);
    if (!progress || progress.finishedAt) {
      return {
        today,
        created: 0,
        raised: 0,
        refreshed: 0,
        resolved: 0,
        digests: 0,
        scopes: 0,
        finished: Boolean(progress?.finishedAt),
      };
    }
    afterFarmId = progress.afterFarmId;
  }
  // Each shard's farms after the cursor (decision 034). The cursor is one farm id over all shards: the lowest farm
  // a shard stopped at, so a shard that went further regenerates a few farms again next time (idempotent: no new
  // alert, no second digest). The dawn run on Queues (issue 33) replaces the cursor.
  const slices = [];
  for (const shard of shardBindings(env)) {
    slices.push(
      await regenerateAllAlerts(clientOf(shard), {
        today,
        now,
        log,
        afterFarmId,
        maxScopes: DAILY_SCOPES_PER_INVOCATION,
        ...options.slice,
      }),
    );
  }
  const unfinished = slices.filter((s) => !s.done);
  const result = {
    created: slices.flatMap((s) => s.created),
    raised: slices.flatMap((s) => s.raised),
    refreshed: slices.reduce((n, s) => n + s.refreshed, 0),
    resolved: slices.reduce((n, s) => n + s.resolved, 0),
    scopes: slices.reduce((n, s) => n + s.scopes, 0),
    skipped: slices.flatMap((s) => s.skipped),
    done: unfinished.length === 0,
    lastOwnerId: unfinished.length
      ? Math.min(...unfinished.map((s) => s.lastOwnerId ?? afterFarmId))
      : Math.max(afterFarmId, ...slices.map((s) => s.lastOwnerId ?? 0)),
  };
  const stamp = now.toISOString();
  const progress = {
    afterFarmId: result.lastOwnerId ?? afterFarmId,
    finishedAt: result.done ? stamp : null,
    updatedAt: stamp,
  };
  await db
    .insert(dailyRuns)
    .values({ runDate: today, ...progress, invocations: 1, createdAt: stamp })
    .onConflictDoUpdate({
      target: dailyRuns.runDate,
      set: { ...progress, invocations: options.continuation ? sql`${dailyRuns.invocations} + 1` : 1 },
    });
  const digests = await sendAlertDigests(env, [...result.created, ...result.raised], today, log);
  const summary = {
    today,
    created: result.created.length,
    raised: result.raised.length,
    refreshed: result.refreshed,
    resolved: result.resolved,
    digests,
    scopes: result.scopes,
    finished: result.done,
  };
  log('info', 'daily alerts slice done', {
    ...summary,
    afterFarmId,
    skipped: result.skipped,
    ms: Date.now() - started,
  });
  return summary;
}
