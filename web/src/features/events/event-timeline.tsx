import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { eventTimeLabel, formatDateJa, jstDate } from '@worker/domain/calendar';
import { lazy, Suspense, useState } from 'react';
import { cattleEventsQuery, type EventView, useEventMutations } from '../../api/events';
import { EventTypeBadge } from '../../components/badges';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { CertificateLink } from './certificate-link';
import { EventDetailsLines } from './event-details';
import './events.css';
import './messages';

// The correction form (the event schemas and their fields) loads when an event is opened for editing.
const EventForm = lazy(() => import('./event-form').then(({ EventForm }) => ({ default: EventForm })));

/** The event's time beside its date; nothing for a day-only event. */
function EventTime({ instant }: { instant: string }) {
  const time = eventTimeLabel(instant);
  return time ? <span className="muted">{time}</span> : null;
}

/**
 * One animal's events grouped by JST date, newest first, with edit and delete. `heldEventId`: the SHIPMENT event its
 * shipment record holds (§9), changed or deleted with the record, so it links there instead.
 */
export function EventTimeline({ cattleId, heldEventId = null }: { cattleId: number; heldEventId?: number | null }) {
  const { t } = useI18n();
  const events = useQuery(cattleEventsQuery(cattleId));
  const { update, remove } = useEventMutations();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (events.isLoading) return <Loading />;
  if (events.isError) return <ErrorState error={events.error} onRetry={() => events.refetch()} />;
  const list = events.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState title={t('events.timelineEmpty')}>
        <Link to="/events/new" search={{ cattleId }} className="button button--primary">
          {t('events.record')}
        </Link>
      </EmptyState>
    );
  }
  const groups = new Map<string, EventView[]>();
  for (const e of list) {
    const day = jstDate(e.eventDatetime);
    groups.set(day, [...(groups.get(day) ?? []), e]);
  }
  return (
    <div className="event-timeline">
      {deleteError ? (
        <div className="alert alert--error" role="alert">
          {deleteError}
        </div>
      ) : null}
      {[...groups].map(([day, items]) => (
        <section key={day} className="event-timeline__day" aria-label={formatDateJa(day)}>
          <h3 className="event-timeline__date">
            <time dateTime={day}>{formatDateJa(day)}</time>
          </h3>
          <ul className="event-timeline__items">
            {items.map((event) => (
              <li key={event.eventId} className="event-item" data-event-type={event.eventType}>
                {editing === event.eventId ? (
                  <Suspense fallback={<Loading />}>
                    <EventForm
                      event={event}
                      pickAnimal={false}
                      onCancel={() => setEditing(null)}
                      submit={({ cattleId: _ignored, ...values }) =>
                        update.mutateAsync({ eventId: event.eventId, input: values })
                      }
                      onSaved={() => setEditing(null)}
                    />
                  </Suspense>
                ) : (
                  <>
                    <div className="event-item__head">
                      <EventTypeBadge eventType={event.eventType} />
                      <EventTime instant={event.eventDatetime} />
                    </div>
                    <EventDetailsLines event={event} />
                    {event.notes ? <p className="event-item__notes">{event.notes}</p> : null}
                    {event.recordedBy ? (
                      <p className="event-item__by muted">
                        {t('events.recordedBy', { name: event.recordedBy.userName })}
                      </p>
                    ) : null}
                    {event.eventId === heldEventId ? (
                      <div className="event-item__actions">
                        <span className="muted">{t('events.heldByShipment')}</span>
                        <Link to="/shipments" search={{ tab: 'records' }} className="button button--small">
                          {t('events.openShipment')}
                        </Link>
                      </div>
                    ) : (
                      <div className="event-item__actions">
                        <CertificateLink event={event} />
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => setEditing(event.eventId)}
                        >
                          {t('events.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button--small button--danger"
                          disabled={remove.isPending}
                          onClick={() => {
                            const label = `${formatDateJa(day)} ${t(`events.type.${event.eventType}`)}`;
                            if (!window.confirm(t('events.confirmDelete', { label }))) return;
                            setDeleteError(null);
                            remove.mutate(event.eventId, {
                              onError: (err) => setDeleteError(t('events.deleteFailed', { message: err.message })),
                            });
                          }}
                        >
                          {t('events.delete')}
                        </button>
                      </div>
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
