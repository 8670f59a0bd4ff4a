/** The morning digest's channels and the LINE message (docs/product.md §7, §15; decision 023). No I/O. */
import { ALERT_TYPE_LABELS, type AlertType } from './alerts';
import { formatDateJa, type IsoDate } from './calendar';

export const DIGEST_CHANNELS = ['mail', 'line', 'both', 'none'] as const;
export type DigestChannel = (typeof DIGEST_CHANNELS)[number];

export const LINE_NOT_LINKED_MESSAGE = 'LINEが連携されていません';

const wantsMail = (channel: DigestChannel) => channel === 'mail' || channel === 'both';
const wantsLine = (channel: DigestChannel) => channel === 'line' || channel === 'both';

/** Whether pushes can reach a user: LINE linked, and the official account followed (not blocked). */
export interface LineReach {
  linked: boolean;
  following: boolean;
}

/** §15: 'line' or 'both' needs a linked, following LINE account; 'mail' and 'none' are always allowed. */
export const canChooseDigest = (channel: DigestChannel, reach: LineReach) =>
  !wantsLine(channel) || (reach.linked && reach.following);

/**
 * Where a member's digest goes: LINE when chosen and reachable; mail when chosen, and also in place of LINE when LINE
 * was chosen but can no longer reach them (unlinked, or the official account blocked), so no morning goes unheard.
 */
export function digestRoutes(channel: DigestChannel, reach: LineReach): { mail: boolean; line: boolean } {
  const line = wantsLine(channel) && reach.linked && reach.following;
  return { line, mail: wantsMail(channel) || (wantsLine(channel) && !line) };
}

/** What is left when LINE can no longer be reached (unlinked): mail stays, LINE goes. */
export const withoutLine = (channel: DigestChannel): DigestChannel =>
  channel === 'line' || channel === 'both' ? 'mail' : channel;

/** LINE allows 5,000 characters in a text message; the digest stays well inside. */
export const LINE_TEXT_LIMIT = 5000;
const MAX_LINES = 30;

export interface DigestAlert {
  cattleId: number;
  cattleName: string | null;
  cattleEarTagNumber: string | null;
  type: AlertType;
  dueAt: IsoDate;
  message: string;
  /** It appeared, or turned high, this morning. */
  isNew: boolean;
}

const animalLabel = (a: DigestAlert) =>
  [a.cattleName ?? `牛ID ${a.cattleId}`, a.cattleEarTagNumber !== null ? `耳標 ${a.cattleEarTagNumber}` : null]
    .filter(Boolean)
    .join('・');

/** The digest lists every open (active or acknowledged) high alert of the farm (§7): this morning's first, then by due date. */
export const sortDigest = (alerts: readonly DigestAlert[]) =>
  [...alerts].sort(
    (a, b) => Number(b.isNew) - Number(a.isNew) || a.dueAt.localeCompare(b.dueAt) || a.cattleId - b.cattleId,
  );

/** One alert of the digest, as the mail and the LINE message both show it. */
export const digestAlertLine = (a: DigestAlert) =>
  `${a.isNew ? '【新規】' : ''}${animalLabel(a)}：${a.message}（${ALERT_TYPE_LABELS[a.type].ja}・期日 ${formatDateJa(a.dueAt)}）`;

export const digestHeadline = (alerts: readonly DigestAlert[]) =>
  `重要度「高」のアラートが${alerts.length}件あります（今朝の新規${alerts.filter((a) => a.isNew).length}件）。`;

/** The digest as one LINE text message: the day, each high alert (at most 30, then a count), and the link. */
export function lineDigestText(
  farmName: string,
  alerts: readonly DigestAlert[],
  today: IsoDate,
  alertsUrl: string,
  taskLines: readonly string[] = [],
): string {
  const sorted = sortDigest(alerts);
  const shown = sorted.slice(0, MAX_LINES);
  const lines = shown.map((a) => `・${digestAlertLine(a)}`);
  if (sorted.length > shown.length) lines.push(`ほか${sorted.length - shown.length}件`);
  const text = [
    `【牛帳】${formatDateJa(today)} ${farmName}`,
    digestHeadline(alerts),
    '',
    ...lines,
    ...(taskLines.length ? ['', ...taskLines] : []),
    '',
    `アラート一覧：${alertsUrl}`,
  ].join('\n');
  return text.length <= LINE_TEXT_LIMIT ? text : `${text.slice(0, LINE_TEXT_LIMIT - 1)}…`;
}
