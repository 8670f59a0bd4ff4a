import { createFileRoute, redirect } from '@tanstack/react-router';
import { meQuery } from '../api/accounts';
import { settleCurrentFarm } from '../api/farms';
import { AppShell } from '../components/app-shell';
import { useActiveAlertCount } from '../features/alerts/use-active-alert-count';
import { FarmSwitcher } from '../features/farms/farm-switcher';
import { getToken } from '../lib/auth-token';

/** The signed-in layout: the shared shell, given the alerts feature's count for its nav badge and the farm switcher. */
function AppLayout() {
  const alertCount = useActiveAlertCount();
  return <AppShell alertCount={alertCount} farmSwitcher={<FarmSwitcher />} />;
}

/** The farmer's app: signed-in only. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } });
    try {
      // The farm shown is settled before any screen asks for farm data (it goes out as X-Farm-Id).
      await Promise.all([context.queryClient.ensureQueryData(meQuery), settleCurrentFarm(context.queryClient)]);
    } catch {
      if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AppLayout,
});
