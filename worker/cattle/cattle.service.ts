/**
 * The herd register's write use cases, one function each. Routes, seeders and imports call these; nothing else
 * writes an animal (docs/product.md §5).
 */
import { and, eq, sql } from 'drizzle-orm';
import { type AlertAnimal, alertChanges, regenerateAlerts } from '../alerts/regenerate';
import { auditStatement } from '../audit/audit.statements';
import { loadBreedingContext, recomputeAnimal } from '../breeding/recompute';
import { guardStatement, isGuardFailure, runBatch, runBatchThenRead, type Statement } from '../db/batch';
import { bloodline, breedingStatus, cattle, filings, motherInfo } from '../db/schema';
import { ownedCattle, type Scope } from '../db/scope';
import { isForeignKeyViolation, isUniqueViolation } from '../db/unique-violation';
import { auditChanges } from '../domain/audit';
import { computeBreeding } from '../domain/breeding';
import { initialParityFor, parityBelowCalvings, registeredParity } from '../domain/breeding-parity';
import { todayJst } from '../domain/calendar';
import type { CattleStatus } from '../domain/cattle-enums';
import type { TagHolder } from '../domain/ear-tags';
import { earTagFromIdentification } from '../domain/identification';
import { AppError, notFound, validationError } from '../lib/errors';
import { statusChangeStatements } from '../status/status.statements';
import { inTrashCondition, trashAnimalStatement } from '../trash/trash.statements';
import {
  cattleOwner,
  cattleView,
  type DetailRows,
  earTagWarningsFrom,
  loadCattleDetail,
  newAnimalDetailOf,
  newAnimalReads,
} from './cattle.queries';
import type { CreateCattle, UpdateCattle } from './cattle.schemas';

export const cattleNotFound = () => notFound('指定された牛が見つかりません', 'CATTLE_NOT_FOUND');
const duplicateIdentification = () =>
  new AppError({
    status: 409,
    code: 'DUPLICATE_IDENTIFICATION_NUMBER',
    message: 'この個体識別番号は既に登録されています',
    field: 'identificationNumber',
  });
/** §23: a trashed animal's 個体識別番号 stays taken until it is restored or purged. */
const numberInTrash = () =>
  new AppError({
    status: 409,
    code: 'IDENTIFICATION_NUMBER_IN_TRASH',
    message: 'この個体識別番号の牛はゴミ箱にあります（復元できます）',
    field: 'identificationNumber',
  });
const IN_TRASH = 'IDENTIFICATION_NUMBER_IN_TRASH';
/** The guard refusing a 個体識別番号 held by an animal in the trash (none without a number). */
const notInTrashGuard = (farmId: number, identificationNumber: string | null | undefined): Statement[] =>
  identificationNumber ? [guardStatement(IN_TRASH, inTrashCondition(farmId, identificationNumber))] : [];

const motherNotFound = () => validationError('母牛が見つかりません', 'motherInfo.motherCattleId');

/** Runs a write whose unique (owner, identification number) index may refuse it: a 409 instead of a 500. */
async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'cattle.farm_id, cattle.identification_number')) throw duplicateIdentification();
    if (isGuardFailure(err, IN_TRASH)) throw numberInTrash();
    throw err;
  }
}

/** The farm's animal, for a change: another farm's answers 404 exactly like one that does not exist (§3). */
async function requireFarmAnimal(scope: Scope, cattleId: number) {
  const owner = await cattleOwner(scope.db, cattleId);
  if (!owner || owner.farmId !== scope.farmId) throw cattleNotFound();
  return owner;
}

/** A mother given by id must be one of the owner's animals, and not the animal itself. */
async function assertMotherOwned(scope: Scope, motherCattleId: number | null | undefined, selfId?: number) {
  if (!motherCattleId) return;
  const mother = await cattleOwner(scope.db, motherCattleId);
  if (!mother || mother.farmId !== scope.farmId || motherCattleId === selfId) throw motherNotFound();
}

import {
  cattleColumns,
  earTagOf,
  newestAnimalSql,
  type RegisterCattleInput,
  registerCattleStatements,
  registerHerdStatements,
} from './cattle.statements';

const MOTHER_NOT_FOUND = 'MOTHER_NOT_FOUND';

