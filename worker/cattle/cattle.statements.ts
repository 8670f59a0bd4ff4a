/** The D1 statements that register and change animals: one animal by hand, a whole herd from an import (§5). */
import { sql } from 'drizzle-orm';
import type { AnimalForBreeding } from '../breeding/recompute';
import type { Statement } from '../db/batch';
import type { Scope } from '../db/scope';
import { registeredParity } from '../domain/breeding-parity';
import { earTagFromIdentification } from '../domain/identification';
import type { CreateCattle, UpdateCattle } from './cattle.schemas';

/** What registering writes: the form's fields, where a calf registered from its calving may still be nameless. */
type OptionalText = 'producerName' | 'barn' | 'breedingValue' | 'notes';
export type RegisterCattleInput = Omit<CreateCattle, 'name' | 'identificationNumber' | 'breeding' | OptionalText> & {
  name: string | null;
  /** parity: calvings before the record; null unknown (an import's 最終分娩日 without 産次); absent, by stage (§5). */
  breeding?: { parity?: number | null; breedingMemo?: string | null };
  /** Null for a calf registered from its calving before its ear tag is known ('未登録'). */
  identificationNumber: string | null;
} & Partial<Pick<CreateCattle, OptionalText>>;

export function cattleColumns<T extends RegisterCattleInput | UpdateCattle>(input: T) {
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
export const earTagOf = (input: Pick<RegisterCattleInput, 'identificationNumber' | 'earTagNumber'>) =>
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
