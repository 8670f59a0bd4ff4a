/**
 * The write use cases of programmes, enrolments and tasks (docs/product.md §22), one function each. A done task
 * with an event type records its event through eventStatements (decision 037) in the same batch as the task's own
 * change; a trigger on tasks refuses a task leaving 'open' twice, so a second done rolls back with its event.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { auditStatement } from '../audit/audit.statements';
import { runBatch, runBatchThenRead } from '../db/batch';
import { enrolments, programmes, tasks } from '../db/schema';
import type { Scope } from '../db/scope';
import { parseEventDetails } from '../domain/event-details';
import { EVENT_TYPES, PREGNANCY_RESULTS } from '../domain/event-types';
import { ineligibility, stopReason } from '../domain/programmes';
import { conflict, fieldErrors, notFound } from '../lib/errors';
import { enrolFactsQuery, factsOf, programmeQuery, programmeView } from './programmes.queries';
import {
  type CreateProgramme,
  type Enrol,
  PROGRAMME_API_MESSAGES as M,
  type ProgrammeView,
  type UpdateProgramme,
} from './programmes.schemas';
import { programmeRow, tasksOfEnrolmentsSql, triggerColumns } from './programmes.statements';

const programmeNotFound = () => notFound(M.notFound, 'PROGRAMME_NOT_FOUND');
/** A step's details must be what its event type takes (§6), so a done never fails on them: 400 on the step's field. */
function assertStepDetails(steps: CreateProgramme['steps'] | undefined) {
  steps?.forEach((step, i) => {
    if (!step.details) return;
    if (!step.eventType) throw fieldErrors([{ path: ['steps', i, 'details'], message: M.detailsWithoutEvent }]);
    const parsed = parseEventDetails(step.eventType, step.details);
    if (!parsed.success) throw fieldErrors(parsed.issues, { prefix: ['steps', i] });
  });
}

/** A programme's fields as the change history shows them (§23). */
const programmeFields = (p: {
  name?: string;
  trigger?: unknown;
  steps?: unknown;
  stopWhen?: unknown;
  eligible?: unknown;
}) =>
  Object.fromEntries(
    Object.entries({
      name: p.name,
      trigger: p.trigger,
      steps: p.steps,
      stopWhen: p.stopWhen,
      eligible: p.eligible,
    }).filter(([, v]) => v !== undefined),
  );

/** Each field of the stored row, in SQL, for a change's before (read in the write's own batch). */
const STORED_PROGRAMME = {
  name: sql`name`,
  trigger: sql`json_object('kind', trigger_kind, 'eventType', trigger_event_type, 'days', trigger_days)`,
  steps: sql`json(steps)`,
  stopWhen: sql`json(stop_when)`,
  eligible: sql`json(eligible)`,
} as const;

/**
 * The change-history row of a programme's change or delete, for its own batch, before the write (§23): `{ field:
 * [before, after] }` of the fields given (every field, after null, for a delete), the befores read in SQL.
 */
function programmeAudit(scope: Scope, action: 'update' | 'delete', id: number, after: Record<string, unknown> | null) {
  const fields = (Object.keys(STORED_PROGRAMME) as (keyof typeof STORED_PROGRAMME)[]).filter(
    (f) => after === null || f in after,
  );
  const pairs = sql.join(
    fields.map((f) => sql`${f}, json_array(${STORED_PROGRAMME[f]}, json(${JSON.stringify(after?.[f] ?? null)}))`),
    sql`, `,
  );
  return auditStatement(scope, {
    action,
    entity: 'programme',
    entityId: id,
    changes: sql`(select json_object(${pairs}) from programmes where id = ${id} and farm_id = ${scope.farmId})`,
    when: sql`exists (select 1 from programmes where id = ${id} and farm_id = ${scope.farmId})`,
  });
}

export async function createProgramme(scope: Scope, input: CreateProgramme): Promise<ProgrammeView> {
  assertStepDetails(input.steps);
  const { db, farmId } = scope;
  const { read } = await runBatchThenRead(
    db,
    [
      db.insert(programmes).values(programmeRow(farmId, input, new Date().toISOString())),
      auditStatement(scope, {
        action: 'create',
        entity: 'programme',
        entityId: sql`(select id from programmes where +farm_id = ${farmId} order by id desc limit 1)`,
        changes: { before: null, after: programmeFields(input) },
      }),
    ],
    [db.select().from(programmes).where(eq(programmes.farmId, farmId)).orderBy(desc(programmes.id)).limit(1)] as const,
  );
  return programmeView(read[0][0]);
}

