import type { IsoDate } from '../domain/calendar';
import { type DigestAlert, lineDigestText } from '../domain/notifications';
import type { Env, Logger } from '../env';
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
): Promise<boolean> {
  if (!member.lineId) return false;
  const text = lineDigestText(member.farmName, alerts, today, `${env.APP_URL.replace(/\/+$/, '')}/alerts`, taskLines);
  try {
    const outcome = await pushLine(
      env,
      {
        to: member.lineId,
        userId: member.id,
        text,
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
