/**
 * The SQL that turns programmes into enrolments and tasks (docs/product.md §22), for other writes' batches: an
 * event's (the event trigger and the cancellation on DEATH or SHIPMENT, through eventStatements), the dawn run's
 * (the age trigger) and enrolment's own. Statements only — they read what they need inside the batch, so the hook
 * costs the event write no extra round trip.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { programmes } from '../db/schema';
import type { IsoDate } from '../domain/calendar';
import { jstDate } from '../domain/calendar';
import {
  AGE_TRIGGER_CATCH_UP_DAYS,
  EXAMPLE_PROGRAMMES,
  type ProgrammeRules,
  type ProgrammeTrigger,
  stopReason,
} from '../domain/programmes';

/**
 * One task per step of each enrolment `which` selects (on the farm), `due_date` = start + the step's day; a task an
 * enrolment already has for a step stays as it is.
 */
export function tasksOfEnrolmentsSql(farmId: number, which: SQL, now: string): SQL {
  return sql`INSERT INTO tasks (farm_id, cattle_id, enrolment_id, programme_id, step_index, title, event_type, details,
      due_date, status, created_at, updated_at)
    SELECT e.farm_id, e.cattle_id, e.id, p.id, s.key, json_extract(s.value, '$.title'),
      json_extract(s.value, '$.eventType'), json_extract(s.value, '$.details'),
      date(e.start_date, '+' || json_extract(s.value, '$.day') || ' days'), 'open', ${now}, ${now}
    FROM enrolments e JOIN programmes p ON p.id = e.programme_id AND p.farm_id = e.farm_id, json_each(p.steps) s
    WHERE e.farm_id = ${farmId} AND e.cancelled_at IS NULL AND (${which})
    ON CONFLICT (enrolment_id, step_index) DO NOTHING`;
}

/** An added event as the programme statements read it, in a JSON array bound to the statement. */
interface EventForProgrammes {
  cattle: number;
  type: string;
  start: IsoDate;
  result: string | null;
  reason: string;
}

/**
 * The stop of enrolments (§22 turn 4): each open task of an enrolment of these animals whose programme's stopWhen one
 * of `events` matches — on or after the enrolment's start, and not from the enrolment `ownEnrolment` (the one whose
 * task records the event) — is cancelled, with the reason of the earliest such event. One statement; the rule is
 * stopsEnrolment (worker/domain/programmes.ts) in SQL.
 */
function stopStatement(
  farmId: number,
  events: readonly EventForProgrammes[],
  ownEnrolment: number | null,
  now: string,
) {
  const ids = JSON.stringify([...new Set(events.map((e) => e.cattle))]);
  const stoppedBy = sql`(SELECT json_extract(a.value, '$.reason')
    FROM enrolments e JOIN programmes p ON p.id = e.programme_id AND p.farm_id = e.farm_id,
      json_each(${JSON.stringify(events)}) a, json_each(p.stop_when) s
    WHERE e.id = tasks.enrolment_id AND e.cancelled_at IS NULL
      AND json_extract(a.value, '$.cattle') = e.cattle_id AND json_extract(a.value, '$.start') >= e.start_date
      AND json_extract(s.value, '$.eventType') = json_extract(a.value, '$.type')
      AND (json_extract(s.value, '$.result') IS NULL OR json_extract(s.value, '$.result') = json_extract(a.value, '$.result'))
    ORDER BY json_extract(a.value, '$.start') LIMIT 1)`;
  return sql`UPDATE tasks SET status = 'cancelled', cancel_reason = ${stoppedBy}, updated_at = ${now}
    WHERE farm_id = ${farmId} AND status = 'open' AND cattle_id IN (SELECT value FROM json_each(${ids}))
      AND enrolment_id IS NOT ${ownEnrolment} AND ${stoppedBy} IS NOT NULL`;
}

export interface ProgrammeOptions {
  /** false for events an import writes (§20): they stop protocols, and never enrol. */
  enrols: boolean;
  /** The enrolment whose task records the event (a task done): not stopped by it. */
  ownEnrolment?: number | null;
}

/**
 * What recording events on animals does to their programmes, for the events' batch: an event that matches a
 * programme's stopWhen stops the animal's enrolments in it (cancels their open tasks with the reason); each recorded
 * event of a programme's trigger type enrols its animal from the event's JST date, however long ago (idempotent;
 * the steps already past are overdue tasks to do or skip) — an imported event never enrols (§22 turn 4). A few
 * statements however many animals and events: a form's write passes one animal, an import's chunk of histories all
 * of its animals at once. The stop comes first, so an enrolment an event makes is not stopped by that event. A DEATH
 * or SHIPMENT cancels the animal's open tasks through the status it sets (statusChangeStatements,
 * worker/status/status.statements.ts), the one place for an event and a hand-set status.
 */
