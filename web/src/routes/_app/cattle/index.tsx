import { createFileRoute } from '@tanstack/react-router';
import { CATTLE_SORT_KEYS, type CattleListSearch, cattleListQuery, statusCountsQuery } from '../../../api/cattle';
import { CattleListPage, herdListFilters } from '../../../features/cattle/cattle-list-page';
import { SelectionBar } from '../../../features/pens/selection-bar';
import { EnrolFromHerd } from '../../../features/tasks/enrol-dialog';
import { flagText, listOf, matching, oneOf, searchOf, trimmed } from '../../../lib/search-params';

/** The herd list's filters live in the URL; unknown or malformed values are dropped rather than failing the page. */
const cattleListSearch: (search: Record<string, unknown>) => CattleListSearch = searchOf({
  search: trimmed,
  status: trimmed,
  gender: listOf,
  growth_stage: listOf,
  barn: trimmed,
  breed: trimmed,
  has_alert: flagText,
  penId: matching(/^(none|\d+)$/),
  sortBy: oneOf(CATTLE_SORT_KEYS),
  sortOrder: oneOf(['asc', 'desc']),
});

export const Route = createFileRoute('/_app/cattle/')({
  validateSearch: cattleListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(statusCountsQuery);
    void context.queryClient.prefetchInfiniteQuery(cattleListQuery(herdListFilters(deps)));
  },
  component: HerdScreen,
});

/** The herd list, with プログラムに登録 (docs/product.md §22) under its title and the group record of its chosen animals (§26). */
function HerdScreen() {
  return (
    <CattleListPage
      search={Route.useSearch()}
      actionsSlot={<EnrolFromHerd />}
      selectionSlot={(props) => <SelectionBar {...props} />}
    />
  );
}
