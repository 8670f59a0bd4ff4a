import { EVENT_CATEGORIES, isEventType } from '@worker/domain/event-types';

export interface EventsSearch {
  cattleId?: number;
  cattleName?: string;
  category?: string;
  eventType?: string;
  from?: string;
  to?: string;
}

const date = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const positive = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Search params of /events: unknown or malformed values are dropped rather than failing the page. */
export function eventsSearch(search: Record<string, unknown>): EventsSearch {
  return {
    cattleId: positive(search.cattleId),
    cattleName: typeof search.cattleName === 'string' ? search.cattleName.slice(0, 60) : undefined,
    category: (EVENT_CATEGORIES as readonly string[]).includes(search.category as string)
      ? (search.category as string)
      : undefined,
    eventType: isEventType(search.eventType) ? search.eventType : undefined,
    from: date(search.from),
    to: date(search.to),
  };
}

export interface EventNewSearch {
  cattleId?: number;
  /** The type chosen beforehand: an alert's '授精を記録' opens the form on INSEMINATION (§15). */
  type?: string;
  /** An offline-queued event the API refused, opened to fix (its Idempotency-Key in the queue). */
  queued?: string;
}

export const eventNewSearch = (search: Record<string, unknown>): EventNewSearch => ({
  cattleId: positive(search.cattleId),
  type: isEventType(search.type) ? search.type : undefined,
  queued: typeof search.queued === 'string' && /^[\w-]{1,64}$/.test(search.queued) ? search.queued : undefined,
});

export interface ScheduleSearch {
  month?: string;
  view?: 'calendar' | 'list';
}

export const scheduleSearch = (search: Record<string, unknown>): ScheduleSearch => ({
  month: typeof search.month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(search.month) ? search.month : undefined,
  view: search.view === 'list' ? 'list' : search.view === 'calendar' ? 'calendar' : undefined,
});