export function programmeStatementsOnEvents(
  writer: { userId: number },
  farmId: number,
  animals: readonly { cattleId: number; added: readonly StoppingEventInput[] }[],
  now: string,
  options: ProgrammeOptions,
): SQL[] {
  // One statement for all the events of the write, not one per event: a herd's history imported or seeded adds
  // hundreds of events per animal, almost none of a trigger's type.
  const events = animals.flatMap(({ cattleId, added }) => added.map((e) => eventForProgrammes(cattleId, e)));
  if (events.length === 0) return [];
  const statements = [stopStatement(farmId, events, options.ownEnrolment ?? null, now)];
  if (!options.enrols) return statements;
  const start = sql`json_extract(a.value, '$.start')`;
  const ids = JSON.stringify([...new Set(events.map((e) => e.cattle))]);
  const enrolled = sql`e.cattle_id IN (SELECT value FROM json_each(${ids})) AND e.created_at = ${now}`;
  return [
    ...statements,
    sql`INSERT INTO enrolments (farm_id, programme_id, cattle_id, start_date, created_by, created_at)
      SELECT p.farm_id, p.id, json_extract(a.value, '$.cattle'), ${start}, ${writer.userId || null}, ${now}
      FROM json_each(${JSON.stringify(events)}) a
      JOIN programmes p ON p.farm_id = ${farmId} AND p.trigger_kind = 'event'
        AND p.trigger_event_type = json_extract(a.value, '$.type')
      WHERE true -- an upsert after a SELECT with a join needs a WHERE (SQLite's parsing ambiguity)
      ON CONFLICT DO NOTHING`,
    tasksOfEnrolmentsSql(farmId, enrolled, now),
  ];
}

/** An event as a write adds it: its type, instant and details (a pregnancy check's result among them). */
interface StoppingEventInput {
  eventType: string;
  eventDatetime: string;
  details?: unknown;
}

const eventForProgrammes = (cattle: number, e: StoppingEventInput): EventForProgrammes => {
  const result = (e.details as { result?: unknown } | null | undefined)?.result;
  const stopping = { eventType: e.eventType, result: typeof result === 'string' ? result : null };
  return {
    cattle,
    type: e.eventType,
    start: jstDate(e.eventDatetime),
    result: stopping.result,
    reason: stopReason(stopping),
  };
};

/**
 * The dawn run's age trigger for one farm: every living animal that is a programme's `days` old today — or was on
 * one of the catch-up days before (a missed morning still enrols) — is enrolled from that day, once.
 */
export function ageTriggerStatements(farmId: number, today: IsoDate, now: string): SQL[] {
  const start = sql`date(c.birthday, '+' || p.trigger_days || ' days')`;
  return [
    sql`INSERT INTO enrolments (farm_id, programme_id, cattle_id, start_date, created_at)
      SELECT p.farm_id, p.id, c.cattle_id, ${start}, ${now}
      FROM programmes p JOIN cattle c ON c.farm_id = p.farm_id
      WHERE p.farm_id = ${farmId} AND p.trigger_kind = 'age' AND c.birthday IS NOT NULL
        AND c.status NOT IN ('DEAD', 'SHIPPED')
        AND ${start} BETWEEN date(${today}, '-${sql.raw(String(AGE_TRIGGER_CATCH_UP_DAYS))} days') AND ${today}
      ON CONFLICT DO NOTHING`,
    tasksOfEnrolmentsSql(farmId, sql`e.created_at = ${now}`, now),
  ];
}

export const triggerColumns = (trigger: ProgrammeTrigger) => ({
  triggerKind: trigger.kind,
  triggerEventType: trigger.kind === 'event' ? trigger.eventType : null,
  triggerDays: trigger.kind === 'age' ? trigger.days : null,
});

export const programmeRow = (farmId: number, input: ProgrammeRules, now: string) => ({
  farmId,
  name: input.name,
  ...triggerColumns(input.trigger),
  steps: input.steps.map((s) => ({ ...s })),
  stopWhen: (input.stopWhen ?? []).map((s) => ({ ...s })),
  eligible: { ...(input.eligible ?? {}) },
  createdAt: now,
  updatedAt: now,
});

/** The two examples every new farm gets (§22), as one insert on the farm's shard. */
export const exampleProgrammesStatement = (db: Db, farmId: number, now = new Date().toISOString()) =>
  db.insert(programmes).values(EXAMPLE_PROGRAMMES.map((p) => programmeRow(farmId, p, now)));
