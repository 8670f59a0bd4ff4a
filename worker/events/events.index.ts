import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { regenerateAlerts } from '../alerts/regenerate';
import type { EngineEvent } from '../breeding/engine';
import {
  type BreedingContext,
  loadBreedingContext,
  type RecomputeOutput,
  recomputeStatements,
} from '../breeding/recompute';
import { scheduleDates } from '../breeding/schedule';
import { batchStatements } from '../db/batch';
import { type Db, getDb } from '../db/client';
import { breedingStatus, cattle, events, ownerCounts } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { type AppError, conflict, notFound, validationError } from '../lib/errors';
import { createRouter } from '../lib/http';
import { jstDate, jstMonth, monthRange } from '../lib/jst';
import { type EventType, eventTypeCatalogue, eventTypesOfCategory, parseEventDetails } from './event-types';
import {
  calfStatements,
  calfToRegister,
  detailsSql,
  type InsertedEventRow,
  provisionalIdentificationNumber,
  recordEventsStatements,
  registeredCalfId,
  sireOfCalving,
} from './events.record';
import * as routes from './events.routes';
import { type AnimalState, EVENT_MESSAGES, type EventView } from './events.schemas';

const eventNotFound = () => notFound(EVENT_MESSAGES.notFound, 'EVENT_NOT_FOUND');
const cattleNotFound = () => notFound(EVENT_MESSAGES.cattleNotFound, 'CATTLE_NOT_FOUND');
const duplicateCalf = () =>
  conflict(
    'この個体識別番号は既に登録されています',
    'DUPLICATE_IDENTIFICATION_NUMBER',
    'details.calf.identificationNumber',
  );

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
};

const toView = (row: Omit<EventView, 'details'> & { details: unknown }): EventView => ({
  ...row,
  details:
    typeof row.details === 'string'
      ? (JSON.parse(row.details) as Record<string, unknown>)
      : ((row.details as Record<string, unknown>) ?? null),
});

const ownedEvent = (ownerId: number, eventId: number) =>
  and(eq(events.eventId, eventId), eq(events.ownerUserId, ownerId));

async function findEvent(db: Db, ownerId: number, eventId: number) {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(cattle, eq(cattle.cattleId, events.cattleId))
    .where(and(ownedEvent(ownerId, eventId), eq(cattle.ownerUserId, ownerId)))
    .limit(1);
  if (!row) throw eventNotFound();
  return toView(row);
}

async function requireContext(db: Db, ownerId: number, cattleId: number): Promise<BreedingContext> {
  const context = await loadBreedingContext(db, ownerId, cattleId);
  if (!context) throw cattleNotFound();
  return context;
}

async function assertCalfNumberFree(db: Db, ownerId: number, identificationNumber: number | undefined) {
  if (identificationNumber === undefined) return;
  const [taken] = await db
    .select({ id: cattle.cattleId })
    .from(cattle)
    .where(and(eq(cattle.ownerUserId, ownerId), eq(cattle.identificationNumber, identificationNumber)))
    .limit(1);
  if (taken) throw duplicateCalf();
}

async function runBatch(d1: D1Database, statements: unknown[]) {
  try {
    return await batchStatements(d1, statements as never);
  } catch (err) {
    if (isUniqueViolation(err, 'cattle.')) throw duplicateCalf();
    throw err;
  }
}

const animalState = (cattleId: number, out: RecomputeOutput, calfCattleId: number | null): AnimalState => ({
  cattleId,
  status: out.status,
  growthStage: out.growthStage,
  weight: out.weight,
  breedingStatus: out.result.breedingStatus,
  breedingSummary: out.result.breedingSummary,
  calfCattleId,
});

/** Details checked against the event's (possibly new) type; a wrong shape is a 400 naming the field. */
function checkedDetails(eventType: EventType, details: unknown) {
  const parsed = parseEventDetails(eventType, details);
  if (parsed.success) return parsed.details;
  const [first] = parsed.issues;
  const err = validationError(first.message, first.path.join('.'));
  (err as AppError & { issues?: unknown }).issues = parsed.issues.map((i) => ({
    field: i.path.join('.'),
    message: i.message,
  }));
  throw err;
}

