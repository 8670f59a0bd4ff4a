import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateJa, jstDate, todayJst } from '@worker/domain/calendar';
import { CATTLE_STATUSES, IN_HERD_STATUSES } from '@worker/domain/cattle-enums';
import { CalendarPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMe } from '../../api/accounts';
import { type HomeCalving, type HomeData, type HomeEvent, homeQuery } from '../../api/home';
import { EventTypeBadge, StatusBadge } from '../../components/badges';
import { ErrorState, Loading } from '../../components/states';
import { defineMessages, useI18n } from '../../lib/i18n';
import { FirstSteps } from './first-steps';
import { HomeGreeting } from './greeting';
import { WithdrawalCard } from './withdrawal-card';
import './home.css';

defineMessages({
  ja: {
    home: {
      today: '今日 {{date}}',
      herd: '牛群の状態',
      inHerd: '飼養頭数 {{count}}頭',
      calvings: '分娩予定（30日以内）',
      noCalvings: '30日以内の分娩予定はありません',
      daysLeft: 'あと{{days}}日',
      overdue: '{{days}}日超過',
      dueToday: '今日',
      record: 'イベントを記録',
      schedule: '予定をすべて見る',
      recent: '最近の記録',
      noEvents: 'まだ記録がありません',
      allEvents: '記録をすべて見る',
    },
  },
  en: {
    home: {
      today: 'Today {{date}}',
      herd: 'Herd status',
      inHerd: '{{count}} head in the herd',
      calvings: 'Calvings due (next 30 days)',
      noCalvings: 'No calvings due in the next 30 days',
      daysLeft: { one: 'in {{days}} day', other: 'in {{days}} days' },
      overdue: { one: '{{days}} day overdue', other: '{{days}} days overdue' },
      dueToday: 'today',
      record: 'Record event',
      schedule: 'See the whole schedule',
      recent: 'Recent records',
      noEvents: 'Nothing recorded yet',
      allEvents: 'See all records',
    },
  },
});

function HerdStatus({ counts }: { counts: Record<string, number> }) {
  const { t } = useI18n();
  const inHerd = IN_HERD_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return (
    <>
      <p className="home-herd__total">{t('home.inHerd', { count: inHerd })}</p>
      <ul className="home-herd">
        {CATTLE_STATUSES.map((status) => (
          <li key={status}>
            <Link to="/cattle" search={{ status }} className="home-herd__item">
              <StatusBadge status={status} />
              <span className="home-herd__count">{counts[status] ?? 0}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function UpcomingCalvings({ calvings }: { calvings: readonly HomeCalving[] }) {
  const { t } = useI18n();
  if (calvings.length === 0) return <p className="muted">{t('home.noCalvings')}</p>;
  return (
    <ul className="home-calvings">
      {calvings.map((item) => (
        <li key={`${item.cattleId}-${item.date}`}>
          <Link to="/cattle/$id" params={{ id: String(item.cattleId) }} className="home-calvings__row">
            <span className="cattle-tag">{item.cattleEarTagNumber ?? '—'}</span>
            <span className="home-calvings__name">{item.cattleName ?? '—'}</span>
            <span className={item.daysLeft < 0 ? 'home-calvings__due is-overdue' : 'home-calvings__due'}>
              {formatDateJa(item.date)} ·{' '}
              {item.daysLeft < 0
                ? t('home.overdue', { days: -item.daysLeft })
                : item.daysLeft === 0
                  ? t('home.dueToday')
                  : t('home.daysLeft', { days: item.daysLeft })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function RecentEvents({ events }: { events: readonly HomeEvent[] }) {
  const { t } = useI18n();
  if (events.length === 0) return <p className="muted">{t('home.noEvents')}</p>;
  return (
    <ul className="home-calvings">
      {events.map((event) => (
        <li key={event.eventId}>
          <Link to="/cattle/$id" params={{ id: String(event.cattleId) }} className="home-calvings__row">
            <span className="cattle-tag">{event.cattleEarTagNumber ?? '—'}</span>
            <span className="home-calvings__name">{event.cattleName ?? '—'}</span>
            <EventTypeBadge eventType={event.eventType} />
            <span className="home-calvings__due">{formatDateJa(jstDate(event.eventDatetime))}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** How recent an answer must be to count as the one the route's loader fetched for this visit. */
const LOADER_FETCHED_MS = 5_000;

/** The cards of other features the home screen shows, composed by its route (web/src/routes/_app/-home-screen.tsx). */
interface HomeParts {
  alerts: ReactNode;
  kpiTiles: ReactNode;
}

export function HomePage(parts: HomeParts) {
  const { t } = useI18n();
  const { data: me } = useMe();
  // The route's loader has just fetched it for this visit (web/src/routes/_app/home.tsx): not again, unless what is kept is older.
  const home = useQuery({
    ...homeQuery(useQueryClient()),
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > LOADER_FETCHED_MS,
  });
  return (
    <div className="page">
      <header className="page__header page__header--row">
        <div>
          <HomeGreeting name={me?.userName} />
          <p className="muted">{t('home.today', { date: formatDateJa(todayJst()) })}</p>
        </div>
        <Link to="/events/new" className="button button--primary">
          <CalendarPlus size={20} aria-hidden="true" />
          {t('home.record')}
        </Link>
      </header>
      {home.data ? (
        <HomeSections data={home.data} {...parts} />
      ) : home.isError ? (
        <ErrorState error={home.error} onRetry={() => home.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  );
}

/** The cards, once GET /home has answered: the shared cards read their part from their own (seeded) queries. */
function HomeSections({ data, alerts, kpiTiles }: HomeParts & { data: HomeData }) {
  const { t } = useI18n();
  return (
    <>
      <FirstSteps />
      {alerts}
      <WithdrawalCard />
      <div className="home-grid">
        <section className="card" aria-labelledby="home-calvings">
          <h2 id="home-calvings">{t('home.calvings')}</h2>
          <UpcomingCalvings calvings={data.calvings} />
          <Link to="/schedule" className="home-more">
            {t('home.schedule')}
          </Link>
        </section>
        <section className="card" aria-labelledby="home-herd">
          <h2 id="home-herd">{t('home.herd')}</h2>
          <HerdStatus counts={data.statusCounts} />
        </section>
        {data.isEmpty ? null : (
          <section className="card" aria-labelledby="home-events">
            <h2 id="home-events">{t('home.recent')}</h2>
            <RecentEvents events={data.recentEvents} />
            <Link to="/events" className="home-more">
              {t('home.allEvents')}
            </Link>
          </section>
        )}
      </div>
      {kpiTiles}
    </>
  );
}
