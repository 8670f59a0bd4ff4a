/**
 * Farm and membership use cases (docs/product.md §12): creating a farm (its creator becomes the owner), renaming
 * it, changing a member's role, and removing a member or leaving, with the last-owner rule.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Db, directoryDb, shardBindings, shardDb } from '../db/client';
import { farmMembers, farms, users } from '../db/schema';
import { ownFarmName } from '../domain/farm-name';
import { FARM_MESSAGES, type FarmRole } from '../domain/roles';
import type { Env } from '../env';
import { forbidden, notFound, validationError } from '../lib/errors';
import { exampleProgrammesStatement } from '../programmes/programmes.statements';

export const memberNotFound = () => notFound('メンバーが見つかりません', 'MEMBER_NOT_FOUND');
const lastOwner = () => validationError(FARM_MESSAGES.lastOwner, 'role', 'LAST_OWNER');

/** The shard with the fewest farms, the lowest on a tie (docs/product.md §24), chosen inside the farm's INSERT. */
const shardWithFewestFarms = (shards: number) =>
  sql<number>`(select n from (${sql.raw(Array.from({ length: shards }, (_, n) => `select ${n} as n`).join(' union all '))})
    order by (select count(*) from farms where shard = n), n limit 1)`;

/**
 * Creates a farm owned by `userId` on the shard with the fewest farms, with the example programmes (§22); it becomes
 * their default farm when they have none. Returns its id.
 */
export async function createFarm(env: Env, userId: number, name: string): Promise<number> {
  const db = directoryDb(env);
  const [farm] = await db
    .insert(farms)
    .values({ name, shard: shardWithFewestFarms(shardBindings(env).length) })
    .returning({ id: farms.id, shard: farms.shard });
  const farmData = shardDb(env, farm.shard);
  await Promise.all([
    // The two example programmes every new farm gets (§22), on its shard.
    exampleProgrammesStatement(farmData, farm.id),
    db.batch([
      db.insert(farmMembers).values({ farmId: farm.id, userId, role: 'owner' }),
      db
        .update(users)
        .set({ defaultFarmId: sql`coalesce(${users.defaultFarmId}, ${farm.id})` })
        .where(eq(users.id, userId)),
    ]),
  ]);
  return farm.id;
}

/** A user's own farm, created once (named `farmName`, else `{userName}の牧場`): registration and first sign-in call it. */
export async function ensureOwnFarm(env: Env, userId: number, userName: string, farmName?: string): Promise<number> {
  const [owned] = await directoryDb(env)
    .select({ farmId: farmMembers.farmId })
    .from(farmMembers)
    .where(and(eq(farmMembers.userId, userId), eq(farmMembers.role, 'owner')))
    .limit(1);
  return owned?.farmId ?? createFarm(env, userId, farmName ?? ownFarmName(userName));
}

export async function renameFarm(db: Db, farmId: number, change: { name?: string; farmerCode?: string | null }) {
  const [[before], [farm]] = await db.batch([
    db.select({ name: farms.name, farmerCode: farms.farmerCode }).from(farms).where(eq(farms.id, farmId)),
    db
      .update(farms)
      .set({ name: change.name, farmerCode: change.farmerCode, updatedAt: new Date().toISOString() })
      .where(eq(farms.id, farmId))
      .returning({ id: farms.id, name: farms.name, farmerCode: farms.farmerCode }),
  ]);
  return { ...farm, before: before ?? null };
}

/** Remembers the farm last chosen in the app, so the next request without X-Farm-Id acts on it. */
export async function chooseDefaultFarm(db: Db, userId: number, farmId: number) {
  await db.update(users).set({ defaultFarmId: farmId }).where(eq(users.id, userId));
}

async function memberRole(db: Db, farmId: number, userId: number): Promise<FarmRole | null> {
  const [row] = await db
    .select({ role: farmMembers.role })
    .from(farmMembers)
    .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/**
 * The last-owner rule inside the write's own statement (§13): the row changes only while another owner stays, and —
 * for a change made by someone else — while the actor is still an owner. D1 runs one statement at a time, so two
 * owners demoting each other, or leaving, at the same moment cannot both pass: the second sees the first's change.
 */
const keepsAnOwner = (farmId: number, actorUserId: number | null) => sql`(
  ${farmMembers.role} <> 'owner'
  or (select count(*) from farm_members o where o.farm_id = ${farmId} and o.role = 'owner') > 1
) and (${actorUserId} is null or exists (
  select 1 from farm_members a where a.farm_id = ${farmId} and a.user_id = ${actorUserId} and a.role = 'owner'
))`;

/** Why a guarded membership write changed nothing: the member is gone, the actor no longer owns, or the last owner. */
async function refusal(db: Db, farmId: number, userId: number, actorUserId: number | null) {
  const [current, actorRole] = await Promise.all([
    memberRole(db, farmId, userId),
    actorUserId === null ? null : memberRole(db, farmId, actorUserId),
  ]);
  if (!current) return memberNotFound();
  if (actorUserId !== null && actorRole !== 'owner') return forbidden(FARM_MESSAGES.forbidden);
  return lastOwner();
}

/**
 * Changes a member's role (an owner, still one when the write runs); the last owner cannot be demoted, even by two
 * owners demoting each other at once.
 */
export async function changeMemberRole(
  db: Db,
  farmId: number,
  actor: { userId: number },
  userId: number,
  role: FarmRole,
) {
  const current = await memberRole(db, farmId, userId);
  if (!current) throw memberNotFound();
  const changed = await db
    .update(farmMembers)
    .set({ role })
    .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId), keepsAnOwner(farmId, actor.userId)))
    .returning({ userId: farmMembers.userId });
  if (changed.length === 0) throw await refusal(db, farmId, userId, actor.userId);
  return current;
}

/**
 * Removes a member: an owner may remove anyone, any member may remove themself (leave). The last owner cannot leave,
 * even when two owners leave at once. The removed member loses access with their next request.
 */
export async function removeMember(db: Db, farmId: number, actor: { userId: number; role: FarmRole }, userId: number) {
  if (actor.userId !== userId && actor.role !== 'owner') throw forbidden(FARM_MESSAGES.forbidden);
  const by = actor.userId === userId ? null : actor.userId;
  const [removed] = await db
    .delete(farmMembers)
    .where(and(eq(farmMembers.farmId, farmId), eq(farmMembers.userId, userId), keepsAnOwner(farmId, by)))
    .returning({ role: farmMembers.role });
  if (!removed) throw await refusal(db, farmId, userId, by);
  return removed.role;
}
