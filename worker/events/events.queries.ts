import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedBatch } from '../db/prepared';
import { breedingStatus, cattle, events, farmCounts, users } from '../db/schema';
import { scheduleDates } from '../domain/breeding-schedule';
import { jstMonth, monthRange, todayJst } from '../domain/calendar';
import { eventTypesOfCategory } from '../domain/event-types';
import { notFound, validationError } from '../lib/errors';
import { EVENT_MESSAGES, type EventView, type ListEventsParams } from './events.schemas';

export const eventNotFound = () => notFound(EVENT_MESSAGES.notFound, 'EVENT_NOT_FOUND');

const eventColumns = {
  eventId: events.eventId,
  cattleId: events.cattleId,
  eventType: events.eventType,
  eventDatetime: events.eventDatetime,
  details: events.details,
  notes: events.notes,
  cattleName: cattle.name,
  cattleEarTagNumber: cattle.earTagNumber,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
  recordedById: events.createdBy,
  // The name is the directory's (decision 034): nameRecorders fills it.
  recordedByName: sql<string | null>`null`,
};

/** A stored row as it is read: details may come as JSON text, the recorder as two columns. */
type EventRow = Omit<EventView, 'details' | 'recordedBy'> & {
  details: unknown;
  recordedById: number | null;
  recordedByName: string | null;
};

export const toView = ({ recordedById, recordedByName, ...row }: EventRow): EventView => ({
  ...row,
  details: (typeof row.details === 'string' ? JSON.parse(row.details) : (row.details ?? null)) as EventView['details'],
  recordedBy: recordedById === null ? null : { userId: recordedById, userName: recordedByName ?? '' },
});

export const ownedEvent = (farmId: number, eventId: number) =>
  and(eq(events.eventId, eventId), eq(events.farmId, farmId));

/**
 * The recorders' current names: users are in the directory, not on the farm's shard (decision 034). The farm's
 * members come with the membership read (`memberNames`); only a recorder who has left the farm is read from the
 * directory.
 */
export async function nameRecorders<T extends Pick<EventView, 'recordedBy'>>(
  directory: Db,
  memberNames: string,
  views: T[],
): Promise<T[]> {
  const names = new Map(
    Object.entries(JSON.parse(memberNames) as Record<string, string>).map(([id, n]) => [Number(id), n]),
  );
  const ids = [...new Set(views.flatMap((v) => (v.recordedBy && !v.recordedBy.userName ? [v.recordedBy.userId] : [])))];
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length) {
    const rows = await directory
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(inArray(users.id, missing));
    for (const r of rows) names.set(r.id, r.userName);
  }
  return views.map((v) =>
    v.recordedBy && !v.recordedBy.userName
      ? { ...v, recordedBy: { ...v.recordedBy, userName: names.get(v.recordedBy.userId) ?? '' } }
      : v,
  );
}

/** The read of one of the farm's events with its animal's name and who recorded it (no rows: not the farm's). */
export const eventQuery = (db: Db, farmId: number, eventId: number) =>
  db
    .select(eventColumns)
    .from(events)
    .innerJoin(cattle, eq(cattle.cattleId, events.cattleId))
    .where(and(ownedEvent(farmId, eventId), eq(cattle.farmId, farmId)))
    .limit(1);

export async function findEvent(db: Db, farmId: number, eventId: number) {
  const [row] = await eventQuery(db, farmId, eventId);
  if (!row) throw eventNotFound();
  return toView(row);
}

/** The month's calendar of the herd: expected heats, pregnancy checks and calvings (GET /events/schedule). */
export async function scheduleOfMonth(db: Db, farmId: number, month = jstMonth(), today = todayJst()) {
  const { from, to } = monthRange(month);
  const rows = await db
    .select({
      cattleId: cattle.cattleId,
      cattleName: cattle.name,
      cattleEarTagNumber: cattle.earTagNumber,
      status: cattle.status,
      lastEstrusDate: breedingStatus.lastEstrusDate,
      lastInseminationDate: breedingStatus.lastInseminationDate,
      conceptionDate: breedingStatus.conceptionDate,
      scheduledPregnancyCheckDate: breedingStatus.scheduledPregnancyCheckDate,
      expectedCalvingDate: breedingStatus.expectedCalvingDate,
    })
    .from(cattle)
    .innerJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
    .where(
      and(
        eq(cattle.farmId, farmId),
        notInArray(cattle.status, ['DEAD', 'SHIPPED']),
        or(
          isNotNull(breedingStatus.lastEstrusDate),
          isNotNull(breedingStatus.lastInseminationDate),
          isNotNull(breedingStatus.scheduledPregnancyCheckDate),
          isNotNull(breedingStatus.expectedCalvingDate),
        ),
      ),
    );
  const items = rows
    .flatMap((row) =>
      scheduleDates(row, from, to, today).map((item) => ({
        ...item,
        cattleId: row.cattleId,
        cattleName: row.cattleName,
        cattleEarTagNumber: row.cattleEarTagNumber,
      })),
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.cattleId - b.cattleId));
  return { month, items };
}

