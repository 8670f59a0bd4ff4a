/** A task's done, skip and change (docs/product.md §22): the task use cases of /tasks, LINE's 完了 and the offline queue. */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type StoredAlert, storedAlertsQuery } from '../alerts/regenerate';
import { auditStatement } from '../audit/audit.statements';
import { breedingContextOf, breedingContextQueries } from '../breeding/recompute';
import { runBatchThenRead, type Statement } from '../db/batch';
import type { Db } from '../db/client';
import { isForeignKeyViolation, withFreshState } from '../db/guarded-batch';
import { tasks } from '../db/schema';
import type { Scope } from '../db/scope';
import { type IsoDate, todayJst } from '../domain/calendar';
import { parseEventDetails } from '../domain/event-details';
import type { EventSource } from '../domain/event-source';
import type { EventType } from '../domain/event-types';
import { toInstant } from '../events/events.schemas';
import { alertStatementsAfter, eventStatements } from '../events/events.statements';
import { AppError, conflict, fieldErrors, notFound } from '../lib/errors';
import {
  type DoneTask,
  PROGRAMME_API_MESSAGES as M,
  type PatchTask,
  type TaskView,
} from '../programmes/programmes.schemas';
import { taskQuery } from './tasks.queries';

const taskNotFound = () => notFound(M.taskNotFound, 'TASK_NOT_FOUND');
const TASK_NOT_OPEN = 'TASK_NOT_OPEN';
const isTaskNotOpen = (err: unknown) =>
  `${(err as Error)?.message ?? err} ${(err as { cause?: Error })?.cause?.message ?? ''}`.includes(TASK_NOT_OPEN);

/** The 409 of a task that has left 'open': done already, or skipped/cancelled. */
const notOpen = (status: string) =>
  conflict(status === 'done' ? M.alreadyDone : M.notOpen, status === 'done' ? 'TASK_ALREADY_DONE' : 'TASK_NOT_OPEN');

/** The change-history row of a task's done or skip, for the write's own batch (§23). */
const taskAudit = (scope: Scope, id: number, at: string, changes: Record<string, [unknown, unknown]>) =>
  auditStatement(scope, {
    action: 'update',
    entity: 'task',
    entityId: id,
    at,
    changes,
    when: sql`exists (select 1 from tasks where id = ${id} and farm_id = ${scope.farmId} and status = 'open')`,
  });

/** Runs a task's change with the task read back after it; a task that left 'open' meanwhile answers 409. */
async function writeTask(scope: Scope, id: number, statements: Statement[]): Promise<TaskView> {
  try {
    const { read } = await runBatchThenRead(scope.db, statements, [taskQuery(scope.db, scope.farmId, id)] as const);
    return read[0][0] as TaskView;
  } catch (err) {
    if (isTaskNotOpen(err)) throw conflict(M.alreadyDone, 'TASK_ALREADY_DONE');
    throw err;
  }
}

/** The task's own row, for a check before a write (the write's trigger is the real guard). */
const taskRowQuery = (db: Db, farmId: number, id: number) =>
  db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.farmId, farmId)))
    .limit(1);

/** The event's moment: the given JST day at 00:00 (as an event entered with a date), else now. */
const doneInstant = (date: IsoDate | undefined, now: string) => (date ? (toInstant(date) ?? now) : now);

/**
 * Marks a task done (POST /tasks/{id}/done). For a step with an event type, records that event — with the step's
 * details merged with the request's — in the same batch, through eventStatements with the animal's alerts
 * regenerated as for an event entered by hand; re-read and retried when another write on the animal came first.
 */
export const completeTask = (scope: Scope, id: number, body: DoneTask, source: EventSource = 'task') =>
  withFreshState(() => completeTaskOnce(scope, id, body, source));

