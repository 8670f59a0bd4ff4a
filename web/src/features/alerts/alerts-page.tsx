import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ALERT_SEVERITIES, ALERT_TYPES, type AlertSeverity } from '@worker/domain/alerts';
import { SlidersHorizontal } from 'lucide-react';
import { type AlertSummary, type AlertView, alertsListQuery } from '../../api/alerts';
import { LoadMore } from '../../components/load-more';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { AlertCard } from './alert-card';
import { ALERT_VIEWS, type AlertsSearch, statusesOfView } from './alerts-search';
import './messages';
import './alerts.css';

function SummaryChips({ summary }: { summary: AlertSummary }) {
  const { t } = useI18n();
  return (
    <ul className="alert-summary" aria-label={t('alerts.summaryLabel')}>
      {ALERT_SEVERITIES.map((severity) => (
        <li key={severity} className={`alert-summary__item alert-summary__item--${severity}`}>
          {t('alerts.summarySeverity', { severity: t(`alerts.severity.${severity}`), count: summary[severity] })}
        </li>
      ))}
      <li className="alert-summary__item">{t('alerts.summaryOverdue', { count: summary.overdue })}</li>
      <li className="alert-summary__item">{t('alerts.summaryDueSoon', { count: summary.dueSoon })}</li>
    </ul>
  );
}

export function AlertsPage({ search }: { search: AlertsSearch }) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/alerts' });
  const view = search.show ?? 'open';
  const update = (patch: Partial<AlertsSearch>) =>
    navigate({ search: (prev: AlertsSearch) => ({ ...prev, ...patch }), replace: true });
  const list = useInfiniteQuery(
    alertsListQuery({ status: statusesOfView[view], severity: search.severity, alertType: search.alertType }),
  );
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const summary = list.data?.pages[0]?.summary;
  const filtered = view !== 'open' || Boolean(search.severity || search.alertType);
  const groups = ALERT_SEVERITIES.map((severity): [AlertSeverity, AlertView[]] => [
    severity,
    rows.filter((a) => a.severity === severity),
  ]).filter(([, items]) => items.length > 0);

  return (
    <div className="page alerts-page">
      <header className="page__header">
        <h1>{t('alerts.title')}</h1>
        <p className="muted">{t('alerts.lead')}</p>
      </header>
      {summary ? <SummaryChips summary={summary} /> : null}

      <nav className="alert-views scroll-row" aria-label={t('alerts.viewLabel')}>
        {ALERT_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            className="chip chip--solid"
            aria-pressed={view === v}
            onClick={() => update({ show: v === 'open' ? undefined : v })}
          >
            {t(`alerts.view.${v}`)}
          </button>
        ))}
      </nav>
      <details className="alert-filters" open={Boolean(search.severity || search.alertType) || undefined}>
        <summary className="button button--ghost alert-filters__toggle">
          <SlidersHorizontal size={18} aria-hidden="true" />
          {search.severity || search.alertType ? t('alerts.filtersOn') : t('alerts.filters')}
        </summary>
        <div className="alert-filters__fields">
          <label className="field">
            <span>{t('alerts.severityFilter')}</span>
            <select
              value={search.severity ?? ''}
              onChange={(e) => update({ severity: (e.target.value || undefined) as AlertsSearch['severity'] })}
            >
              <option value="">{t('alerts.any')}</option>
              {ALERT_SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {t(`alerts.severity.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('alerts.typeFilter')}</span>
            <select
              value={search.alertType ?? ''}
              onChange={(e) => update({ alertType: (e.target.value || undefined) as AlertsSearch['alertType'] })}
            >
              <option value="">{t('alerts.any')}</option>
              {ALERT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`alerts.type.${type}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </details>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState title={t('alerts.emptyFiltered')} />
        ) : (
          <EmptyState title={t('alerts.empty')}>
            <p>{t('alerts.emptyBody')}</p>
          </EmptyState>
        )
      ) : (
        <>
          {groups.map(([severity, items]) => (
            <section
              key={severity}
              className={`alert-group alert-group--${severity}`}
              aria-labelledby={`alert-group-${severity}`}
            >
              <h2 id={`alert-group-${severity}`} className="alert-group__title">
                <span className="alert-group__dot" aria-hidden="true" />
                {t('alerts.group', { severity: t(`alerts.severity.${severity}`) })}
                <span className="alert-group__count">{t('alerts.groupCount', { count: items.length })}</span>
              </h2>
              <div className="alert-list">
                {items.map((alert) => (
                  <AlertCard key={alert.id} alert={alert} />
                ))}
              </div>
            </section>
          ))}
          <LoadMore pages={list} />
        </>
      )}
    </div>
  );
}
