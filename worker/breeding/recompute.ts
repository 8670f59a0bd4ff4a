/**
 * Writes the breeding engine's result: loads what the engine needs about one animal, and builds the statements
 * that store breeding_status, breeding_summary and the cattle row changes, to run in the same D1 batch as the
 * event write that caused them. Statements are built before the batch runs, so callers pass the events as they
 * will be after the write (`eventsAfter`), next to the stored ones (`eventsBefore`).
 */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Statement } from '../db/batch';
import type { Db } from '../db/client';
import { runGuardedBatch, withFreshState } from '../db/guarded-batch';
import { bloodline, breedingStatus, breedingSummary, cattle, cattleStatusHistory, events } from '../db/schema';
import type { Scope } from '../db/scope';
import { ownedCattle } from '../db/scope';
import { upsertRowsStatement } from '../db/upsert-rows';
import {
  affectsStatus,
  type BreedingResult,
  computeBreeding,
  type EngineEvent,
  resolveGrowthStage,
  resolveStatus,
  resolveWeight,
} from '../domain/breeding';
import { todayJst } from '../domain/calendar';
import type { CattleStatus } from '../domain/cattle-enums';
import { resolvePenId } from '../domain/pens';
import { withdrawalOf } from '../domain/withdrawal';
import { type CowFigures, keptFigureStatements, keptFiguresInput } from '../kpi/kept-figures.statements';
import { statusChangeStatements } from '../status/status.statements';

export interface AnimalForBreeding {
  cattleId: number;
  farmId: number;
  name: string | null;
  identificationNumber: string | null;
  earTagNumber: string | null;
  gender: string | null;
  birthday: string | null;
  breed: string | null;
  status: string;
  growthStage: string | null;
  weight: number | null;
  score: number | null;
  /** The pen it is in (§26); null: none. */
  penId: number | null;
  /** Calvings before the record; null when unknown (§5). */
  initialParity: number | null;
  /** The animal's own line, which a calf it bears inherits one generation down. */
  line: AnimalLine;
}

export interface AnimalLine {
  fatherCattleName: string | null;
  motherFatherCattleName: string | null;
  motherGrandFatherCattleName: string | null;
}

export interface BreedingContext {
  animal: AnimalForBreeding;
  events: EngineEvent[];
  /** The status before the animal's last status change (cattle_status_history), for undoing it. */
  statusBeforeLastChange: string | null;
  /** breeding_status.version as read: the write stores version + 1, refused if another write came first. */
  version: number;
}

/**
 * The reads of an animal's breeding context, to send in one batch (with a write's other reads): the farm's animal,
 * its events and its last status change. `cattleId` may be a subquery (the animal of an event).
 */
export function breedingContextQueries(db: Db, farmId: number, cattleId: number | SQL) {
  return [
    db
      .select({
        cattleId: cattle.cattleId,
        farmId: cattle.farmId,
        name: cattle.name,
        identificationNumber: cattle.identificationNumber,
        earTagNumber: cattle.earTagNumber,
        gender: cattle.gender,
        birthday: cattle.birthday,
        breed: cattle.breed,
        status: cattle.status,
        growthStage: cattle.growthStage,
        weight: cattle.weight,
        score: cattle.score,
        penId: cattle.penId,
        // No row yet: none before the record; a row's null: unknown (§5).
        initialParity: sql<
          number | null
        >`case when ${breedingStatus.cattleId} is null then 0 else ${breedingStatus.initialParity} end`,
        version: sql<number>`coalesce(${breedingStatus.version}, 0)`,
        fatherCattleName: bloodline.fatherCattleName,
        motherFatherCattleName: bloodline.motherFatherCattleName,
        motherGrandFatherCattleName: bloodline.motherGrandFatherCattleName,
      })
      .from(cattle)
      .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
      .leftJoin(bloodline, eq(bloodline.cattleId, cattle.cattleId))
      .where(and(eq(cattle.cattleId, cattleId), eq(cattle.farmId, farmId)))
      .limit(1),
    db
      .select({
        eventId: events.eventId,
        eventType: events.eventType,
        eventDatetime: events.eventDatetime,
        details: events.details,
      })
      .from(events)
      // `+owner` keeps SQLite on events_cattle_time_idx instead of scanning the owner's events by time (issue 10).
      .where(and(eq(events.cattleId, cattleId), sql`+${events.farmId} = ${farmId}`))
      .orderBy(asc(events.eventDatetime), asc(events.eventId)),
    db
      .select({ oldStatus: cattleStatusHistory.oldStatus, newStatus: cattleStatusHistory.newStatus })
      .from(cattleStatusHistory)
      .where(
        inArray(
          cattleStatusHistory.cattleId,
          db
            .select({ id: cattle.cattleId })
            .from(cattle)
            .where(and(eq(cattle.cattleId, cattleId), ownedCattle(farmId))),
        ),
      )
      .orderBy(desc(cattleStatusHistory.changedAt), desc(cattleStatusHistory.historyId))
      .limit(1),
  ] as const;
}

