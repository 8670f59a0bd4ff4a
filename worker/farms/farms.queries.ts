import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { farmMembers, farms, users } from '../db/schema';

/** The farms the user is a member of, with their role, in the order they joined. */
export function farmsOf(db: Db, userId: number) {
  return db
    .select({ id: farms.id, name: farms.name, farmerCode: farms.farmerCode, role: farmMembers.role })
    .from(farmMembers)
    .innerJoin(farms, eq(farms.id, farmMembers.farmId))
    .where(eq(farmMembers.userId, userId))
    .orderBy(asc(farmMembers.joinedAt), asc(farms.id));
}

/** A farm's members with their names and mail addresses, in the order they joined. */
export function membersOf(db: Db, farmId: number) {
  return db
    .select({
      userId: users.id,
      userName: users.userName,
      email: users.email,
      role: farmMembers.role,
      joinedAt: farmMembers.joinedAt,
    })
    .from(farmMembers)
    .innerJoin(users, eq(users.id, farmMembers.userId))
    .where(eq(farmMembers.farmId, farmId))
    .orderBy(asc(farmMembers.joinedAt), asc(users.id));
}
