import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { openAlertsQuery } from '../../api/alerts';

/** Number of alerts still needing attention (active or acknowledged), for the navigation badge. */
export function useActiveAlertCount(): number | undefined {
  // On /home, GET /home brings the open alerts with their summary into openAlertsQuery()'s cache: no call of its own.
  const onHome = useRouterState({ select: (state) => state.location.pathname === '/home' });
  const own = useQuery({ ...openAlertsQuery({}, 1), refetchInterval: 5 * 60_000, enabled: !onHome });
  const fromHome = useQuery({ ...openAlertsQuery(), enabled: false });
  return ((onHome ? fromHome.data : own.data) ?? fromHome.data)?.summary.active;
}
