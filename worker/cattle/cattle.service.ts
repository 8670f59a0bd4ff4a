/**
 * The herd register's write use cases, one function each. Routes, seeders and imports call these; nothing else
 * writes an animal (docs/product.md §5).
 */
import { and, eq, sql } from 'drizzle-orm';
import { regenerateAlerts } from '../alerts/regenerate';
import { recomputeAnimal } from '../breeding/recompute';
import { runBatch, type Statement } from '../db/batch';
import { bloodline, breedingStatus, cattle, motherInfo } from '../db/schema';
import { ownedCattle, type Scope } from '../db/scope';
import { isUniqueViolation } from '../db/unique-violation';
import type { CattleStatus } from '../domain/cattle-enums';
import { earTagFromIdentification } from '../domain/identification';
import { AppError, notFound, validationError } from '../lib/errors';
import { statusChangeStatements } from '../status/status-history';
import { cattleOwner } from './cattle.queries';
import type { CreateCattle, UpdateCattle } from './cattle.schemas';

export const cattleNotFound = () => notFound('指定された牛が見つかりません', 'CATTLE_NOT_FOUND');
const duplicateIdentification = () =>
  new AppError({
    status: 409,
    code: 'DUPLICATE_IDENTIFICATION_NUMBER',
    message: 'この個体識別番号は既に登録されています',
    field: 'identificationNumber',
  });
const motherNotFound = () => validationError('母牛が見つかりません', 'motherInfo.motherCattleId');

/** Runs a write whose unique (owner, identification number) index may refuse it: a 409 instead of a 500. */
async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'cattle.farm_id, cattle.identification_number')) throw duplicateIdentification();
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

/** A mother given by id must be the owner's; one given by ID number is linked when it is on the farm. */
function motherCattleIdSql(farmId: number, info: NonNullable<RegisterCattleInput['motherInfo']>) {
  if (info.motherCattleId) {
    return sql`(select cattle_id from cattle where cattle_id = ${info.motherCattleId} and farm_id = ${farmId})`;
  }
  if (info.motherIdentificationNumber) {
    return sql`(select cattle_id from cattle
      where identification_number = ${info.motherIdentificationNumber} and farm_id = ${farmId})`;
  }
  return sql`null`;
}

/** What registering writes: the form's fields, where a calf registered from its calving may still be nameless. */
type OptionalText = 'producerName' | 'barn' | 'breedingValue' | 'notes';
export type RegisterCattleInput = Omit<CreateCattle, 'name' | 'identificationNumber' | OptionalText> & {
  name: string | null;
  /** Null for a calf registered from its calving before its ear tag is known ('未登録'). */
  identificationNumber: string | null;
} & Partial<Pick<CreateCattle, OptionalText>>;

function cattleColumns<T extends RegisterCattleInput | UpdateCattle>(input: T) {
  const { bloodline: _b, motherInfo: _m, breeding: _br, ...fields } = input;
  return fields;
}

const hasAny = (values: object | null | undefined) =>
  !!values && Object.values(values).some((v) => v !== null && v !== undefined && v !== '');

/**
 * The farm's newest animal: inside a batch, right after an animal's insert, that animal (ids only grow, and a
 * batch runs alone). It finds a calf that has no 個体識別番号 yet as surely as one that has.
 */
export const newestAnimalSql = (farmId: number) => sql`(select max(cattle_id) from cattle where farm_id = ${farmId})`;

/** The ear tag to store: the one given, else digits 6–9 of the 個体識別番号 (§5), else none. */
const earTagOf = (input: Pick<RegisterCattleInput, 'identificationNumber' | 'earTagNumber'>) =>
  input.earTagNumber ?? (input.identificationNumber ? earTagFromIdentification(input.identificationNumber) : null);

/**
 * The statements that register one animal: its cattle row, its empty breeding_status and breeding_summary rows,
 * bloodline and mother, as one atomic batch. Each later row finds the animal as the farm's newest, so many
 * registrations can share one batch when each animal's statements follow its insert. The cattle insert returns
 * the new `cattle_id`.
 */
