import { useQuery } from '@tanstack/react-query';
import { openAlertsQuery } from '../../api/alerts';

/** Number of alerts still needing attention (active or acknowledged), for the navigation badge. */
export function useActiveAlertCount(): number | undefined {
  const { data } = useQuery({ ...openAlertsQuery({}, 1), refetchInterval: 5 * 60_000 });
  return data?.summary.active;
}
