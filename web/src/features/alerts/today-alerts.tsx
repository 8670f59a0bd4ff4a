import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { todayJst } from '@worker/domain/calendar';
import { Bell } from 'lucide-react';
import { openAlertsQuery } from '../../api/alerts';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { AnimalLink, RecordFromAlert, SeverityBadge, useAlertMessage, useDueLabel } from './alert-card';
import './messages';
import './alerts.css';

/**
 * For /home: the open alerts that need attention today — overdue, due today, or high — most urgent first,
 * compact, with a link to the full list.
 */
export function TodayAlerts({ max = 5 }: { max?: number }) {
  const { t } = useI18n();
  const dueLabel = useDueLabel();
  const alertMessage = useAlertMessage();
  const open = useQuery(openAlertsQuery());
  const today = todayJst();
  return (
    <section className="card today-alerts" aria-labelledby="today-alerts-title">
      <h2 id="today-alerts-title" className="today-alerts__title">
        <Bell size={20} aria-hidden="true" />
        {t('alerts.todayTitle')}
      </h2>
      {open.isPending ? (
        <Loading />
      ) : open.isError ? (
        <ErrorState error={open.error} onRetry={() => open.refetch()} />
      ) : (
        (() => {
          const todays = open.data.results.filter(
            (a) => a.severity === 'high' || (a.dueAt !== null && a.dueAt <= today),
          );
          if (todays.length === 0) return <p className="muted">{t('alerts.todayEmpty')}</p>;
          return (
            <ul className="compact-alerts">
              {todays.slice(0, max).map((alert) => {
                const due = dueLabel(alert.dueAt);
                return (
                  <li key={alert.id} className={`compact-alert compact-alert--${alert.severity}`}>
                    <SeverityBadge severity={alert.severity} />
                    <div className="compact-alert__body">
                      <p className="compact-alert__message">{alertMessage(alert)}</p>
                      <p className="compact-alert__meta">
                        <AnimalLink alert={alert} />
                        {due ? <span className={`due due--${due.tone}`}>{due.text}</span> : null}
                      </p>
                      <RecordFromAlert alert={alert} className="button button--primary compact-alert__record" />
                    </div>
                  </li>
                );
              })}
            </ul>
          );
        })()
      )}
      {open.data && open.data.summary.active > 0 ? (
        <Link to="/alerts" className="button button--block today-alerts__all">
          {t('alerts.seeAll', { count: open.data.summary.active })}
        </Link>
      ) : null}
    </section>
  );
}