/** The alerts a new animal is due at once (§7: a heifer registered past 14 months unbred), judged from its input. */
function alertsOfNewAnimal(scope: Scope, cattleId: number, input: CreateCattle) {
  const today = todayJst();
  const animal: AlertAnimal = {
    cattleId,
    farmId: scope.farmId,
    name: input.name,
    earTagNumber: earTagOf(input),
    status: input.status ?? 'HEALTHY',
    gender: input.gender,
    breed: input.breed ?? null,
    birthday: input.birthday ?? null,
    growthStage: input.growthStage,
    parity: registeredParity(input.breeding?.parity, input.growthStage) ?? 0,
    breeding: {
      lastCalvingDate: null,
      lastInseminationDate: null,
      conceptionDate: null,
      lastEstrusDate: null,
      expectedCalvingDate: null,
      scheduledPregnancyCheckDate: null,
    },
    events: [],
  };
  return alertChanges([animal], [], { today, now: new Date().toISOString() });
}

/**
 * Registers one animal (POST /cattle) and answers its page's data with its ear-tag warnings (§5), in one D1 batch: the mother's check, the
 * registration and the read of what was written. A duplicate 個体識別番号 is refused by the unique index in the same
 * batch (409). Only an animal due an alert at once (§7) takes a second round trip: its alert needs the new id, and
 * the page is read after it.
 */
export async function registerCattle(scope: Scope, input: CreateCattle) {
  const { db, farmId } = scope;
  const motherId = input.motherInfo?.motherCattleId;
  const motherCheck = motherId
    ? [
        guardStatement(
          MOTHER_NOT_FOUND,
          sql`not exists (select 1 from cattle where cattle_id = ${motherId} and farm_id = ${farmId})`,
        ),
      ]
    : [];
  // Judged without a read (a new animal has no events and no alerts yet), under a stand-in id.
  const dueAlert = (await alertsOfNewAnimal(scope, Number.MAX_SAFE_INTEGER, input)).groups.length > 0;
  const writes = [
    ...motherCheck,
    ...notInTrashGuard(farmId, input.identificationNumber),
    ...registerCattleStatements(scope, input),
    auditStatement(scope, {
      action: 'create',
      entity: 'cattle',
      entityId: newestAnimalSql(farmId),
      changes: { before: null, after: input },
    }),
  ];
  // The page's data and the animals sharing its ear tag (§5's warnings) are read in the same batch.
  const readsOf = (id: number | 'newest') => newAnimalReads(db, farmId, id);
  const { written, read } = await refusingDuplicates(async () => {
    try {
      return await runBatchThenRead(db, writes, dueAlert ? [] : readsOf('newest'));
    } catch (err) {
      if (isGuardFailure(err, MOTHER_NOT_FOUND)) throw motherNotFound();
      throw err;
    }
  });
  const registered = (rows: unknown[]) => {
    const detail = newAnimalDetailOf(rows[0] as DetailRows[0]);
    const sharing = rows[1] as TagHolder[];
    return { detail, warnings: detail ? earTagWarningsFrom(sharing, detail.cattleId) : [] };
  };
  if (!dueAlert) return registered(read);
  const [cattleId] = insertedIds(written);
  const alerts = (await alertsOfNewAnimal(scope, cattleId, input)).groups.flat();
  return registered((await runBatchThenRead(db, alerts, readsOf(cattleId))).read);
}

/**
 * Registers many animals in one atomic batch (all or none); returns their ids in input order. For herds brought
 * in at once: seeders and imports. Mothers given by ID number link to animals earlier in the same list.
 */
export async function registerHerd(scope: Scope, inputs: readonly RegisterCattleInput[]): Promise<number[]> {
  const statements = registerHerdStatements(scope, inputs);
  const results = await refusingDuplicates(() => runBatch(scope.db, statements));
  return insertedIds(results);
}

/** The new cattle ids a batch of registration statements returned, in input order (ids are consecutive). */
function insertedIds(results: readonly { results?: unknown[] }[]): number[] {
  return results
    .flatMap((r) => (r.results ?? []) as { cattle_id?: number }[])
    .map((row) => row.cattle_id)
    .filter((id): id is number => typeof id === 'number')
    .sort((a, b) => a - b);
}

