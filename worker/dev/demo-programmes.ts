/**
 * The demo farm's day of work (docs/product.md §22): an Ovsynch group of three open cows in progress — started a
 * week ago, the first GnRH done, today's PGF2α due — the 分娩後検診 of the cows calved in the last 30 days, and a
 * calf vaccination plan by age that the dawn run's age trigger fills, so home shows 今日の作業. Through the services
 * the API uses. The herd's history is seeded as the farm's past (it enrols in nothing, as an import's), so the
 * programmes' enrolments are made here, for cows whose state allows them (§22 turn 4).
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { enrolByAge } from '../dawn/dawn-tasks';
import { breedingStatus, cattle, programmes, tasks } from '../db/schema';
import type { Scope } from '../db/scope';
import { addDays, daysBetween, type IsoDate } from '../domain/calendar';
import { EXAMPLE_PROGRAMMES, ineligibility } from '../domain/programmes';
import { createProgramme, enrol } from '../programmes/programmes.service';
import { completeTask } from '../tasks/tasks.service';

export const DEMO_VACCINATION_PROGRAMME = '子牛ワクチン（生後60日）';

/** An animal of the demo as the choice of its programmes' animals reads it (breeding_status and the register). */
export interface DemoCow {
  cattleId: number;
  gender: string | null;
  status: string;
  lastCalvingDate: IsoDate | null;
  lastInseminationDate: IsoDate | null;
}

/** The Ovsynch group was started this many days before the seeding day: its PGF2α (day 7) is due that day. */
export const DEMO_OVSYNCH_DAYS_AGO = 7;

/**
 * The demo's Ovsynch group from `start`: the first three cows the example is for (雌, not pregnant, 40 days or more
 * after calving) that have calved and not been served since — a cow served and not yet checked may be pregnant, and
 * a PGF2α can end an early pregnancy.
 */
export function demoOvsynchGroup(cows: readonly DemoCow[], start: IsoDate): number[] {
  const eligible = EXAMPLE_PROGRAMMES[0].eligible ?? {};
  return cows
    .filter(
      (c) =>
        c.lastCalvingDate !== null &&
        (c.lastInseminationDate === null || c.lastInseminationDate < c.lastCalvingDate) &&
        ineligibility(eligible, { ...c, pregnant: c.status === 'PREGNANT' }, start) === null,
    )
    .slice(0, 3)
    .map((c) => c.cattleId);
}

/** The cows whose 分娩後検診 (day 30) is still ahead on `today`: calved in the last 30 days, each from her calving. */
export const demoPostCalvingChecks = (cows: readonly DemoCow[], today: IsoDate) =>
  cows.flatMap((c) =>
    c.lastCalvingDate !== null && daysBetween(c.lastCalvingDate, today) <= 30
      ? [{ cattleId: c.cattleId, startDate: c.lastCalvingDate }]
      : [],
  );

async function demoCows(scope: Scope): Promise<DemoCow[]> {
  return scope.db
    .select({
      cattleId: cattle.cattleId,
      gender: cattle.gender,
      status: cattle.status,
      lastCalvingDate: breedingStatus.lastCalvingDate,
      lastInseminationDate: breedingStatus.lastInseminationDate,
    })
    .from(cattle)
    .innerJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
    .where(
      and(eq(cattle.farmId, scope.farmId), eq(cattle.gender, '雌'), notInArray(cattle.status, ['DEAD', 'SHIPPED'])),
    )
    .orderBy(asc(cattle.cattleId));
}

export async function seedDemoProgrammes(scope: Scope, today: IsoDate) {
  const { db, farmId } = scope;
  const examples = await db
    .select({ id: programmes.id, name: programmes.name })
    .from(programmes)
    .where(eq(programmes.farmId, farmId));
  const ovsynch = examples.find((p) => p.name.startsWith('Ovsynch'));
  const postCalving = examples.find((p) => p.name === EXAMPLE_PROGRAMMES[1].name);
  const cows = await demoCows(scope);
  if (postCalving)
    for (const { cattleId, startDate } of demoPostCalvingChecks(cows, today))
      await enrol(scope, postCalving.id, { cattleIds: [cattleId], startDate });
  if (ovsynch) {
    const started = addDays(today, -DEMO_OVSYNCH_DAYS_AGO);
    const group = demoOvsynchGroup(cows, started);
    if (group.length > 0) await enrol(scope, ovsynch.id, { cattleIds: group, startDate: started });
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
