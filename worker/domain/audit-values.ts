/**
 * The change history's values in a farmer's words (docs/product.md §23, turn 4): each changed field with its label,
 * and its before and after as the product shows them — dates YYYY/MM/DD in JST, enums by their labels, an animal as
 * '{耳標} {名前}' — never an id, a raw key, an ISO time or a JSON blob. Pure.
 */
import { ALERT_STATUS_LABELS, ALERT_TYPE_LABELS } from './alerts';
import { formatDateJa, jstDate, jstTime } from './calendar';
import { breedLabel, GENDER_LABELS, GROWTH_STAGE_LABELS, STATUS_LABELS } from './cattle-enums';
import { EVENT_TYPE_INFO, isEventType, PREGNANCY_RESULT_LABELS } from './event-types';
import { FILING_LABELS } from './filings';
import { INSEMINATION_METHOD_LABELS } from './gestation';
import { ROLE_LABELS } from './roles';

export type AuditLocale = 'ja' | 'en';
type Label = { ja: string; en: string };

/** An animal as the history names it. */
export interface AuditAnimal {
  earTagNumber: string | null;
  name: string | null;
  identificationNumber?: string | null;
}

/** What the reader knows beside the row: the animals and people its values point at. */
export interface AuditNames {
  animals: ReadonlyMap<number, AuditAnimal>;
  users: ReadonlyMap<number, string>;
}

