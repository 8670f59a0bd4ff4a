/**
 * The home screen in one read (docs/product.md §14): the existing reads of each feature, started together. Given
 * a batchedReads Db (worker/db/read-batch.ts) their statements go to D1 as one batch: one round trip.
 */
import { listAlerts } from '../alerts/alerts.queries';
import { listAlertsQuerySchema } from '../alerts/alerts.schemas';
import { listCattle, statusCountsByStatus } from '../cattle/cattle.queries';
import { listCattleQuerySchema } from '../cattle/cattle.schemas';
import type { Db } from '../db/client';
import { addMonths, todayJst } from '../domain/calendar';
import { upcomingCalvings } from '../domain/home';
import { breedingKpiOfSums } from '../domain/kpi';
import { listEvents, scheduleOfMonth } from '../events/events.queries';
import { listEventsQuerySchema } from '../events/events.schemas';
import { keptKpiSums } from '../kpi/kpi.figures';
import { resolvePeriod } from '../kpi/kpi.index';
import { todayTasks } from '../programmes/programmes.queries';

/** How many of the latest events the home screen shows. */
export const RECENT_EVENTS = 5;
/** The withdrawal card lists up to this many animals (as GET /cattle?restricted=true&limit=100). */
export const WITHDRAWAL_LIMIT = 100;

/**
 * The KPI tiles come from the farm's kept figures (worker/kpi/kpi.figures.ts), read in the same batch; `refresh`
 * writes those of cows it found stale, for after the answer.
 */
export async function homeOf(db: Db, farmId: number, userId: number, today = todayJst()) {
  const month = today.slice(0, 7);
  const period = resolvePeriod({}, today);
  const [alerts, statusCounts, kpiSums, thisMonth, nextMonth, recent, withdrawal, tasks] = await Promise.all([
    listAlerts(db, farmId, listAlertsQuerySchema.parse({}), today),
    statusCountsByStatus(db, farmId),
    keptKpiSums(db, farmId, [period]),
    scheduleOfMonth(db, farmId, month, today),
    scheduleOfMonth(db, farmId, addMonths(month, 1), today),
    listEvents(db, farmId, listEventsQuerySchema.parse({ limit: RECENT_EVENTS })),
    listCattle(db, farmId, listCattleQuerySchema.parse({ restricted: 'true', limit: WITHDRAWAL_LIMIT }), today),
    // 今日の作業 (§22): open tasks due today or earlier, the caller's first.
    todayTasks(db, farmId, userId, today),
  ]);
  const data = {
    today,
    alerts,
    statusCounts,
    kpi: breedingKpiOfSums(period, kpiSums.value[0]),
    calvings: upcomingCalvings([...thisMonth.items, ...nextMonth.items], today),
    recentEvents: recent.results,
    withdrawal,
    tasks,
    isEmpty: (statusCounts.total ?? 0) === 0,
  };
  return { data, refresh: kpiSums.refresh };
}
