import { eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/password';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import type { Env } from '../env';

export const DEMO_EMAIL = 'demo@ushicho.example';
export const DEMO_PASSWORD = 'ushicho-demo-2026';

/** Creates the demo account and its farm when they do not exist yet. */
export async function seedDemoFarm(env: Env, today = new Date()): Promise<{ created: boolean; userId: number }> {
  const db = getDb(env);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (existing) return { created: false, userId: existing.id };
  const [user] = await db
    .insert(users)
    .values({
      email: DEMO_EMAIL,
      userName: '北牧場（デモ）',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      isVerified: true,
      oauthProvider: 'email',
    })
    .returning({ id: users.id });
  void today;
  return { created: true, userId: user.id };
}
