import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { formatDateJa } from '@worker/domain/calendar';
import { CATTLE_STATUSES, GENDERS, GROWTH_STAGES, IN_HERD_STATUSES } from '@worker/domain/cattle-enums';
import { FileUp, Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';
import { type CattleListSearch, cattleListQuery, statusCountsQuery, useRoster } from '../../api/cattle';
import { ApiError } from '../../api/client';
import { StatusBadge } from '../../components/badges';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { useOnline } from '../../lib/use-online';
import { AlertMarker, CattleRowHead, useAgeLabel, WithdrawalBadge } from './cattle-badges';
import { CattleListHeader } from './cattle-list-header';
import { CattleRosterList } from './cattle-roster-list';
import './messages';

import './cattle.css';

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A wide screen (≥ 1024 px) shows the herd as a table; a phone as rows. */
const WIDE = '(min-width: 1024px)';
function useWide() {
  return useSyncExternalStore(
    (fn) => {
      const media = window.matchMedia(WIDE);
      media.addEventListener('change', fn);
      return () => media.removeEventListener('change', fn);
    },
    () => window.matchMedia(WIDE).matches,
  );
}

/** The herd as it stands: shipped and dead animals only when asked for. */
export const herdListFilters = (search: CattleListSearch): CattleListSearch => ({
  ...search,
  status: search.status === 'ALL' ? undefined : (search.status ?? IN_HERD_STATUSES.join(',')),
});

export function CattleListPage() {
  const { t } = useI18n();
  const search = useSearch({ from: '/_app/cattle/' });
  const navigate = useNavigate({ from: '/cattle/' });
  const [text, setText] = useState(search.search ?? '');
  const debounced = useDebounced(text, 250);
  const [showFilters, setShowFilters] = useState(
    Boolean(search.gender?.length || search.growth_stage?.length || search.barn || search.breed || search.has_alert),
  );
  const ageLabel = useAgeLabel();
  const wide = useWide();

  const update = (patch: Partial<CattleListSearch>) =>
    navigate({ search: (prev: CattleListSearch) => ({ ...prev, ...patch }), replace: true });

  // Only a new debounced text writes the URL; the current search is read when it does, so clearing the filters (which
  // changes the URL first) is not undone by the text still waiting out its debounce.
  const syncSearchText = useEffectEvent((value: string) => {
    if ((search.search ?? '') !== value) void update({ search: value || undefined });
  });
  useEffect(() => {
    syncSearchText(debounced);
  }, [debounced]);

  const counts = useQuery(statusCountsQuery);
  const list = useInfiniteQuery(cattleListQuery(herdListFilters(search)));
  // No signal and no saved copy of this very list: the roster kept on the phone answers instead of a spinner (§20).
  const online = useOnline();
  const roster = useRoster();
  const lostSignal = list.error instanceof ApiError && list.error.code === 'NETWORK_ERROR';
  const kept = (!online && !list.data) || lostSignal ? roster.data : null;
  const inHerdCount = counts.data ? IN_HERD_STATUSES.reduce((sum, s) => sum + (counts.data[s] ?? 0), 0) : undefined;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !list.hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries[0]?.isIntersecting && !list.isFetchingNextPage) void list.fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [list.hasNextPage, list.isFetchingNextPage, list.fetchNextPage]);

  const toggle = (key: 'gender' | 'growth_stage', value: string) => {
    const current = search[key] ?? [];
    update({ [key]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value] });
  };
  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const total = list.data?.pages[0]?.totalCount;
  const filtered = Boolean(
    search.search ||
      (search.status && search.status !== 'ALL') ||
      search.gender?.length ||
      search.growth_stage?.length ||
      search.barn ||
      search.breed ||
      search.has_alert,
  );

  return (
    <div className="page">
      <CattleListHeader />

      <div className="search-box">
        <Search size={20} aria-hidden="true" className="search-box__icon" />
        <label htmlFor="cattle-search" className="visually-hidden">
          {t('cattle.searchLabel')}
        </label>
        <input
          id="cattle-search"
          type="search"
          inputMode="search"
          autoComplete="off"
          placeholder={t('cattle.searchPlaceholder')}
          aria-label={t('cattle.searchLabel')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>

      <nav className="status-tabs" aria-label={t('cattle.statusLabel')}>
        <button
          type="button"
          className="chip chip--solid"
          aria-pressed={!search.status}
          onClick={() => update({ status: undefined })}
        >
          {t('cattle.inHerd')} <span className="status-tab__count">{inHerdCount ?? '–'}</span>
        </button>
        {CATTLE_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className="chip chip--solid"
            aria-pressed={search.status === status}
            onClick={() => update({ status })}
          >
            {t(`cattle.status.${status}`)} <span className="status-tab__count">{counts.data?.[status] ?? '–'}</span>
          </button>
        ))}
        <button
          type="button"
          className="chip chip--solid"
          aria-pressed={search.status === 'ALL'}
          onClick={() => update({ status: 'ALL' })}
        >
          {t('cattle.all')} <span className="status-tab__count">{counts.data?.total ?? '–'}</span>
        </button>
      </nav>

      <div className="toolbar">
        <button
          type="button"
          className="button button--small"
          aria-expanded={showFilters}
          aria-controls="cattle-filters"
          onClick={() => setShowFilters((v) => !v)}
        >
          <SlidersHorizontal size={18} aria-hidden="true" />
          {t('cattle.filters')}
        </button>
        <label className="inline-select">
          <span className="inline-select__label">{t('cattle.sort')}</span>
          <select
            className="control"
            value={search.sortBy ?? 'id'}
            onChange={(e) => update({ sortBy: e.target.value as CattleListSearch['sortBy'] })}
          >
            <option value="id">{t('cattle.sortId')}</option>
            <option value="name">{t('cattle.sortName')}</option>
            <option value="days_old">{t('cattle.sortDaysOld')}</option>
            <option value="days_open">{t('cattle.sortDaysOpen')}</option>
            <option value="ear_tag">{t('cattle.sortEarTag')}</option>
            <option value="due_date">{t('cattle.sortDueDate')}</option>
          </select>
        </label>
        <label className="inline-select">
          <span className="visually-hidden">{t('cattle.sort')}</span>
          <select
            className="control"
            aria-label={`${t('cattle.sort')} ${t('cattle.desc')}/${t('cattle.asc')}`}
            value={search.sortOrder ?? 'desc'}
            onChange={(e) => update({ sortOrder: e.target.value as 'asc' | 'desc' })}
          >
            <option value="desc">{t('cattle.desc')}</option>
            <option value="asc">{t('cattle.asc')}</option>
          </select>
        </label>
        {total !== undefined && !kept ? (
          <p className="muted toolbar__count" aria-live="polite">
            {t('cattle.count', { count: total })}
          </p>
        ) : null}
      </div>

      {showFilters ? (
        <section id="cattle-filters" className="card filters" aria-label={t('cattle.filters')}>
          <fieldset className="chip-group">
            <legend>{t('cattle.genderLabel')}</legend>
            {GENDERS.map((g) => (
              <button
                key={g}
                type="button"
                className="chip"
                aria-pressed={search.gender?.includes(g) ?? false}
                onClick={() => toggle('gender', g)}
              >
                {t(`cattle.gender.${g}`)}
              </button>
            ))}
          </fieldset>
          <fieldset className="chip-group">
            <legend>{t('cattle.growthStageLabel')}</legend>
            {GROWTH_STAGES.map((s) => (
              <button
                key={s}
                type="button"
                className="chip"
                aria-pressed={search.growth_stage?.includes(s) ?? false}
                onClick={() => toggle('growth_stage', s)}
              >
                {t(`cattle.growthStage.${s}`)}
              </button>
            ))}
          </fieldset>
          <div className="filters__row">
            <label className="field">
              <span>{t('cattle.barn')}</span>
              <input
                defaultValue={search.barn ?? ''}
                onBlur={(e) => update({ barn: e.target.value.trim() || undefined })}
              />
            </label>
            <label className="field">
              <span>{t('cattle.breed')}</span>
              <input
                defaultValue={search.breed ?? ''}
                onBlur={(e) => update({ breed: e.target.value.trim() || undefined })}
              />
            </label>
          </div>
          <div className="filters__row">
            <button
              type="button"
              className="chip"
              aria-pressed={search.has_alert === 'true'}
              onClick={() => update({ has_alert: search.has_alert ? undefined : 'true' })}
            >
              {t('cattle.hasAlert')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setText('');
                void navigate({ search: {}, replace: true });
              }}
            >
              {t('cattle.clearFilters')}
            </button>
          </div>
        </section>
      ) : null}

      {kept ? (
        <CattleRosterList roster={kept} search={herdListFilters(search)} />
      ) : list.isPending && online ? (
        <Loading />
      ) : list.isPending ? (
        <ErrorState error={new ApiError(0, 'NETWORK_ERROR', 'network')} onRetry={() => list.refetch()} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={filtered ? t('cattle.empty') : t('cattle.emptyHerd')}>
          {!filtered ? (
            <div className="page__actions" style={{ justifyContent: 'center' }}>
              <Link to="/cattle/import" className="button button--primary">
                <FileUp size={20} aria-hidden="true" />
                {t('cattle.importCsv')}
              </Link>
              <Link to="/cattle/new" className="button">
                {t('cattle.register')}
              </Link>
            </div>
          ) : null}
        </EmptyState>
      ) : wide ? (
        <div className="cattle-table-scroll">
          <table className="cattle-table">
            <thead>
              <tr>
                <th scope="col">{t('cattle.earTag')}</th>
                <th scope="col">{t('cattle.name')}</th>
                <th scope="col">{t('cattle.genderLabel')}</th>
                <th scope="col">{t('cattle.age')}</th>
                <th scope="col">{t('cattle.statusLabel')}</th>
                <th scope="col">{t('cattle.expectedCalvingDate')}</th>
                <th scope="col">{t('cattle.daysOpenLabel')}</th>
                <th scope="col">{t('cattle.alerts')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((cow) => (
                <tr key={cow.cattleId}>
                  <td className="cattle-table__tag">{cow.earTagNumber ?? '—'}</td>
                  <td>
                    <Link to="/cattle/$id" params={{ id: String(cow.cattleId) }} className="cattle-table__name">
                      {cow.name ?? '—'}
                    </Link>
                  </td>
                  <td>{cow.gender ? t(`cattle.gender.${cow.gender}`) : '—'}</td>
                  <td>{ageLabel(cow.monthsOld)}</td>
                  <td>
                    <StatusBadge status={cow.status} />
                    <WithdrawalBadge withdrawal={cow.withdrawal} />
                  </td>
                  <td>{cow.breeding.expectedCalvingDate ? formatDateJa(cow.breeding.expectedCalvingDate) : '—'}</td>
                  <td className="cattle-table__number">{cow.breeding.daysOpen ?? '—'}</td>
                  <td>
                    <AlertMarker count={cow.alerts.alertCount} severity={cow.alerts.highestSeverity} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="cattle-list">
          {rows.map((cow) => (
            <li key={cow.cattleId}>
              <Link to="/cattle/$id" params={{ id: String(cow.cattleId) }} className="cattle-row">
                <CattleRowHead cow={cow}>
                  {/* The due date on a line of its own, never cut off on a phone. */}
                  {cow.breeding.expectedCalvingDate ? (
                    <span className="cattle-row__due">
                      {t('cattle.expectedCalving', { date: formatDateJa(cow.breeding.expectedCalvingDate) })}
                    </span>
                  ) : cow.breeding.daysOpen !== null ? (
                    <span className="cattle-row__due">{t('cattle.daysOpen', { days: cow.breeding.daysOpen })}</span>
                  ) : null}
                </CattleRowHead>
                <span className="cattle-row__side">
                  <StatusBadge status={cow.status} />
                  <WithdrawalBadge withdrawal={cow.withdrawal} />
                  <AlertMarker count={cow.alerts.alertCount} severity={cow.alerts.highestSeverity} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} />
      {list.hasNextPage && !kept ? (
        <button
          type="button"
          className="button button--block"
          onClick={() => list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? t('common.loading') : t('cattle.loadMore')}
        </button>
      ) : null}
    </div>
  );
}
