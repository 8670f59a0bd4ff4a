import { escapeHtml } from '../lib/html';
/**
 * The dawn run (cron `0 21 * * *` = 06:00 JST): regenerate every farm's alerts with today's day counts, then
 * send each farmer with new high alerts one digest mail.
 */
import { inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import type { Env, Logger } from '../env';
import { formatDateJa, todayJst, type IsoDate } from '../lib/jst';
import { createLogger } from '../lib/log';
import { sendMail, type Mail } from '../mail/send-mail';
import { ALERT_TYPE_LABELS } from './alerts.schemas';
import { chunk } from './alerts.statements';
import { regenerateAllAlerts, type NewAlert } from './regenerate';

/** LINE users without a shared email get a placeholder address that must never be mailed. */
export const UNMAILABLE_SUFFIX = '@line.invalid';

export interface DailyRunResult {
  today: IsoDate;
  created: number;
  refreshed: number;
  resolved: number;
  digests: number;
}

const animalLabel = (a: Pick<NewAlert, 'cattleName' | 'cattleEarTagNumber' | 'cattleId'>) =>
  [a.cattleName ?? `牛ID ${a.cattleId}`, a.cattleEarTagNumber !== null ? `耳標 ${a.cattleEarTagNumber}` : null].filter(Boolean).join('・');

/** One farmer's digest of the high alerts that appeared this morning. */
export function digestMail(env: Pick<Env, 'APP_URL'>, to: { email: string; userName: string; id: number }, alerts: NewAlert[], today: IsoDate): Mail {
  const sorted = [...alerts].sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.cattleId - b.cattleId);
  const url = `${env.APP_URL}/alerts`;
  const lines = sorted.map(
    (a) => `・${animalLabel(a)}：${a.message}（${ALERT_TYPE_LABELS[a.type].ja}・期日 ${formatDateJa(a.dueAt)}）`,
  );
  const subject = `【牛帳】対応が必要なアラートが${alerts.length}件あります（${formatDateJa(today)}）`;
  const text = [
    `${to.userName} 様`,
    '',
    `今朝、重要度「高」の新しいアラートが${alerts.length}件あります。`,
    '',
    ...lines,
    '',
    `アラート一覧：${url}`,
    '',
    '牛帳 Ushichō',
  ].join('\n');
  const html = `<p>${escapeHtml(to.userName)} 様</p>
<p>今朝、重要度「高」の新しいアラートが${alerts.length}件あります。</p>
<ul>${sorted
    .map(
      (a) =>
        `<li><strong>${escapeHtml(animalLabel(a))}</strong>：${escapeHtml(a.message)}（${escapeHtml(ALERT_TYPE_LABELS[a.type].ja)}・期日 ${formatDateJa(a.dueAt)}）</li>`,
    )
    .join('')}</ul>
<p><a href="${escapeHtml(url)}">アラート一覧を開く</a></p>
<p>牛帳 Ushichō</p>`;
  return { to: to.email, subject, text, html, type: 'alert_digest', idempotencyKey: `alert-digest-${to.id}-${today}` };
}

/** Sends one digest per owner with new high alerts; a failed mail is logged and does not stop the others. */
export async function sendAlertDigests(env: Env, created: readonly NewAlert[], today: IsoDate, log: Logger): Promise<number> {
  const highByOwner = new Map<number, NewAlert[]>();
  for (const alert of created) {
    if (alert.severity !== 'high') continue;
    highByOwner.set(alert.ownerUserId, [...(highByOwner.get(alert.ownerUserId) ?? []), alert]);
  }
  const db = getDb(env);
  let sent = 0;
  for (const ownerIds of chunk([...highByOwner.keys()], 90)) {
    const owners = await db
      .select({ id: users.id, email: users.email, userName: users.userName })
      .from(users)
      .where(inArray(users.id, ownerIds));
    for (const owner of owners) {
      if (owner.email.toLowerCase().endsWith(UNMAILABLE_SUFFIX)) continue;
      try {
        await sendMail(env, digestMail(env, owner, highByOwner.get(owner.id) ?? [], today), log);
        sent += 1;
      } catch (err) {
        log('error', 'alert digest failed', { userId: owner.id, error: String(err) });
      }
    }
  }
  return sent;
}

export async function runDailyAlerts(env: Env, options: { now?: Date; log?: Logger } = {}): Promise<DailyRunResult> {
  const log = options.log ?? createLogger({ job: 'daily-alerts' });
  const now = options.now ?? new Date();
  const today = todayJst(now);
  const started = Date.now();
  const result = await regenerateAllAlerts(getDb(env), { today, now, log });
  const digests = await sendAlertDigests(env, result.created, today, log);
  const summary = {
    today,
    created: result.created.length,
    refreshed: result.refreshed,
    resolved: result.resolved,
    digests,
  };
  log('info', 'daily alerts done', { ...summary, skipped: result.skipped, ms: Date.now() - started });
  return summary;
}