type RowsOf<T> = { readonly [K in keyof T]: Awaited<T[K]> };
type ContextRows = RowsOf<ReturnType<typeof breedingContextQueries>>;

/** The context breedingContextQueries' rows describe; null when the animal is not the farm's. */
export function breedingContextOf([animalRows, eventRows, historyRows]: ContextRows): BreedingContext | null {
  const animal = animalRows[0];
  if (!animal) return null;
  const { fatherCattleName, motherFatherCattleName, motherGrandFatherCattleName, version, ...fields } = animal;
  const last = historyRows[0];
  return {
    animal: {
      ...fields,
      initialParity: animal.initialParity === null ? null : Number(animal.initialParity),
      line: { fatherCattleName, motherFatherCattleName, motherGrandFatherCattleName },
    },
    events: eventRows,
    statusBeforeLastChange: last && last.newStatus === animal.status ? last.oldStatus : null,
    version: Number(version),
  };
}

/** The owner's animal, its events and its last status change; null when the animal is not the owner's. */
export async function loadBreedingContext(db: Db, farmId: number, cattleId: number): Promise<BreedingContext | null> {
  // One round trip for all three reads.
  return breedingContextOf(await db.batch(breedingContextQueries(db, farmId, cattleId)));
}

export interface RecomputeInput {
  context: BreedingContext;
  eventsAfter: readonly EngineEvent[];
  /** The events this change created, updated (both versions) or deleted. */
  touched: readonly EngineEvent[];
  /** The user id as text, or 'system'. */
  changedBy: string;
  today?: string;
  /**
   * 'leave': her breeding state rows and kept KPI figures are not among the statements; the caller writes `rows`
   * for many animals at once with breedingRowStatements (an import's chunk of 200 cows in 5 statements instead of
   * 1,000).
   */
  rows?: 'write' | 'leave';
}

/** One animal's recomputed breeding state and summary rows, and what her kept KPI figures are written from. */
export interface BreedingRows {
  status: typeof breedingStatus.$inferInsert;
  summary: typeof breedingSummary.$inferInsert;
  figures: CowFigures;
}

export interface RecomputeOutput {
  statements: Statement[];
  /** Her breeding state rows and figures (among `statements` unless the input said 'leave'). */
  rows: BreedingRows;
  result: BreedingResult;
  status: string;
  growthStage: string | null;
  weight: number | null;
  penId: number | null;
}

