import { createFileRoute } from '@tanstack/react-router';
import { ShipmentsPage } from '../../features/shipments/shipments-page';
import { shipmentsSearch } from '../../features/shipments/shipments-search';

/** Each tab fetches its own data (records, plans, statistics, mothers, sires), so the route has no loader of its own. */
export const Route = createFileRoute('/_app/shipments')({
  validateSearch: shipmentsSearch,
  component: ShipmentsScreen,
});

function ShipmentsScreen() {
  return <ShipmentsPage search={Route.useSearch()} />;
}
