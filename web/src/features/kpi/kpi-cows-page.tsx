import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { formatDateJa } from '@worker/domain/calendar';
import { ArrowDown, ArrowLeft, ArrowUp, ArrowUpDown } from 'lucide-react';
import { ApiError } from '../../api/client';
import { type KpiCow, kpiCowsQuery } from '../../api/kpi';
import { SelectField } from '../../components/form';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { formatCount } from './format';
import { KPI_COW_COLUMNS, type KpiCowColumn, kpiSearchFor } from './kpi-search';
import './kpi.css';
import './messages';

type Order = 'asc' | 'desc';
/** The API's page (worker/kpi/kpi.schemas.ts). */
const KPI_COWS_PAGE = 50;
type Kind = 'text' | 'count' | 'days';
const KIND: Record<KpiCowColumn, Kind> = {
  earTag: 'text',
  name: 'text',
  services: 'count',
  pregnant: 'count',
  open: 'count',
  daysOpen: 'days',
  daysToFirstService: 'days',
  calvingInterval: 'days',
};
/** The API's order: most open services first. */
const DEFAULT_SORT = { sort: 'open', order: 'desc' } as const;
/** A column picked afresh sorts text A→Z and figures largest first (the cows to look at first). */
const firstOrder = (column: KpiCowColumn): Order => (KIND[column] === 'text' ? 'asc' : 'desc');

const cellValue = (cow: KpiCow, column: KpiCowColumn): string | number | null =>
  column === 'earTag' ? cow.earTagNumber : cow[column];

function useDays() {
  const { t, locale } = useI18n();
  return (n: number | null) => (n === null ? '—' : t('kpi.cows.days', { n: formatCount(n, locale), count: n }));
}

