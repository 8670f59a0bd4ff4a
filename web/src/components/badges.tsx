import { formatDateJa, todayJst } from '@worker/domain/calendar';
import { CATTLE_STATUSES, STATUS_LABELS } from '@worker/domain/cattle-enums';
import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_INFO,
  EVENT_TYPE_INFO,
  EVENT_TYPES,
  isEventType,
} from '@worker/domain/event-types';
import type { Withdrawal } from '@worker/domain/withdrawal';
import { defineMessages, useI18n } from '../lib/i18n';
import './badges.css';

const labels = (locale: 'ja' | 'en') => ({
  status: Object.fromEntries(CATTLE_STATUSES.map((s) => [s, STATUS_LABELS[s][locale]])),
  eventType: Object.fromEntries(EVENT_TYPES.map((t) => [t, EVENT_TYPE_INFO[t][locale]])),
  category: Object.fromEntries(EVENT_CATEGORIES.map((c) => [c, EVENT_CATEGORY_INFO[c][locale]])),
});

defineMessages({
  ja: { badge: { ...labels('ja'), meatUntil: '肉 {{date}}まで', milkUntil: '乳 {{date}}まで', listSeparator: '・' } },
  en: {
    badge: {
      ...labels('en'),
      meatUntil: 'meat until {{date}}',
      milkUntil: 'milk until {{date}}',
      listSeparator: ' · ',
    },
  },
});

/** An animal's status ('繁殖中', '妊娠中'…) in its colour: the herd list, the animal's page and the home screen. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  const known = CATTLE_STATUSES.find((s) => s === status);
  return (
    <span className={`badge badge--status-${status.toLowerCase()}`}>{known ? t(`badge.status.${known}`) : status}</span>
  );
}

/** An event's type with its category's colour: on its own, so the home screen need not load the event form. */
export function EventTypeBadge({ eventType }: { eventType: string }) {
  const { t } = useI18n();
  const category = isEventType(eventType) ? EVENT_TYPE_INFO[eventType].category : 'OTHER';
  return (
    <span className="event-badge" style={{ '--cat': EVENT_CATEGORY_INFO[category].color } as React.CSSProperties}>
      <span className="event-badge__category">{t(`badge.category.${category}`)}</span>
      <strong>{isEventType(eventType) ? t(`badge.eventType.${eventType}`) : eventType}</strong>
    </span>
  );
}

/** '肉 2026/05/01まで・乳 2026/04/20まで': the ends of a withdrawal period still to come (§17). */
export function withdrawalText(t: (key: string, params?: Record<string, unknown>) => string, w: Withdrawal) {
  const today = todayJst();
  return [
    w.meatUntil && w.meatUntil >= today ? t('badge.meatUntil', { date: formatDateJa(w.meatUntil) }) : null,
    w.milkUntil && w.milkUntil >= today ? t('badge.milkUntil', { date: formatDateJa(w.milkUntil) }) : null,
  ]
    .filter(Boolean)
    .join(t('badge.listSeparator'));
}
