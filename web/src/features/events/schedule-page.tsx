import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { addDays, addMonths, formatDateJa, jstMonth, monthRange, todayJst } from '@worker/domain/calendar';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { plannedShipmentsQuery, type ScheduleItem, scheduleQuery } from '../../api/events';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import type { ScheduleSearch } from './events-search';
import { animalLabel } from './format';
import './events.css';
import './messages';

/** One line of the schedule: a due date the API computed, or a planned shipment of the month. */
type ScheduleEntryItem = Pick<ScheduleItem, 'cattleId' | 'cattleName' | 'cattleEarTagNumber'> & {
  kind: ScheduleItem['kind'] | 'SHIPMENT_PLAN';
};

const KIND_COLOR: Record<ScheduleEntryItem['kind'], string> = {
  EXPECTED_ESTRUS: 'var(--event-breeding)',
  PREGNANCY_CHECK: 'var(--event-health)',
  EXPECTED_CALVING: 'var(--event-calving)',
  SHIPMENT_PLAN: 'var(--event-logistics)',
};

function ScheduleEntry({ item, compact }: { item: ScheduleEntryItem; compact?: boolean }) {
  const { t } = useI18n();
  return (
    <Link
      to="/cattle/$id"
      params={{ id: String(item.cattleId) }}
      className={`schedule-entry${compact ? ' schedule-entry--compact' : ''}`}
      style={{ '--cat': KIND_COLOR[item.kind] } as React.CSSProperties}
    >
      <span className="schedule-entry__kind">{t(`events.kind.${item.kind}`)}</span>{' '}
      <span>{animalLabel({ name: item.cattleName, earTagNumber: item.cattleEarTagNumber }, t('events.unnamed'))}</span>
    </Link>
  );
}

/**
 * The month as a seven-column grid: divs laid out by CSS grid (rows of equal columns with 2px gaps, day cells as flex
 * columns of entries), given table semantics by their roles. Table elements would bring table layout instead.
 */
