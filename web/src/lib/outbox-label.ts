/**
 * What a queued record is, in the farmer's words (§20): its type and value, then the animal's ear tag and name —
 * '体重測定 512kg · 0010 ゆり'. The animal is looked up when the record is queued (the roster kept on the phone, or the
 * queued registration it names), so the label needs no signal.
 */
import { EVENT_TYPE_INFO, isEventType, PREGNANCY_RESULT_LABELS } from '@worker/domain/event-types';
import type { Locale } from './i18n';
import type { QueuedWrite } from './write-queue';

const KIND_LABELS = {
  cattle: { ja: '牛の登録', en: 'New animal' },
  shipment: { ja: '出荷', en: 'Shipment' },
  task: { ja: '作業完了', en: 'Task done' },
  bulk: { ja: 'まとめて記録', en: 'Group record' },
} as const;
const UNKNOWN_ANIMAL = { ja: '牛', en: 'Animal' } as const;
const OFFLINE_ANIMAL = { ja: 'オフラインで登録した牛', en: 'Animal registered offline' } as const;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

/** The one value that tells this record from another of its kind: a weight, a sire, a result, a product, a price. */
function recordValue(item: QueuedWrite, locale: Locale): string | null {
  const body = item.body;
  if (item.kind === 'shipment') {
    const price = Number(body.price);
    return Number.isFinite(price) && price > 0
      ? `${price.toLocaleString('ja-JP')}${locale === 'ja' ? '円' : ' yen'}`
      : null;
  }
  if (item.kind === 'task') return text(body.title);
  if (item.kind !== 'event') return null;
  const details = (body.details ?? {}) as Record<string, unknown>;
  switch (body.eventType) {
    case 'WEIGHT_MEASURED':
      return text(details.weightKg) ? `${text(details.weightKg)}kg` : null;
    case 'INSEMINATION':
      return text(details.sireName);
    case 'PREGNANCY_CHECK':
      return details.result === 'PREGNANT' || details.result === 'OPEN'
        ? PREGNANCY_RESULT_LABELS[details.result][locale]
        : null;
    case 'VACCINATION':
    case 'MEDICATION':
      return text(details.product);
    default:
      return null;
  }
}

/** The animal as the label names it: ear tag and name, or what is known of it. */
function animalOf(item: QueuedWrite, locale: Locale): string {
  const known = item.kind === 'cattle' ? { earTagNumber: item.body.earTagNumber, name: item.body.name } : item.animal;
  const named = [text(known?.earTagNumber), text(known?.name)].filter(Boolean).join(' ');
  if (named) return named;
  const id = item.body.cattleId;
  if (typeof id === 'number' && id < 0) return OFFLINE_ANIMAL[locale];
  return typeof id === 'number' ? `${UNKNOWN_ANIMAL[locale]} #${id}` : UNKNOWN_ANIMAL[locale];
}

/** A group's record (§26): its type and how many animals, or its pen — 'ワクチン接種 · 3頭'. */
function groupLabel(item: QueuedWrite, locale: Locale): string {
  const type = isEventType(item.body.eventType)
    ? EVENT_TYPE_INFO[item.body.eventType][locale]
    : KIND_LABELS.bulk[locale];
  const ids = item.body.cattleIds;
  const count = Array.isArray(ids) ? ids.length : 0;
  const group = count
    ? locale === 'ja'
      ? `${count}頭`
      : `${count} animals`
    : locale === 'ja'
      ? '牛房の全頭'
      : 'Whole pen';
  return `${type} · ${group}`;
}

export function outboxLabel(item: QueuedWrite, locale: Locale): string {
  if (item.kind === 'bulk') return groupLabel(item, locale);
  const type =
    item.kind === 'event'
      ? isEventType(item.body.eventType)
        ? EVENT_TYPE_INFO[item.body.eventType][locale]
        : locale === 'ja'
          ? 'イベント'
          : 'Event'
      : KIND_LABELS[item.kind][locale];
  const value = recordValue(item, locale);
  return `${value ? `${type} ${value}` : type} · ${animalOf(item, locale)}`;
}
