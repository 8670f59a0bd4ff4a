/**
 * The demo farm's pens (docs/product.md §26): six pens with the herd in them by growth stage, four weighings of the
 * young stock for their growth charts, and one group vaccination of the calves' pen — through the services the API
 * uses (createPen, recordEventOnAnimals), as a farmer's records would be.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { growthPointsSql, pointsByAnimal } from '../cattle/growth.queries';
import { cattle, pens } from '../db/schema';
import type { Scope } from '../db/scope';
import { addDays, daysBetween, type IsoDate } from '../domain/calendar';
import { curveWeight, GROWTH_CURVES, type GrowthPoint } from '../domain/growth';
import { recordEventOnAnimals } from '../events/events.service';
import { createPen } from '../pens/pens.service';

/** The six pens, and the growth stages each takes (cows split between the first two). */
const DEMO_PENS = [
  { name: '繁殖1', barn: '北棟', capacity: 30, stages: ['MULTI_PAROUS'] },
  { name: '繁殖2', barn: '北棟', capacity: 30, stages: ['FIRST_CALVED'] },
  { name: '育成1', barn: '南棟', capacity: 20, stages: ['GROWING'] },
  { name: '子牛1', barn: '南棟', capacity: 20, stages: ['CALF'] },
  { name: '肥育1', barn: '東棟', capacity: 40, stages: ['FATTENING'] },
  { name: '分娩房', barn: '北棟', capacity: 4, stages: [] as string[] },
] as const;

/** The days before the seeding day of the young stock's four weighings. */
const WEIGHINGS = [90, 60, 30, 7];
const DEMO_VACCINE = '牛5種混合';

const at = (date: IsoDate) => `${date}T09:00:00+09:00`;

const MONTH_DAYS = 365.25 / 12;

/**
 * A weighing's weight on `date`, in line with the animal's own weights (the herd's records: at birth, weaning, …):
 * on the line between its weights before and after that day, or carried on from its last one at its own gain
 * (0.75–0.99 kg/day), or — with none — near the 黒毛和種 curve at its age to the day; each a little above or below
 * (±1 %), as scales read. Daily gains stay those of a calf or a growing animal, never a jump from two sources.
 */
function demoWeight(own: readonly GrowthPoint[], birthday: IsoDate, date: IsoDate, cattleId: number) {
  const gain = 0.75 + ((cattleId * 7) % 13) / 50;
  const before = own.filter((p) => p.date <= date).at(-1);
  const after = own.find((p) => p.date > date);
  let kg: number;
  if (before && after)
    kg =
      before.weightKg +
      ((after.weightKg - before.weightKg) * daysBetween(before.date, date)) / daysBetween(before.date, after.date);
  else if (before) kg = before.weightKg + gain * daysBetween(before.date, date);
  else if (after) kg = Math.max(after.weightKg - gain * daysBetween(date, after.date), after.weightKg / 2);
  else {
    const spread = 0.92 + ((cattleId * 7) % 13) / 100;
    kg = curveWeight(GROWTH_CURVES[0], Math.max(0, daysBetween(birthday, date)) / MONTH_DAYS) * spread;
  }
  const scale = 1 + (((cattleId * 7 + daysBetween(birthday, date)) % 5) - 2) / 200;
  return Math.round(kg * scale * 10) / 10;
}

export async function seedDemoPens(scope: Scope, today: IsoDate) {
  const animals = await scope.db
    .select({ id: cattle.cattleId, stage: cattle.growthStage, birthday: cattle.birthday })
    .from(cattle)
    .where(and(eq(cattle.farmId, scope.farmId), inArray(cattle.status, ['HEALTHY', 'PREGNANT', 'RESTING', 'TREATING'])))
    .orderBy(asc(cattle.cattleId));
  // A seeding cut short and run again keeps the pens it made.
  const [made] = await scope.db.select({ id: pens.penId }).from(pens).where(eq(pens.farmId, scope.farmId)).limit(1);
  if (made) return;
  const moved = addDays(today, -3);
  const filled = new Map<string, number>();
  for (const pen of DEMO_PENS) {
    const { id } = await createPen(scope, { name: pen.name, barn: pen.barn, capacity: pen.capacity, sortOrder: 0 });
    const members = animals
      .filter((a) => (pen.stages as readonly string[]).includes(a.stage ?? '') && (a.birthday ?? '') < moved)
      .slice(0, pen.capacity)
      .map((a) => a.id);
    if (members.length === 0) continue;
    filled.set(pen.name, id);
    await recordEventOnAnimals(scope, {
      animals: members,
      event: { eventType: 'MOVE_PEN', eventDatetime: at(moved), details: { toPenId: id } },
    });
  }
  // The young stock weighed four times: their growth charts and their pens' mean DG.
  const young = animals.filter((a) => (a.stage === 'CALF' || a.stage === 'GROWING') && a.birthday);
  const ownIds = sql`(select value from json_each(${JSON.stringify(young.map((a) => a.id))}))`;
  const own = pointsByAnimal(await scope.db.all(growthPointsSql(scope.farmId, ownIds)));
  for (const daysAgo of WEIGHINGS) {
    const date = addDays(today, -daysAgo);
    const weighed = young.filter((a) => (a.birthday as string) < date);
    if (weighed.length === 0) continue;
    const weightOf = new Map(
      weighed.map((a) => [a.id, demoWeight(own.get(a.id) ?? [], a.birthday as string, date, a.id)]),
    );
    await recordEventOnAnimals(scope, {
      animals: weighed.map((a) => a.id),
      event: { eventType: 'WEIGHT_MEASURED', eventDatetime: at(date), details: null },
      detailsOf: (cattleId) => ({ weightKg: weightOf.get(cattleId) as number }),
    });
  }
  // One group vaccination: the whole calves' pen, two days ago.
  const calfPen = filled.get('子牛1') ?? filled.get('育成1');
  if (calfPen)
    await recordEventOnAnimals(scope, {
      animals: { penId: calfPen },
      event: { eventType: 'VACCINATION', eventDatetime: at(addDays(today, -2)), details: { product: DEMO_VACCINE } },
    });
}
