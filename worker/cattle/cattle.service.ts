/**
 * The herd register's write use cases, one function each. Routes, seeders and imports call these; nothing else
 * writes an animal (docs/product.md §5).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type AlertAnimal, alertChanges, regenerateAlerts } from '../alerts/regenerate';
import { auditStatement } from '../audit/audit.statement';
import { inTrashCondition, trashAnimalStatement } from '../audit/trash.statements';
import { type AnimalForBreeding, loadBreedingContext, recomputeAnimal } from '../breeding/recompute';
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
import { statusChangeStatements } from '../status/status-history';
import {
  cattleDetailOf,
  cattleDetailQueries,
  cattleOwner,
  cattleView,
  earTagSharingQuery,
  earTagWarningsFrom,
  loadCattleDetail,
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

/** What registering writes: the form's fields, where a calf registered from its calving may still be nameless. */
type OptionalText = 'producerName' | 'barn' | 'breedingValue' | 'notes';
export type RegisterCattleInput = Omit<CreateCattle, 'name' | 'identificationNumber' | 'breeding' | OptionalText> & {
  name: string | null;
  /** parity: calvings before the record; null unknown (an import's 最終分娩日 without 産次); absent, by stage (§5). */
  breeding?: { parity?: number | null; breedingMemo?: string | null };
  /** Null for a calf registered from its calving before its ear tag is known ('未登録'). */
  identificationNumber: string | null;
} & Partial<Pick<CreateCattle, OptionalText>>;

