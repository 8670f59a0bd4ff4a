/**
 * GET /api/v1/me/today (docs/product.md §22): the caller's morning across every farm they are a member of — each
 * farm's active high and medium alerts and its open tasks due today or earlier, never a later one (an alert due
 * tomorrow is neither listed nor counted). The memberships come from the
 * directory; the farms are grouped by shard and each shard touched is asked once (one batch of two statements for
 * all its farms), whatever the number of farms.
 */
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { directoryDb, shardDb } from '../db/client';
import { alerts, cattle, farmMembers, farms, tasks } from '../db/schema';
import type { AlertSeverity } from '../domain/alerts';
import type { FarmRole } from '../domain/roles';
import type { Env } from '../env';
import type { FarmToday, TodayItem } from '../programmes/programmes.schemas';

/** Items per farm at most (a farm with more shows the first by due date). */
const TODAY_ITEMS_PER_FARM = 100;

async function readShard(env: Env, shard: number, farmIds: number[], today: string) {
  const db = shardDb(env, shard);
  return db.batch([
    db
      .select({
        farmId: alerts.farmId,
        id: alerts.id,
        cattleId: alerts.cattleId,
        earTagNumber: alerts.cattleEarTagNumber,
        name: alerts.cattleName,
        title: alerts.message,
        dueDate: alerts.dueAt,
        severity: alerts.severity,
      })
      .from(alerts)
      .where(
        and(
          inArray(alerts.farmId, farmIds),
          eq(alerts.status, 'active'),
          inArray(alerts.severity, ['high', 'medium']),
          // Today's and the overdue ones (an alert without a date is for now); a later one is neither listed nor counted.
          or(isNull(alerts.dueAt), lte(alerts.dueAt, today)),
        ),
      )
      .orderBy(asc(alerts.dueAt)),
    db
      .select({
        farmId: tasks.farmId,
        id: tasks.id,
        cattleId: tasks.cattleId,
        earTagNumber: cattle.earTagNumber,
        name: cattle.name,
        title: tasks.title,
        dueDate: tasks.dueDate,
      })
      .from(tasks)
      .innerJoin(cattle, eq(cattle.cattleId, tasks.cattleId))
      .where(and(inArray(tasks.farmId, farmIds), eq(tasks.status, 'open'), lte(tasks.dueDate, today)))
      .orderBy(asc(tasks.dueDate), asc(tasks.id)),
  ]);
}

export async function meToday(env: Env, userId: number, today: string): Promise<FarmToday[]> {
  const memberships = await directoryDb(env)
    .select({ farmId: farms.id, farmName: farms.name, role: farmMembers.role, shard: farms.shard })
    .from(farmMembers)
    .innerJoin(farms, eq(farms.id, farmMembers.farmId))
    .where(eq(farmMembers.userId, userId))
    .orderBy(asc(farmMembers.joinedAt), asc(farms.id));
  const byShard = new Map<number, number[]>();
  for (const m of memberships) byShard.set(m.shard, [...(byShard.get(m.shard) ?? []), m.farmId]);
  const answers = await Promise.all([...byShard].map(([shard, farmIds]) => readShard(env, shard, farmIds, today)));
  const result = new Map<number, FarmToday>(
    memberships.map((m) => [
      m.farmId,
      {
        farmId: m.farmId,
        farmName: m.farmName,
        role: m.role as FarmRole,
        alerts: { high: 0, medium: 0 },
        tasksDue: 0,
        items: [],
      },
    ]),
  );
  for (const [alertRows, taskRows] of answers) {
    for (const { farmId, ...a } of alertRows) {
      const farm = result.get(farmId);
      if (!farm) continue;
      if (a.severity === 'high') farm.alerts.high += 1;
      else farm.alerts.medium += 1;
      if (farm.items.length < TODAY_ITEMS_PER_FARM)
        farm.items.push({ kind: 'alert', ...a, severity: a.severity as AlertSeverity } satisfies TodayItem);
    }
    for (const { farmId, ...t } of taskRows) {
      const farm = result.get(farmId);
      if (!farm) continue;
      farm.tasksDue += 1;
      if (farm.items.length < TODAY_ITEMS_PER_FARM)
        farm.items.push({ kind: 'task', ...t, id: String(t.id), severity: null } satisfies TodayItem);
    }
  }
  return [...result.values()];
}
