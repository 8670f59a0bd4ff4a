/**
 * The demo farm's paperwork (docs/product.md §21): its filings as a farm that keeps up would have them — everything
 * long past filed a few days after the event, the last two past their due date still pending (overdue, with their
 * FILING_OVERDUE alerts), the recent ones pending — its farmer code, and a visiting inseminator with a licence who
 * recorded the last months' services (their certificates and register).
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import { directoryDb, farmDb } from '../db/client';
import { events, farmMembers, farms, filings, users } from '../db/schema';
import type { Scope } from '../db/scope';
import { addDays, type IsoDate, jstStartOfDay } from '../domain/calendar';
import type { Env } from '../env';

export const DEMO_INSEMINATOR_EMAIL = 'inseminator@ushicho.example';
const DEMO_FARMER_CODE = '0123456789';
/** Filings past their due date the demo leaves pending. */
const OVERDUE_LEFT = 2;
/** The inseminator recorded the services of this many days back. */
const INSEMINATOR_DAYS = 120;

/** Marks the demo's old filings filed (3 days after the event), leaving the last OVERDUE_LEFT overdue ones pending. */
export async function seedDemoFilings(scope: Pick<Scope, 'db' | 'farmId' | 'userId' | 'userName'>, today: IsoDate) {
  const overdue = await scope.db
    .select({ id: filings.filingId })
    .from(filings)
    .where(and(eq(filings.farmId, scope.farmId), eq(filings.status, 'pending'), lt(filings.dueDate, today)))
    .orderBy(desc(filings.dueDate), desc(filings.filingId));
  const file = overdue.slice(OVERDUE_LEFT).map((f) => f.id);
  const statements = [];
  for (let i = 0; i < file.length; i += 90) {
    statements.push(
      scope.db
        .update(filings)
        .set({
          status: 'filed',
          filedAt: sql`date(${filings.eventDate}, '+3 days')`,
          filedBy: scope.userId,
          filedByName: scope.userName,
        })
        .where(
          and(
            eq(filings.farmId, scope.farmId),
            sql`${filings.filingId} in (${sql.join(file.slice(i, i + 90), sql`, `)})`,
          ),
        ),
    );
  }
  await runBatch(scope.db, statements);
}

/** The farm's farmer code and its visiting inseminator (a staff member with a licence) who recorded recent services. */
export async function seedDemoInseminator(env: Env, farmId: number, passwordHash: string, today: IsoDate) {
  const db = directoryDb(env);
  await db.update(farms).set({ farmerCode: DEMO_FARMER_CODE }).where(eq(farms.id, farmId));
  const [inseminator] = await db
    .insert(users)
    .values({
      email: DEMO_INSEMINATOR_EMAIL,
      userName: '佐藤 授精師',
      passwordHash,
      isVerified: true,
      oauthProvider: 'email',
      inseminatorLicense: '北海道 第2048号',
    })
    .onConflictDoUpdate({ target: users.email, set: { updatedAt: new Date().toISOString() } })
    .returning({ id: users.id });
  await db
    .insert(farmMembers)
    .values({ farmId, userId: inseminator.id, role: 'staff' })
    .onConflictDoNothing({ target: [farmMembers.farmId, farmMembers.userId] });
  const shard = await farmDb(env, farmId);
  await shard
    .update(events)
    .set({ createdBy: inseminator.id })
    .where(
      and(
        eq(events.farmId, farmId),
        eq(events.eventType, 'INSEMINATION'),
        gte(events.eventDatetime, jstStartOfDay(addDays(today, -INSEMINATOR_DAYS)).toISOString()),
      ),
    );
}
