import { EVENT_CATEGORY_INFO, EVENT_TYPE_INFO, isEventType } from '@worker/domain/event-types';
import { useI18n } from '../../lib/i18n';
import './events.css';
import './messages';

/** An event's type with its category's colour: on its own, so the home screen need not load the event form. */
export function EventTypeBadge({ eventType }: { eventType: string }) {
  const { t } = useI18n();
  const category = isEventType(eventType) ? EVENT_TYPE_INFO[eventType].category : 'OTHER';
  return (
    <span className="event-badge" style={{ '--cat': EVENT_CATEGORY_INFO[category].color } as React.CSSProperties}>
      <span className="event-badge__category">{t(`events.category.${category}`)}</span>
      <strong>{isEventType(eventType) ? t(`events.type.${eventType}`) : eventType}</strong>
    </span>
  );
}