export async function updateProgramme(scope: Scope, id: number, input: UpdateProgramme): Promise<ProgrammeView> {
  assertStepDetails(input.steps);
  const set: Partial<typeof programmes.$inferInsert> = { updatedAt: new Date().toISOString() };
  if (input.name !== undefined) set.name = input.name;
  if (input.trigger !== undefined) Object.assign(set, triggerColumns(input.trigger));
  if (input.steps !== undefined) set.steps = input.steps.map((s) => ({ ...s }));
  if (input.stopWhen !== undefined) set.stopWhen = input.stopWhen.map((s) => ({ ...s }));
  if (input.eligible !== undefined) set.eligible = { ...input.eligible };
  const { db, farmId } = scope;
  const { read } = await runBatchThenRead(
    db,
    [
      programmeAudit(scope, 'update', id, programmeFields(input)),
      db
        .update(programmes)
        .set(set)
        .where(and(eq(programmes.id, id), eq(programmes.farmId, farmId))),
    ],
    [programmeQuery(db, farmId, id)] as const,
  );
  const row = read[0][0];
  if (!row) throw programmeNotFound();
  return programmeView(row);
}

/** Deletes a programme: its open tasks are cancelled; done and skipped ones stay as the record of the work. */
export async function deleteProgramme(scope: Scope, id: number): Promise<void> {
  const { db, farmId } = scope;
  const now = new Date().toISOString();
  const [, , deleted] = await runBatch(db, [
    programmeAudit(scope, 'delete', id, null),
    db
      .update(tasks)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(tasks.farmId, farmId), eq(tasks.programmeId, id), eq(tasks.status, 'open'))),
    db
      .delete(programmes)
      .where(and(eq(programmes.id, id), eq(programmes.farmId, farmId)))
      .returning({ id: programmes.id }),
  ]);
  if (deleted.results.length === 0) throw programmeNotFound();
}

/**
 * Enrols animals in a programme from `startDate`: one task per step per eligible animal; the others are answered in
 * `skipped` with the reason (§22 turn 4). An animal enrolled in it with the same start already gets nothing new (its
 * enrolment is returned); tasksCreated counts the new tasks. Two round trips: the programme and animals read, then
 * the write with its answer. The write enrols no animal that turned pregnant since the read, for a programme not
 * for pregnant animals (the rule holds inside the batch), and stops at once an enrolment whose start is before a
 * stopping event already recorded (a backdated start on a cow served since).
 */
export async function enrol(scope: Scope, programmeId: number, input: Enrol) {
  const { db, farmId } = scope;
  const ids = [...new Set(input.cattleIds)];
  const [found, animals] = await db.batch([programmeQuery(db, farmId, programmeId), enrolFactsQuery(db, farmId, ids)]);
  const programme = found[0];
  if (!programme) throw programmeNotFound();
  const known = new Set(animals.map((a) => a.cattleId));
  if (ids.some((id) => !known.has(id))) throw notFound(M.cattleNotFound, 'CATTLE_NOT_FOUND');
  if (animals.some((a) => a.status === 'DEAD' || a.status === 'SHIPPED'))
    throw conflict(M.cattleInactive, 'CATTLE_INACTIVE', 'cattleIds');
  const eligible = programmeView(programme).eligible;
  const reasons = new Map(animals.map((a) => [a.cattleId, ineligibility(eligible, factsOf(a), input.startDate)]));
  const enrolling = ids.filter((id) => reasons.get(id) === null);
  const skipped = ids.flatMap((cattleId) => {
    const reason = reasons.get(cattleId);
    return reason ? [{ cattleId, reason }] : [];
  });
  if (enrolling.length === 0) return { enrolments: [], tasksCreated: 0, skipped };
  const now = new Date().toISOString();
  const { written, read } = await runBatchThenRead(
    db,
    [
      sql`INSERT INTO enrolments (farm_id, programme_id, cattle_id, start_date, created_by, created_at)
        SELECT ${farmId}, ${programmeId}, c.cattle_id, ${input.startDate}, ${scope.userId}, ${now}
        FROM json_each(${JSON.stringify(enrolling)}) a JOIN cattle c ON c.cattle_id = a.value AND c.farm_id = ${farmId}
        WHERE ${eligible.notPregnant ? sql`c.status <> 'PREGNANT'` : sql`1`}
        ORDER BY a.key
        ON CONFLICT DO NOTHING`,
      tasksOfEnrolmentsSql(farmId, sql`e.programme_id = ${programmeId} AND e.created_at = ${now}`, now),
      stopByRecordedEventsSql(farmId, programmeId, now),
      auditStatement(scope, {
        action: 'update',
        entity: 'programme',
        entityId: programmeId,
        at: now,
        changes: { enrolled: [null, { cattleIds: enrolling, startDate: input.startDate }] },
        // Only when this enrolment made one: enrolling again with the same start changes nothing.
        when: sql`exists (select 1 from enrolments where farm_id = ${farmId} and programme_id = ${programmeId}
          and created_at = ${now})`,
      }),
    ],
    [
      db
        .select({
          id: enrolments.id,
          cattleId: enrolments.cattleId,
          programmeId: enrolments.programmeId,
          startDate: enrolments.startDate,
        })
        .from(enrolments)
        .where(
          and(
            eq(enrolments.farmId, farmId),
            eq(enrolments.programmeId, programmeId),
            eq(enrolments.startDate, input.startDate),
            inArray(enrolments.cattleId, enrolling),
          ),
        ),
    ] as const,
  );
  const order = new Map(ids.map((id, i) => [id, i]));
  const list = [...read[0]].sort((a, b) => (order.get(a.cattleId) ?? 0) - (order.get(b.cattleId) ?? 0));
  // An animal found pregnant between the read and the write: not enrolled, and said so.
  const enrolled = new Set(list.map((e) => e.cattleId));
  const raced = enrolling.filter((id) => !enrolled.has(id)).map((cattleId) => ({ cattleId, reason: '妊娠中' }));
  const tasksCreated = (written[1] as { meta?: { changes?: number } }).meta?.changes ?? 0;
  return { enrolments: list, tasksCreated, skipped: [...skipped, ...raced] };
}