export interface AuditChangeView {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** '0010 ゆり'; without an ear tag the 個体識別番号, with neither '未登録' ('Untagged'). */
export function animalName(a: AuditAnimal | null | undefined, locale: AuditLocale = 'ja'): string {
  const none = locale === 'ja' ? '未登録' : 'Untagged';
  if (!a) return locale === 'ja' ? '（削除された牛）' : '(deleted animal)';
  const tag = filled(a.earTagNumber) ? a.earTagNumber : filled(a.identificationNumber) ? a.identificationNumber : null;
  return [tag ?? (filled(a.name) ? null : none), filled(a.name) ? a.name : null].filter(Boolean).join(' ');
}

/** Every field a write records, by the last part of its key ('bloodline.fatherCattleName' → fatherCattleName). */
const FIELD_LABELS: Record<string, Label> = {
  name: { ja: '名前', en: 'Name' },
  earTagNumber: { ja: '耳標番号', en: 'Ear tag' },
  identificationNumber: { ja: '個体識別番号', en: 'ID number' },
  gender: { ja: '性別', en: 'Sex' },
  birthday: { ja: '生年月日', en: 'Birthday' },
  breed: { ja: '品種', en: 'Breed' },
  status: { ja: '状態', en: 'Status' },
  growthStage: { ja: '成長段階', en: 'Stage' },
  weight: { ja: '体重', en: 'Weight' },
  score: { ja: 'スコア', en: 'Score' },
  barn: { ja: '牛舎', en: 'Barn' },
  producerName: { ja: '生産者', en: 'Producer' },
  breedingValue: { ja: '育種価', en: 'Breeding value' },
  notes: { ja: 'メモ', en: 'Notes' },
  memo: { ja: 'メモ', en: 'Memo' },
  reason: { ja: '理由', en: 'Reason' },
  fatherCattleName: { ja: '父牛', en: 'Sire' },
  motherFatherCattleName: { ja: '母の父', en: "Dam's sire" },
  motherGrandFatherCattleName: { ja: '母の祖父', en: "Dam's grandsire" },
  motherGreatGrandFatherCattleName: { ja: '母の曾祖父', en: "Dam's great-grandsire" },
  motherCattleId: { ja: '母牛', en: 'Dam' },
  motherName: { ja: '母牛の名前', en: "Dam's name" },
  motherIdentificationNumber: { ja: '母牛の個体識別番号', en: "Dam's ID number" },
  motherScore: { ja: '母牛のスコア', en: "Dam's score" },
  parity: { ja: '産次', en: 'Parity' },
  breedingMemo: { ja: '繁殖メモ', en: 'Breeding memo' },
  cattleId: { ja: '牛', en: 'Animal' },
  cattleIds: { ja: '牛', en: 'Animals' },
  eventType: { ja: '種類', en: 'Type' },
  eventDatetime: { ja: '日時', en: 'Date' },
  method: { ja: '授精の方法', en: 'Method' },
  sireName: { ja: '種雄牛', en: 'Sire' },
  sireBreed: { ja: '種雄牛の品種', en: "Sire's breed" },
  technician: { ja: '授精師', en: 'Technician' },
  semenLot: { ja: '精液ロット', en: 'Semen lot' },
  embryoId: { ja: '受精卵番号', en: 'Embryo' },
  embryoBreed: { ja: '受精卵の品種', en: "Embryo's breed" },
  result: { ja: '鑑定結果', en: 'Result' },
  difficult: { ja: '難産', en: 'Difficult' },
  calves: { ja: '子牛', en: 'Calves' },
  stillborn: { ja: '死産', en: 'Stillborn' },
  weightKg: { ja: '体重', en: 'Weight' },
  product: { ja: '薬品・ワクチン', en: 'Product' },
  dose: { ja: '用量', en: 'Dose' },
  withdrawalMeatDays: { ja: '休薬期間（肉）', en: 'Withdrawal (meat)' },
  withdrawalMilkDays: { ja: '休薬期間（乳）', en: 'Withdrawal (milk)' },
  fromFarmerCode: { ja: '導入元の農家コード', en: "Seller's farmer code" },
  fromName: { ja: '導入元', en: 'Bought from' },
  toFarmerCode: { ja: '出荷先の農家コード', en: "Buyer's farmer code" },
  toName: { ja: '出荷先', en: 'Sold to' },
  disposalCode: { ja: '処理コード', en: 'Disposal code' },
  disposalName: { ja: '処理先', en: 'Disposal' },
  price: { ja: '価格', en: 'Price' },
  shipmentDate: { ja: '出荷日', en: 'Shipped on' },
  ageAtShipment: { ja: '出荷月齢', en: 'Age at shipment' },
  buyer: { ja: '出荷先', en: 'Buyer' },
  yieldGrade: { ja: '歩留等級', en: 'Yield grade' },
  qualityGrade: { ja: '肉質等級', en: 'Quality grade' },
  bms: { ja: 'BMS', en: 'BMS' },
  plannedShipmentMonth: { ja: '出荷予定月', en: 'Planned month' },
  role: { ja: '役割', en: 'Role' },
  email: { ja: 'メールアドレス', en: 'Email' },
  farmerCode: { ja: '農家コード', en: 'Farmer code' },
  filedAt: { ja: '届出日', en: 'Filed on' },
  dueDate: { ja: '期限', en: 'Due' },
  startDate: { ja: '開始日', en: 'Start' },
  assigneeUserId: { ja: '担当者', en: 'Assignee' },
  skipReason: { ja: 'スキップの理由', en: 'Reason skipped' },
  enrolled: { ja: '登録', en: 'Enrolled' },
  cancelledEnrolment: { ja: '登録の取り消し', en: 'Enrolment cancelled' },
  trigger: { ja: '開始のきっかけ', en: 'Starts' },
  steps: { ja: '手順', en: 'Steps' },
  stopWhen: { ja: '中止する記録', en: 'Stops on' },
  eligible: { ja: '対象', en: 'Eligible' },
  label: { ja: '対象', en: 'Item' },
  deletedAt: { ja: '削除日', en: 'Deleted on' },
  created: { ja: '登録した牛', en: 'Animals added' },
  updated: { ja: '更新した牛', en: 'Animals updated' },
  histories: { ja: '取り込んだ記録', en: 'Records imported' },
  events: { ja: '記録', en: 'Records' },
  shipments: { ja: '出荷', en: 'Shipments' },
  plans: { ja: '出荷予定', en: 'Shipment plans' },
  alerts: { ja: 'アラート', en: 'Alerts' },
  programmes: { ja: 'プログラム', en: 'Programmes' },
  enrolments: { ja: 'プログラムの登録', en: 'Enrolments' },
  tasks: { ja: '作業', en: 'Tasks' },
  filings: { ja: '届出', en: 'Filings' },
  audit: { ja: '変更履歴', en: 'Change history' },
  day: { ja: '日目', en: 'Day' },
  title: { ja: '作業', en: 'Task' },
  days: { ja: '日齢', en: 'Days old' },
  kind: { ja: '種類', en: 'Kind' },
  minDaysSinceCalving: { ja: '分娩後日数', en: 'Days since calving' },
  notPregnant: { ja: '妊娠していない牛', en: 'Not pregnant' },
  statuses: { ja: '状態', en: 'Statuses' },
};

/** Fields of a backup restore's count that are the herd's inner tables (shown by their total only). */
const QUIET_FIELDS = new Set([
  'bloodline',
  'motherInfo',
  'breedingStatus',
  'breedingSummary',
  'statusHistory',
  'alertHistory',
  'enrolmentId',
  // Where an event came from is said in the summary ('LINEから', §25), not as a change.
  'source',
]);

const leaf = (field: string) => field.split('.').at(-1) ?? field;

export const fieldLabel = (field: string, locale: AuditLocale): string | null =>
  FIELD_LABELS[leaf(field)]?.[locale] ?? null;

const TASK_STATUS_LABELS: Record<string, Label> = {
  open: { ja: '未完了', en: 'Open' },
  done: { ja: '完了', en: 'Done' },
  skipped: { ja: 'スキップ', en: 'Skipped' },
  cancelled: { ja: '中止', en: 'Cancelled' },
};
const FILING_STATUS_LABELS: Record<string, Label> = {
  pending: { ja: '未届出', en: 'Not filed' },
  filed: { ja: '届出済み', en: 'Filed' },
};
const TRIGGER_LABELS: Record<string, Label> = {
  manual: { ja: '手動', en: 'By hand' },
  event: { ja: '記録', en: 'A record' },
  age: { ja: '日齢', en: 'Age' },
};

/** The enum a field's values come from, by the entity that wrote it. */
function enumOf(field: string, entity: string): Record<string, Label> | null {
  switch (leaf(field)) {
    case 'status':
    case 'statuses':
      if (entity === 'task') return TASK_STATUS_LABELS;
      if (entity === 'filing') return FILING_STATUS_LABELS;
      if (entity === 'alert') return ALERT_STATUS_LABELS;
      return STATUS_LABELS;
    case 'gender':
      return GENDER_LABELS;
    case 'growthStage':
      return GROWTH_STAGE_LABELS;
    case 'eventType':
      return EVENT_TYPE_INFO;
    case 'method':
      return INSEMINATION_METHOD_LABELS;
    case 'result':
      return PREGNANCY_RESULT_LABELS;
    case 'role':
      return ROLE_LABELS;
    case 'kind':
      return entity === 'programme' ? TRIGGER_LABELS : FILING_LABELS;
    case 'type':
      return ALERT_TYPE_LABELS;
    default:
      return null;
  }
}

const UNITS: Record<string, Label> = {
  weight: { ja: 'kg', en: ' kg' },
  weightKg: { ja: 'kg', en: ' kg' },
  price: { ja: '円', en: ' yen' },
  withdrawalMeatDays: { ja: '日', en: ' days' },
  withdrawalMilkDays: { ja: '日', en: ' days' },
  ageAtShipment: { ja: 'か月', en: ' mo' },
  minDaysSinceCalving: { ja: '日', en: ' days' },
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** An instant as the product shows it: its JST date, with the time when it has one (not 00:00). */
function instantLabel(instant: string): string {
  const time = jstTime(instant);
  const date = formatDateJa(jstDate(instant));
  return time === '00:00' ? date : `${date} ${time}`;
}

function scalar(
  field: string,
  value: string | number | boolean,
  entity: string,
  locale: AuditLocale,
  names: AuditNames,
) {
  const key = leaf(field);
  if (typeof value === 'boolean') return locale === 'ja' ? (value ? 'はい' : 'いいえ') : value ? 'Yes' : 'No';
  if (key === 'cattleId' || key === 'cattleIds' || key === 'motherCattleId') {
    return animalName(names.animals.get(Number(value)), locale);
  }
  if (key === 'assigneeUserId') {
    return names.users.get(Number(value)) ?? (locale === 'ja' ? '（メンバー外）' : '(not a member)');
  }
  const labels = enumOf(field, entity);
  if (labels && typeof value === 'string' && labels[value]) return labels[value][locale];
  if (typeof value === 'number') {
    const unit = UNITS[key]?.[locale] ?? '';
    return `${value.toLocaleString(locale === 'ja' ? 'ja-JP' : 'en-GB')}${unit}`;
  }
  if (ISO_INSTANT.test(value)) return instantLabel(value);
  if (ISO_DATE.test(value)) return formatDateJa(value);
  if (ISO_MONTH.test(value)) return value.replace('-', '/');
  if (key === 'breed' || key === 'sireBreed' || key === 'embryoBreed') return breedLabel(value, locale);
  return value;
}

/** A programme's step: '7日目 PGF2α投与（投薬）'. */
function stepLabel(step: Record<string, unknown>, locale: AuditLocale): string {
  const day = locale === 'ja' ? `${step.day}日目` : `Day ${step.day}`;
  const type = isEventType(step.eventType) ? EVENT_TYPE_INFO[step.eventType] : undefined;
  return `${day} ${String(step.title ?? '')}${type ? `（${(type as Label)[locale]}）` : ''}`;
}

/** A programme's start: '手動', '記録：分娩', '生後60日'. */
function triggerLabel(trigger: Record<string, unknown>, locale: AuditLocale): string {
  if (trigger.kind === 'age') return locale === 'ja' ? `生後${trigger.days}日` : `At ${trigger.days} days old`;
  if (trigger.kind === 'event') {
    const type = EVENT_TYPE_INFO[trigger.eventType as keyof typeof EVENT_TYPE_INFO]?.[locale] ?? '';
    return locale === 'ja' ? `記録：${type}` : `A record: ${type}`;
  }
  return TRIGGER_LABELS.manual?.[locale] ?? '';
}

/** A value as text: a list joined, an object's fields by their labels (those without one left out), never JSON. */
export function valueLabel(
  field: string,
  value: unknown,
  entity: string,
  locale: AuditLocale,
  names: AuditNames,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const sep = locale === 'ja' ? '、' : ', ';
  if (Array.isArray(value)) {
    const parts = value.map((v) =>
      leaf(field) === 'steps' && v && typeof v === 'object'
        ? stepLabel(v as Record<string, unknown>, locale)
        : valueLabel(field, v, entity, locale, names),
    );
    return parts.filter(Boolean).join(sep) || null;
  }
  if (leaf(field) === 'trigger' && typeof value === 'object')
    return triggerLabel(value as Record<string, unknown>, locale);
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([k]) => !QUIET_FIELDS.has(k))
      .map(([k, v]) => {
        const label = fieldLabel(k, locale);
        const shown = valueLabel(k, v, entity, locale, names);
        if (!label || shown === null) return null;
        return k === 'cattleIds' || k === 'cattleId' ? shown : `${label} ${shown}`;
      })
      .filter(Boolean);
    return parts.join(' / ') || null;
  }
  return scalar(field, value as string | number | boolean, entity, locale, names);
}

