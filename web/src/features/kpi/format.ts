import { METRIC_INFO, METRICS, type Metric } from '@worker/domain/kpi';
import type { BreedingKpi } from '../../api/kpi';

/** The eight breeding KPIs of docs/product.md §8, in the order the screens show them; labels and definitions live in METRIC_INFO. */
export type KpiMetric = Metric;
export const KPI_METRICS: readonly KpiMetric[] = METRICS;
/** The four shown on the home screen. */
export const HOME_METRICS: readonly KpiMetric[] = [
  'conceptionRate',
  'aiPerConception',
  'avgDaysOpen',
  'avgCalvingInterval',
];

export type KpiCountKey = keyof BreedingKpi['counts'];
export const KPI_COUNT_KEYS: readonly KpiCountKey[] = [
  'services',
  'pregnancies',
  'openServices',
  'firstServices',
  'calvings',
  'cattle',
  'events',
];

const numberLocale = (locale: string) => (locale === 'en' ? 'en-US' : 'ja-JP');
/** Days are whole; rates and services per conception have one decimal (as the API rounds them). */
const metricDigits = (metric: KpiMetric) => (METRIC_INFO[metric].unit === '日' ? 0 : 1);

export const metricLabel = (metric: KpiMetric, locale: string) =>
  locale === 'en' ? METRIC_INFO[metric].en : METRIC_INFO[metric].ja;
export const metricDefinition = (metric: KpiMetric, locale: string) =>
  locale === 'en' ? METRIC_INFO[metric].defEn : METRIC_INFO[metric].defJa;

const UNIT_KEY = { '%': 'percent', 日: 'days', 回: 'times' } as const;
/** The unit as written after a value: %, 日 / days, 回 / services. */
export const metricUnit = (metric: KpiMetric, t: (key: string) => string) =>
  t(`kpi.unit.${UNIT_KEY[METRIC_INFO[metric].unit]}`);
/** The unit of a change: a rate changes in points. */
export const changeUnit = (metric: KpiMetric, t: (key: string) => string) =>
  t(`kpi.changeUnit.${UNIT_KEY[METRIC_INFO[metric].unit]}`);

/** One Intl number format per locale, made once (for counts, off the first screen). */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(locale));
    numberFormats.set(locale, format);
  }
  return format;
}

/**
 * `value` with exactly `digits` decimals and thousands grouped by commas: what Intl.NumberFormat writes for ja-JP and
 * en-US alike, without it. The first Intl.NumberFormat a page builds loads the locale's number data, which was the
 * home screen's costliest step on a slow phone (≈ 300 ms under the bench's 4× CPU slowdown, bench/web-perf.mjs).
 */
function groupedFixed(value: number, digits: number): string {
  const abs = Math.abs(value);
  // Rounded half away from zero on the number as written ('9.95' → '10.0'), as Intl does, not on its binary value.
  const rounded = String(abs).includes('e') ? abs : Number(`${Math.round(Number(`${abs}e${digits}`))}e-${digits}`);
  const fixed = rounded.toFixed(digits);
  const [whole, fraction] = fixed.split('.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A figure as shown: '—' when the API has nothing to divide (never 0 or 100 from nothing). */
export function formatMetric(metric: KpiMetric, value: number | null, _locale: string): string {
  if (value === null) return '—';
  return groupedFixed(value, metricDigits(metric));
}

/** A figure with its unit, or '—' alone. */
export function formatWithUnit(metric: KpiMetric, value: number | null, locale: string, t: (key: string) => string) {
  if (value === null) return '—';
  const unit = metricUnit(metric, t);
  return locale === 'en' && unit !== '%'
    ? `${formatMetric(metric, value, locale)} ${unit}`
    : `${formatMetric(metric, value, locale)}${unit}`;
}

export function formatChange(metric: KpiMetric, change: number, locale: string): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${formatMetric(metric, Math.abs(change), locale)}`;
}

export const formatCount = (value: number, locale: string) => numberFormat(locale).format(value);

/** `2026-05` as 2026年5月 / May 2026. */
export function monthName(month: string, locale: string) {
  const [y, m] = month.split('-');
  return locale === 'en'
    ? new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${month}-15T00:00:00Z`),
      )
    : `${y}年${Number(m)}月`;
}
