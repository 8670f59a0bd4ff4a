/**
 * The change history a farmer reads (docs/product.md §23, turn 4): one sentence per audit row that names the animal
 * by ear tag and name and says what happened ('0010 ゆり：授精を記録（安福久）'), with its changes as labelled lines.
 * Pure: the reader (worker/audit/audit.queries.ts) finds the animals, people and names the row points at.
 */
import { ALERT_STATUS_LABELS, ALERT_TYPE_LABELS } from './alerts';
import type { AuditAction, AuditChanges, AuditEntity } from './audit';
import {
  type AuditAnimal,
  type AuditChangeView,
  type AuditLocale,
  type AuditNames,
  animalName,
  changeLines,
  fieldLabel,
  valueLabel,
} from './audit-values';
import { EVENT_TYPE_INFO } from './event-types';
import { FILING_LABELS } from './filings';
import { ROLE_LABELS } from './roles';

export interface AuditFacts {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  changes: AuditChanges;
}

/** What the row is about, found beside it: its animal, and the event type, filing kind, alert, task or programme. */
export interface AuditSubject {
  animal?: AuditAnimal | null;
  eventType?: string | null;
  filingKind?: string | null;
  alertType?: string | null;
  taskTitle?: string | null;
  programmeName?: string | null;
}

export interface AuditWords {
  summary: string;
  changes: AuditChangeView[];
}

type Say = (ja: string, en: string) => string;

const labelOf = (table: Record<string, { ja: string; en: string }>, key: unknown, locale: AuditLocale) =>
  typeof key === 'string' && table[key] ? table[key][locale] : null;

/** The after (or before) of a field, as recorded. */
const newest = (changes: AuditChanges, field: string): unknown => changes[field]?.[1] ?? changes[field]?.[0] ?? null;

/** What an event's create adds after its type: the sire, the result, the weight, the product. */
function eventDetail(changes: AuditChanges, ctx: Ctx): string {
  const details = newest(changes, 'details') as Record<string, unknown> | null;
  if (!details || typeof details !== 'object') return '';
  for (const key of ['sireName', 'embryoId', 'result', 'weightKg', 'product'] as const) {
    const shown = valueLabel(key, details[key], 'event', ctx.locale, ctx.names);
    if (shown) return ctx.locale === 'ja' ? `（${shown}）` : ` (${shown})`;
  }
  return '';
}

interface Ctx {
  locale: AuditLocale;
  names: AuditNames;
  say: Say;
  subject: AuditSubject;
}

/** A quoted before → after of one field: 名前を「ゆり」から「ゆりこ」に変更. */
function fromTo(ctx: Ctx, field: string, changes: AuditChanges, entity: string): string {
  const [b, a] = changes[field] ?? [null, null];
  const none = ctx.say('（なし）', '(none)');
  const before = valueLabel(field, b, entity, ctx.locale, ctx.names) ?? none;
  const after = valueLabel(field, a, entity, ctx.locale, ctx.names) ?? none;
  const label = fieldLabel(field, ctx.locale) ?? '';
  return ctx.say(`${label}を「${before}」から「${after}」に変更`, `${label} changed from “${before}” to “${after}”`);
}

function changedFields(ctx: Ctx, changes: AuditChanges): string {
  const labels = [...new Set(Object.keys(changes).map((f) => fieldLabel(f, ctx.locale)))].filter(Boolean);
  return labels.length ? labels.join(ctx.say('・', ', ')) : ctx.say('内容', 'details');
}

function cattleSentence(row: AuditFacts, ctx: Ctx): string {
  const { say } = ctx;
  const keys = Object.keys(row.changes);
  switch (row.action) {
    case 'create':
      return say('牛を登録', 'registered');
    case 'delete':
      return say('牛を削除（ゴミ箱へ）', 'deleted (to the trash)');
    case 'restore':
      return say('ゴミ箱から復元', 'restored from the trash');
    default:
      if (keys.length === 1 || (keys.includes('status') && keys.every((k) => k === 'status' || k === 'reason'))) {
        const field = keys.includes('status') ? 'status' : keys[0];
        if (field) return fromTo(ctx, field, row.changes, 'cattle');
      }
      return say(`${changedFields(ctx, row.changes)}を変更`, `${changedFields(ctx, row.changes)} changed`);
  }
}

