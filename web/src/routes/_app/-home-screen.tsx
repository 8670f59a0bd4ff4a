import { TodayAlerts } from '../../features/alerts/today-alerts';
import { HomePage } from '../../features/home/home-page';
import { KpiTiles } from '../../features/kpi/kpi-tiles';
import { TodayTasks } from '../../features/tasks/today-tasks';

/**
 * /home: the home feature's cards with today's alerts and the KPI tiles of their own features. Its own module so that
 * a signed-in first visit can start its chunk before the router has settled (web/src/boot.ts, web/vite.config.ts).
 */
export function HomeScreen() {
  return (
    <HomePage
      alerts={
        <>
          <TodayTasks />
          <TodayAlerts max={6} />
        </>
      }
      kpiTiles={<KpiTiles />}
    />
  );
}
