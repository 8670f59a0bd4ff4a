import { createFileRoute } from '@tanstack/react-router';
import { filingsQuery } from '../../api/filings';
import { FilingsPage } from '../../features/filings/filings-page';
import { filingsSearch } from '../../features/filings/filings-search';

export const Route = createFileRoute('/_app/filings')({
  validateSearch: filingsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    void context.queryClient.prefetchInfiniteQuery(filingsQuery(deps.kind ?? 'BIRTH', deps.status ?? 'pending')),
  component: FilingsScreen,
});

function FilingsScreen() {
  return <FilingsPage search={Route.useSearch()} />;
}
