import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { IN_HERD_STATUSES } from '@worker/domain/cattle-enums';
import { Search, SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from 'react';
import {
  type CattleListItem,
  type CattleListSearch,
  cattleListQuery,
  statusCountsQuery,
  useRoster,
} from '../../api/cattle';
import { ApiError } from '../../api/client';
import { LoadMore } from '../../components/load-more';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { useOnline } from '../../lib/use-online';
import { CattleListHeader } from './cattle-list-header';
import { EmptyHerd, FiltersPanel, HerdRows, HerdTable, SortSelects, StatusTabs } from './cattle-list-parts';
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

/** What the route puts under the list when animals are chosen (§26: まとめて記録, 牛房を移動). */
export type SelectionSlot = (props: {
  animals: { cattleId: number; label: string }[];
  pen: { id: number; name: string } | null;
  onClear: () => void;
}) => ReactNode;

/** The chosen animals, with the labels the group form shows them by. */
function useSelection(rows: CattleListItem[]) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setIds((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const animals = rows
    .filter((r) => ids.has(r.cattleId))
    .map((r) => ({ cattleId: r.cattleId, label: [r.earTagNumber, r.name].filter(Boolean).join(' ') }));
  return { selection: { ids, toggle }, animals, clear: () => setIds(new Set()) };
}

export function CattleListPage({
  search,
  selectionSlot,
  actionsSlot,
}: {
  search: CattleListSearch;
  selectionSlot?: SelectionSlot;
  /** Another feature's action on the herd, under the title (the route composes it: プログラムに登録, §22). */
  actionsSlot?: ReactNode;
}) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/cattle/' });
  const [text, setText] = useState(search.search ?? '');
  const debounced = useDebounced(text, 250);
  const [showFilters, setShowFilters] = useState(
    Boolean(search.gender?.length || search.growth_stage?.length || search.barn || search.breed || search.has_alert),
  );
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

  const rows = list.data?.pages.flatMap((p) => p.results) ?? [];
  const chosen = useSelection(rows);
  const selection = selectionSlot ? chosen.selection : undefined;
  const shownPen = search.penId && search.penId !== 'none' ? (rows.find((r) => r.pen)?.pen ?? null) : null;
  const total = list.data?.pages[0]?.totalCount;
  const filtered = Boolean(
    search.search ||
      (search.status && search.status !== 'ALL') ||
      search.gender?.length ||
      search.growth_stage?.length ||
      search.barn ||
      search.breed ||
      search.penId ||
      search.has_alert,
  );

  return (
    <div className="page">
      <CattleListHeader />
      {actionsSlot}

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

      <StatusTabs search={search} counts={counts.data} update={update} />

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
        <SortSelects search={search} update={update} />
        {total !== undefined && !kept ? (
          <p className="muted toolbar__count" aria-live="polite">
            {t('cattle.count', { count: total })}
          </p>
        ) : null}
      </div>

      {showFilters ? (
        <FiltersPanel
          search={search}
          update={update}
          onClear={() => {
            setText('');
            void navigate({ search: {}, replace: true });
          }}
        />
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
        <EmptyHerd filtered={filtered} />
      ) : wide ? (
        <HerdTable rows={rows} selection={selection} />
      ) : (
        <HerdRows rows={rows} selection={selection} />
      )}
      {selectionSlot && !kept ? selectionSlot({ animals: chosen.animals, pen: shownPen, onClear: chosen.clear }) : null}
      <div ref={sentinel} />
      {kept ? null : <LoadMore pages={list} />}
    </div>
  );
}
