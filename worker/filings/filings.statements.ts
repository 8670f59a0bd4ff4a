/**
 * NLBC filings kept in step with the events that oblige them (docs/product.md §21, decision 041): the statements an
 * event write adds to its one D1 batch (worker/events/events.statements.ts). They read the event rows as the batch left
 * them, so one set of statements serves an add, a correction and a removal:
 * - every filing the events oblige is inserted, or — when the animal's filing of that kind is pending, or filed for
 *   an event since deleted — brought up to date (event, date, due date; pending again);
 * - a pending filing the events no longer oblige (type or animal changed, event deleted) is removed;
 * - a filed one they no longer oblige stays, with event_deleted set.
 * Event dates and due dates are JST (`+9 hours`), as worker/domain/filings.ts's filingDueDate computes them.
 * The unary `+` keeps SQLite off the farm's (farm_id, event_type, …) index: without it the planner scans every
 * event of the farm for each write, and seeding 8,000 head grew from 61 s to over 500 s.
 */
import { type SQL, sql } from 'drizzle-orm';
import { FILING_DUE_DAYS } from '../domain/filings';

/** The filing an event of a single animal obliges, by its type; a calving obliges a birth filing per calf. */
const SINGLE_KINDS = { ARRIVAL: 'MOVE_IN', SHIPMENT: 'MOVE_OUT', DEATH: 'DEATH' } as const;
const SINGLE_TYPES = Object.keys(SINGLE_KINDS);
/** The event types that oblige a filing: the upsert below reads only these. */
const OBLIGING_TYPES = new Set([...SINGLE_TYPES, 'CALVING']);

/** Which events a write touched: the `added` newest events of the animal, or one event by id. */
export type FilingEvents = { cattleId: number; added: number } | { eventId: number };

/** The kind of filing an event of a single animal obliges, in SQL over events `e`. */
const singleKind = sql.raw(
  `case e.event_type ${Object.entries(SINGLE_KINDS)
    .map(([type, kind]) => `when '${type}' then '${kind}'`)
    .join(' ')} end`,
);
const singleTypes = sql.raw(SINGLE_TYPES.map((type) => `'${type}'`).join(', '));
const jstDay = sql.raw(`date(e.event_datetime, '+9 hours')`);
const dueDay = sql.raw(`date(e.event_datetime, '+9 hours', '+${FILING_DUE_DAYS} days')`);

function eventIdsSql(farmId: number, which: FilingEvents): SQL {
  if ('eventId' in which) return sql`(${which.eventId})`;
  return sql`(select event_id from events where cattle_id = ${which.cattleId} and +farm_id = ${farmId}
    order by event_id desc limit ${which.added})`;
}

/** True when the event `filings.event_id` still obliges the filing row `filings`. */
const stillObliged = (farmId: number) => sql`exists (select 1 from events e where e.event_id = filings.event_id
  and e.farm_id = ${farmId} and (
    (e.cattle_id = filings.cattle_id and filings.kind = ${singleKind})
    or (filings.kind = 'BIRTH' and e.event_type = 'CALVING' and exists (select 1 from json_each(e.details, '$.calves') c
      where cast(json_extract(c.value, '$.cattleId') as integer) = filings.cattle_id))))`;

/** The statements keeping the farm's filings in step with the events a write touched (for its batch). */
export function filingStatements(farmId: number, which: FilingEvents, now: string): SQL[] {
  const ids = eventIdsSql(farmId, which);
  const upsert = sql`insert into filings (farm_id, cattle_id, kind, event_id, event_date, due_date, status, created_at, updated_at)
    select farm_id, cattle_id, kind, event_id, event_date, due_date, 'pending', ${now}, ${now} from (
      select e.farm_id, e.cattle_id, ${singleKind} as kind, e.event_id, ${jstDay} as event_date, ${dueDay} as due_date
        from events e
        where e.event_id in ${ids} and +e.farm_id = ${farmId} and +e.event_type in (${singleTypes})
      union all
      select e.farm_id, cast(json_extract(c.value, '$.cattleId') as integer), 'BIRTH', e.event_id, ${jstDay}, ${dueDay}
        from events e, json_each(e.details, '$.calves') c
        where e.event_id in ${ids} and +e.farm_id = ${farmId} and +e.event_type = 'CALVING'
          and json_type(c.value, '$.cattleId') in ('integer', 'real')
    ) where true
    on conflict (farm_id, cattle_id, kind) do update set event_id = excluded.event_id,
      event_date = excluded.event_date, due_date = excluded.due_date, status = 'pending', filed_at = null,
      filed_by = null, filed_by_name = null, event_deleted = 0, updated_at = excluded.updated_at
    where filings.status = 'pending' or filings.event_deleted = 1`;
  if (!('eventId' in which)) return [upsert];
  const prune = sql`delete from filings where farm_id = ${farmId} and event_id = ${which.eventId}
    and status = 'pending' and not ${stillObliged(farmId)}`;
  const orphan = sql`update filings set event_deleted = 1, updated_at = ${now}
    where farm_id = ${farmId} and event_id = ${which.eventId} and status = 'filed' and event_deleted = 0
      and not ${stillObliged(farmId)}`;
  return [upsert, prune, orphan];
}

/** The hook eventStatements calls: the filing statements of one change to an animal's events. */
export function filingStatementsOfChange(
  farmId: number,
  cattleId: number,
  change:
    | { add: readonly { eventType: string }[] }
    | { correct: { eventId: number } }
    | { remove: { eventId: number } },
  now: string,
): SQL[] {
  // New events oblige a filing only by their types: an estrus or a weight adds none, and no statement reads for one.
  if ('add' in change)
    return change.add.some((e) => OBLIGING_TYPES.has(e.eventType))
      ? filingStatements(farmId, { cattleId, added: change.add.length }, now)
      : [];
  const eventId = 'correct' in change ? change.correct.eventId : change.remove.eventId;
  return filingStatements(farmId, { eventId }, now);
}
