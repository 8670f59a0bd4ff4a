import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatInstantJa } from '@worker/domain/calendar';
import { EVENT_CATEGORIES, EVENT_TYPE_INFO, EVENT_TYPES, eventTypesOfCategory } from '@worker/domain/event-types';
import { type EventFilters, eventsLogQuery } from '../../api/events';
import { AnimalPicker } from '../../components/animal-picker';
import { EventTypeBadge } from '../../components/badges';
import { SelectField, TextField } from '../../components/form';
import { LoadMore } from '../../components/load-more';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { CertificateLink } from './certificate-link';
import { EventDetailsLines } from './event-details';
import type { EventsSearch } from './events-search';
import { animalLabel } from './format';
import './events.css';
import './messages';

/** The log's filters from the URL: a chosen type stands for itself, without its category. */
export const eventFilters = (search: EventsSearch): EventFilters => ({
  cattleId: search.cattleId,
  category: search.eventType ? undefined : search.category,
  eventType: search.eventType,
  startDate: search.from,
  endDate: search.to,
});

/** /events: the farm's event log, filtered by type, category, date range and animal. */
export function EventsPage({ search }: { search: EventsSearch }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const setSearch = (patch: Partial<EventsSearch>) =>
    navigate({ to: '/events', search: (prev: EventsSearch) => ({ ...prev, ...patch }), replace: true });
  const filters = eventFilters(search);
  const log = useInfiniteQuery(eventsLogQuery(filters));
  const types = search.category ? eventTypesOfCategory(search.category) : [...EVENT_TYPES];
  const rows = log.data?.pages.flatMap((p) => p.results) ?? [];
  const total = log.data?.pages[0]?.totalCount ?? 0;
  const filtered = Boolean(search.cattleId || search.category || search.eventType || search.from || search.to);

  return (
    <div className="page event-page">
      <header className="page__header event-page__header">
        <h1>{t('events.logTitle')}</h1>
        <Link to="/events/new" className="button button--primary">
          {t('events.record')}
        </Link>
      </header>
      <section className="card event-filters" aria-label={t('events.filters')}>
        <SelectField
          label={t('events.categoryLegend')}
          value={search.category ?? ''}
          onChange={(e) =>
            setSearch({ category: (e.target.value || undefined) as EventsSearch['category'], eventType: undefined })
          }
        >
          <option value="">{t('events.allCategories')}</option>
          {EVENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`events.category.${c}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('events.typeLegend')}
          value={search.eventType ?? ''}
          onChange={(e) => setSearch({ eventType: (e.target.value || undefined) as EventsSearch['eventType'] })}
        >
          <option value="">{t('events.allTypes')}</option>
          {types.map((ty) => (
            <option key={ty} value={ty}>
              {t(`events.type.${ty}`)}
              {search.category ? '' : ` (${t(`events.category.${EVENT_TYPE_INFO[ty].category}`)})`}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('events.from')}
          type="date"
          value={search.from ?? ''}
          onChange={(e) => setSearch({ from: e.target.value || undefined })}
        />
        <TextField
          label={t('events.to')}
          type="date"
          value={search.to ?? ''}
          onChange={(e) => setSearch({ to: e.target.value || undefined })}
        />
        <div className="event-filters__animal">
          <AnimalPicker
            required={false}
            value={
              search.cattleId
                ? { cattleId: search.cattleId, name: search.cattleName ?? null, earTagNumber: null }
                : null
            }
            onChange={(a) =>
              setSearch({ cattleId: a?.cattleId, cattleName: a ? animalLabel(a, t('events.unnamed')) : undefined })
            }
          />
        </div>
        {filtered ? (
          <button
            type="button"
            className="button"
            onClick={() => navigate({ to: '/events', search: {}, replace: true })}
          >
            {t('events.clearFilters')}
          </button>
        ) : null}
      </section>

      {log.isLoading ? (
        <Loading />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => log.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('events.logEmpty')} />
      ) : (
        <>
          <p className="muted" role="status">
            {t('events.total', { n: total })}
          </p>
          <ul className="event-log">
            {rows.map((event) => (
              <li key={event.eventId} className="event-item">
                <div className="event-item__head">
                  <EventTypeBadge eventType={event.eventType} />
                  <time className="muted" dateTime={event.eventDatetime}>
                    {formatInstantJa(event.eventDatetime)}
                  </time>
                </div>
                <Link to="/cattle/$id" params={{ id: String(event.cattleId) }} className="event-item__animal">
                  {animalLabel({ name: event.cattleName, earTagNumber: event.cattleEarTagNumber }, t('events.unnamed'))}
                </Link>
                <EventDetailsLines event={event} />
                {event.notes ? <p className="event-item__notes">{event.notes}</p> : null}
                {event.recordedBy ? (
                  <p className="event-item__by muted">{t('events.recordedBy', { name: event.recordedBy.userName })}</p>
                ) : null}
                <CertificateLink event={event} />
              </li>
            ))}
          </ul>
          <LoadMore pages={log} />
        </>
      )}
    </div>
  );
}
