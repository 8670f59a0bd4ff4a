import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { registrations } from '../db/schema';
import type { CsvCell } from '../lib/csv';
import type { Registration, RegistrationsCsvQuery } from './admin.schemas';

type Filters = Pick<RegistrationsCsvQuery, 'q' | 'from' | 'to' | 'source'>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function whereOf({ q, from, to, source }: Filters): SQL | undefined {
  const conditions: SQL[] = [];
  if (q) conditions.push(sql`${registrations.email} LIKE ${`%${escapeLike(q)}%`} ESCAPE '\\'`);
  if (source) conditions.push(eq(registrations.referralSource, source));
  if (from !== undefined) conditions.push(gte(registrations.createdAt, from));
  if (to !== undefined) conditions.push(lte(registrations.createdAt, to));
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first; `limit` undefined means every match (the CSV export). */
export async function findRegistrations(db: Db, filters: Filters, page: { limit?: number; offset: number }) {
  const where = whereOf(filters);
  const query = db
    .select()
    .from(registrations)
    .where(where)
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(page.limit ?? -1)
    .offset(page.offset);
  const [items, [{ total }]] = await db.batch([query, db.select({ total: count() }).from(registrations).where(where)]);
  return { items: items as Registration[], total };
}

export const registrationCsvRow = (r: Registration): CsvCell[] => [
  r.id,
  r.email,
  r.referralSource,
  r.status,
  r.locale,
  new Date(r.createdAt * 1000).toISOString(),
];
