/** The reads of tasks (docs/product.md §22). */
import { and, asc, desc, eq, gt, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cattle, programmes, tasks } from '../db/schema';
import { validationError } from '../lib/errors';
import { type ListTasksQuery, PROGRAMME_API_MESSAGES, type TaskView } from '../programmes/programmes.schemas';

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