/**
 * The open tasks of the enrolments made `now` whose animal already has an event on or after their start that the
 * programme's stopWhen matches: stopped with that event's reason, as if the event had come after (§22 turn 4). The
 * reasons by event are stopReason's (worker/domain/programmes.ts), in SQL.
 */
function stopByRecordedEventsSql(farmId: number, programmeId: number, now: string) {
  const key = sql`'$."' || ev.event_type || coalesce(':' || json_extract(ev.details, '$.result'), '') || '"'`;
  const reason = sql`(SELECT coalesce(json_extract(${STOP_REASONS}, ${key}), json_extract(${STOP_REASONS}, '$."' || ev.event_type || '"'))
    FROM enrolments e JOIN programmes p ON p.id = e.programme_id, json_each(p.stop_when) s
      JOIN events ev ON ev.cattle_id = e.cattle_id AND ev.farm_id = e.farm_id
        AND ev.event_type = json_extract(s.value, '$.eventType')
        AND (json_extract(s.value, '$.result') IS NULL OR json_extract(s.value, '$.result') = json_extract(ev.details, '$.result'))
        AND date(ev.event_datetime, '+9 hours') >= e.start_date
    WHERE e.id = tasks.enrolment_id
    ORDER BY ev.event_datetime LIMIT 1)`;
  return sql`UPDATE tasks SET status = 'cancelled', cancel_reason = ${reason}, updated_at = ${now}
    WHERE farm_id = ${farmId} AND programme_id = ${programmeId} AND status = 'open'
      AND enrolment_id IN (SELECT id FROM enrolments WHERE farm_id = ${farmId} AND programme_id = ${programmeId}
        AND created_at = ${now})
      AND ${reason} IS NOT NULL`;
}

/** stopReason of every event type (and pregnancy check result, 'PREGNANCY_CHECK:PREGNANT'), for SQL. */
const STOP_REASONS = JSON.stringify(
  Object.fromEntries([
    ...EVENT_TYPES.map((eventType) => [eventType, stopReason({ eventType })]),
    ...PREGNANCY_RESULTS.map((result) => [
      `PREGNANCY_CHECK:${result}`,
      stopReason({ eventType: 'PREGNANCY_CHECK', result }),
    ]),
  ]),
);
/** Cancels an enrolment and its open tasks. */
export async function cancelEnrolment(scope: Scope, id: number): Promise<void> {
  const { db, farmId } = scope;
  const now = new Date().toISOString();
  const [, updated] = await runBatch(db, [
    auditStatement(scope, {
      action: 'update',
      entity: 'programme',
      entityId: sql`(select programme_id from enrolments where id = ${id} and farm_id = ${farmId})`,
      at: now,
      changes: sql`(select json_object('cancelledEnrolment', json_array(json_object('enrolmentId', id,
        'cattleId', cattle_id, 'startDate', start_date), null)) from enrolments where id = ${id} and farm_id = ${farmId})`,
      when: sql`exists (select 1 from enrolments where id = ${id} and farm_id = ${farmId} and cancelled_at is null)`,
    }),
    db
      .update(enrolments)
      .set({ cancelledAt: sql`coalesce(${enrolments.cancelledAt}, ${now})` })
      .where(and(eq(enrolments.id, id), eq(enrolments.farmId, farmId)))
      .returning({ id: enrolments.id }),
    db
      .update(tasks)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(tasks.farmId, farmId), eq(tasks.enrolmentId, id), eq(tasks.status, 'open'))),
  ]);
  if (updated.results.length === 0) throw notFound(M.enrolmentNotFound, 'ENROLMENT_NOT_FOUND');
}
