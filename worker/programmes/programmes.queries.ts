/** The reads of programmes and tasks (docs/product.md §22). */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { breedingStatus, cattle, programmes } from '../db/schema';
import { type EligibilityFacts, ineligibility } from '../domain/programmes';
import { notFound } from '../lib/errors';
import { type EligibilityView, PROGRAMME_API_MESSAGES, type ProgrammeView } from './programmes.schemas';

type ProgrammeRow = typeof programmes.$inferSelect;

export function programmeView(row: ProgrammeRow): ProgrammeView {
  const trigger: ProgrammeView['trigger'] =
    row.triggerKind === 'event'
      ? { kind: 'event', eventType: row.triggerEventType ?? '' }
      : row.triggerKind === 'age'
        ? { kind: 'age', days: row.triggerDays ?? 0 }
        : { kind: 'manual' };
  const steps = row.steps as ProgrammeView['steps'];
  const stopWhen = row.stopWhen as ProgrammeView['stopWhen'];
  const eligible = row.eligible as ProgrammeView['eligible'];
  return {
    id: row.id,
    name: row.name,
    trigger,
    steps,
    stopWhen,
    eligible,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const programmeQuery = (db: Db, farmId: number, id: number) =>
  db
    .select()
    .from(programmes)
    .where(and(eq(programmes.id, id), eq(programmes.farmId, farmId)))
    .limit(1);

export async function listProgrammes(db: Db, farmId: number): Promise<ProgrammeView[]> {
  const rows = await db.select().from(programmes).where(eq(programmes.farmId, farmId)).orderBy(asc(programmes.id));
  return rows.map(programmeView);
}

/** One programme of the farm (GET /programmes/{id}); another farm's or none: 404. */
export async function getProgramme(db: Db, farmId: number, id: number): Promise<ProgrammeView> {
  const [row] = await programmeQuery(db, farmId, id);
  if (!row) throw notFound(PROGRAMME_API_MESSAGES.notFound, 'PROGRAMME_NOT_FOUND');
  return programmeView(row);
}

/** The facts eligibility reads of a farm's animals (those asked for, or every living one): gender, status, calving. */
export const enrolFactsQuery = (db: Db, farmId: number, ids: number[] | 'living') =>
  db
    .select({
      cattleId: cattle.cattleId,
      gender: cattle.gender,
      status: cattle.status,
      lastCalvingDate: breedingStatus.lastCalvingDate,
    })
    .from(cattle)
    .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
    .where(
      and(
        eq(cattle.farmId, farmId),
        ids === 'living' ? notInArray(cattle.status, ['DEAD', 'SHIPPED']) : inArray(cattle.cattleId, ids),
      ),
    )
    .orderBy(asc(cattle.cattleId));

/** An animal's facts as the eligibility rule takes them: pregnant is the status the breeding engine set. */
export const factsOf = (a: {
  gender: string | null;
  status: string;
  lastCalvingDate: string | null;
}): EligibilityFacts => ({
  ...a,
  pregnant: a.status === 'PREGNANT',
});

/**
 * The enrol picker's view (GET /programmes/{id}/eligibility): every living animal with its status and, when the
 * programme is not for it from `startDate`, the reason (the rule enrolment applies).
 */
export async function programmeEligibility(
  db: Db,
  farmId: number,
  id: number,
  startDate: string,
): Promise<EligibilityView[]> {
  const [found, animals] = await db.batch([programmeQuery(db, farmId, id), enrolFactsQuery(db, farmId, 'living')]);
  if (!found[0]) throw notFound(PROGRAMME_API_MESSAGES.notFound, 'PROGRAMME_NOT_FOUND');
  const { eligible } = programmeView(found[0]);
  return animals.map((a) => ({
    cattleId: a.cattleId,
    status: a.status,
    reason: ineligibility(eligible, factsOf(a), startDate),
  }));
}
