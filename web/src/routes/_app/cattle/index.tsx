import { createFileRoute } from '@tanstack/react-router';
import { CATTLE_SORT_KEYS, type CattleListSearch, cattleListQuery, statusCountsQuery } from '../../../api/cattle';
import { CattleListPage, herdListFilters } from '../../../features/cattle/cattle-list-page';
import { SelectionBar } from '../../../features/pens/selection-bar';
import { EnrolFromHerd } from '../../../features/tasks/enrol-dialog';

/** The herd list's filters live in the URL; unknown or malformed values are dropped rather than failing the page. */
function cattleListSearch(search: Record<string, unknown>): CattleListSearch {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const listOf = (v: unknown) =>
    Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : undefined;
  const oneOf = <T extends string>(v: unknown, options: readonly T[]) => options.find((o) => o === v);
  return {
    search: text(search.search),
    status: text(search.status),
    gender: listOf(search.gender),
    growth_stage: listOf(search.growth_stage),
    barn: text(search.barn),
    breed: text(search.breed),
    has_alert: search.has_alert === 'true' || search.has_alert === true ? 'true' : undefined,
    penId: search.penId === 'none' || /^\d+$/.test(String(search.penId ?? '')) ? String(search.penId) : undefined,
    sortBy: oneOf(search.sortBy, CATTLE_SORT_KEYS),
    sortOrder: oneOf(search.sortOrder, ['asc', 'desc'] as const),
  };
}

export const Route = createFileRoute('/_app/cattle/')({
  validateSearch: cattleListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(statusCountsQuery);
    void context.queryClient.prefetchInfiniteQuery(cattleListQuery(herdListFilters(deps)));
  },
  component: HerdScreen,
});

/** The herd list, with プログラムに登録 (docs/product.md §22) above it and the group record of its chosen animals (§26). */
function HerdScreen() {
  return (
    <>
      <EnrolFromHerd />
      <CattleListPage selectionSlot={(props) => <SelectionBar {...props} />} />
    </>
  );
}