function cattleColumns<T extends RegisterCattleInput | UpdateCattle>(input: T) {
  const { bloodline: _b, motherInfo: _m, breeding: _br, ...fields } = input;
  // An edit's parity is the breeding state's (§5), not a cattle column.
  const { parity: _p, ...columns } = fields as typeof fields & { parity?: unknown };
  return columns as Omit<typeof fields, 'parity'>;
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

/** Animals per registration statement: each statement binds one JSON array, well under D1's limits. */
const REGISTER_CHUNK = 200;

/** One animal as the registration statements read it from their JSON array. */
function registrationRow(input: RegisterCattleInput) {
  const b = hasAny(input.bloodline) ? (input.bloodline ?? {}) : null;
  const m = input.motherInfo && hasAny(input.motherInfo) ? input.motherInfo : null;
  return {
    identificationNumber: input.identificationNumber,
    earTagNumber: earTagOf(input),
    name: input.name ?? null,
    growthStage: input.growthStage,
    birthday: input.birthday ?? null,
    gender: input.gender,
    weight: input.weight ?? null,
    score: input.score ?? null,
    breed: input.breed ?? null,
    status: input.status ?? 'HEALTHY',
    producerName: input.producerName ?? null,
    barn: input.barn ?? null,
    breedingValue: input.breedingValue ?? null,
    notes: input.notes ?? null,
    parity: registeredParity(input.breeding?.parity, input.growthStage),
    breedingMemo: input.breeding?.breedingMemo ?? null,
    bloodline: b && {
      father: b.fatherCattleName ?? null,
      motherFather: b.motherFatherCattleName ?? null,
      motherGrandFather: b.motherGrandFatherCattleName ?? null,
      motherGreatGrandFather: b.motherGreatGrandFatherCattleName ?? null,
    },
    mother: m && {
      cattleId: m.motherCattleId ?? null,
      name: m.motherName ?? null,
      identificationNumber: m.motherIdentificationNumber ?? null,
      score: m.motherScore ?? null,
    },
  };
}

const field = (path: string) => sql.raw(`json_extract(j.value, '$.${path}')`);

/**
 * The statements that register animals — one from the form, a calf from its calving, a herd from a seeder or an
 * import — with their empty breeding_status and breeding_summary rows, bloodline and mother, as part of one atomic
 * batch. Each statement reads a chunk of animals from one bound JSON array (json_each), so 5,000 animals take about
 * 125 statements. Inside the batch a chunk's animals get consecutive ids in input order (AUTOINCREMENT, the batch
 * runs alone), so its later rows find each animal as the farm's newest id less its distance from the chunk's end —
 * animals without a 個体識別番号 too. A mother given by 個体識別番号 links to an animal already on the farm or earlier
 * in the list (its chunk included). The first statement of each chunk returns the new `cattle_id`s.
 */
export function registerHerdStatements(
  scope: Pick<Scope, 'db' | 'farmId' | 'userId'>,
  inputs: readonly RegisterCattleInput[],
  now = new Date().toISOString(),
): Statement[] {
  const { farmId } = scope;
  const statements: Statement[] = [];
  for (let start = 0; start < inputs.length; start += REGISTER_CHUNK) {
    const rows = inputs.slice(start, start + REGISTER_CHUNK).map(registrationRow);
    const json = JSON.stringify(rows);
    const idOf = sql`(${newestAnimalSql(farmId)} - ${rows.length - 1} + j.key)`;
    const each = sql`from json_each(${json}) j`;
    statements.push(
      sql`insert into cattle (farm_id, created_by, identification_number, ear_tag_number, name, growth_stage, birthday,
          gender, weight, score, breed, status, producer_name, barn, breeding_value, notes, created_at, updated_at)
        select ${farmId}, ${scope.userId}, ${field('identificationNumber')}, ${field('earTagNumber')}, ${field('name')},
          ${field('growthStage')}, ${field('birthday')}, ${field('gender')}, ${field('weight')}, ${field('score')},
          ${field('breed')}, ${field('status')}, ${field('producerName')}, ${field('barn')}, ${field('breedingValue')},
          ${field('notes')}, ${now}, ${now}
        ${each} order by j.key
        returning cattle_id`,
      sql`insert into breeding_status (cattle_id, initial_parity, parity, breeding_memo)
        select ${idOf}, ${field('parity')}, ${field('parity')}, ${field('breedingMemo')} ${each}`,
      sql`insert into breeding_summary (cattle_id) select ${idOf} ${each}`,
    );
    if (rows.some((r) => r.bloodline)) {
      statements.push(
        sql`insert into bloodline (cattle_id, father_cattle_name, mother_father_cattle_name,
            mother_grand_father_cattle_name, mother_great_grand_father_cattle_name)
          select ${idOf}, ${field('bloodline.father')}, ${field('bloodline.motherFather')},
            ${field('bloodline.motherGrandFather')}, ${field('bloodline.motherGreatGrandFather')}
          ${each} where ${field('bloodline')} is not null`,
      );
    }
    if (rows.some((r) => r.mother)) {
      statements.push(
        sql`insert into mother_info (cattle_id, mother_cattle_id, mother_name, mother_identification_number, mother_score)
          select ${idOf},
            coalesce(
              (select m.cattle_id from cattle m where m.cattle_id = ${field('mother.cattleId')} and m.farm_id = ${farmId}),
              (select m.cattle_id from cattle m
                where m.identification_number = ${field('mother.identificationNumber')} and m.farm_id = ${farmId})),
            ${field('mother.name')}, ${field('mother.identificationNumber')}, ${field('mother.score')}
          ${each} where ${field('mother')} is not null`,
      );
    }
  }
  return statements;
}

/**
 * Links every mother recorded by 個体識別番号 whose animal is on the farm now: after a herd is registered, mothers
 * that came later in the list (another chunk, another row order) are linked too.
 */
export const linkMothersStatement = (farmId: number): Statement =>
  sql`update mother_info set mother_cattle_id = (select m.cattle_id from cattle m
      where m.farm_id = ${farmId} and m.identification_number = mother_info.mother_identification_number)
    where mother_cattle_id is null and mother_identification_number is not null
      and cattle_id in (select cattle_id from cattle where farm_id = ${farmId})`;

/** A change to an animal found by its 個体識別番号; an absent field stays as it is (an import's update). */
export interface HerdChange {
  identificationNumber: string;
  earTagNumber?: string;
  name?: string;
  birthday?: string;
  gender?: string;
  breed?: string;
  weight?: number;
  growthStage?: string;
  barn?: string;
  notes?: string;
  /** The parity entered at registration; the calvings on record stay counted on top. */
  parity?: number;
  motherIdentificationNumber?: string;
  sireName?: string;
}

/**
 * The statements that change many animals at once, found by 個体識別番号 on the farm: the cattle columns given (the
 * version counted up, who and when recorded), the registration parity, the sire and the mother. Like registration,
 * each statement reads a chunk from one bound JSON array.
 */
export function updateHerdStatements(
  scope: Pick<Scope, 'farmId' | 'userId'>,
  changes: readonly HerdChange[],
  now = new Date().toISOString(),
): Statement[] {
  const { farmId } = scope;
  const statements: Statement[] = [];
  const CHANGE_COLUMNS: [string, string][] = [
    ['ear_tag_number', 'earTagNumber'],
    ['name', 'name'],
    ['birthday', 'birthday'],
    ['gender', 'gender'],
    ['breed', 'breed'],
    ['weight', 'weight'],
    ['growth_stage', 'growthStage'],
    ['barn', 'barn'],
    ['notes', 'notes'],
  ];
  const columns = sql.raw(CHANGE_COLUMNS.map(([column]) => column).join(', '));
  const newValues = sql.raw(
    CHANGE_COLUMNS.map(([column, path]) => `coalesce(json_extract(j.value, '$.${path}'), c.${column})`).join(', '),
  );
  const takeNew = sql.raw(CHANGE_COLUMNS.map(([column]) => `${column} = excluded.${column}`).join(', '));
  for (let start = 0; start < changes.length; start += REGISTER_CHUNK) {
    const json = JSON.stringify(changes.slice(start, start + REGISTER_CHUNK));
    // CROSS JOIN keeps the changes outside: one index seek per change, not a scan of the herd per change.
    const animal = sql`from json_each(${json}) j
      cross join cattle c on c.farm_id = ${farmId} and c.identification_number = ${field('identificationNumber')}`;
    statements.push(
      // An upsert on the primary key: each change finds its row by id (an UPDATE … FROM scans the herd per chunk).
      sql`insert into cattle (cattle_id, farm_id, created_by, identification_number, status, ${columns})
        select c.cattle_id, c.farm_id, c.created_by, c.identification_number, c.status, ${newValues} ${animal}
        where true
        on conflict (cattle_id) do update set ${takeNew}, version = cattle.version + 1,
          updated_by = ${scope.userId}, updated_at = ${now}`,
      sql`insert into breeding_status (cattle_id, initial_parity, parity)
        select c.cattle_id, ${field('parity')}, ${field('parity')} ${animal} where ${field('parity')} is not null
        on conflict (cattle_id) do update set
          parity = breeding_status.parity + excluded.initial_parity - breeding_status.initial_parity,
          initial_parity = excluded.initial_parity, updated_at = ${now}`,
      sql`insert into bloodline (cattle_id, father_cattle_name)
        select c.cattle_id, ${field('sireName')} ${animal} where ${field('sireName')} is not null
        on conflict (cattle_id) do update set father_cattle_name = excluded.father_cattle_name`,
      sql`insert into mother_info (cattle_id, mother_identification_number, mother_cattle_id)
        select c.cattle_id, ${field('motherIdentificationNumber')},
          (select m.cattle_id from cattle m
            where m.farm_id = ${farmId} and m.identification_number = ${field('motherIdentificationNumber')})
        ${animal} where ${field('motherIdentificationNumber')} is not null
        on conflict (cattle_id) do update set mother_identification_number = excluded.mother_identification_number,
          mother_cattle_id = excluded.mother_cattle_id`,
    );
  }
  return statements;
}

/** The statements that register one animal (registerHerdStatements of one). */
export const registerCattleStatements = (
  scope: Pick<Scope, 'db' | 'farmId' | 'userId'>,
  input: RegisterCattleInput,
  now = new Date().toISOString(),
): Statement[] => registerHerdStatements(scope, [input], now);

/** An animal registered with `input` as `cattleId`, as the breeding engine takes it: for its first events in bulk. */
export const registeredAnimal = (farmId: number, cattleId: number, input: RegisterCattleInput): AnimalForBreeding => ({
  cattleId,
  farmId,
  name: input.name,
  identificationNumber: input.identificationNumber,
  earTagNumber: input.earTagNumber ?? null,
  gender: input.gender,
  birthday: input.birthday ?? null,
  breed: input.breed ?? null,
  status: input.status ?? 'HEALTHY',
  growthStage: input.growthStage,
  weight: input.weight ?? null,
  score: input.score ?? null,
  penId: null,
  initialParity: registeredParity(input.breeding?.parity, input.growthStage),
  line: {
    fatherCattleName: input.bloodline?.fatherCattleName ?? null,
    motherFatherCattleName: input.bloodline?.motherFatherCattleName ?? null,
    motherGrandFatherCattleName: input.bloodline?.motherGrandFatherCattleName ?? null,
  },
});

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
  const readsOf = (id: number | SQL) => [...cattleDetailQueries(db, farmId, id), earTagSharingQuery(db, farmId, id)];
  const { written, read } = await refusingDuplicates(async () => {
    try {
      return await runBatchThenRead(db, writes, dueAlert ? [] : readsOf(newestAnimalSql(farmId)));
    } catch (err) {
      if (isGuardFailure(err, MOTHER_NOT_FOUND)) throw motherNotFound();
      throw err;
    }
  });
  const registered = (rows: unknown[]) => {
    const detail = cattleDetailOf(rows.slice(0, -1) as never);
    const sharing = rows.at(-1) as TagHolder[];
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
      auditChanges(Object.fromEntries(Object.keys(after).map((key) => [key, was[key]])), after as never),
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
