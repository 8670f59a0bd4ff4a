/**
 * The home screen in one read (docs/product.md §14): the existing reads of each feature, started together. Given
 * a batchedReads Db (worker/db/read-batch.ts) their statements go to D1 as one batch: one round trip.
 */

import { and, asc, between, eq, notInArray, sql } from 'drizzle-orm';
import { listAlerts } from '../alerts/alerts.queries';
import { listAlertsQuerySchema } from '../alerts/alerts.schemas';
import { listCattle, statusCountsByStatus } from '../cattle/cattle.queries';
import { listCattleQuerySchema } from '../cattle/cattle.schemas';
import type { Db } from '../db/client';
import { breedingStatus, cattle } from '../db/schema';
import { addDays, addMonths, type IsoDate, monthRange, todayJst } from '../domain/calendar';
import { CALVING_HORIZON_DAYS, upcomingCalvings } from '../domain/home';
import { breedingKpiOfSums } from '../domain/kpi';
import { listEvents } from '../events/events.queries';
import { listEventsQuerySchema } from '../events/events.schemas';
import { keptKpiSums } from '../kpi/kept-figures.statements';
import { resolvePeriod } from '../kpi/kpi.index';
import { todayTasks } from '../tasks/tasks.queries';

/** How many of the latest events the home screen shows. */
const RECENT_EVENTS = 5;
/** The withdrawal card lists up to this many animals (as GET /cattle?restricted=true&limit=100). */
const WITHDRAWAL_LIMIT = 100;

/**
 * The expected calvings the home screen lists: those of the schedule of this month and the next (GET
 * /events/schedule) due by today + 30 days, read as such — the animals whose expected calving date is in that
 * window, soonest first, through the expected calving date's index (shard migration 0007) — instead of the two
 * months' whole schedules of every animal in the breeding cycle, which grew with the herd (decision 036). The
 * withdrawal card's GET /cattle?restricted=true read takes the withdrawal dates' indexes of the same migration.
 */
function calvingsDue(db: Db, farmId: number, today: IsoDate) {
  const month = today.slice(0, 7);
  // The earlier of the next month's last day and the horizon (ISO dates sort as text).
  const [to] = [monthRange(addMonths(month, 1)).to, addDays(today, CALVING_HORIZON_DAYS)].sort();
  return db
    .select({
      date: breedingStatus.expectedCalvingDate,
      cattleId: cattle.cattleId,
      cattleName: cattle.name,
      cattleEarTagNumber: cattle.earTagNumber,
    })
    .from(breedingStatus)
    .innerJoin(cattle, eq(cattle.cattleId, breedingStatus.cattleId))
    .where(
      and(
        // `+`: by the expected calving date's index (shard migration 0007), the window's rows only, then each
        // animal by its key — not every animal of the farm by farm_id.
        sql`+${cattle.farmId} = ${farmId}`,
        notInArray(cattle.status, ['DEAD', 'SHIPPED']),
        between(breedingStatus.expectedCalvingDate, monthRange(month).from, to),
      ),
    )
    .orderBy(asc(breedingStatus.expectedCalvingDate), asc(cattle.cattleId));
}

/**
 * The KPI tiles come from the farm's kept figures (worker/kpi/kept-figures.statements.ts), read in the same batch; `refresh`
 * writes those of cows it found stale, for after the answer.
 */
export async function homeOf(db: Db, farmId: number, userId: number, today = todayJst()) {
  const period = resolvePeriod({}, today);
  const [alerts, statusCounts, kpiSums, calvings, recent, withdrawal, tasks] = await Promise.all([
    listAlerts(db, farmId, listAlertsQuerySchema.parse({}), today),
    statusCountsByStatus(db, farmId),
    keptKpiSums(db, farmId, [period]),
    calvingsDue(db, farmId, today),
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
    calvings: upcomingCalvings(
      calvings.map((c) => ({ ...c, date: c.date as IsoDate, kind: 'EXPECTED_CALVING' as const })),
      today,
    ),
    recentEvents: recent.results,
    withdrawal,
    tasks,
    isEmpty: (statusCounts.total ?? 0) === 0,
  };
  return { data, refresh: kpiSums.refresh };
}
