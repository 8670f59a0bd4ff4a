/**
 * The demo farm's day of work (docs/product.md §22): an Ovsynch group of three open cows in progress — started a
 * week ago, the first GnRH done, today's PGF2α due — and a calf vaccination plan by age that the dawn run's age
 * trigger fills, so home shows 今日の作業. Through the services the API uses.
 */
import { and, asc, eq, inArray, isNull, like, notInArray, sql } from 'drizzle-orm';
import { breedingStatus, cattle, programmes, tasks } from '../db/schema';
import type { Scope } from '../db/scope';
import { addDays, type IsoDate } from '../domain/calendar';
import { completeTask, createProgramme, enrol } from '../programmes/programmes.service';
import { enrolByAge } from '../tasks/tasks.dawn';

export const DEMO_VACCINATION_PROGRAMME = '子牛ワクチン（生後60日）';

export async function seedDemoProgrammes(scope: Scope, today: IsoDate) {
  const { db, farmId } = scope;
  const [ovsynch] = await db
    .select({ id: programmes.id })
    .from(programmes)
    .where(and(eq(programmes.farmId, farmId), like(programmes.name, 'Ovsynch%')))
    .limit(1);
  if (ovsynch) {
    // Three open cows (calved, not pregnant) that are on the farm.
    const cows = await db
      .select({ cattleId: cattle.cattleId })
      .from(cattle)
      .innerJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
      .where(
        and(
          eq(cattle.farmId, farmId),
          eq(cattle.gender, '雌'),
          inArray(cattle.growthStage, ['MULTI_PAROUS', 'FIRST_CALVED']),
          notInArray(cattle.status, ['DEAD', 'SHIPPED']),
          isNull(breedingStatus.expectedCalvingDate),
          sql`${breedingStatus.lastCalvingDate} is not null`,
        ),
      )
      .orderBy(asc(cattle.cattleId))
      .limit(3);
    const started = addDays(today, -7);
    if (cows.length > 0) await enrol(scope, ovsynch.id, { cattleIds: cows.map((c) => c.cattleId), startDate: started });
    const firstSteps = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.farmId, farmId), eq(tasks.programmeId, ovsynch.id), eq(tasks.dueDate, started)));
    for (const task of firstSteps) await completeTask(scope, task.id, { date: started });
  }
  await createProgramme(scope, {
    name: DEMO_VACCINATION_PROGRAMME,
    trigger: { kind: 'age', days: 60 },
    steps: [
      { day: 0, title: '5種混合ワクチン', eventType: 'VACCINATION', details: { product: '5種混合ワクチン' } },
      { day: 30, title: '5種混合ワクチン（追加）', eventType: 'VACCINATION', details: { product: '5種混合ワクチン' } },
    ],
  });
  await enrolByAge(db, farmId, today);
}
