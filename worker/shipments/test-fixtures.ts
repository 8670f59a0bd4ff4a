import { everyShard, shardOf, shardOfAnimal } from '../test/shards';

/** Direct SQL fixtures for shipment tests: animals, mothers, bloodlines and events, owned by a given user. */
let nextIdentification = 1_300_000_000;

export interface AnimalFixture {
  name?: string | null;
  earTagNumber?: string | number | null;
  gender?: string;
  growthStage?: string;
  birthday?: string | null;
  breed?: string | null;
  status?: string;
}

/** A farm member as signUp returns one: the farm the rows belong to, and the user recorded as created_by. */
export interface Member {
  farmId: number;
  userId: number;
}

export async function insertAnimal(member: Member, animal: AnimalFixture = {}): Promise<number> {
  const row = await (await shardOf(member.farmId))
    .prepare(
      `INSERT INTO cattle (farm_id, created_by, identification_number, ear_tag_number, name, gender, growth_stage, birthday, breed, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING cattle_id`,
    )
    .bind(
      member.farmId,
      member.userId,
      String(++nextIdentification),
      animal.earTagNumber == null ? null : String(animal.earTagNumber),
      animal.name === undefined ? '出荷テスト' : animal.name,
      animal.gender ?? '去勢',
      animal.growthStage ?? 'FATTENING',
      animal.birthday === undefined ? '2024-06-01' : animal.birthday,
      animal.breed ?? '黒毛和種',
      animal.status ?? 'HEALTHY',
    )
    .first<{ cattle_id: number }>();
  return row!.cattle_id;
}

export async function insertMotherInfo(
  cattleId: number,
  info: { motherCattleId?: number | null; motherName?: string | null; motherIdentificationNumber?: string | null },
) {
  await (await shardOfAnimal(cattleId))
    .prepare(
      'INSERT INTO mother_info (cattle_id, mother_cattle_id, mother_name, mother_identification_number) VALUES (?, ?, ?, ?)',
    )
    .bind(cattleId, info.motherCattleId ?? null, info.motherName ?? null, info.motherIdentificationNumber ?? null)
    .run();
}

export async function insertBloodline(cattleId: number, names: [string, string, string, string]) {
  await (await shardOfAnimal(cattleId))
    .prepare(
      `INSERT INTO bloodline (cattle_id, father_cattle_name, mother_father_cattle_name, mother_grand_father_cattle_name,
       mother_great_grand_father_cattle_name) VALUES (?, ?, ?, ?, ?)`,
    )
    .bind(cattleId, ...names)
    .run();
}

export async function insertEvent(member: Member, cattleId: number, eventType: string, eventDatetime: string) {
  await (await shardOf(member.farmId))
    .prepare('INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime) VALUES (?, ?, ?, ?, ?)')
    .bind(cattleId, member.farmId, member.userId, eventType, eventDatetime)
    .run();
}

export async function animalStatus(cattleId: number) {
  return (await everyShard
    .prepare('SELECT status FROM cattle WHERE cattle_id = ?')
    .bind(cattleId)
    .first<{ status: string }>())!.status;
}

export async function statusHistoryOf(cattleId: number) {
  const { results } = await everyShard
    .prepare(
      'SELECT old_status, new_status, changed_by, reason FROM cattle_status_history WHERE cattle_id = ? ORDER BY history_id',
    )
    .bind(cattleId)
    .all<{ old_status: string | null; new_status: string; changed_by: string; reason: string | null }>();
  return results;
}

export async function planOf(cattleId: number) {
  return everyShard
    .prepare('SELECT planned_shipment_month FROM shipment_plans WHERE cattle_id = ?')
    .bind(cattleId)
    .first<{ planned_shipment_month: string }>();
}