function eventSentence(row: AuditFacts, ctx: Ctx): string {
  const { say } = ctx;
  const type =
    labelOf(EVENT_TYPE_INFO, ctx.subject.eventType ?? newest(row.changes, 'eventType'), ctx.locale) ??
    say('記録', 'record');
  switch (row.action) {
    case 'create':
      return say(`${type}を記録${eventDetail(row.changes, ctx)}`, `${type} recorded${eventDetail(row.changes, ctx)}`);
    case 'delete':
      return say(`${type}の記録を削除（ゴミ箱へ）`, `${type} deleted (to the trash)`);
    case 'restore':
      return say(`${type}の記録をゴミ箱から復元`, `${type} restored from the trash`);
    default:
      return say(`${type}の記録を変更`, `${type} changed`);
  }
}

function shipmentSentence(row: AuditFacts, ctx: Ctx): string {
  const { say } = ctx;
  if (row.entity === 'plan') {
    const month = valueLabel(
      'plannedShipmentMonth',
      newest(row.changes, 'plannedShipmentMonth'),
      'plan',
      ctx.locale,
      ctx.names,
    );
    if (row.action === 'delete') return say('出荷予定を取り消し', 'shipment plan removed');
    if (row.action === 'create') return say(`出荷予定を登録（${month}）`, `shipment planned for ${month}`);
    return fromTo(ctx, 'plannedShipmentMonth', row.changes, 'plan');
  }
  if (row.action === 'create') return say('出荷を記録', 'shipment recorded');
  if (row.action === 'delete') return say('出荷の記録を削除', 'shipment deleted');
  return say(`出荷の${changedFields(ctx, row.changes)}を変更`, `shipment's ${changedFields(ctx, row.changes)} changed`);
}

function alertSentence(row: AuditFacts, ctx: Ctx): string {
  const { say } = ctx;
  const type = labelOf(ALERT_TYPE_LABELS, ctx.subject.alertType, ctx.locale) ?? say('アラート', 'alert');
  const status = labelOf(ALERT_STATUS_LABELS, row.changes.status?.[1], ctx.locale);
  if (status) return say(`アラート「${type}」を${status}に`, `alert “${type}” marked ${status.toLowerCase()}`);
  return say(`アラート「${type}」のメモを変更`, `alert “${type}”: memo changed`);
}

function taskSentence(row: AuditFacts, ctx: Ctx): string {
  const { say } = ctx;
  const title = ctx.subject.taskTitle ?? say('作業', 'task');
  const to = row.changes.status?.[1];
  if (to === 'done') return say(`作業「${title}」を完了`, `task “${title}” done`);
  if (to === 'skipped') return say(`作業「${title}」をスキップ`, `task “${title}” skipped`);
  return say(
    `作業「${title}」の${changedFields(ctx, row.changes)}を変更`,
    `task “${title}”: ${changedFields(ctx, row.changes)} changed`,
  );
}

function programmeSentence(row: AuditFacts, ctx: Ctx): string {
  const { say } = ctx;
  // The name the row itself recorded (a create's, a rename's, a delete's), else the programme's name now.
  const own = newest(row.changes, 'name');
  const name = typeof own === 'string' ? own : (ctx.subject.programmeName ?? say('プログラム', 'programme'));
  if (row.action === 'create') return say(`プログラム「${name}」を作成`, `programme “${name}” created`);
  if (row.action === 'delete') return say(`プログラム「${name}」を削除`, `programme “${name}” deleted`);
  const enrolled = row.changes.enrolled?.[1] as { cattleIds?: number[] } | undefined;
  if (enrolled) {
    const who = valueLabel('cattleIds', enrolled.cattleIds ?? [], 'programme', ctx.locale, ctx.names);
    return say(`プログラム「${name}」に登録：${who}`, `enrolled in “${name}”: ${who}`);
  }
  if (row.changes.cancelledEnrolment)
    return say(`プログラム「${name}」の登録を取り消し`, `enrolment in “${name}” cancelled`);
  return say(
    `プログラム「${name}」の${changedFields(ctx, row.changes)}を変更`,
    `programme “${name}”: ${changedFields(ctx, row.changes)} changed`,
  );
}

