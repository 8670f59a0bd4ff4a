/**
 * The AI certificate of one INSEMINATION and the inseminator's register across farms (docs/product.md §21). The
 * farm's name and farmer code and the recorder's name and licence live in the directory; the event, the cow and her
 * details on the farm's shard. The register reads each shard once, for all of the caller's farms on it.
 */
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { directoryDb, shardDb } from '../db/client';
import { cattle, events, farmMembers, farms, users } from '../db/schema';
import { addDays, jstDate, jstStartOfDay } from '../domain/calendar';
import { certificateTechnician } from '../domain/filings-certificate';
import type { InseminationMethod } from '../domain/gestation';
import type { Env } from '../env';
import type { Certificate, RegisterRow } from './inseminations.schemas';

type EventFacts = {
  eventId: number;
  farmId: number;
  createdBy: number | null;
  eventDatetime: string;
  details: Record<string, unknown> | null;
  identificationNumber: string | null;
  name: string | null;
  earTagNumber: string | null;
  breed: string | null;
  birthday: string | null;
};

const eventColumns = {
  eventId: events.eventId,
  farmId: events.farmId,
  createdBy: events.createdBy,
  eventType: events.eventType,
  eventDatetime: events.eventDatetime,
  details: events.details,
  identificationNumber: cattle.identificationNumber,
  name: cattle.name,
  earTagNumber: cattle.earTagNumber,
  breed: cattle.breed,
  birthday: cattle.birthday,
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A certificate from the event's facts, its farm and its recorder (name, and licence when the recorder is the technician). */
export function certificateOf(
  e: EventFacts,
  farm: { name: string; farmerCode: string | null },
  recorder: { userName: string; inseminatorLicense: string | null } | undefined,
): Certificate {
  const d = e.details ?? {};
  return {
    eventId: e.eventId,
    farm,
    cow: {
      identificationNumber: e.identificationNumber || null,
      name: e.name,
      earTagNumber: e.earTagNumber,
      breed: e.breed,
      birthday: e.birthday,
    },
    serviceDate: jstDate(e.eventDatetime),
    method: (text(d.method) ?? 'AI') as InseminationMethod,
    sireName: text(d.sireName),
    semenLot: text(d.semenLot),
    embryoId: text(d.embryoId),
    // The recorder's licence only when the technician is the recorder (§21, turn 4).
    technician: certificateTechnician(d.technician, recorder),
  };
}

/** The farm's event with its cow, or undefined (another farm's is not found). */
export async function eventWithCow(db: ReturnType<typeof shardDb>, farmId: number, eventId: number) {
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(cattle, eq(cattle.cattleId, events.cattleId))
    .where(and(eq(events.eventId, eventId), eq(events.farmId, farmId), eq(cattle.farmId, farmId)))
    .limit(1);
  return row as (EventFacts & { eventType: string }) | undefined;
}

/** The farm's name and code and the recorder's name and licence, in one directory round trip. */
export async function directoryFacts(env: Pick<Env, 'DB'>, farmId: number, userId: number | null) {
  const db = directoryDb(env);
  const [farmRows, userRows] = await db.batch([
    db.select({ name: farms.name, farmerCode: farms.farmerCode }).from(farms).where(eq(farms.id, farmId)),
    db
      .select({ userName: users.userName, inseminatorLicense: users.inseminatorLicense })
      .from(users)
      .where(eq(users.id, userId ?? 0)),
  ]);
  return { farm: farmRows[0] ?? { name: '', farmerCode: null }, recorder: userRows[0] };
}

/**
 * Every INSEMINATION the user recorded on any farm they are a member of, in the period (JST days, both ends
 * included), oldest first: one directory read for the farms and the user, then one query per shard.
 */
export async function registerOf(env: Env, userId: number, period: { from?: string; to?: string }) {
  const dir = directoryDb(env);
  const [memberships, me] = await dir.batch([
    dir
      .select({ id: farms.id, name: farms.name, farmerCode: farms.farmerCode, shard: farms.shard })
      .from(farmMembers)
      .innerJoin(farms, eq(farms.id, farmMembers.farmId))
      .where(eq(farmMembers.userId, userId)),
    dir
      .select({ userName: users.userName, inseminatorLicense: users.inseminatorLicense })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  const byShard = new Map<number, number[]>();
  for (const f of memberships) byShard.set(f.shard, [...(byShard.get(f.shard) ?? []), f.id]);
  const farmById = new Map(memberships.map((f) => [f.id, f]));
  const since = period.from ? jstStartOfDay(period.from).toISOString() : undefined;
  const until = period.to ? jstStartOfDay(addDays(period.to, 1)).toISOString() : undefined;
  const perShard = await Promise.all(
    [...byShard].map(([shard, farmIds]) =>
      shardDb(env, shard)
        .select(eventColumns)
        .from(events)
        .innerJoin(cattle, eq(cattle.cattleId, events.cattleId))
        .where(
          and(
            inArray(events.farmId, farmIds),
            eq(events.eventType, 'INSEMINATION'),
            eq(events.createdBy, userId),
            since ? gte(events.eventDatetime, since) : undefined,
            until ? lt(events.eventDatetime, until) : undefined,
          ),
        )
        .orderBy(asc(events.eventDatetime), asc(events.eventId)),
    ),
  );
  const rows: RegisterRow[] = perShard.flat().map((e) => {
    const farm = farmById.get(e.farmId);
    return {
      farmId: e.farmId,
      ...certificateOf(e as EventFacts, { name: farm?.name ?? '', farmerCode: farm?.farmerCode ?? null }, me[0]),
    };
  });
  return rows.sort((a, b) => a.serviceDate.localeCompare(b.serviceDate) || a.eventId - b.eventId);
}