/** A page of the owner's events, newest first, with filters and a cursor (GET /events). */
export async function listEvents(db: Db, farmId: number, q: ListEventsParams) {
  // An event's owner is its animal's owner (every write checks it), so counting needs no join to cattle.
  const filters: SQL[] = [eq(events.farmId, farmId)];
  if (q.cattleId) filters.push(eq(events.cattleId, q.cattleId));
  if (q.eventType) filters.push(eq(events.eventType, q.eventType));
  if (q.category) filters.push(inArray(events.eventType, eventTypesOfCategory(q.category)));
  if (q.startDate) filters.push(gte(events.eventDatetime, q.startDate));
  if (q.endDate) filters.push(lte(events.eventDatetime, q.endDate));
  const pageFilters = [...filters];
  if (q.cursor) {
    // The page starts after the cursor event, read in the same statement: (time, id) below the cursor's.
    const after = db.select({ at: events.eventDatetime }).from(events).where(ownedEvent(farmId, q.cursor));
    pageFilters.push(
      or(
        sql`${events.eventDatetime} < (${after})`,
        and(sql`${events.eventDatetime} = (${after})`, lt(events.eventId, q.cursor)),
      ) as SQL,
    );
  }
  const unfiltered = filters.length === 1;
  // Whether the cursor names one of the owner's events, checked in the statement that reads the total.
  // (Aliased: D1 returns rows as objects, and a column named "1" would sort first among their keys.)
  const cursorFound = (
    q.cursor ? sql<number>`exists (select 1 from ${events} where ${ownedEvent(farmId, q.cursor)})` : sql<number>`1`
  ).as('cursor_found');
  // One round trip: the page, and the total with the cursor check. Without filters the total is the owner's
  // event count kept by triggers (owner_counts), so it does not grow with the farm's history.
  const [rows, totalRows] = await db.batch([
    db
      .select(eventColumns)
      .from(events)
      .innerJoin(cattle, and(eq(cattle.cattleId, events.cattleId), eq(cattle.farmId, farmId)))
      .where(and(...pageFilters))
      .orderBy(desc(events.eventDatetime), desc(events.eventId))
      .limit(q.limit + 1),
    unfiltered
      ? db.select({ n: farmCounts.events, cursorFound }).from(farmCounts).where(eq(farmCounts.farmId, farmId))
      : db
          .select({ n: count(), cursorFound })
          .from(events)
          .where(and(...filters)),
  ]);
  const total = totalRows[0];
  // An owner without any event has no owner_counts row: then no cursor can be valid either.
  if (q.cursor && !total?.cursorFound) throw validationError(EVENT_MESSAGES.cursor, 'cursor');
  const hasNext = rows.length > q.limit;
  const results = rows.slice(0, q.limit).map(toView);
  return {
    results,
    nextCursor: hasNext ? results[results.length - 1].eventId : null,
    hasNext,
    totalCount: total?.n ?? 0,
  };
}

// The ownership check and the events in one batch: one D1 round trip (decision 030), built once (issue 24).
const animalEventsReads = preparedBatch(
  ['farmId', 'cattleId'],
  (db, { farmId, cattleId }) =>
    [
      db
        .select({ id: cattle.cattleId })
        .from(cattle)
        .where(and(eq(cattle.cattleId, cattleId), eq(cattle.farmId, farmId)))
        .limit(1),
      db
        .select(eventColumns)
        .from(events)
        .innerJoin(cattle, eq(cattle.cattleId, events.cattleId))
        // `+owner` keeps SQLite on events_cattle_time_idx instead of scanning the owner's events by time.
        .where(and(eq(events.cattleId, cattleId), sql`+${events.farmId} = ${farmId}`))
        .orderBy(desc(events.eventDatetime), desc(events.eventId)),
    ] as const,
);

/** One owned animal's events, newest first; null when the animal is not the owner's. */
export async function eventsOfAnimal(db: Db, farmId: number, cattleId: number) {
  const [owned, rows] = await animalEventsReads(db, { farmId, cattleId });
  if (!owned.length) return null;
  return rows.map(toView);
}