function memberSentence(row: AuditFacts, ctx: Ctx): string {
  const { say, locale } = ctx;
  const email = newest(row.changes, 'email');
  const who =
    row.action === 'invite' && typeof email === 'string'
      ? email
      : (ctx.names.users.get(Number(row.entityId)) ?? say('メンバー', 'a member'));
  const role = labelOf(ROLE_LABELS, newest(row.changes, 'role'), locale) ?? '';
  switch (row.action) {
    case 'invite':
      return say(`${who}を${role}として招待`, `${who} invited as ${role.toLowerCase()}`);
    case 'create':
      return say(`${who}がメンバーに参加（${role}）`, `${who} joined (${role.toLowerCase()})`);
    case 'delete':
      return say(`${who}をメンバーから外す`, `${who} removed from the farm`);
    default:
      return say(
        `${who}の${fromTo(ctx, 'role', row.changes, 'member')}`,
        `${who}: ${fromTo(ctx, 'role', row.changes, 'member')}`,
      );
  }
}

function farmSentence(row: AuditFacts, ctx: Ctx): string {
  const { say } = ctx;
  if (row.entity === 'import') {
    const n = (k: string) => Number(newest(row.changes, k) ?? 0);
    return say(
      `牛の一覧を取り込み（登録${n('created')}頭・更新${n('updated')}頭・記録${n('histories')}件）`,
      `herd imported (${n('created')} added, ${n('updated')} updated, ${n('histories')} records)`,
    );
  }
  if (row.action === 'restore') return say('バックアップから復元', 'restored from a backup');
  const keys = Object.keys(row.changes);
  if (keys.length === 1 && keys[0])
    return say(
      `牧場の${fromTo(ctx, keys[0], row.changes, 'farm')}`,
      `farm's ${fromTo(ctx, keys[0], row.changes, 'farm')}`,
    );
  return say('牧場の設定を変更', 'farm settings changed');
}

/** The row's sentence and its labelled changes, in Japanese (or English for the English screens). */
export function describeAudit(
  row: AuditFacts,
  subject: AuditSubject,
  names: AuditNames,
  locale: AuditLocale = 'ja',
): AuditWords {
  const say: Say = (ja, en) => (locale === 'ja' ? ja : en);
  const animal = subject.animal === undefined ? '' : animalName(subject.animal, locale);
  const ctx: Ctx = { locale, names, say, subject };
  const about = (text: string) => (animal ? say(`${animal}：${text}`, `${animal}: ${text}`) : text);
  let summary: string;
  switch (row.entity) {
    case 'cattle':
      summary = about(cattleSentence(row, ctx));
      break;
    case 'event':
      summary = about(eventSentence(row, ctx));
      // An event recorded by a LINE message says so (§25).
      if (newest(row.changes, 'source') === 'line') summary += say('（LINEから）', ' (from LINE)');
      break;
    case 'shipment':
    case 'plan':
      summary = about(shipmentSentence(row, ctx));
      break;
    case 'alert':
      summary = about(alertSentence(row, ctx));
      break;
    case 'filing': {
      const kind = labelOf(FILING_LABELS, subject.filingKind, locale) ?? say('届出', 'filing');
      const filed = row.changes.status?.[1] === 'filed';
      summary = filed
        ? say(`届出：${animal}の${kind}を届出済みに`, `Filing: ${kind} of ${animal} marked filed`)
        : say(`届出：${animal}の${kind}を未届出に戻す`, `Filing: ${kind} of ${animal} back to not filed`);
      break;
    }
    case 'task':
      summary = about(taskSentence(row, ctx));
      break;
    case 'programme':
      summary = about(programmeSentence(row, ctx));
      break;
    case 'member':
      summary = memberSentence(row, ctx);
      break;
    default:
      summary = farmSentence(row, ctx);
  }
  return { summary, changes: changeLines(row.changes, row.entity, locale, names) };
}
