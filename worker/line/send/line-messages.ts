/**
 * What the official account says (docs/product.md §25), word for word, and LINE's own message objects: a text with
 * quick-reply buttons whose actions are postbacks, a date picker or a message.
 */
import { LINE_WORDS } from '../../domain/line-grammar';

export const LINE_REPLIES = {
  linked: (name: string, farm: string) => `連携しました：${name}さん（${farm}）`,
  linkedElsewhere: 'このLINEはすでに別のアカウントに連携されています',
  wrongCode: 'コードが正しくないか期限切れです',
  lockedOut: 'しばらくしてからお試しください',
  notLinked:
    '牛帳のアカウントとまだ連携されていません。牛帳の「設定」→「LINE連携と通知」で連携コードを表示し、そのコード（8文字）をこのトークに送ってください。',
  help: `牛の番号・記録の種類・値の順に送ってください。例：1234 授精 安福久\n使える言葉：${LINE_WORDS.join('、')}\n「今日」で今日の作業とアラート、「牧場」で記録先の牧場を選べます。`,
  notFound: (digits: string) => `該当する牛が見つかりません：${digits}`,
  choose: (digits: string) => `${digits} に当てはまる牛が複数います。選んでください`,
  confirm: (animal: string, what: string, date: string, farm: string | null) =>
    `${farm ? `【${farm}】` : ''}${animal} に ${what} を ${date} で記録しますか？`,
  recorded: (animal: string, what: string, date: string, url: string) =>
    `記録しました：${animal} ${what} ${date}\n${url}`,
  cancelled: '記録をやめました',
  expired: '期限切れです。もう一度送ってください',
  alreadyDone: '記録済みです',
  viewer: '閲覧のみの権限のため記録できません',
  noFarm: '記録できる牧場がありません',
  farms: '記録先の牧場を選んでください',
  farmChosen: (farm: string) => `記録先を${farm}にしました`,
  taskDone: (task: string) => `完了にしました：${task}`,
  failed: '記録できませんでした。もう一度送ってください',
  nothingToday: (farm: string) => `${farm}：今日の作業と重要なアラートはありません`,
} as const;

export const LINE_BUTTONS = { record: '記録する', changeDate: '日付を変える', cancel: 'やめる' } as const;

export type LineAction =
  | { type: 'postback'; label: string; data: string; displayText: string }
  | { type: 'datetimepicker'; label: string; data: string; mode: 'date'; max: string; min: string }
  | { type: 'message'; label: string; text: string };

export interface LineTextMessage {
  type: 'text';
  text: string;
  quickReply?: { items: { type: 'action'; action: LineAction }[] };
}

/** LINE allows 13 quick-reply buttons and 20 characters a label. */
export const MAX_QUICK_REPLIES = 13;
const LABEL_MAX = 20;
const TEXT_MAX = 5000;

export const postback = (label: string, data: string, displayText = label): LineAction => ({
  type: 'postback',
  label: label.slice(0, LABEL_MAX),
  data,
  displayText,
});

/** A text message, with up to 13 quick replies. */
export function textMessage(text: string, actions: readonly LineAction[] = []): LineTextMessage {
  const message: LineTextMessage = { type: 'text', text: text.slice(0, TEXT_MAX) };
  if (actions.length) {
    message.quickReply = { items: actions.slice(0, MAX_QUICK_REPLIES).map((action) => ({ type: 'action', action })) };
  }
  return message;
}