export const eventsRouter = createRouter()
  .openapi(routes.eventTypes, (c) => c.json({ data: eventTypeCatalogue() }, 200))
  .openapi(routes.schedule, async (c) => {
    const ownerId = c.get('userId');
    const month = c.req.valid('query').month ?? jstMonth();
    const { from, to } = monthRange(month);
    const rows = await getDb(c.env)
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
          eq(cattle.ownerUserId, ownerId),
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
        scheduleDates(row, from, to).map((item) => ({
          ...item,
          cattleId: row.cattleId,
          cattleName: row.cattleName,
          cattleEarTagNumber: row.cattleEarTagNumber,
        })),
      )
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.cattleId - b.cattleId));
    return c.json({ data: { month, items } }, 200);
  })
  .openapi(routes.listEvents, async (c) => {
    const ownerId = c.get('userId');
    const q = c.req.valid('query');
    const db = getDb(c.env);
    // An event's owner is its animal's owner (every write checks it), so counting needs no join to cattle.
    const filters: SQL[] = [eq(events.ownerUserId, ownerId)];
    if (q.cattleId) filters.push(eq(events.cattleId, q.cattleId));
    if (q.eventType) filters.push(eq(events.eventType, q.eventType));
    if (q.category) filters.push(inArray(events.eventType, eventTypesOfCategory(q.category)));
    if (q.startDate) filters.push(gte(events.eventDatetime, q.startDate));
    if (q.endDate) filters.push(lte(events.eventDatetime, q.endDate));
    const pageFilters = [...filters];
    if (q.cursor) {
      // The page starts after the cursor event, read in the same statement: (time, id) below the cursor's.
      const after = db.select({ at: events.eventDatetime }).from(events).where(ownedEvent(ownerId, q.cursor));
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
      q.cursor ? sql<number>`exists (select 1 from ${events} where ${ownedEvent(ownerId, q.cursor)})` : sql<number>`1`
    ).as('cursor_found');
    // One round trip: the page, and the total with the cursor check. Without filters the total is the owner's
    // event count kept by triggers (owner_counts), so it does not grow with the farm's history.
    const [rows, totalRows] = await db.batch([
      db
        .select(eventColumns)
        .from(events)
        .innerJoin(cattle, and(eq(cattle.cattleId, events.cattleId), eq(cattle.ownerUserId, ownerId)))
        .where(and(...pageFilters))
        .orderBy(desc(events.eventDatetime), desc(events.eventId))
        .limit(q.limit + 1),
      unfiltered
        ? db
            .select({ n: ownerCounts.events, cursorFound })
            .from(ownerCounts)
            .where(eq(ownerCounts.ownerUserId, ownerId))
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
    return c.json(
      {
        data: {
          results,
          nextCursor: hasNext ? results[results.length - 1].eventId : null,
          hasNext,
          totalCount: total?.n ?? 0,
        },
      },
      200,
    );
  })
  .openapi(routes.eventsOfCattle, async (c) => {
    const ownerId = c.get('userId');
    const { cattleId } = c.req.valid('param');
    const db = getDb(c.env);
    const [owned] = await db
      .select({ id: cattle.cattleId })
      .from(cattle)
      .where(and(eq(cattle.cattleId, cattleId), eq(cattle.ownerUserId, ownerId)))
      .limit(1);
    if (!owned) throw cattleNotFound();
    const rows = await db
      .select(eventColumns)
      .from(events)
      .innerJoin(cattle, eq(cattle.cattleId, events.cattleId))
      // `+owner` keeps SQLite on events_cattle_time_idx instead of scanning the owner's events by time.
      .where(and(eq(events.cattleId, cattleId), sql`+${events.ownerUserId} = ${ownerId}`))
      .orderBy(desc(events.eventDatetime), desc(events.eventId));
    return c.json({ data: { results: rows.map(toView) } }, 200);
  })
  .openapi(routes.createEvent, async (c) => {
    const ownerId = c.get('userId');
    const input = c.req.valid('json');
    const db = getDb(c.env);
    const context = await requireContext(db, ownerId, input.cattleId);
    const calf = calfToRegister(input.eventType, input.details);
    if (calf) await assertCalfNumberFree(db, ownerId, calf.identificationNumber);
    const { statements, recomputed } = recordEventsStatements(
      db,
      context,
      [{ eventType: input.eventType, eventDatetime: input.eventDatetime, details: input.details, notes: input.notes }],
      { changedBy: String(ownerId) },
    );
    const results = await runBatch(c.env.DB, statements);
    await regenerateAlerts(db, ownerId, [context.animal.cattleId]);
    // The inserted row comes back from the batch (RETURNING); the animal's name and ear tag are known already.
    const inserted = results.find(
      (r) => (r.results?.[0] as Partial<InsertedEventRow> | undefined)?.event_id !== undefined,
    )?.results[0] as InsertedEventRow;
    const event = toView({
      eventId: inserted.event_id,
      cattleId: inserted.cattle_id,
      eventType: inserted.event_type,
      eventDatetime: inserted.event_datetime,
      details: inserted.details,
      notes: inserted.notes,
      cattleName: context.animal.name,
      cattleEarTagNumber: context.animal.earTagNumber,
      createdAt: inserted.created_at,
      updatedAt: inserted.updated_at,
    });
    return c.json(
      { data: event, animal: animalState(context.animal.cattleId, recomputed, registeredCalfId(event.details)) },
      201,
    );
  })
  .openapi(routes.getEvent, async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ data: await findEvent(getDb(c.env), c.get('userId'), id) }, 200);
  })
  .openapi(routes.updateEvent, async (c) => {
    const ownerId = c.get('userId');
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = getDb(c.env);
    const existing = await findEvent(db, ownerId, id);
    const eventType = (body.eventType ?? existing.eventType) as EventType;
    let details: Record<string, unknown> | null;
    if (body.details !== undefined) details = checkedDetails(eventType, body.details);
    else if (eventType === existing.eventType) details = existing.details;
    else {
      // Details of the old type are kept only when they also fit the new one.
      const { calf: _calf, ...rest } = existing.details ?? {};
      const reparsed = parseEventDetails(eventType, existing.details?.calf ? existing.details : rest);
      details = reparsed.success ? reparsed.details : null;
    }
    const oldCalfId = registeredCalfId(existing.details);
    if (details?.calf && oldCalfId !== null)
      details = { ...details, calf: { ...(details.calf as object), cattleId: oldCalfId } };
    const updated: EngineEvent = {
      eventId: id,
      eventType,
      eventDatetime: body.eventDatetime ?? existing.eventDatetime,
      details,
    };
    const targetCattleId = body.cattleId ?? existing.cattleId;
    const sourceContext = await requireContext(db, ownerId, existing.cattleId);
    const targetContext =
      targetCattleId === existing.cattleId ? sourceContext : await requireContext(db, ownerId, targetCattleId);

    const now = new Date().toISOString();
    const statements: unknown[] = [];
    const calf = calfToRegister(eventType, details);
    let calfNumber: number | null = null;
    if (calf) {
      await assertCalfNumberFree(db, ownerId, calf.identificationNumber);
      calfNumber = calf.identificationNumber ?? provisionalIdentificationNumber();
      const targetEvents = [...targetContext.events.filter((e) => e.eventId !== id), updated];
      statements.push(
        ...calfStatements(
          targetContext.animal,
          calf,
          calfNumber,
          jstDate(updated.eventDatetime),
          sireOfCalving(targetEvents, updated.eventDatetime),
          now,
        ),
      );
    }
    statements.push(
      db
        .update(events)
        .set({
          cattleId: targetCattleId,
          eventType,
          eventDatetime: updated.eventDatetime,
          details: detailsSql(details, ownerId, calfNumber),
          ...(body.notes !== undefined ? { notes: body.notes } : {}),
          updatedAt: now,
        })
        .where(ownedEvent(ownerId, id)),
    );
    const previous: EngineEvent = {
      eventId: id,
      eventType: existing.eventType,
      eventDatetime: existing.eventDatetime,
      details: existing.details,
    };
    // A note-only correction must not re-decide the status (e.g. over one the farmer set by hand).
    const factsChanged =
      targetCattleId !== existing.cattleId ||
      updated.eventType !== previous.eventType ||
      updated.eventDatetime !== previous.eventDatetime ||
      JSON.stringify(updated.details) !== JSON.stringify(previous.details);
    let targetState: RecomputeOutput;
    if (targetCattleId === existing.cattleId) {
      targetState = recomputeStatements(db, {
        context: sourceContext,
        eventsAfter: sourceContext.events.map((e) => (e.eventId === id ? updated : e)),
        touched: factsChanged ? [previous, updated] : [],
        changedBy: String(ownerId),
      });
      statements.push(...targetState.statements);
    } else {
      const source = recomputeStatements(db, {
        context: sourceContext,
        eventsAfter: sourceContext.events.filter((e) => e.eventId !== id),
        touched: [previous],
        changedBy: String(ownerId),
      });
      targetState = recomputeStatements(db, {
        context: targetContext,
        eventsAfter: [...targetContext.events, updated],
        touched: [updated],
        changedBy: String(ownerId),
      });
      statements.push(...source.statements, ...targetState.statements);
    }
    await runBatch(c.env.DB, statements);
    await regenerateAlerts(db, ownerId, [existing.cattleId, targetCattleId]);
    const event = await findEvent(db, ownerId, id);
    return c.json(
      { data: event, animal: animalState(targetCattleId, targetState, registeredCalfId(event.details)) },
      200,
    );
  })
  .openapi(routes.deleteEvent, async (c) => {
    const ownerId = c.get('userId');
    const { id } = c.req.valid('param');
    const db = getDb(c.env);
    const existing = await findEvent(db, ownerId, id);
    const context = await requireContext(db, ownerId, existing.cattleId);
    const removed: EngineEvent = {
      eventId: id,
      eventType: existing.eventType,
      eventDatetime: existing.eventDatetime,
      details: existing.details,
    };
    const recomputed = recomputeStatements(db, {
      context,
      eventsAfter: context.events.filter((e) => e.eventId !== id),
      touched: [removed],
      changedBy: String(ownerId),
    });
    await runBatch(c.env.DB, [db.delete(events).where(ownedEvent(ownerId, id)), ...recomputed.statements]);
    await regenerateAlerts(db, ownerId, [existing.cattleId]);
    return c.body(null, 204);
  });
