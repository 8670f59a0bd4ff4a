import type { MonthlyKpi } from '../../api/kpi';
import { useI18n } from '../../lib/i18n';
import {
  formatCount,
  formatMetric,
  formatWithUnit,
  type KpiCountKey,
  type KpiMetric,
  metricLabel,
  metricUnit,
  monthName,
} from './format';

const W = 320;
const H = 168;
const PAD = { left: 40, right: 12, top: 14, bottom: 26 };
/** The "excellent" thresholds of the insights (docs/product.md §8), drawn as a dashed target line. */
const TARGETS: Partial<Record<KpiMetric, number>> = { conceptionRate: 60, avgDaysOpen: 85 };
const PERCENT: ReadonlySet<KpiMetric> = new Set([
  'conceptionRate',
  'firstServiceConceptionRate',
  'pregnancyRate21',
  'heatDetectionRate',
]);
/** The counts each figure is worked out from, shown beside the monthly values. */
const BASIS: Record<KpiMetric, KpiCountKey[]> = {
  conceptionRate: ['pregnancies', 'openServices'],
  firstServiceConceptionRate: ['firstServices'],
  aiPerConception: ['pregnancies', 'openServices'],
  avgDaysOpen: ['pregnancies', 'calvings'],
  avgDaysToFirstService: ['firstServices', 'calvings'],
  avgCalvingInterval: ['calvings'],
  pregnancyRate21: ['pregnancies', 'events'],
  heatDetectionRate: ['services', 'events'],
};

function niceStep(span: number) {
  const raw = span / 3;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10;
  return unit * magnitude;
}

function yDomain(metric: KpiMetric, values: number[]): { lo: number; hi: number; ticks: number[] } {
  if (PERCENT.has(metric)) return { lo: 0, hi: 100, ticks: [0, 50, 100] };
  const target = TARGETS[metric];
  const all = target === undefined ? values : [...values, target];
  if (all.length === 0) return { lo: 0, hi: 1, ticks: [0, 1] };
  const min = Math.min(...all);
  const max = Math.max(...all);
  const step = niceStep(max - min || Math.max(1, max * 0.2));
  const lo = Math.floor(min / step) * step;
  const hi = Math.max(lo + step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v * 10) / 10);
  return { lo, hi, ticks };
}

const shortMonth = (month: string, locale: string) =>
  locale === 'en'
    ? new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`))
    : `${Number(month.slice(5))}月`;

/** A small line chart of one KPI by month, drawn as SVG, with the same numbers in a table beside it. */
export function TrendChart({ metric, months }: { metric: KpiMetric; months: MonthlyKpi[] }) {
  const { t, locale } = useI18n();
  const label = metricLabel(metric, locale);
  const unit = metricUnit(metric, t);
  const values = months.map((m) => m[metric]);
  const present = values.filter((v): v is number => v !== null);
  const { lo, hi, ticks } = yDomain(metric, present);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + ((i + 0.5) * plotW) / months.length;
  const y = (v: number) => PAD.top + plotH - ((v - lo) / (hi - lo)) * plotH;

  let path = '';
  values.forEach((v, i) => {
    if (v === null) return;
    path += `${i > 0 && values[i - 1] !== null ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
  });
  const lastIndex = values.map((v, i) => (v === null ? -1 : i)).reduce((a, b) => Math.max(a, b), -1);
  const summary =
    lastIndex >= 0
      ? t('kpi.chartSummary', {
          metric: label,
          month: monthName(months[lastIndex].month, locale),
          value: formatWithUnit(metric, values[lastIndex], locale, t),
        })
      : t('kpi.chartSummaryEmpty', { metric: label });
  const target = TARGETS[metric];
  const labelEvery = months.length > 6 ? 2 : 1;

  return (
    <figure className="kpi-chart" data-metric={metric}>
      <figcaption className="kpi-chart__title">
        {label}
        <span className="muted">{t('kpi.unitParen', { unit })}</span>
      </figcaption>
      {present.length === 0 ? (
        <p className="kpi-chart__empty">{summary}</p>
      ) : (
        <svg viewBox={`0 0 ${W} ${H}`} className="kpi-chart__svg" role="img" aria-label={summary}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line className="chart__grid" x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} />
              <text className="chart__axis" x={PAD.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {formatMetric(metric, tick, locale).replace(/\.0$/, '')}
              </text>
            </g>
          ))}
          {target !== undefined ? (
            <g>
              <line className="kpi-chart__target" x1={PAD.left} x2={W - PAD.right} y1={y(target)} y2={y(target)} />
              <text className="kpi-chart__target-label" x={W - PAD.right} y={y(target) - 4} textAnchor="end">
                {t('kpi.target', { value: formatWithUnit(metric, target, locale, t) })}
              </text>
            </g>
          ) : null}
          {months.map((m, i) =>
            (months.length - 1 - i) % labelEvery === 0 ? (
              <text key={m.month} className="chart__axis" x={x(i)} y={H - 8} textAnchor="middle">
                {shortMonth(m.month, locale)}
              </text>
            ) : null,
          )}
          <path className="kpi-chart__line" d={path} />
          {values.map((v, i) =>
            v === null ? null : (
              <circle key={months[i].month} className="kpi-chart__point" cx={x(i)} cy={y(v)} r={3.5} />
            ),
          )}
        </svg>
      )}
      <details className="kpi-chart__table">
        <summary>{t('kpi.showTable', { metric: label })}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('kpi.month')}</th>
              <th scope="col">
                {label}
                {t('kpi.unitParen', { unit })}
              </th>
              <th scope="col">{t('kpi.basisColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthName(m.month, locale)}</th>
                <td>{formatMetric(metric, m[metric], locale)}</td>
                <td>
                  {BASIS[metric]
                    .map((key) => `${t(`kpi.counts.${key}`)} ${formatCount(m.counts[key], locale)}`)
                    .join(t('kpi.reliability.separator'))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