function ScheduleCalendar({
  month,
  label,
  byDate,
  today,
}: {
  month: string;
  label: string;
  byDate: Map<string, ScheduleItem[]>;
  today: string;
}) {
  const { t } = useI18n();
  const { from, to } = monthRange(month);
  const firstWeekday = new Date(`${from}T00:00:00Z`).getUTCDay();
  // The calendar's whole weeks, Sunday to Saturday, from the week of the 1st to the week of the last day. Every slot
  // is keyed by its own date; one outside the month shows blank.
  const weeks: { date: string; day: string | null }[][] = [];
  for (let sunday = addDays(from, -firstWeekday); sunday <= to; sunday = addDays(sunday, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, offset) => {
        const date = addDays(sunday, offset);
        return { date, day: date >= from && date <= to ? date : null };
      }),
    );
  }
  const weekdays = t('events.weekdays').split(',');

  // biome-ignore-start lint/a11y/useSemanticElements: a CSS grid of divs with table roles; table elements would change the layout
  // biome-ignore-start lint/a11y/useFocusableInteractive: rows and cells of a static role=table are not interactive and take no focus
  return (
    <div className="schedule-calendar" role="table" aria-label={label}>
      <div role="row" className="schedule-calendar__row">
        {weekdays.map((w) => (
          <div key={w} role="columnheader" className="schedule-calendar__weekday">
            {w}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" key={week[0].date} className="schedule-calendar__row">
          {week.map(({ date, day }) => {
            const items = day ? (byDate.get(day) ?? []) : [];
            return (
              <div
                role="cell"
                key={date}
                className={`schedule-calendar__day${day === today ? ' is-today' : ''}${day ? '' : ' is-blank'}`}
              >
                {day ? (
                  <>
                    <span className="schedule-calendar__num">{Number(day.slice(8))}</span>
                    {items.slice(0, 3).map((item) => (
                      <ScheduleEntry key={`${item.kind}-${item.cattleId}`} item={item} compact />
                    ))}
                    {items.length > 3 ? (
                      <span className="muted schedule-calendar__more">{t('events.more', { n: items.length - 3 })}</span>
                    ) : null}
                  </>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
  // biome-ignore-end lint/a11y/useFocusableInteractive: end of the calendar grid
  // biome-ignore-end lint/a11y/useSemanticElements: end of the calendar grid
}

/** /schedule: the month's expected heats, pregnancy checks, calvings and planned shipments. */
export function SchedulePage({ search }: { search: ScheduleSearch }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const month = search.month ?? jstMonth();
  // Phones start on the list: calendar cells are too small to tap.
  const view = search.view ?? (window.matchMedia('(min-width: 720px)').matches ? 'calendar' : 'list');
  const go = (patch: ScheduleSearch) =>
    navigate({
      to: '/schedule',
      search: {
        month: 'month' in patch ? patch.month : search.month,
        view: 'view' in patch ? patch.view : search.view,
      },
      replace: true,
    });
  const schedule = useQuery(scheduleQuery(month));
  const plans = useQuery(plannedShipmentsQuery(month));
  const [y, m] = month.split('-');
  const today = todayJst();

  const byDate = new Map<string, ScheduleItem[]>();
  for (const item of schedule.data ?? []) byDate.set(item.date, [...(byDate.get(item.date) ?? []), item]);

  return (
    <div className="page event-page">
      <header className="page__header">
        <h1>{t('events.scheduleTitle')}</h1>
        <p>{t('events.scheduleLead')}</p>
      </header>
      <div className="schedule-toolbar">
        <button
          type="button"
          className="button"
          aria-label={t('events.prevMonth')}
          onClick={() => go({ month: addMonths(month, -1) })}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
        <h2 className="schedule-toolbar__month" aria-live="polite">
          {t('events.monthTitle', { y, m: Number(m) })}
        </h2>
        <button
          type="button"
          className="button"
          aria-label={t('events.nextMonth')}
          onClick={() => go({ month: addMonths(month, 1) })}
        >
          <ChevronRight aria-hidden="true" />
        </button>
        {month !== jstMonth() ? (
          <button type="button" className="button" onClick={() => go({ month: undefined })}>
            {t('events.thisMonth')}
          </button>
        ) : null}
        <fieldset className="schedule-toolbar__views" aria-label={t('events.viewLegend')}>
          {(['calendar', 'list'] as const).map((v) => (
            <button key={v} type="button" className="button" aria-pressed={view === v} onClick={() => go({ view: v })}>
              {t(v === 'calendar' ? 'events.calendarView' : 'events.listView')}
            </button>
          ))}
        </fieldset>
      </div>

      {schedule.isLoading ? (
        <Loading />
      ) : schedule.isError ? (
        <ErrorState error={schedule.error} onRetry={() => schedule.refetch()} />
      ) : view === 'calendar' ? (
        <ScheduleCalendar
          month={month}
          label={t('events.monthTitle', { y, m: Number(m) })}
          byDate={byDate}
          today={today}
        />
      ) : byDate.size === 0 ? (
        <EmptyState title={t('events.scheduleEmpty')} />
      ) : (
        <ol className="schedule-list">
          {[...byDate].map(([day, items]) => (
            <li key={day} className={day === today ? 'is-today' : undefined}>
              <h3>
                <time dateTime={day}>{formatDateJa(day)}</time>
              </h3>
              <ul>
                {items.map((item) => (
                  <li key={`${item.kind}-${item.cattleId}`}>
                    <ScheduleEntry item={item} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}

      <section className="card">
        <h2>{t('events.shipmentPlans')}</h2>
        {plans.isLoading ? (
          <Loading />
        ) : plans.isError ? (
          <p className="muted">{t('events.plansUnavailable')}</p>
        ) : (plans.data ?? []).length === 0 ? (
          <p className="muted">{t('events.scheduleEmpty')}</p>
        ) : (
          <ul className="schedule-plans">
            {(plans.data ?? []).map((plan) => (
              <li key={plan.cattleId}>
                <ScheduleEntry
                  item={{
                    kind: 'SHIPMENT_PLAN',
                    cattleId: plan.cattleId,
                    cattleName: plan.cattleName,
                    cattleEarTagNumber: plan.earTagNumber,
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
