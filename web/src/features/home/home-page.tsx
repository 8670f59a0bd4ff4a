import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { addDays, addMonths, formatDateJa, jstMonth, todayJst } from '@worker/domain/calendar';
import { CATTLE_STATUSES, IN_HERD_STATUSES } from '@worker/domain/cattle-enums';
import { CalendarPlus } from 'lucide-react';
import { useMe } from '../../api/accounts';
import { statusCountsQuery } from '../../api/cattle';
import { scheduleQuery } from '../../api/events';
import { Loading } from '../../components/states';
import { defineMessages, useI18n } from '../../lib/i18n';
import { TodayAlerts } from '../alerts/today-alerts';
import { StatusBadge } from '../cattle/cattle-badges';
import { KpiTiles } from '../kpi/kpi-tiles';
import { FirstSteps } from './first-steps';
import { WithdrawalCard } from './withdrawal-card';
import './home.css';

defineMessages({
  ja: {
    home: {
      greeting: '{{name}} さん、お疲れさまです',
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
    },
  },
  en: {
    home: {
      greeting: 'Hello, {{name}}',
      today: 'Today {{date}}',
      herd: 'Herd status',
      inHerd: '{{count}} head in the herd',
      calvings: 'Calvings due (next 30 days)',
      noCalvings: 'No calvings due in the next 30 days',
      daysLeft: 'in {{days}} days',
      overdue: '{{days}} days overdue',
      dueToday: 'today',
      record: 'Record event',
      schedule: 'See the whole schedule',
    },
  },
});

function HerdStatus() {
  const { t } = useI18n();
  const counts = useQuery(statusCountsQuery);
  if (!counts.data) return <Loading />;
  const inHerd = IN_HERD_STATUSES.reduce((sum, s) => sum + (counts.data[s] ?? 0), 0);
  return (
    <>
      <p className="home-herd__total">{t('home.inHerd', { count: inHerd })}</p>
      <ul className="home-herd">
        {CATTLE_STATUSES.map((status) => (
          <li key={status}>
            <Link to="/cattle" search={{ status }} className="home-herd__item">
              <StatusBadge status={status} />
              <span className="home-herd__count">{counts.data[status] ?? 0}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function UpcomingCalvings() {
  const { t } = useI18n();
  const today = todayJst();
  const month = jstMonth();
  const thisMonth = useQuery(scheduleQuery(month));
  const nextMonth = useQuery(scheduleQuery(addMonths(month, 1)));
  if (thisMonth.isPending || nextMonth.isPending) return <Loading />;
  const limit = addDays(today, 30);
  const calvings = [...(thisMonth.data ?? []), ...(nextMonth.data ?? [])]
    .filter((item) => item.kind === 'EXPECTED_CALVING' && item.date <= limit)
    .sort((a, b) => a.date.localeCompare(b.date));
  if (calvings.length === 0) return <p className="muted">{t('home.noCalvings')}</p>;
  return (
    <ul className="home-calvings">
      {calvings.map((item) => {
        const days = Math.round((Date.parse(item.date) - Date.parse(today)) / 86_400_000);
        return (
          <li key={`${item.cattleId}-${item.date}`}>
            <Link to="/cattle/$id" params={{ id: String(item.cattleId) }} className="home-calvings__row">
              <span className="cattle-tag">{item.cattleEarTagNumber ?? '—'}</span>
              <span className="home-calvings__name">{item.cattleName ?? '—'}</span>
              <span className={days < 0 ? 'home-calvings__due is-overdue' : 'home-calvings__due'}>
                {formatDateJa(item.date)} ·{' '}
                {days < 0
                  ? t('home.overdue', { days: -days })
                  : days === 0
                    ? t('home.dueToday')
                    : t('home.daysLeft', { days })}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function HomePage() {
  const { t } = useI18n();
  const { data: me } = useMe();
  return (
    <div className="page">
      <header className="page__header page__header--row">
        <div>
          <h1>{t('home.greeting', { name: me?.userName ?? '' })}</h1>
          <p className="muted">{t('home.today', { date: formatDateJa(todayJst()) })}</p>
        </div>
        <Link to="/events/new" className="button button--primary">
          <CalendarPlus size={20} aria-hidden="true" />
          {t('home.record')}
        </Link>
      </header>
      <FirstSteps />
      <TodayAlerts max={6} />
      <WithdrawalCard />
      <div className="home-grid">
        <section className="card" aria-labelledby="home-calvings">
          <h2 id="home-calvings">{t('home.calvings')}</h2>
          <UpcomingCalvings />
          <Link to="/schedule">{t('home.schedule')}</Link>
        </section>
        <section className="card" aria-labelledby="home-herd">
          <h2 id="home-herd">{t('home.herd')}</h2>
          <HerdStatus />
        </section>
      </div>
      <KpiTiles />
    </div>
  );
}
