/** The reads of programmes and tasks (docs/product.md §22). */
import { and, asc, desc, eq, gt, gte, inArray, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { breedingStatus, cattle, programmes, tasks } from '../db/schema';
import { type EligibilityFacts, ineligibility } from '../domain/programmes';
import { notFound, validationError } from '../lib/errors';
import {
  type EligibilityView,
  type ListTasksQuery,
  PROGRAMME_API_MESSAGES,
  type ProgrammeView,
  type TaskView,
} from './programmes.schemas';

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

/** The columns of a task as the API shows it: with its animal and its programme's name. */
const taskColumns = {
  id: tasks.id,
  cattleId: tasks.cattleId,
  earTagNumber: cattle.earTagNumber,
  name: cattle.name,
  programmeId: tasks.programmeId,
  programmeName: sql<string>`coalesce(${programmes.name}, '')`,
  enrolmentId: tasks.enrolmentId,
  stepIndex: tasks.stepIndex,
  title: tasks.title,
  eventType: tasks.eventType,
  dueDate: tasks.dueDate,
  status: tasks.status,
  assigneeUserId: tasks.assigneeUserId,
  doneAt: tasks.doneAt,
  doneBy: tasks.doneBy,
  eventId: tasks.eventId,
  skipReason: tasks.skipReason,
  cancelReason: tasks.cancelReason,
};

const tasksFrom = (db: Db, where: SQL | undefined) =>
  db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(cattle, eq(cattle.cattleId, tasks.cattleId))
    .leftJoin(programmes, eq(programmes.id, tasks.programmeId))
    .where(where);

export const taskQuery = (db: Db, farmId: number, id: number) =>
  tasksFrom(db, and(eq(tasks.id, id), eq(tasks.farmId, farmId))).limit(1);

const CURSOR = /^(\d{4}-\d{2}-\d{2})_(\d{1,15})$/;

/** Tasks by due date (then id), filtered, a page at a time (`nextCursor`: the last one's due date and id). */
export async function listTasks(db: Db, farmId: number, userId: number, query: ListTasksQuery) {
  const conditions: (SQL | undefined)[] = [eq(tasks.farmId, farmId)];
  if (query.status) conditions.push(eq(tasks.status, query.status));
  if (query.from) conditions.push(gte(tasks.dueDate, query.from));
  if (query.to) conditions.push(lte(tasks.dueDate, query.to));
  if (query.assignee === 'me') conditions.push(eq(tasks.assigneeUserId, userId));
  if (query.cattleId) conditions.push(eq(tasks.cattleId, query.cattleId));
  if (query.cursor) {
    const m = CURSOR.exec(query.cursor);
    if (!m) throw validationError(PROGRAMME_API_MESSAGES.cursor, 'cursor');
    conditions.push(or(gt(tasks.dueDate, m[1]), and(eq(tasks.dueDate, m[1]), gt(tasks.id, Number(m[2])))));
  }
  const rows = (await tasksFrom(db, and(...conditions))
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(query.limit + 1)) as TaskView[];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { data: page, nextCursor: rows.length > query.limit && last ? `${last.dueDate}_${last.id}` : null };
}

/** How many of today's tasks home shows (due today and overdue). */
const TODAY_TASKS_LIMIT = 50;

/**
 * Today's work on one farm (home, §22): open tasks due today or earlier, mine first, then by due date. One
 * statement, so home's batched reads carry it in their one round trip.
 */
export async function todayTasks(db: Db, farmId: number, userId: number, today: string): Promise<TaskView[]> {
  const rows = await tasksFrom(db, and(eq(tasks.farmId, farmId), eq(tasks.status, 'open'), lte(tasks.dueDate, today)))
    .orderBy(desc(sql`${tasks.assigneeUserId} = ${userId}`), asc(tasks.dueDate), asc(tasks.id))
    .limit(TODAY_TASKS_LIMIT);
  return rows as TaskView[];
}