export function registerCattleStatements(
  scope: Pick<Scope, 'db' | 'farmId' | 'userId'>,
  input: RegisterCattleInput,
  now = new Date().toISOString(),
): Statement[] {
  const { db, farmId } = scope;
  const self = sql`select ${newestAnimalSql(farmId)} as cattle_id`;
  const parity = input.breeding?.parity ?? 0;
  const statements: Statement[] = [
    db
      .insert(cattle)
      .values({
        ...cattleColumns(input),
        earTagNumber: earTagOf(input),
        farmId,
        createdBy: scope.userId,
        status: input.status ?? 'HEALTHY',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ cattleId: cattle.cattleId }),
    sql`insert into breeding_status (cattle_id, initial_parity, parity, breeding_memo)
      select cattle_id, ${parity}, ${parity}, ${input.breeding?.breedingMemo ?? null} from (${self})`,
    sql`insert into breeding_summary (cattle_id) ${self}`,
  ];
  if (hasAny(input.bloodline)) {
    const b = input.bloodline ?? {};
    statements.push(
      sql`insert into bloodline (cattle_id, father_cattle_name, mother_father_cattle_name,
          mother_grand_father_cattle_name, mother_great_grand_father_cattle_name)
        select cattle_id, ${b.fatherCattleName ?? null}, ${b.motherFatherCattleName ?? null},
          ${b.motherGrandFatherCattleName ?? null}, ${b.motherGreatGrandFatherCattleName ?? null} from (${self})`,
    );
  }
  if (input.motherInfo && hasAny(input.motherInfo)) {
    const m = input.motherInfo;
    statements.push(
      sql`insert into mother_info (cattle_id, mother_cattle_id, mother_name, mother_identification_number, mother_score)
        select cattle_id, ${motherCattleIdSql(farmId, m)}, ${m.motherName ?? null},
          ${m.motherIdentificationNumber ?? null}, ${m.motherScore ?? null} from (${self})`,
    );
  }
  return statements;
}

/** Registers one animal (POST /cattle); returns its id. */
export async function registerCattle(scope: Scope, input: CreateCattle): Promise<number> {
  await assertMotherOwned(scope, input.motherInfo?.motherCattleId);
  const [inserted] = await refusingDuplicates(() => runBatch(scope.db, registerCattleStatements(scope, input)));
  const cattleId = (inserted.results[0] as { cattle_id: number }).cattle_id;
  // A heifer registered past 14 months unbred is due an alert at once (§7).
  await regenerateAlerts(scope.db, scope.farmId, [cattleId]);
  return cattleId;
}

/**
 * Registers many animals in one atomic batch (all or none); returns their ids in input order. For herds brought
 * in at once: seeders and imports. Mothers given by ID number link to animals earlier in the same list.
 */
export async function registerHerd(scope: Scope, inputs: readonly RegisterCattleInput[]): Promise<number[]> {
  const now = new Date().toISOString();
  const perAnimal = inputs.map((input) => registerCattleStatements(scope, input, now));
  const results = await refusingDuplicates(() => runBatch(scope.db, perAnimal.flat()));
  const ids: number[] = [];
  let index = 0;
  for (const statements of perAnimal) {
    ids.push((results[index].results[0] as { cattle_id: number }).cattle_id);
    index += statements.length;
  }
  return ids;
}

/** Changes an animal's fields (PATCH /cattle/{id}); its status change is recorded, its breeding state recomputed. */
export async function updateCattle(scope: Scope, cattleId: number, input: UpdateCattle) {
  const { db, farmId } = scope;
  const current = await requireFarmAnimal(scope, cattleId);
  await assertMotherOwned(scope, input.motherInfo?.motherCattleId, cattleId);
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
  statements.push(...relatedRowStatements(scope, cattleId, input, now));
  await refusingDuplicates(() => runBatch(db, statements));
  // Breed (gestation length) and earlier calvings feed the breeding state: recompute it from the events.
  const breedingChanged = input.breed !== undefined || input.breeding?.parity !== undefined;
  if (breedingChanged) await recomputeAnimal(scope, cattleId);
  // Status, breed, parity, birthday, sex and stage all feed the alert rules (§7).
  const alertFactsChanged =
    input.birthday !== undefined || input.gender !== undefined || input.growthStage !== undefined;
  if (status || breedingChanged || alertFactsChanged) await regenerateAlerts(db, farmId, [cattleId]);
}

/** Bloodline, mother and the farmer's breeding fields of an update, each written only when given. */
function relatedRowStatements(scope: Scope, cattleId: number, input: UpdateCattle, now: string): Statement[] {
  const { db } = scope;
  const statements: Statement[] = [];
  if (input.bloodline) {
    statements.push(
      db
        .insert(bloodline)
        .values({ cattleId, ...input.bloodline })
        .onConflictDoUpdate({ target: bloodline.cattleId, set: input.bloodline }),
    );
  }
  if (input.motherInfo) {
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
        ? { initialParity: parity, parity: sql`${parity} + ${breedingStatus.parity} - ${breedingStatus.initialParity}` }
        : {};
    statements.push(
      db
        .update(breedingStatus)
        .set({ ...parityChange, ...(breedingMemo !== undefined ? { breedingMemo } : {}), updatedAt: now })
        .where(eq(breedingStatus.cattleId, cattleId)),
    );
  }
  return statements;
}

/** Sets an animal's status by hand (PUT /cattle/{id}/status), with its history row and the alerts it changes. */
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
  await runBatch(scope.db, statements);
  await regenerateAlerts(scope.db, scope.farmId, [cattleId]);
}

/** Deletes an animal with everything that hangs on it (DELETE /cattle/{id}). */
export async function removeCattle(scope: Scope, cattleId: number) {
  await requireFarmAnimal(scope, cattleId);
  await scope.db.delete(cattle).where(and(eq(cattle.cattleId, cattleId), ownedCattle(scope.farmId)));
}