/** Changes an animal's fields (PATCH /cattle/{id}); its status change is recorded, its breeding state recomputed. */
export async function updateCattle(scope: Scope, cattleId: number, input: UpdateCattle) {
  const { db, farmId } = scope;
  const detail = await loadCattleDetail(db, farmId, cattleId);
  if (!detail) throw cattleNotFound();
  const current = detail.row;
  await assertMotherOwned(scope, input.motherInfo?.motherCattleId, cattleId);
  const registered = input.parity === undefined ? undefined : await registeredFor(scope, cattleId, input.parity);
  const now = new Date().toISOString();
  const { status, ...fields } = cattleColumns(input);
  // A calf tagged later: its ear tag follows from the number when it has none (§5).
  const earTag =
    input.identificationNumber && input.earTagNumber === undefined
      ? { earTagNumber: sql`coalesce(${cattle.earTagNumber}, ${earTagFromIdentification(input.identificationNumber)})` }
      : {};
  const statements: Statement[] = [
    db
      .update(cattle)
      .set({ ...fields, ...earTag, updatedBy: scope.userId, updatedAt: now, version: sql`${cattle.version} + 1` })
      .where(and(eq(cattle.cattleId, cattleId), ownedCattle(farmId))),
  ];
  if (status) {
    statements.push(
      ...statusChangeStatements(db, { cattleId, oldStatus: current.status, newStatus: status, changedBy: scope.actor }),
    );
  }
  statements.push(...relatedRowStatements(scope, cattleId, withRegistered(input, registered), now));
  const changes = updateChanges(detail, input);
  if (Object.keys(changes).length > 0) {
    statements.push(
      auditStatement(scope, { action: 'update', entity: 'cattle', entityId: cattleId, changes, at: now }),
    );
  }
  if (input.identificationNumber && input.identificationNumber !== current.identificationNumber) {
    statements.unshift(...notInTrashGuard(farmId, input.identificationNumber));
  }
  await refusingDuplicates(() => runBatch(db, statements));
  // Breed (gestation length) and earlier calvings feed the breeding state: recompute it from the events.
  const breedingChanged = input.breed !== undefined || registered !== undefined || input.breeding?.parity !== undefined;
  if (breedingChanged) await recomputeAnimal(scope, cattleId);
  // Status, breed, parity, birthday, sex and stage all feed the alert rules (§7).
  const alertFactsChanged =
    input.birthday !== undefined || input.gender !== undefined || input.growthStage !== undefined;
  if (status || breedingChanged || alertFactsChanged) await regenerateAlerts(db, farmId, [cattleId]);
}

/**
 * The registered count that gives the animal the parity an edit names (§5: the count including her last calving):
 * that parity less the calvings on record; below them → 400 on `parity`.
 */
async function registeredFor(scope: Scope, cattleId: number, parity: number) {
  const context = await loadBreedingContext(scope.db, scope.farmId, cattleId);
  if (!context) throw cattleNotFound();
  const { animal, events } = context;
  const counted = computeBreeding({ breed: animal.breed, initialParity: 0, events, today: todayJst() });
  const calvings = counted.breedingStatus.parity ?? 0;
  const initial = initialParityFor(parity, calvings);
  if (initial === null) throw validationError(parityBelowCalvings(calvings), 'parity');
  return initial;
}

/** The edit with the registered count its parity gives, written as a registration parity is. */
const withRegistered = (input: UpdateCattle, registered: number | undefined): UpdateCattle =>
  registered === undefined
    ? input
    : { ...input, breeding: { ...input.breeding, parity: registered } as UpdateCattle['breeding'] };

/** An update's `{ field: [before, after] }`: the animal's own fields, and its bloodline, mother and breeding ones. */
function updateChanges(detail: NonNullable<Awaited<ReturnType<typeof loadCattleDetail>>>, input: UpdateCattle) {
  const { bloodline: b, motherInfo: m, breeding, parity, ...fields } = input;
  const row = detail.row as Record<string, unknown>;
  const changes = auditChanges(
    Object.fromEntries(Object.keys(fields).map((k) => [k, row[k]])),
    fields as Record<string, unknown>,
  );
  const nested = (prefix: string, before: object | null, after: object | undefined) => {
    if (!after) return;
    const was = (before ?? {}) as Record<string, unknown>;
    for (const [k, [from, to]] of Object.entries(
      auditChanges(
        Object.fromEntries(Object.keys(after).map((key) => [key, was[key]])),
        after as Record<string, unknown>,
      ),
    )) {
      changes[`${prefix}.${k}`] = [from, to];
    }
  };
  nested('bloodline', detail.bloodline, b);
  nested('motherInfo', detail.motherInfo, m);
  const bs = detail.breedingStatus;
  nested('breeding', bs && { parity: bs.initialParity, breedingMemo: bs.breedingMemo }, breeding);
  if (parity !== undefined && parity !== (bs?.parity ?? null)) changes.parity = [bs?.parity ?? null, parity];
  return changes;
}

