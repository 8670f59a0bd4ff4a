import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, ChevronRight } from 'lucide-react';
import { type BreedingKpi, breedingKpiQuery } from '../../api/kpi';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import {
  formatMetric,
  HOME_METRICS,
  KPI_METRICS,
  type KpiMetric,
  metricDefinition,
  metricLabel,
  metricUnit,
} from './format';
import { cowsSearchFor, type PeriodChoice } from './kpi-search';
import './kpi.css';
import './messages';

/**
 * One tile per figure: value with its unit ('—' when there is nothing to divide), the insight where there is one and
 * the figure's one-line definition. The whole tile is a link to the cows behind the figures of the same period.
 */
export function KpiTileGrid({
  kpi,
  choice,
  metrics = KPI_METRICS,
}: {
  kpi: BreedingKpi;
  choice: PeriodChoice;
  metrics?: readonly KpiMetric[];
}) {
  const { t, locale } = useI18n();
  return (
    <ul className="kpi-tiles">
      {metrics.map((metric) => {
        const value = kpi[metric];
        const label = metricLabel(metric, locale);
        const unit = metricUnit(metric, t);
        const insight = kpi.insights.find((i) => i.metric === metric);
        return (
          <li key={metric} className="kpi-tiles__item">
            <Link
              to="/kpi/cattle"
              search={cowsSearchFor(kpi.period, choice, metric)}
              className={`kpi-tile kpi-tile--${insight?.level ?? 'neutral'}`}
              data-metric={metric}
            >
              <h3 className="kpi-tile__label">{label}</h3>
              <p className="kpi-tile__value">
                {value === null ? (
                  <span className="kpi-tile__none">—</span>
                ) : (
                  <>
                    <span className="kpi-tile__number">{formatMetric(metric, value, locale)}</span>
                    <span className="kpi-tile__unit">{unit}</span>
                  </>
                )}
              </p>
              {insight ? <p className="kpi-tile__level">{t(`kpi.insight.${metric}.${insight.level}`)}</p> : null}
              <p className="kpi-tile__definition">{metricDefinition(metric, locale)}</p>
              {/* Named by its content (WCAG 2.5.3): the figure, what it means and where the link goes. */}
              <span className="kpi-tile__more">
                {t('kpi.drill')}
                <ChevronRight size={16} aria-hidden="true" />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The headline tiles of the last 365 days, for the home screen. */
export function KpiTiles() {
  const { t } = useI18n();
  const kpi = useQuery(breedingKpiQuery());
  return (
    <section className="card kpi-home" aria-labelledby="kpi-home-title">
      <div className="kpi-home__header">
        <h2 id="kpi-home-title">
          {t('kpi.title')} <span className="muted kpi-home__period">{t('kpi.periodLast365')}</span>
        </h2>
        <Link to="/kpi" className="button button--ghost kpi-home__link">
          {t('kpi.details')}
          <ArrowRight size={18} aria-hidden="true" />
        </Link>
      </div>
      {kpi.isPending ? (
        <Loading />
      ) : kpi.isError ? (
        <ErrorState error={kpi.error} onRetry={() => kpi.refetch()} />
      ) : (
        <KpiTileGrid kpi={kpi.data} choice="last365" metrics={HOME_METRICS} />
      )}
    </section>
  );
}
