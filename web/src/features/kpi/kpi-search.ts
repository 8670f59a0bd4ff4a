import { KPI_COW_SORTS, type KpiCowSort, METRICS, type Metric } from '@worker/domain/kpi';
import { isoDate, oneOf, searchOf, text } from '../../lib/search-params';

const PERIOD_CHOICES = ['last365', 'thisYear', 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
/** The /kpi screen keeps its period and the charted figure in the URL, so they survive a reload and can be shared. */
export const kpiSearch = searchOf({ period: oneOf(PERIOD_CHOICES), from: text, to: text, chart: oneOf(METRICS) });
export type KpiSearch = ReturnType<typeof kpiSearch>;

/** Columns of the drill-down, in the order shown: the API's sorts. */
export const KPI_COW_COLUMNS = KPI_COW_SORTS;
export type KpiCowColumn = KpiCowSort;

/**
 * /kpi/cattle: the period (`from`, `to`), the choice /kpi had (`period`, for the way back) and the sort; no sort
 * means the API's order, most open services first. A period date that is not a JST date as the API takes it is dropped
 * (the API then uses its default).
 */
export const kpiCowsSearch = searchOf({
  from: isoDate,
  to: isoDate,
  period: oneOf(PERIOD_CHOICES),
  sort: oneOf(KPI_COW_COLUMNS),
  order: oneOf(['asc', 'desc']),
});
export type KpiCowsSearch = ReturnType<typeof kpiCowsSearch>;

/**
 * The column a figure's cows are sorted by when the drill-down is opened from its tile, the cows that pull the figure
 * down first: a rate by the services that did not conceive, a day figure by its longest, 授精指数 by the most services.
 */
const SORT_OF_METRIC: Record<Metric, { sort: KpiCowColumn; order: 'asc' | 'desc' }> = {
  conceptionRate: { sort: 'open', order: 'desc' },
  firstServiceConceptionRate: { sort: 'open', order: 'desc' },
  aiPerConception: { sort: 'services', order: 'desc' },
  avgDaysOpen: { sort: 'daysOpen', order: 'desc' },
  avgDaysToFirstService: { sort: 'daysToFirstService', order: 'desc' },
  avgCalvingInterval: { sort: 'calvingInterval', order: 'desc' },
  pregnancyRate21: { sort: 'daysOpen', order: 'desc' },
  heatDetectionRate: { sort: 'daysToFirstService', order: 'desc' },
};

/** The drill-down of the period a KPI screen shows, sorted for the figure it is opened from. */
export const cowsSearchFor = (
  period: { from: string; to: string },
  choice: PeriodChoice = 'custom',
  metric?: Metric,
): KpiCowsSearch => ({
  from: period.from,
  to: period.to,
  ...(choice === 'custom' ? {} : { period: choice }),
  ...(metric ? SORT_OF_METRIC[metric] : {}),
});

/** The way back from the drill-down to /kpi, with the period it came from. */
export function kpiSearchFor(search: KpiCowsSearch): KpiSearch {
  if (search.period === 'last365') return {};
  if (search.period === 'thisYear') return { period: 'thisYear' };
  if (search.from && search.to) return { period: 'custom', from: search.from, to: search.to };
  return {};
}
