import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { formatDateJa, todayJst } from '@worker/domain/calendar';
import { customPeriodSchema } from '@worker/kpi/kpi.schemas';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { type BreedingKpi, breedingKpiQuery, breedingTrendsQuery } from '../../api/kpi';
import { SelectField, TextField } from '../../components/form';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { formatCount, KPI_COUNT_KEYS, KPI_METRICS, type KpiMetric, metricLabel } from './format';
import { DeltaCard } from './kpi-delta';
import type { KpiSearch, PeriodChoice } from './kpi-search';
import { KpiTileGrid } from './kpi-tiles';
import { TrendChart } from './trend-chart';
import './kpi.css';
import './messages';

const choices: { value: PeriodChoice; labelKey: string }[] = [
  { value: 'last365', labelKey: 'kpi.periodLast365' },
  { value: 'thisYear', labelKey: 'kpi.periodThisYear' },
  { value: 'custom', labelKey: 'kpi.periodCustom' },
];

function requestedPeriod(search: KpiSearch): { from?: string; to?: string } {
  if (search.period === 'thisYear') {
    const today = todayJst();
    return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
  if (search.period === 'custom' && search.from && search.to) return { from: search.from, to: search.to };
  return {};
}

function ReliabilityCard({ kpi }: { kpi: BreedingKpi }) {
  const { t, locale } = useI18n();
  const { reliability, nextReliability, counts } = kpi;
  const explain = {
    high: 'kpi.reliability.explainHigh',
    medium: 'kpi.reliability.explainMedium',
    low: 'kpi.reliability.explainLow',
  }[reliability];
  let next: string | null = null;
  if (nextReliability) {
    const needs = [
      nextReliability.needs.events > 0 ? t('kpi.reliability.needEvents', { n: nextReliability.needs.events }) : null,
      nextReliability.needs.cattle > 0 ? t('kpi.reliability.needCattle', { n: nextReliability.needs.cattle }) : null,
      nextReliability.needs.calvings > 0
        ? t('kpi.reliability.needCalvings', { n: nextReliability.needs.calvings })
        : null,
    ].filter(Boolean);
    next = t('kpi.reliability.next', {
      needs: needs.join(t('kpi.reliability.separator')),
      level: t(`kpi.reliability.${nextReliability.level}`),
    });
  }
  return (
    <section className={`card kpi-reliability kpi-reliability--${reliability}`} aria-labelledby="kpi-reliability-title">
      <h2 id="kpi-reliability-title">
        {t('kpi.reliability.title')}:{' '}
        <span className="kpi-reliability__level">{t(`kpi.reliability.${reliability}`)}</span>
      </h2>
      <p>{t(explain)}</p>
      {next ? <p>{next}</p> : null}
      <h3 className="kpi-counts__title">{t('kpi.counts.title')}</h3>
      <dl className="kpi-counts">
        {KPI_COUNT_KEYS.map((key) => (
          <div key={key} className="kpi-counts__item" data-count={key}>
            <dt>{t(`kpi.counts.${key}`)}</dt>
            <dd>
              {t(key === 'cattle' ? 'kpi.counts.head' : 'kpi.counts.value', { n: formatCount(counts[key], locale) })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function InsightsCard({ kpi }: { kpi: BreedingKpi }) {
  const { t } = useI18n();
  const judged = kpi.insights.filter((i) => i.metric !== 'data');
  if (judged.length === 0) return null;
  return (
    <section className="card" aria-labelledby="kpi-insights-title">
      <h2 id="kpi-insights-title">{t('kpi.insightsTitle')}</h2>
      <ul className="kpi-insights">
        {judged.map((insight) => (
          <li key={insight.metric} className={`kpi-insight kpi-insight--${insight.level}`}>
            <span className="kpi-insight__badge">{t(`kpi.level.${insight.level}`)}</span>
            {t(`kpi.insight.${insight.metric}.${insight.level}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Twelve months of one figure at a time, chosen below the chart (kept in the URL). */
function TrendsSection({ chart, onChart }: { chart: KpiMetric; onChart: (metric: KpiMetric) => void }) {
  const { t, locale } = useI18n();
  const trends = useQuery(breedingTrendsQuery(12));
  return (
    <section aria-labelledby="kpi-trends-title" className="kpi-trends">
      <h2 id="kpi-trends-title">{t('kpi.trendsTitle')}</h2>
      <p className="muted">{t('kpi.trendsLead')}</p>
      {trends.isPending ? (
        <Loading />
      ) : trends.isError ? (
        <ErrorState error={trends.error} onRetry={() => trends.refetch()} />
      ) : trends.data.months.every((m) => m.counts.events === 0) ? (
        <div className="card">
          <EmptyState title={t('kpi.trendsEmpty')}>
            <p>{t('kpi.emptyHint')}</p>
          </EmptyState>
        </div>
      ) : (
        <div className="card kpi-charts">
          <SelectField
            label={t('kpi.chartMetric')}
            value={chart}
            onChange={(e) => onChart(e.target.value as KpiMetric)}
          >
            {KPI_METRICS.map((metric) => (
              <option key={metric} value={metric}>
                {metricLabel(metric, locale)}
              </option>
            ))}
          </SelectField>
          <TrendChart metric={chart} months={trends.data.months} />
        </div>
      )}
    </section>
  );
}

export function KpiPage() {
  const { t } = useI18n();
  const search = useSearch({ from: '/_app/kpi/' });
  const navigate = useNavigate({ from: '/kpi/' });
  const choice: PeriodChoice = search.period ?? 'last365';
  const chart: KpiMetric = search.chart ?? 'conceptionRate';
  const chooseChart = (metric: KpiMetric) =>
    void navigate({
      search: (prev) => ({ ...prev, chart: metric === 'conceptionRate' ? undefined : metric }),
      replace: true,
      resetScroll: false,
    });
  const [draft, setDraft] = useState({ from: search.from ?? '', to: search.to ?? todayJst() });
  const [formErrors, setFormErrors] = useState<FieldErrors>({});
  useEffect(() => setDraft({ from: search.from ?? '', to: search.to ?? todayJst() }), [search.from, search.to]);

  const period = requestedPeriod(search);
  const waitingForCustom = choice === 'custom' && !(search.from && search.to);
  const kpi = useQuery({ ...breedingKpiQuery(period), enabled: !waitingForCustom });
  const serverErrors = kpi.error instanceof ApiError && kpi.error.status === 400 ? describeError(kpi.error).fields : {};
  const fieldErrors = { ...serverErrors, ...formErrors };

  const choose = (value: PeriodChoice) => {
    setFormErrors({});
    const keepChart = search.chart ? { chart: search.chart } : {};
    void navigate({
      search:
        value === 'custom'
          ? { period: value, from: search.from, to: search.to, ...keepChart }
          : value === 'last365'
            ? keepChart
            : { period: value, ...keepChart },
    });
  };

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customPeriodSchema.safeParse(draft);
    if (!parsed.success) {
      setFormErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFormErrors({});
    void navigate({ search: (prev) => ({ ...prev, period: 'custom', from: parsed.data.from, to: parsed.data.to }) });
  };

  return (
    <div className="page kpi-page">
      <header className="page__header">
        <h1>{t('kpi.title')}</h1>
        <p className="muted">{t('kpi.lead')}</p>
      </header>

      <section className="card">
        <fieldset className="choice-group">
          <legend>{t('kpi.period')}</legend>
          {choices.map((c) => (
            <label key={c.value} className="choice">
              <input
                type="radio"
                name="kpi-period"
                value={c.value}
                checked={choice === c.value}
                onChange={() => choose(c.value)}
              />
              {t(c.labelKey)}
            </label>
          ))}
        </fieldset>
        {choice === 'custom' ? (
          <form className="kpi-custom" onSubmit={applyCustom} noValidate>
            <TextField
              label={t('kpi.from')}
              type="date"
              name="from"
              value={draft.from}
              max={draft.to || undefined}
              error={fieldErrors.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
            <TextField
              label={t('kpi.to')}
              type="date"
              name="to"
              value={draft.to}
              error={fieldErrors.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
            <button type="submit" className="button button--primary">
              {t('kpi.apply')}
            </button>
          </form>
        ) : null}
        {kpi.data ? (
          <p className="kpi-period" aria-live="polite">
            {t('kpi.periodShown', { from: formatDateJa(kpi.data.period.from), to: formatDateJa(kpi.data.period.to) })}
          </p>
        ) : null}
      </section>

      {waitingForCustom ? null : kpi.isPending ? (
        <Loading />
      ) : kpi.isError ? (
        Object.keys(serverErrors).length ? null : (
          <ErrorState error={kpi.error} onRetry={() => kpi.refetch()} />
        )
      ) : kpi.data.message ? (
        <section className="card">
          <EmptyState title={t('kpi.empty')}>
            <p>{t('kpi.emptyHint')}</p>
          </EmptyState>
        </section>
      ) : (
        <section className="kpi-results" aria-labelledby="kpi-results-title">
          <h2 id="kpi-results-title" className="visually-hidden">
            {t('kpi.resultsTitle')}
          </h2>
          <KpiTileGrid kpi={kpi.data} choice={choice} />
          <div className="kpi-columns">
            <InsightsCard kpi={kpi.data} />
            <ReliabilityCard kpi={kpi.data} />
          </div>
        </section>
      )}

      <DeltaCard />

      <TrendsSection chart={chart} onChart={chooseChart} />
    </div>
  );
}