function CowCards({ cows, sort }: { cows: KpiCow[]; sort: KpiCowColumn }) {
  const { t, locale } = useI18n();
  const days = useDays();
  const figures = (cow: KpiCow): [KpiCowColumn, string][] => [
    ['services', formatCount(cow.services, locale)],
    ['pregnant', formatCount(cow.pregnant, locale)],
    ['open', formatCount(cow.open, locale)],
    ['daysOpen', days(cow.daysOpen)],
    ['daysToFirstService', days(cow.daysToFirstService)],
    ['calvingInterval', days(cow.calvingInterval)],
  ];
  return (
    <ul className="kpi-cow-cards">
      {cows.map((cow) => (
        <li key={cow.cattleId}>
          <Link
            to="/cattle/$id"
            params={{ id: String(cow.cattleId) }}
            className={`kpi-cow-card${cow.open > 0 ? ' has-open' : ''}`}
            data-cattle-id={cow.cattleId}
          >
            <span className="kpi-cow-card__head">
              <span className="kpi-cow-tag">
                <span className="visually-hidden">{`${t('kpi.cows.column.earTag')} `}</span>
                {cow.earTagNumber ?? '—'}
              </span>
              <span className="kpi-cow-card__name">{cow.name ?? '—'}</span>
            </span>
            <dl className="kpi-cow-card__figures">
              {figures(cow).map(([column, text]) => (
                <div
                  key={column}
                  className={`kpi-cow-card__figure kpi-cow-card__figure--${column}${column === sort ? ' is-sorted' : ''}`}
                >
                  <dt>{t(`kpi.cows.column.${column}`)}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
            </dl>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CowTable({
  cows,
  sort,
  order,
  onSort,
}: {
  cows: KpiCow[];
  sort: KpiCowColumn;
  order: Order;
  onSort: (column: KpiCowColumn) => void;
}) {
  const { t, locale } = useI18n();
  const days = useDays();
  const cell = (cow: KpiCow, column: KpiCowColumn) => {
    const value = cellValue(cow, column);
    if (column === 'earTag' || column === 'name') return value ?? '—';
    if (KIND[column] === 'days') return days(value as number | null);
    return formatCount(value as number, locale);
  };
  return (
    <section className="kpi-cow-table" tabIndex={0} aria-label={t('kpi.cows.tableLabel')}>
      <table>
        <thead>
          <tr>
            {KPI_COW_COLUMNS.map((column) => {
              const active = column === sort;
              const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className={KIND[column] === 'text' ? 'is-text' : undefined}
                >
                  <button type="button" className="kpi-sort" onClick={() => onSort(column)}>
                    {t(`kpi.cows.column.${column}`)}
                    <Icon size={16} aria-hidden="true" className={active ? 'is-active' : undefined} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {cows.map((cow) => (
            <tr key={cow.cattleId} data-cattle-id={cow.cattleId} className={cow.open > 0 ? 'has-open' : undefined}>
              {KPI_COW_COLUMNS.map((column) =>
                column === 'earTag' ? (
                  <th key={column} scope="row" className="is-text">
                    <Link to="/cattle/$id" params={{ id: String(cow.cattleId) }} className="kpi-cow-table__link">
                      <span className="kpi-cow-tag">{cow.earTagNumber ?? '—'}</span>
                      <span className="visually-hidden"> {cow.name ?? ''}</span>
                    </Link>
                  </th>
                ) : (
                  <td key={column} className={KIND[column] === 'text' ? 'is-text' : undefined}>
                    {cell(cow, column)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** /kpi/cattle: the cows behind the KPIs of a period, so the farmer sees which ones pull the rates down. */
export function KpiCowsPage() {
  const { t, locale } = useI18n();
  const search = useSearch({ from: '/_app/kpi/cattle' });
  const navigate = useNavigate({ from: '/kpi/cattle' });
  const cows = useInfiniteQuery(
    kpiCowsQuery({ from: search.from, to: search.to }, { sort: search.sort, order: search.order }),
  );
  const sort = search.sort ?? DEFAULT_SORT.sort;
  const order = search.order ?? (search.sort ? firstOrder(search.sort) : DEFAULT_SORT.order);

  const setSort = (column: KpiCowColumn, next: Order) =>
    void navigate({
      search: (prev) => ({
        ...prev,
        sort: column === DEFAULT_SORT.sort && next === DEFAULT_SORT.order ? undefined : column,
        order: column === DEFAULT_SORT.sort && next === DEFAULT_SORT.order ? undefined : next,
      }),
      replace: true,
      resetScroll: false,
    });
  /** A header pressed again turns its order round; a new one starts with its natural order. */
  const toggle = (column: KpiCowColumn) =>
    setSort(column, column === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrder(column));

  // The API sorts and pages (50 a page); the pages loaded so far, in its order.
  const first = cows.data?.pages[0];
  const rows = cows.data?.pages.flatMap((p) => p.results) ?? [];
  const optionLabel = (column: KpiCowColumn, o: Order) =>
    t('kpi.cows.sortOption', {
      label: t(`kpi.cows.column.${column}`),
      order: t(`kpi.cows.order.${KIND[column]}.${o}`),
    });

  return (
    <div className="page kpi-cows-page">
      <p className="kpi-back">
        <Link to="/kpi" search={kpiSearchFor(search)} className="kpi-back__link">
          <ArrowLeft size={18} aria-hidden="true" />
          {t('kpi.cows.back')}
        </Link>
      </p>
      <header className="page__header">
        <h1>{t('kpi.cows.title')}</h1>
        <p className="muted">{t('kpi.cows.lead')}</p>
      </header>

      {first ? (
        <p className="kpi-period" aria-live="polite">
          {t('kpi.periodShown', { from: formatDateJa(first.period.from), to: formatDateJa(first.period.to) })}
          {first.total > 0 ? (
            <span className="muted kpi-cows-page__count">
              {' '}
              · {t('kpi.cows.count', { n: formatCount(first.total, locale) })}
            </span>
          ) : null}
        </p>
      ) : null}

      {cows.isPending ? (
        <Loading />
      ) : cows.isError ? (
        <ErrorState
          error={cows.error}
          onRetry={cows.error instanceof ApiError && cows.error.status === 400 ? undefined : () => cows.refetch()}
        />
      ) : rows.length === 0 ? (
        <section className="card">
          <EmptyState title={t('kpi.cows.empty')}>
            <p>{t('kpi.cows.emptyHint')}</p>
          </EmptyState>
        </section>
      ) : (
        <>
          <p className="muted kpi-cows-page__note">{t('kpi.cows.note')}</p>
          <div className="kpi-cows-narrow">
            <SelectField
              label={t('kpi.cows.sort')}
              value={`${sort}:${order}`}
              onChange={(e) => {
                const [column, o] = e.target.value.split(':') as [KpiCowColumn, Order];
                setSort(column, o);
              }}
            >
              {KPI_COW_COLUMNS.flatMap((column) =>
                (KIND[column] === 'text' ? (['asc', 'desc'] as const) : (['desc', 'asc'] as const)).map((o) => (
                  <option key={`${column}:${o}`} value={`${column}:${o}`}>
                    {optionLabel(column, o)}
                  </option>
                )),
              )}
            </SelectField>
            <CowCards cows={rows} sort={sort} />
          </div>
          <div className="kpi-cows-wide">
            <CowTable cows={rows} sort={sort} order={order} onSort={toggle} />
          </div>
          {first ? (
            <p className="muted kpi-cows-page__shown">
              {t('kpi.cows.shown', { n: formatCount(rows.length, locale), total: formatCount(first.total, locale) })}
            </p>
          ) : null}
          {cows.hasNextPage ? (
            <button
              type="button"
              className="button button--block"
              disabled={cows.isFetchingNextPage}
              onClick={() => cows.fetchNextPage()}
            >
              {cows.isFetchingNextPage
                ? t('common.loading')
                : t('kpi.cows.loadMore', {
                    n: formatCount(Math.min(KPI_COWS_PAGE, (first?.total ?? 0) - rows.length), locale),
                  })}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