/** Objects whose parts are shown as fields of their own (an event's details, a shipment's carcass). */
const SPREAD = new Set(['details', 'carcass', 'bloodline', 'motherInfo', 'breeding']);

/** The changes of a row as labelled lines: objects like an event's details spread into their own fields. */
export function changeLines(
  changes: Record<string, [unknown, unknown]>,
  entity: string,
  locale: AuditLocale,
  names: AuditNames,
): AuditChangeView[] {
  const lines: AuditChangeView[] = [];
  for (const [field, [before, after]] of Object.entries(changes)) {
    if (QUIET_FIELDS.has(leaf(field))) continue;
    if (SPREAD.has(leaf(field)) && isPlain(before) && isPlain(after)) {
      const b = (before ?? {}) as Record<string, unknown>;
      const a = (after ?? {}) as Record<string, unknown>;
      const inner = Object.fromEntries(
        [...new Set([...Object.keys(b), ...Object.keys(a)])]
          .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
          .map((k) => [`${field}.${k}`, [b[k] ?? null, a[k] ?? null] as [unknown, unknown]]),
      );
      lines.push(...changeLines(inner, entity, locale, names));
      continue;
    }
    const label = fieldLabel(field, locale);
    if (!label) continue;
    const shownBefore = valueLabel(field, before, entity, locale, names);
    const shownAfter = valueLabel(field, after, entity, locale, names);
    if (shownBefore === null && shownAfter === null) continue;
    lines.push({ field, label, before: shownBefore, after: shownAfter });
  }
  return lines;
}

const isPlain = (v: unknown) => v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v));
