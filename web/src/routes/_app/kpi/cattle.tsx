import { createFileRoute } from '@tanstack/react-router';
import { kpiCowsQuery } from '../../../api/kpi';
import { KpiCowsPage } from '../../../features/kpi/kpi-cows-page';
import { kpiCowsSearch } from '../../../features/kpi/kpi-search';

export const Route = createFileRoute('/_app/kpi/cattle')({
  validateSearch: kpiCowsSearch,
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to, sort: search.sort, order: search.order }),
  loader: ({ context, deps: { from, to, ...order } }) =>
    void context.queryClient.prefetchInfiniteQuery(kpiCowsQuery({ from, to }, order)),
  component: KpiCowsPage,
});
