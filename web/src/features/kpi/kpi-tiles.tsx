import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowRight, ArrowUp, Minus } from 'lucide-react';
import { type BreedingDelta, type BreedingKpi, breedingDeltaQuery, breedingKpiQuery } from '../../api/kpi';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { formatChange, formatMetric, KPI_METRICS, type KpiMetric } from './format';
import './kpi.css';
import './messages';

function basisText(
  metric: KpiMetric,
  counts: BreedingKpi['counts'],
  t: (key: string, params?: Record<string, unknown>) => string,
) {
  const { inseminations, calvings, daysOpenGaps, calvingIntervals } = counts;
  if (metric === 'avgDaysOpen') return t('kpi.basis.avgDaysOpen', { n: daysOpenGaps });
  if (metric === 'avgCalvingInterval') return t('kpi.basis.avgCalvingInterval', { n: calvingIntervals });
  return t(`kpi.basis.${metric}`, { inseminations, calvings });
}

function DeltaLine({ metric, delta }: { metric: KpiMetric; delta: BreedingDelta | undefined }) {
  const { t, locale } = useI18n();
  if (!delta) return null;
  const d = delta.metrics[metric];
  const month =
    locale === 'en'
      ? new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(
          new Date(`${delta.month}-15T00:00:00Z`),
        )
      : String(Number(delta.month.slice(5)));
  if (d.direction === null || d.change === null) {
    return <p className="kpi-delta kpi-delta--none">{t('kpi.deltaNone')}</p>;
  }
  const Icon = d.change > 0 ? ArrowUp : d.change < 0 ? ArrowDown : Minus;
  return (
    <p className={`kpi-delta kpi-delta--${d.direction}`}>
      <Icon size={18} aria-hidden="true" />
      <span>
        {t('kpi.deltaLabel', { month })} {formatChange(metric, d.change, locale)}
        {t(`kpi.changeUnit.${metric}`)} <strong>{t(`kpi.direction.${d.direction}`)}</strong>
      </span>
    </p>
  );
}

/** The four KPI tiles: value with unit, how it was counted, insight colour and the change against last month. */
export function KpiTileGrid({ kpi, delta }: { kpi: BreedingKpi; delta?: BreedingDelta }) {
  const { t, locale } = useI18n();
  return (
    <ul className="kpi-tiles">
      {KPI_METRICS.map((metric) => {
        const value = kpi[metric];
        const insight = kpi.insights.find((i) => i.metric === metric);
        return (
          <li key={metric} className={`kpi-tile kpi-tile--${insight?.level ?? 'neutral'}`} data-metric={metric}>
            <h3 className="kpi-tile__label">{t(`kpi.metric.${metric}`)}</h3>
            <p className="kpi-tile__value">
              {value === null ? (
                <span className="kpi-tile__none">{t('kpi.noValue')}</span>
              ) : (
                <>
                  <span className="kpi-tile__number">{formatMetric(metric, value, locale)}</span>
                  <span className="kpi-tile__unit">{t(`kpi.unit.${metric}`)}</span>
                </>
              )}
            </p>
            {insight ? <p className="kpi-tile__level">{t(`kpi.insight.${metric}.${insight.level}`)}</p> : null}
            <p className="kpi-tile__basis">{basisText(metric, kpi.counts, t)}</p>
            <DeltaLine metric={metric} delta={delta} />
          </li>
        );
      })}
    </ul>
  );
}

/** The tiles of the last 365 days, for the home screen. */
export function KpiTiles() {
  const { t } = useI18n();
  const kpi = useQuery(breedingKpiQuery());
  const delta = useQuery(breedingDeltaQuery());
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
        <KpiTileGrid kpi={kpi.data} delta={delta.data} />
      )}
    </section>
  );
}