async function completeTaskOnce(scope: Scope, id: number, body: DoneTask, source: EventSource): Promise<TaskView> {
  const { db, farmId } = scope;
  const today = todayJst();
  const animal: SQL = sql`(select ${tasks.cattleId} from ${tasks} where ${tasks.id} = ${id} and ${tasks.farmId} = ${farmId})`;
  const [found, a, e, h, alerts] = await db.batch([
    taskRowQuery(db, farmId, id),
    ...breedingContextQueries(db, farmId, animal),
    storedAlertsQuery(db, [farmId], [animal], today),
  ] as const);
  const task = found[0];
  if (!task) throw taskNotFound();
  if (task.status !== 'open') throw notOpen(task.status);
  const now = new Date().toISOString();
  const markDone = db
    .update(tasks)
    .set({ status: 'done', doneAt: now, doneBy: scope.userId, updatedAt: now })
    .where(and(eq(tasks.id, id), eq(tasks.farmId, farmId)));
  // A tick from LINE says so in the history (§25).
  const audit = taskAudit(scope, id, now, {
    status: ['open', 'done'],
    ...(source === 'line' ? { source: [null, 'line'] as [null, string] } : {}),
  });
  if (!task.eventType) return writeTask(scope, id, [audit, markDone]);

  const context = breedingContextOf([a, e, h]);
  if (!context) throw taskNotFound();
  const merged = { ...(task.details ?? {}), ...(body.details ?? {}) };
  const parsed = parseEventDetails(task.eventType as EventType, merged);
  if (!parsed.success) throw fieldErrors(parsed.issues);
  const written = eventStatements(
    scope,
    context,
    {
      add: [
        {
          eventType: task.eventType,
          eventDatetime: doneInstant(body.date, now),
          details: parsed.details,
          notes: body.notes ?? null,
          source,
        },
      ],
    },
    // Its own protocol is not stopped by the event its step records (§22 turn 4): the step is done, the rest stay.
    { today, now, ownEnrolment: task.enrolmentId },
  );
  const alertStatements = await alertStatementsAfter(written.animals, alerts as StoredAlert[], { today, now });
  const linkEvent = sql`UPDATE tasks SET event_id = (SELECT max(event_id) FROM events
      WHERE farm_id = ${farmId} AND cattle_id = ${task.cattleId}) WHERE id = ${id} AND farm_id = ${farmId}`;
  try {
    return await writeTask(scope, id, [audit, markDone, ...written.statements, linkEvent, ...alertStatements]);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw taskNotFound();
    throw err;
  }
}

/** Skips a task with a reason (POST /tasks/{id}/skip). */
export async function skipTask(scope: Scope, id: number, reason: string): Promise<TaskView> {
  const { db, farmId } = scope;
  const [task] = await taskRowQuery(db, farmId, id);
  if (!task) throw taskNotFound();
  if (task.status !== 'open') throw notOpen(task.status);
  const now = new Date().toISOString();
  return writeTask(scope, id, [
    taskAudit(scope, id, now, { status: ['open', 'skipped'], skipReason: [null, reason] }),
    db
      .update(tasks)
      .set({ status: 'skipped', skipReason: reason, doneAt: now, doneBy: scope.userId, updatedAt: now })
      .where(and(eq(tasks.id, id), eq(tasks.farmId, farmId))),
  ]);
}

/** Assigns a task to a member (or nobody) and/or moves its due date (PATCH /tasks/{id}). */
export async function patchTask(
  scope: Scope,
  id: number,
  patch: PatchTask,
  memberIds: ReadonlySet<number>,
): Promise<TaskView> {
  const { db, farmId } = scope;
  if (patch.assigneeUserId && !memberIds.has(patch.assigneeUserId))
    throw new AppError({ status: 400, code: 'VALIDATION_ERROR', message: M.assignee, field: 'assigneeUserId' });
  const set: Partial<typeof tasks.$inferInsert> = { updatedAt: new Date().toISOString() };
  if (patch.assigneeUserId !== undefined) set.assigneeUserId = patch.assigneeUserId;
  if (patch.dueDate !== undefined) set.dueDate = patch.dueDate;
  const changes = [
    patch.assigneeUserId !== undefined
      ? sql`'assigneeUserId', json_array(assignee_user_id, ${patch.assigneeUserId})`
      : null,
    patch.dueDate !== undefined ? sql`'dueDate', json_array(due_date, ${patch.dueDate})` : null,
  ].filter((c): c is SQL => c !== null);
  const view = await writeTask(scope, id, [
    auditStatement(scope, {
      action: 'update',
      entity: 'task',
      entityId: id,
      changes: sql`(select json_object(${sql.join(changes, sql`, `)}) from tasks where id = ${id} and farm_id = ${farmId})`,
      when: sql`exists (select 1 from tasks where id = ${id} and farm_id = ${farmId})`,
    }),
    db
      .update(tasks)
      .set(set)
      .where(and(eq(tasks.id, id), eq(tasks.farmId, farmId))),
  ]);
  if (!view) throw taskNotFound();
  return view;
}
