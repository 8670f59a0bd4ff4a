/** The pens' reads (docs/product.md §26): the farm's pens with head counts and stages, and one pen with its animals. */
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { growthPointsSql, pointsByAnimal } from '../cattle/growth.queries';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';
import { cattle, pens } from '../db/schema';
import { dailyGain, meanDailyGain } from '../domain/growth';
import { notFound } from '../lib/errors';
import { PEN_MESSAGES, type PenView } from './pens.schemas';

export const penNotFound = () => notFound(PEN_MESSAGES.notFound, 'PEN_NOT_FOUND');

type PenRow = typeof pens.$inferSelect;

/** A pen as answered, from its row and its animals per growth stage. */
export function penView(row: PenRow, stages: Record<string, number> = {}): PenView {
  return {
    id: row.penId,
    name: row.name,
    barn: row.barn,
    capacity: row.capacity,
    sortOrder: row.sortOrder,
    headCount: Object.values(stages).reduce((sum, n) => sum + n, 0),
    stages,
  };
}

const stageCounts = (db: Db, farmId: number) =>
  db
    .select({ penId: cattle.penId, stage: cattle.growthStage, n: count() })
    .from(cattle)
    .where(and(eq(cattle.farmId, farmId), isNotNull(cattle.penId)))
    .groupBy(cattle.penId, cattle.growthStage);

/** Each pen's growth stages with animals: { penId: { CALF: 3, … } } (an animal of no stage counts as UNKNOWN). */
function stagesByPen(rows: readonly { penId: number | null; stage: string | null; n: number }[]) {
  const byPen = new Map<number, Record<string, number>>();
  for (const { penId, stage, n } of rows) {
    const stages = byPen.get(penId as number) ?? {};
    stages[stage ?? 'UNKNOWN'] = (stages[stage ?? 'UNKNOWN'] ?? 0) + n;
    byPen.set(penId as number, stages);
  }
  return byPen;
}

/** GET /pens: in their order (sortOrder, then name), one round trip. */
export async function listPens(db: Db, farmId: number): Promise<PenView[]> {
  const [rows, counts] = await db.batch([
    db.select().from(pens).where(eq(pens.farmId, farmId)).orderBy(asc(pens.sortOrder), asc(pens.name)),
    stageCounts(db, farmId),
  ]);
  const byPen = stagesByPen(counts);
  return rows.map((row) => penView(row, byPen.get(row.penId)));
}

/** GET /pens/{id}: the pen, its animals by ear tag, and their mean recent DG. */
export async function penDetail(db: Db, farmId: number, penId: number) {
  const animalIds = sql`(select c.cattle_id from cattle c where c.farm_id = ${farmId} and c.pen_id = ${penId})`;
  const [penResult, animalResult, pointResult] = await runBatch(db, [
    db
      .select()
      .from(pens)
      .where(and(eq(pens.farmId, farmId), eq(pens.penId, penId))),
    sql`select cattle_id as cattleId, ear_tag_number as earTagNumber, name, growth_stage as growthStage, gender
      from cattle where farm_id = ${farmId} and pen_id = ${penId}
      order by printf('%10s', ltrim(coalesce(ear_tag_number, ''), '0')), cattle_id`,
    growthPointsSql(farmId, animalIds),
  ]);
  const raw = penResult.results[0] as Record<string, unknown> | undefined;
  if (!raw) throw penNotFound();
  const row: PenRow = {
    penId: raw.pen_id as number,
    farmId,
    name: raw.name as string,
    barn: raw.barn as string | null,
    capacity: raw.capacity as number | null,
    sortOrder: raw.sort_order as number,
    createdBy: raw.created_by as number | null,
    createdAt: raw.created_at as string,
    updatedAt: raw.updated_at as string,
  };
  const points = pointsByAnimal(pointResult.results);
  const animals = (
    animalResult.results as {
      cattleId: number;
      earTagNumber: string | null;
      name: string | null;
      growthStage: string | null;
      gender: string | null;
    }[]
  ).map((a) => ({ ...a, dgRecent: dailyGain(points.get(a.cattleId) ?? []).recent }));
  const stages: Record<string, number> = {};
  for (const a of animals) stages[a.growthStage ?? 'UNKNOWN'] = (stages[a.growthStage ?? 'UNKNOWN'] ?? 0) + 1;
  return { ...penView(row, stages), animals, dg: meanDailyGain(animals.map((a) => a.dgRecent)) };
}
