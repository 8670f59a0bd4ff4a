import { EVENT_TYPE_INFO, EVENT_TYPES } from '@worker/domain/event-types';
import { useI18n } from './i18n';

/**
 * English for the Japanese the API writes itself, other than errors: the success messages of the account screens,
 * the reasons it records in status and alert histories, and the alert messages of the daily rules
 * (worker/domain/alert-rules.ts). The API keeps its words (clients match them); the English screens show these
 * instead. Anything not listed, such as a reason a farmer typed, is shown as it is.
 */
const EXACT: Record<string, string> = {
  '仮登録が完了しました。メールを確認してください。': 'Almost there: please check your mail.',
  'トークンは有効です。本登録を完了してください。': 'The link is valid. Please finish registering.',
  '本登録が完了しました。ログインしてください。': 'Registration complete. Please sign in.',
  ログアウトしました: 'Signed out',
  すべての端末からログアウトしました: 'Signed out on all devices',
  'パスワード再設定のメールを送信しました。届かない場合はメールアドレスをご確認ください。':
    'We sent you a mail to reset your password. If it does not arrive, please check the email address.',
  'パスワードを再設定しました。新しいパスワードでログインしてください。':
    'Your password has been reset. Please sign in with the new one.',
  'パスワードを変更しました。ほかの端末はログアウトしました。':
    'Password changed. Your other devices have been signed out.',
  // Status history: shipments (docs/decisions/013-shipments.md) and the breeding state (worker/domain/breeding.ts).
  出荷: 'Shipped',
  出荷記録の削除: 'Shipment record deleted',
  出荷予定の登録: 'Shipment planned',
  出荷予定の取消: 'Shipment plan cancelled',
  'イベントの削除・修正による差し戻し': 'Put back after an event was deleted or corrected',
  // Alert history.
  条件が解消されました: 'The condition no longer applies',
  メモを更新しました: 'Memo updated',
  メモを削除しました: 'Memo deleted',
};

const days = (n: string) => (n === '1' ? '1 day' : `${n} days`);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A Japanese M/D (3/5) as English writes it (5 Mar). */
const monthDay = (m: string, d: string) => `${d} ${MONTHS[Number(m) - 1] ?? m}`;
const eventTypeEn = (ja: string) => {
  const type = EVENT_TYPES.find((t) => EVENT_TYPE_INFO[t].ja === ja);
  return type ? EVENT_TYPE_INFO[type].en : null;
};

const PATTERNS: [RegExp, (...groups: string[]) => string | null][] = [
  [
    /^イベント「(.+)」による更新$/,
    (label) => (eventTypeEn(label) ? `Updated by the event “${eventTypeEn(label)}”` : null),
  ],
  [/^分娩後(\d+)日経過・未授精$/, (n) => `${days(n)} since calving, not inseminated`],
  [/^本日分娩予定（エサ強化）$/, () => 'Calving due today (feed her up)'],
  [/^分娩予定まで残り(\d+)日（エサ強化）$/, (n) => `Calving due in ${days(n)} (feed her up)`],
  [/^本日分娩予定（分娩準備）$/, () => 'Calving due today (get ready for calving)'],
  [/^分娩予定まで残り(\d+)日（分娩準備）$/, (n) => `Calving due in ${days(n)} (get ready for calving)`],
  [/^分娩予定日を(\d+)日超過$/, (n) => `Calving ${days(n)} overdue`],
  [/^授精後(\d+)日経過・再発情を確認$/, (n) => `${days(n)} since insemination: watch for a return heat`],
  [/^発情後(\d+)日経過・再発情を確認$/, (n) => `${days(n)} since heat: watch for a return heat`],
  [
    /^妊娠鑑定まで残り(\d+)日（授精後(\d+)日）$/,
    (n, ai) => `Pregnancy check in ${days(n)} (${days(ai)} since insemination)`,
  ],
  [/^本日妊娠鑑定予定（授精後(\d+)日）$/, (ai) => `Pregnancy check due today (${days(ai)} since insemination)`],
  [
    /^妊娠鑑定予定日を(\d+)日超過（授精後(\d+)日）$/,
    (n, ai) => `Pregnancy check ${days(n)} overdue (${days(ai)} since insemination)`,
  ],
  [
    /^乾乳予定まで残り(\d+)日（分娩予定 (\d+)\/(\d+)）$/,
    (n, m, d) => `Dry-off in ${days(n)} (calving due ${monthDay(m, d)})`,
  ],
  [/^本日乾乳予定$/, () => 'Dry-off due today'],
  [/^乾乳予定日を(\d+)日超過$/, (n) => `Dry-off ${days(n)} overdue`],
  [/^(\d+)か月齢・未授精（種付け適期）$/, (n) => `${n} months old and not yet bred: time to breed her`],
];

/** The English of a text the API wrote in Japanese, or null when it is not one of the API's own. */
function serverTextEn(text: string): string | null {
  if (Object.hasOwn(EXACT, text)) return EXACT[text];
  for (const [pattern, english] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return english(...match.slice(1));
  }
  return null;
}

/**
 * A text from the API in the screen's language: as it is in Japanese; in English its translation, else
 * `fallback` (e.g. the alert type's label for an alert message) or the text itself.
 */
export function useServerText() {
  const { locale } = useI18n();
  return (text: string, fallback?: string): string =>
    locale === 'en' ? (serverTextEn(text) ?? fallback ?? text) : text;
}
