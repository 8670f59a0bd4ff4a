import { EVENT_CATEGORIES, EVENT_TYPES } from '@worker/domain/event-types';
import { isoDate, isoMonth, matching, oneOf, positiveId, searchOf, upTo } from '../../lib/search-params';

/** Search params of /events: unknown or malformed values are dropped rather than failing the page. */
export const eventsSearch = searchOf({
  cattleId: positiveId,
  cattleName: upTo(60),
  category: oneOf(EVENT_CATEGORIES),
  eventType: oneOf(EVENT_TYPES),
  from: isoDate,
  to: isoDate,
});
export type EventsSearch = ReturnType<typeof eventsSearch>;

export const eventNewSearch = searchOf({
  cattleId: positiveId,
  /** The type chosen beforehand: an alert's '授精を記録' opens the form on INSEMINATION (§15). */
  type: oneOf(EVENT_TYPES),
  /** An offline-queued event the API refused, opened to fix (its Idempotency-Key in the queue). */
  queued: matching(/^[\w-]{1,64}$/),
});
export type EventNewSearch = ReturnType<typeof eventNewSearch>;

/** /schedule: the month shown (this month without one) and the calendar or list view. */
export const scheduleSearch = searchOf({ month: isoMonth, view: oneOf(['calendar', 'list']) });
export type ScheduleSearch = ReturnType<typeof scheduleSearch>;