/** Whether a nested object of an update sets anything: `{}` is a no-op (§3), not an empty SQL SET. */
const setsAnything = (values: object | undefined) => !!values && Object.values(values).some((v) => v !== undefined);

/** Bloodline, mother and the farmer's breeding fields of an update, each written only when given. */
function relatedRowStatements(scope: Scope, cattleId: number, input: UpdateCattle, now: string): Statement[] {
  const { db } = scope;
  const statements: Statement[] = [];
  if (input.bloodline && setsAnything(input.bloodline)) {
    statements.push(
      db
        .insert(bloodline)
        .values({ cattleId, ...input.bloodline })
        .onConflictDoUpdate({ target: bloodline.cattleId, set: input.bloodline }),
    );
  }
  if (input.motherInfo && setsAnything(input.motherInfo)) {
    const { motherCattleId, ...m } = input.motherInfo;
    const values = { ...m, ...(motherCattleId !== undefined ? { motherCattleId } : {}) };
    statements.push(
      db
        .insert(motherInfo)
        .values({ cattleId, ...values })
        .onConflictDoUpdate({ target: motherInfo.cattleId, set: values }),
    );
  }
  if (input.breeding) {
    const { parity, breedingMemo } = input.breeding;
    const parityChange =
      parity !== undefined
        ? {
            initialParity: parity,
            // Recomputed at once after the batch; an unknown parity waits for it (null until then).
            parity: sql`${parity} + ${breedingStatus.parity} - ${breedingStatus.initialParity}`,
          }
        : {};
    statements.push(
      db
        .update(breedingStatus)
        .set({
          ...parityChange,
          ...(breedingMemo !== undefined ? { breedingMemo } : {}),
          // A new parity invalidates a breeding state computed from the old one (decision 025).
          ...(parity !== undefined ? { version: sql`${breedingStatus.version} + 1` } : {}),
          updatedAt: now,
        })
        .where(eq(breedingStatus.cattleId, cattleId)),
    );
  }
  return statements;
}

/** Sets an animal's status by hand (PATCH /cattle/{id}/status), with its history row and the alerts it changes. */
export async function changeStatus(
  scope: Scope,
  cattleId: number,
  change: { status: CattleStatus; reason?: string | null },
) {
  const current = await requireFarmAnimal(scope, cattleId);
  const statements = statusChangeStatements(scope.db, {
    cattleId,
    oldStatus: current.status,
    newStatus: change.status,
    changedBy: scope.actor,
    reason: change.reason,
  });
  if (statements.length === 0) return;
  const audit = auditStatement(scope, {
    action: 'update',
    entity: 'cattle',
    entityId: cattleId,
    changes: { status: [current.status, change.status], ...(change.reason ? { reason: [null, change.reason] } : {}) },
  });
  try {
    await runBatch(scope.db, [...statements, audit]);
  } catch (err) {
    // The animal was deleted between the read and the write: the same 404 as a missing one (§3).
    if (isForeignKeyViolation(err)) throw cattleNotFound();
    throw err;
  }
  await regenerateAlerts(scope.db, scope.farmId, [cattleId]);
}

/** What an animal's delete records of it in the change history. */
const DELETED_FIELDS = ['identificationNumber', 'earTagNumber', 'name', 'gender', 'birthday', 'breed', 'status'];

/**
 * Deletes an animal with everything that hangs on it (DELETE /cattle/{id}), in one batch that first moves it — its
 * events and per-animal rows — into the trash for 30 days (§23) and records the delete in the change history.
 */
export async function removeCattle(scope: Scope, cattleId: number) {
  const animal = await cattleView(scope.db, scope.farmId, cattleId);
  if (!animal) throw cattleNotFound();
  const now = new Date().toISOString();
  const before = Object.fromEntries(DELETED_FIELDS.map((f) => [f, (animal as Record<string, unknown>)[f]]));
  await runBatch(scope.db, [
    trashAnimalStatement(scope, cattleId, now),
    auditStatement(scope, {
      action: 'delete',
      entity: 'cattle',
      entityId: cattleId,
      changes: { before, after: null },
      at: now,
    }),
    // Its filings go to the trash with it (enrolments and tasks go by the cascade), and come back with a restore.
    scope.db.delete(filings).where(and(eq(filings.cattleId, cattleId), eq(filings.farmId, scope.farmId))),
    scope.db.delete(cattle).where(and(eq(cattle.cattleId, cattleId), ownedCattle(scope.farmId))),
  ]);
}
