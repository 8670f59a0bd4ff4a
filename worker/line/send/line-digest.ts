import { runBatch } from '../../db/batch';
import { directoryDb } from '../../db/client';
import type { IsoDate } from '../../domain/calendar';
import { type DigestAlert, lineDigestText } from '../../domain/notifications';
import type { DigestTask } from '../../domain/programmes';
import type { Env, Logger } from '../../env';
import { taskButtons } from './line-buttons';
import { MAX_QUICK_REPLIES, textMessage } from './line-messages';
import { pushLine } from './push';

export interface LineDigestMember {
  id: number;
  farmId: number;
  farmName: string;
  lineId: string | null;
}

/**
 * One farm's morning digest as one LINE push to one member (docs/product.md §7, §15); the caller has checked that
 * LINE reaches them (digestRoutes). Returns whether the message went out (or into the development outbox).
 */
export async function sendLineDigest(
  env: Env,
  member: LineDigestMember,
  alerts: readonly DigestAlert[],
  today: IsoDate,
  log: Logger,
  taskLines: readonly string[] = [],
  tasks: readonly DigestTask[] = [],
): Promise<boolean> {
  if (!member.lineId) return false;
  // The first 13 tasks are numbered, each with its one-use 完了 button (§25).
  const ticks = tasks.flatMap((t) => (t.taskId === undefined ? [] : [t])).slice(0, MAX_QUICK_REPLIES);
  let n = 0;
  const numbered = taskLines.map((line) =>
    line.startsWith('・') && n < ticks.length ? `${++n}. ${line.slice(1)}` : line,
  );
  const text = lineDigestText(member.farmName, alerts, today, `${env.APP_URL.replace(/\/+$/, '')}/alerts`, numbered);
  try {
    const owner = { lineUserId: member.lineId, userId: member.id };
    const { writes, buttons } = taskButtons(
      directoryDb(env),
      owner,
      member.farmId,
      ticks.map((t) => ({
        taskId: t.taskId as number,
        label: `${[t.cattleEarTagNumber, t.cattleName].filter(Boolean).join(' ')} ${t.title}`,
      })),
    );
    await runBatch(directoryDb(env), writes);
    const outcome = await pushLine(
      env,
      {
        to: member.lineId,
        userId: member.id,
        text,
        messages: [textMessage(text, buttons)],
        type: 'alert_digest',
        idempotencyKey: `alert-digest-${member.farmId}-${member.id}-${today}`,
      },
      log,
    );
    return outcome !== 'failed';
  } catch (err) {
    // A failed log write, say: logged, and the other members still get theirs.
    log('error', 'line alert digest failed', { userId: member.id, farmId: member.farmId, error: String(err) });
    return false;
  }
}
