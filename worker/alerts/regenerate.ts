/**
 * Alert regeneration (docs/product.md §7): evaluates the rules for a set of animals and brings their stored alerts in
 * line — new alerts are inserted, open ones get fresh day counts and severity (keeping status and memo), and open
 * ones whose condition has cleared are resolved by the system with history. Reads are one D1 round trip per scope (three
 * queries in one batch); writes are multi-row statements in as few batches as possible.
 */
import { and, eq, gte, inArray, is, notInArray, or, SQL, sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';
import { alerts, breedingStatus, cattle, events, filings } from '../db/schema';
import { type AlertSubject, evaluateAlertRules, RULE_EVENT_TYPES, type RuleEvent } from '../domain/alert-rules';
import {
  ALERT_SEVERITY_LABELS,
  type AlertSeverity,
  type AlertStatus,
  type AlertType,
  OPEN_ALERT_STATUSES,
} from '../domain/alerts';
import { addDays, addYears, type IsoDate, jstStartOfDay, todayJst } from '../domain/calendar';
import type { Logger } from '../env';
import { alertCreateSchema } from './alerts.schemas';
import {
  type AlertInsert,
  type AlertRefresh,
  alertId,
  chunk,
  createdHistoryStatements,
  insertAlertsStatements,
  refreshAlertsStatements,
  SYSTEM,
  systemResolveStatements,
} from './alerts.statements';

/** Events older than this cannot change what the rules decide (the state row carries the anchors). */
const EVENT_LOOKBACK_DAYS = 400;
/** Owners per scope of the daily run, and the head count a scope aims to stay under. */
const DAILY_OWNERS_PER_SCOPE = 50;
const DAILY_HEAD_PER_SCOPE = 2000;
/** Statements per D1 batch. */
const STATEMENTS_PER_BATCH = 50;
const IDS_PER_QUERY = 90;

export interface NewAlert {
  id: string;
  farmId: number;
  cattleId: number;
  cattleName: string | null;
  cattleEarTagNumber: string | null;
  type: AlertType;
  severity: AlertSeverity;
  dueAt: IsoDate;
  message: string;
}

export interface RegenerationResult {
  created: NewAlert[];
  /** Open alerts whose severity rose (CALVING_OVERDUE turning high on its 8th day): same id, status and memo. */
  raised: NewAlert[];
  refreshed: number;
  resolved: number;
  /** Alerts the rules produced but the create rules refuse (a due date more than a year back). */
  skipped: number;
}

export interface RegenerateOptions {
  today?: IsoDate;
  now?: Date;
  log?: Logger;
}

interface Scope {
  ownerIds: readonly number[];
  cattleIds?: readonly number[];
}

const emptyResult = (): RegenerationResult => ({ created: [], raised: [], refreshed: 0, resolved: 0, skipped: 0 });

function merge(into: RegenerationResult, part: RegenerationResult) {
  into.created.push(...part.created);
  into.raised.push(...part.raised);
  into.refreshed += part.refreshed;
  into.resolved += part.resolved;
  into.skipped += part.skipped;
  return into;
}

/** Runs statements in batches of at most STATEMENTS_PER_BATCH, never splitting a group (e.g. history + update). */
async function runGroups(db: Db, groups: SQL[][]) {
  let batch: SQL[] = [];
  for (const group of groups) {
    if (batch.length && batch.length + group.length > STATEMENTS_PER_BATCH) {
      await runBatch(db, batch);
      batch = [];
    }
    batch.push(...group);
  }
  if (batch.length) await runBatch(db, batch);
}

/** An animal as the alert rules judge it, with the name and ear tag its alerts show. */
export interface AlertAnimal extends AlertSubject {
  cattleId: number;
  farmId: number;
  name: string | null;
  earTagNumber: string | null;
}

/** An alert as stored, as far as regeneration compares it. */
export interface StoredAlert {
  id: string;
  /** Read so a write that did not read the filings leaves FILING_OVERDUE be. */
  type?: string;
  cattleId: number;
  status: AlertStatus;
  severity: AlertSeverity;
  message: string;
  cattleName: string | null;
  cattleEarTagNumber: string | null;
}

/** A pregnancy check's result from its details (the one detail the rules read). */
const resultOf = (details: unknown): string | null => {
  const result = (details as { result?: unknown } | null | undefined)?.result;
  return typeof result === 'string' ? result : null;
};

/** The events the rules read, as regeneration loads them: the rules' types, dated within the lookback. */
export function ruleEventsOf(events: readonly (RuleEvent & { details?: unknown })[], today: IsoDate): RuleEvent[] {
  const since = jstStartOfDay(addDays(today, -EVENT_LOOKBACK_DAYS)).toISOString();
  const types: readonly string[] = RULE_EVENT_TYPES;
  return events
    .filter((e) => types.includes(e.eventType) && e.eventDatetime >= since)
    .map((e) => ({
      eventType: e.eventType,
      eventDatetime: e.eventDatetime,
      result: e.details === undefined ? (e.result ?? null) : resultOf(e.details),
    }));
}

/**
 * The stored alerts regeneration brings in line for some animals of some farms (all their animals without
 * `cattleIds`): the open ones, and any due within the last year (a resolved one is not raised again). A cattle id
 * may be a subquery, so a write can read them in the round trip that finds its animal.
 */
export function storedAlertsQuery(
  db: Db,
  farmIds: readonly number[],
  cattleIds: readonly (number | SQL)[] | SQL | undefined,
  today: IsoDate,
) {
  const oldestDue = addYears(today, -1);
  // A subquery of ids (a group's animals, §26) keeps hundreds of ids out of the bound parameters.
  const ofCattle = !cattleIds
    ? undefined
    : is(cattleIds, SQL)
      ? inArray(alerts.cattleId, cattleIds)
      : cattleIds.every((id) => typeof id === 'number')
        ? inArray(alerts.cattleId, cattleIds as number[])
        : or(...cattleIds.map((id) => eq(alerts.cattleId, id)));
  return db
    .select({
      id: alerts.id,
      type: alerts.type,
      cattleId: alerts.cattleId,
      status: alerts.status,
      severity: alerts.severity,
      message: alerts.message,
      cattleName: alerts.cattleName,
      cattleEarTagNumber: alerts.cattleEarTagNumber,
    })
    .from(alerts)
    .where(
      and(
        // With animals named, their index (alerts_cattle_idx) finds their few alerts; the farm's would read all of
        // the farm's (`+` keeps SQLite off it: without statistics it took the farm's, 0.4 ms at 900 alerts).
        ofCattle ? sql`+${alerts.farmId} in ${[...farmIds]}` : inArray(alerts.farmId, [...farmIds]),
        ofCattle,
        or(inArray(alerts.status, [...OPEN_ALERT_STATUSES]), gte(alerts.dueAt, oldestDue)),
      ),
    );
}

/**
 * What regeneration writes for these animals (those still in the herd; a dead or shipped one gets none) against
 * their stored alerts: new alerts inserted with their history, open ones refreshed, cleared ones resolved. Pure but
 * for hashing the ids; the statements come in groups a batch must not split.
 */
export async function alertChanges(
  animals: readonly AlertAnimal[],
  existing: readonly StoredAlert[],
  options: { today: IsoDate; now: string; filingsRead?: boolean },
): Promise<{ result: RegenerationResult; groups: SQL[][] }> {
  const { today, now } = options;
  const result = emptyResult();
  const validate = alertCreateSchema(today);
  const desired = new Map<string, NewAlert>();
  for (const animal of animals) {
    // A dead or shipped animal keeps only FILING_OVERDUE (§21); evaluateAlertRules gives it nothing else.
    for (const rule of evaluateAlertRules(animal, today)) {
      const candidate = {
        ...rule,
        farmId: animal.farmId,
        cattleId: animal.cattleId,
        cattleName: animal.name,
        cattleEarTagNumber: animal.earTagNumber,
      };
      if (!validate.safeParse(candidate).success) {
        result.skipped += 1;
        continue;
      }
      const id = await alertId(animal.farmId, animal.cattleId, rule.type, rule.dueAt);
      desired.set(id, { id, ...candidate });
    }
  }

  const existingById = new Map(existing.map((a) => [a.id, a]));
  const inserts: AlertInsert[] = [];
  const refreshes: AlertRefresh[] = [];
  for (const alert of desired.values()) {
    const stored = existingById.get(alert.id);
    if (!stored) {
      inserts.push({ ...alert, memo: null });
      result.created.push(alert);
      continue;
    }
    const open = (OPEN_ALERT_STATUSES as readonly AlertStatus[]).includes(stored.status);
    const changed =
      stored.severity !== alert.severity ||
      stored.message !== alert.message ||
      stored.cattleName !== alert.cattleName ||
      stored.cattleEarTagNumber !== alert.cattleEarTagNumber;
    if (!open || !changed) continue;
    refreshes.push(alert);
    if (ALERT_SEVERITY_LABELS[alert.severity].priority > ALERT_SEVERITY_LABELS[stored.severity].priority) {
      result.raised.push(alert);
    }
  }
  const cleared = existing
    .filter((a) => (OPEN_ALERT_STATUSES as readonly AlertStatus[]).includes(a.status) && !desired.has(a.id))
    // Without the filings read (an event write's own regeneration), FILING_OVERDUE is left as it is.
    .filter((a) => options.filingsRead || a.type !== 'FILING_OVERDUE')
    .map((a) => a.id);
  result.refreshed = refreshes.length;
  result.resolved = cleared.length;

  const insertGroups = insertAlertsStatements(inserts, now).map((s) => [s]);
  const createdHistory = createdHistoryStatements(
    inserts.map((i) => i.id),
    SYSTEM,
    now,
  ).map((s) => [s]);
  const refreshGroups = refreshAlertsStatements(refreshes, now).map((s) => [s]);
  const resolveGroups = chunk(systemResolveStatements(cleared, now), 2);
  return { result, groups: [...insertGroups, ...createdHistory, ...refreshGroups, ...resolveGroups] };
}

async function regenerateScope(db: Db, scope: Scope, options: RegenerateOptions): Promise<RegenerationResult> {
  const today = options.today ?? todayJst(options.now);
  const now = (options.now ?? new Date()).toISOString();
  const [animals, eventRows, existing, pendingFilings] = await db.batch([
    db
      .select({
        cattleId: cattle.cattleId,
        farmId: cattle.farmId,
        name: cattle.name,
        earTagNumber: cattle.earTagNumber,
        status: cattle.status,
        gender: cattle.gender,
        breed: cattle.breed,
        birthday: cattle.birthday,
        growthStage: cattle.growthStage,
        parity: breedingStatus.parity,
        initialParity: breedingStatus.initialParity,
        lastCalvingDate: breedingStatus.lastCalvingDate,
        lastInseminationDate: breedingStatus.lastInseminationDate,
        conceptionDate: breedingStatus.conceptionDate,
        lastEstrusDate: breedingStatus.lastEstrusDate,
        expectedCalvingDate: breedingStatus.expectedCalvingDate,
        scheduledPregnancyCheckDate: breedingStatus.scheduledPregnancyCheckDate,
      })
      .from(cattle)
      .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
      .where(
        and(
          inArray(cattle.farmId, [...scope.ownerIds]),
          scope.cattleIds ? inArray(cattle.cattleId, [...scope.cattleIds]) : undefined,
          // A dead or shipped animal only for its pending filings (§21: FILING_OVERDUE is the alert it keeps), found
          // by the animal's key (`+status`: by the farm's pending filings SQLite read all of them for each animal).
          or(
            notInArray(cattle.status, ['DEAD', 'SHIPPED']),
            sql`exists (select 1 from filings f where f.farm_id = ${cattle.farmId} and f.cattle_id = ${cattle.cattleId}
              and +f.status = 'pending')`,
          ),
        ),
      ),
    db
      .select({
        cattleId: events.cattleId,
        eventType: events.eventType,
        eventDatetime: events.eventDatetime,
        // A pregnancy check's result (OPEN_AFTER_CHECK); null for the other types.
        result: sql<
          string | null
        >`case when ${events.eventType} = 'PREGNANCY_CHECK' then json_extract(${events.details}, '$.result') end`,
      })
      .from(events)
      .where(
        and(
          inArray(events.farmId, [...scope.ownerIds]),
          scope.cattleIds ? inArray(events.cattleId, [...scope.cattleIds]) : undefined,
          inArray(events.eventType, [...RULE_EVENT_TYPES]),
          gte(events.eventDatetime, jstStartOfDay(addDays(today, -EVENT_LOOKBACK_DAYS)).toISOString()),
        ),
      ),
    storedAlertsQuery(db, scope.ownerIds, scope.cattleIds, today),
    db
      .select({ cattleId: filings.cattleId, kind: filings.kind, dueDate: filings.dueDate })
      .from(filings)
      .where(
        and(
          inArray(filings.farmId, [...scope.ownerIds]),
          scope.cattleIds ? inArray(filings.cattleId, [...scope.cattleIds]) : undefined,
          eq(filings.status, 'pending'),
        ),
      ),
  ]);
  const filingsByCattle = new Map<number, { kind: (typeof pendingFilings)[number]['kind']; dueDate: IsoDate }[]>();
  for (const f of pendingFilings) {
    const list = filingsByCattle.get(f.cattleId) ?? [];
    list.push({ kind: f.kind, dueDate: f.dueDate });
    filingsByCattle.set(f.cattleId, list);
  }

  const eventsByCattle = new Map<number, RuleEvent[]>();
  for (const e of eventRows) {
    const list = eventsByCattle.get(e.cattleId) ?? [];
    list.push(e);
    eventsByCattle.set(e.cattleId, list);
  }
  const subjects: AlertAnimal[] = animals.map((animal) => ({
    cattleId: animal.cattleId,
    farmId: animal.farmId,
    name: animal.name,
    earTagNumber: animal.earTagNumber,
    status: animal.status,
    gender: animal.gender,
    breed: animal.breed,
    birthday: animal.birthday,
    growthStage: animal.growthStage,
    // parity already counts the parity entered at registration; the larger one also covers a row not recomputed yet.
    parity: Math.max(animal.parity ?? 0, animal.initialParity ?? 0),
    breeding: {
      lastCalvingDate: animal.lastCalvingDate,
      lastInseminationDate: animal.lastInseminationDate,
      conceptionDate: animal.conceptionDate,
      lastEstrusDate: animal.lastEstrusDate,
      expectedCalvingDate: animal.expectedCalvingDate,
      scheduledPregnancyCheckDate: animal.scheduledPregnancyCheckDate,
    },
    events: eventsByCattle.get(animal.cattleId) ?? [],
    filings: filingsByCattle.get(animal.cattleId) ?? [],
  }));
  const { result, groups } = await alertChanges(subjects, existing, { today, now, filingsRead: true });
  await runGroups(db, groups);
  if (result.skipped) options.log?.('info', 'alerts skipped by the create rules', { skipped: result.skipped });
  return result;
}

/**
 * Regenerates one owner's alerts: for the given animals (after a write that touched them), or for the whole herd.
 * Animals of other owners in `cattleIds` are ignored.
 */
export async function regenerateAlerts(
  db: Db,
  farmId: number,
  cattleIds?: readonly number[],
  options: RegenerateOptions = {},
): Promise<RegenerationResult> {
  if (!cattleIds) return regenerateScope(db, { ownerIds: [farmId] }, options);
  const result = emptyResult();
  for (const part of chunk([...new Set(cattleIds)], IDS_PER_QUERY)) {
    merge(result, await regenerateScope(db, { ownerIds: [farmId], cattleIds: part }, options));
  }
  return result;
}

/** Regenerates the alerts of one animal; call it right after any write that touches the animal. */
export const regenerateAlertsForCattle = (db: Db, farmId: number, cattleId: number, options: RegenerateOptions = {}) =>
  regenerateAlerts(db, farmId, [cattleId], options);

/** Groups owners into scopes of at most `ownersPerScope` owners and about `headPerScope` animals. */
export function packOwners(
  herds: readonly { farmId: number; head: number }[],
  ownersPerScope = DAILY_OWNERS_PER_SCOPE,
  headPerScope = DAILY_HEAD_PER_SCOPE,
): number[][] {
  const scopes: number[][] = [];
  let current: number[] = [];
  let head = 0;
  for (const herd of herds) {
    if (current.length && (current.length >= ownersPerScope || head + herd.head > headPerScope)) {
      scopes.push(current);
      current = [];
      head = 0;
    }
    current.push(herd.farmId);
    head += herd.head;
  }
  if (current.length) scopes.push(current);
  return scopes;
}