/** The statements that store the animal's recomputed breeding state and cattle changes. */
export function recomputeStatements(db: Db, input: RecomputeInput): RecomputeOutput {
  const { animal } = input.context;
  const today = input.today ?? todayJst();
  const base = { breed: animal.breed, initialParity: animal.initialParity, growthStage: animal.growthStage, today };
  const before = computeBreeding({ ...base, events: input.context.events });
  const after = computeBreeding({ ...base, events: input.eventsAfter });

  const decision = resolveStatus({
    currentStatus: animal.status,
    before,
    after,
    touchedStatusEvent: input.touched.some((e) => affectsStatus(e.eventType)),
    statusBeforeLastChange: input.context.statusBeforeLastChange,
  });
  const growthStage = resolveGrowthStage({
    currentStage: animal.growthStage,
    initialParity: animal.initialParity,
    before: { impliedGrowthStage: before.impliedGrowthStage, events: input.context.events },
    after,
  });
  const weight = resolveWeight({ currentWeight: animal.weight, before, after });
  const penId = resolvePenId({
    currentPenId: animal.penId,
    statusBefore: animal.status,
    statusAfter: decision.status,
    before: input.context.events,
    after: input.eventsAfter,
  });
  const now = new Date().toISOString();
  const { breedingStatus: breeding, breedingSummary: summary } = after;
  // The withdrawal ends are stored with the breeding state, so the herd list reads them without the events (§16).
  const { meatUntil, milkUntil } = withdrawalOf(input.eventsAfter);
  const bs = { ...breeding, withdrawalMeatUntil: meatUntil, withdrawalMilkUntil: milkUntil };
  // The guard (migration 0014): the trigger refuses a version that is not the stored one + 1.
  const version = input.context.version + 1;

  const rows: BreedingRows = {
    status: {
      cattleId: animal.cattleId,
      initialParity: animal.initialParity,
      ...bs,
      version,
      createdAt: now,
      updatedAt: now,
    },
    summary: { cattleId: animal.cattleId, ...summary, createdAt: now, updatedAt: now },
    // Her stored rows were written from her events as read: the batch writes only the difference (checked there).
    figures: {
      ...keptFiguresInput(animal, input.eventsAfter),
      stored: keptFiguresInput(animal, input.context.events).history,
    },
  };
  // Her kept KPI figures are written in the same batch (docs/decisions/036, 065), after the breeding state: its insert
  // trigger marks a new cow's figures stale, which the figures' statements clear when her figures change; when they
  // do not (recomputeAnimal's own events, a weight), no statement is written and a mark stays for the next read.
  const statements: Statement[] = input.rows === 'leave' ? [] : breedingRowStatements([rows]);
  if (growthStage !== animal.growthStage || weight !== animal.weight || penId !== animal.penId) {
    // The pen only while the farm has it (§26): one deleted since (a move or a death undone) puts her in none.
    const pen =
      penId === null ? null : sql`(select pen_id from pens where farm_id = ${animal.farmId} and pen_id = ${penId})`;
    statements.push(
      db
        .update(cattle)
        .set({ growthStage, weight, penId: pen, updatedAt: now, version: sql`${cattle.version} + 1` })
        .where(eq(cattle.cattleId, animal.cattleId)),
    );
  }
  statements.push(
    ...statusChangeStatements(db, {
      cattleId: animal.cattleId,
      oldStatus: animal.status,
      newStatus: decision.status as CattleStatus,
      changedBy: input.changedBy,
      reason: decision.reason,
    }),
  );
  return { statements, rows, result: after, status: decision.status, growthStage, weight, penId };
}

/** The columns a stored row's update sets: all but the animal, the registration parity and the creation time. */
const updated = <T extends object>(row: T) =>
  Object.keys(row).filter((key) => !['cattleId', 'initialParity', 'createdAt'].includes(key)) as (keyof T & string)[];

/**
 * The statements that store animals' recomputed breeding state, summary and kept KPI figures: one animal's for an
 * event's write, or a chunk of an import's at once — the same statements whatever the number.
 */
export function breedingRowStatements(rows: readonly BreedingRows[]): Statement[] {
  if (rows.length === 0) return [];
  // The state's update carries its version: the guard (migration 0014) refuses one that is not the stored + 1.
  return [
    upsertRowsStatement(
      breedingStatus,
      rows.map((r) => r.status),
      'cattleId',
      updated(rows[0].status),
    ),
    upsertRowsStatement(
      breedingSummary,
      rows.map((r) => r.summary),
      'cattleId',
      updated(rows[0].summary),
    ),
    ...keptFigureStatements(rows.map((r) => r.figures)),
  ];
}

/**
 * Recomputes one animal's breeding state from its stored events and writes it: for changes outside the event
 * history that feed the engine (the breed's gestation length, calvings before registration).
 */
export async function recomputeAnimal(scope: Scope, cattleId: number) {
  await withFreshState(async () => {
    const context = await loadBreedingContext(scope.db, scope.farmId, cattleId);
    if (!context) return;
    const { statements } = recomputeStatements(scope.db, {
      context,
      eventsAfter: context.events,
      touched: [],
      changedBy: scope.actor,
    });
    await runGuardedBatch(scope.db, statements);
  });
}

/** The context of an animal just registered, before any event: for recording its first events in bulk. */
export function newAnimalContext(animal: AnimalForBreeding): BreedingContext {
  return { animal, events: [], statusBeforeLastChange: null, version: 0 };
}
