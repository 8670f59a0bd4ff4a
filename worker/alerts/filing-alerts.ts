/**
 * FILING_OVERDUE raised by the write that leaves a filing past due (docs/product.md §21, turn 4), not only at dawn.
 * An event write's batch keeps the farm's filings in step with its events (worker/filings/filings.statements.ts); these
 * statements follow them in the same batch and read the filings as the batch left them: an alert for each pending
 * filing past due that the touched events oblige, and the open FILING_OVERDUE alerts of those animals resolved when no
 * pending filing past due on their date is left (a date corrected, the event deleted). The alert's id is the hash of
 * (farm, cattle, type, due date), so an animal must be known before the batch: the calves a calving registers in it
 * get theirs right after it (filingAlertsOfNewCalves).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { EngineEvent } from '../domain/breeding';
import { addYears, type IsoDate } from '../domain/calendar';
import { type FilingKind, filingDueDate, filingOverdueTitle, isFilingOverdue } from '../domain/filings';
import { alertId, CONDITION_CLEARED, createdHistoryStatements, SYSTEM } from './alerts.statements';
import { regenerateAlerts } from './regenerate';

/** The filing an event of one animal obliges (a CALVING's are its calves', below). */
const KIND_OF_EVENT: Record<string, FilingKind> = { ARRIVAL: 'MOVE_IN', SHIPMENT: 'MOVE_OUT', DEATH: 'DEATH' };

interface FilingOf {
  cattleId: number;
  kind: FilingKind;
  dueDate: IsoDate;
}

/** The calves a calving's details name by cattle id (those registered already). */
const calfIdsOf = (details: unknown): number[] => {
  const calves = (details as { calves?: unknown } | null | undefined)?.calves;
  return Array.isArray(calves)
    ? calves.map((c) => (c as { cattleId?: unknown })?.cattleId).filter((id): id is number => typeof id === 'number')
    : [];
};

/** The filings an event obliges, for the animals known before the batch. */
function filingsOfEvent(cattleId: number, e: EngineEvent): FilingOf[] {
  const dueDate = filingDueDate(e.eventDatetime);
  if (e.eventType === 'CALVING')
    return calfIdsOf(e.details).map((calf) => ({ cattleId: calf, kind: 'BIRTH', dueDate }));
  const kind = KIND_OF_EVENT[e.eventType];
  return kind ? [{ cattleId, kind, dueDate }] : [];
}

/** An animal after a write, as far as its filings go: the events before it and after it. */
export interface FilingAnimal {
  farmId: number;
  cattleId: number;
  eventsBefore: readonly EngineEvent[];
  eventsAfter: readonly EngineEvent[];
}

/** The events a write touched: added or corrected (after it), removed or corrected from (before it). */
const touched = (a: FilingAnimal) => ({
  after: a.eventsAfter.filter((e) => !a.eventsBefore.includes(e)),
  before: a.eventsBefore.filter((e) => !a.eventsAfter.includes(e)),
});

const pendingOverdue = (farmId: number, f: FilingOf, today: IsoDate) => sql`exists (select 1 from filings
  where farm_id = ${farmId} and cattle_id = ${f.cattleId} and kind = ${f.kind} and +status = 'pending'
    and due_date = ${f.dueDate} and due_date < ${today})`;

/** The statements, for the write's batch after its filing statements, that bring FILING_OVERDUE in line. */
export async function filingAlertStatements(
  animals: readonly FilingAnimal[],
  options: { today: IsoDate; now: string },
): Promise<SQL[]> {
  const { today, now } = options;
  const oldestDue = addYears(today, -1);
  const inserts: SQL[] = [];
  const ids: string[] = [];
  const resolveScopes: SQL[] = [];
  for (const animal of animals) {
    const { after, before } = touched(animal);
    const raised = after
      .flatMap((e) => filingsOfEvent(animal.cattleId, e))
      .filter((f) => isFilingOverdue(f.dueDate, today) && f.dueDate >= oldestDue);
    for (const f of raised) {
      const id = await alertId(animal.farmId, f.cattleId, 'FILING_OVERDUE', f.dueDate);
      ids.push(id);
      inserts.push(sql`insert into alerts (id, type, severity, status, cattle_id, cattle_name, cattle_ear_tag_number,
          due_at, message, memo, farm_id, created_by, created_at, updated_at)
        select ${id}, 'FILING_OVERDUE', 'medium', 'active', c.cattle_id, c.name, c.ear_tag_number, ${f.dueDate},
          ${filingOverdueTitle(f.kind, f.dueDate)}, null, c.farm_id, c.created_by, ${now}, ${now}
        from cattle c where c.cattle_id = ${f.cattleId} and c.farm_id = ${animal.farmId}
          and ${pendingOverdue(animal.farmId, f, today)}
        on conflict (id) do nothing`);
    }
    const cattleIds = [
      ...new Set([...after, ...before].flatMap((e) => filingsOfEvent(animal.cattleId, e)).map((f) => f.cattleId)),
    ];
    if (cattleIds.length)
      resolveScopes.push(
        sql`(farm_id = ${animal.farmId} and cattle_id in (${sql.join(
          cattleIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
      );
  }
  if (!inserts.length && !resolveScopes.length) return [];
  return [...inserts, ...createdHistoryStatements(ids, SYSTEM, now), ...resolveStatements(resolveScopes, today, now)];
}

/**
 * The open FILING_OVERDUE alerts of the scopes' animals left without a pending filing past due on their date,
 * resolved by the system with history (the history first: it reads the status before the change).
 */
function resolveStatements(scopes: readonly SQL[], today: IsoDate, now: string): SQL[] {
  if (!scopes.length) return [];
  const stale = sql`type = 'FILING_OVERDUE' and status in ('active', 'acknowledged') and (${sql.join([...scopes], sql` or `)})
    and not exists (select 1 from filings f where f.farm_id = alerts.farm_id and f.cattle_id = alerts.cattle_id
      and +f.status = 'pending' and f.due_date = alerts.due_at and f.due_date < ${today})`;
  return [
    sql`insert into alert_history (alert_id, action, previous_status, new_status, changed_by, reason, created_at)
      select id, 'resolved', status, 'resolved', ${SYSTEM}, ${CONDITION_CLEARED}, ${now} from alerts where ${stale}`,
    sql`update alerts set status = 'resolved', resolved_at = coalesce(resolved_at, ${now}), updated_at = ${now}
      where ${stale}`,
  ];
}

/**
 * Right after a write's batch registered a calving's calves (their ids known only then): their BIRTH filings'
 * FILING_OVERDUE, when the calving is recorded past its filing's due date (a birth recorded 10 days late).
 */
export async function filingAlertsOfNewCalves(
  db: Db,
  farmId: number,
  calving: { eventType: string; eventDatetime: string },
  calfIds: readonly number[],
  today: IsoDate,
): Promise<void> {
  if (calving.eventType !== 'CALVING' || !calfIds.length) return;
  if (!isFilingOverdue(filingDueDate(calving.eventDatetime), today)) return;
  await regenerateAlerts(db, farmId, calfIds, { today });
}
