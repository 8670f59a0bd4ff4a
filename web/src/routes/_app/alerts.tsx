import { createFileRoute } from '@tanstack/react-router';
import { alertsListQuery } from '../../api/alerts';
import { AlertsPage } from '../../features/alerts/alerts-page';
import { alertsSearch, statusesOfView } from '../../features/alerts/alerts-search';

export const Route = createFileRoute('/_app/alerts')({
  validateSearch: alertsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    void context.queryClient.prefetchInfiniteQuery(
      alertsListQuery({
        status: statusesOfView[deps.show ?? 'open'],
        severity: deps.severity,
        alertType: deps.alertType,
      }),
    ),
  component: AlertsScreen,
});

function AlertsScreen() {
  return <AlertsPage search={Route.useSearch()} />;
}
