import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import { breedingDeltaQuery } from '../../api/kpi';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { changeUnit, formatChange, formatWithUnit, KPI_METRICS, metricLabel, monthName } from './format';

/**
 * The last complete month against the one before, for all eight figures, each said as better or worse (a rate
 * going up is better, days going up are worse — the API decides the direction).
 */
export function DeltaCard() {
  const { t, locale } = useI18n();
  const delta = useQuery(breedingDeltaQuery());
  return (
    <section className="card kpi-delta-card" aria-labelledby="kpi-delta-title">
      <h2 id="kpi-delta-title">{t('kpi.delta.title')}</h2>
      {delta.isPending ? (
        <Loading />
      ) : delta.isError ? (
        <ErrorState error={delta.error} onRetry={() => delta.refetch()} />
      ) : KPI_METRICS.every(
          (m) => delta.data.metrics[m].current === null && delta.data.metrics[m].previous === null,
        ) ? (
        <EmptyState title={t('kpi.delta.empty')} />
      ) : (
        <>
          <p className="muted">
            {t('kpi.delta.lead', {
              month: monthName(delta.data.month, locale),
              previous: monthName(delta.data.previousMonth, locale),
            })}
          </p>
          <ul className="kpi-deltas">
            {KPI_METRICS.map((metric) => {
              const d = delta.data.metrics[metric];
              const Icon = d.change === null ? null : d.change > 0 ? ArrowUp : d.change < 0 ? ArrowDown : Minus;
              return (
                <li
                  key={metric}
                  className={`kpi-deltas__row kpi-deltas__row--${d.direction ?? 'none'}`}
                  data-metric={metric}
                >
                  <span className="kpi-deltas__label">{metricLabel(metric, locale)}</span>
                  <span className="kpi-deltas__values">
                    {t('kpi.delta.current')} <strong>{formatWithUnit(metric, d.current, locale, t)}</strong>
                    <span className="kpi-deltas__sep" aria-hidden="true">
                      {t('kpi.delta.separator')}
                    </span>
                    {t('kpi.delta.previous')} {formatWithUnit(metric, d.previous, locale, t)}
                  </span>
                  <span className="kpi-deltas__change">
                    {d.change === null || d.direction === null || Icon === null ? (
                      t('kpi.delta.none')
                    ) : (
                      <>
                        <Icon size={18} aria-hidden="true" />
                        {formatChange(metric, d.change, locale)}
                        {changeUnit(metric, t)} <strong>{t(`kpi.direction.${d.direction}`)}</strong>
                      </>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
