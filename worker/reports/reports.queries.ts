/**
 * The census day's facts of a farm's animals (docs/product.md §21), read in one D1 batch: each animal's birthday, sex
 * and breed, the dates of the events that place and categorise it, and — for an animal marked 出荷済み or 死亡 by hand
 * without such an event — the day its status changed, as its exit.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cattle, cattleStatusHistory, events } from '../db/schema';
import type { Scope } from '../db/scope';
import type { IsoDate } from '../domain/calendar';
import { type CensusAnimal, census } from '../domain/census';

const PLACING_EVENTS = ['ARRIVAL', 'DEATH', 'SHIPMENT', 'START_FATTENING', 'CALVING', 'INSEMINATION'] as const;

export async function censusOn(scope: Pick<Scope, 'db' | 'farmId'>, date: IsoDate) {
  const { db, farmId } = scope;
  const [animals, facts, leftByHand] = await db.batch([
    db
      .select({ id: cattle.cattleId, birthday: cattle.birthday, gender: cattle.gender, breed: cattle.breed })
      .from(cattle)
      .where(eq(cattle.farmId, farmId)),
    db
      .select({
        cattleId: events.cattleId,
        type: events.eventType,
        date: sql<IsoDate>`date(${events.eventDatetime}, '+9 hours')`,
      })
      .from(events)
      .where(and(eq(events.farmId, farmId), inArray(events.eventType, [...PLACING_EVENTS]))),
    db
      .select({
        cattleId: cattle.cattleId,
        date: sql<IsoDate>`date(max(${cattleStatusHistory.changedAt}), '+9 hours')`,
      })
      .from(cattleStatusHistory)
      .innerJoin(cattle, eq(cattle.cattleId, cattleStatusHistory.cattleId))
      .where(
        and(
          eq(cattle.farmId, farmId),
          inArray(cattle.status, ['SHIPPED', 'DEAD']),
          sql`${cattleStatusHistory.newStatus} = ${cattle.status}`,
        ),
      )
      .groupBy(cattle.cattleId),
  ]);
  const byId = new Map<number, CensusAnimal & { eventExit: boolean }>();
  for (const a of animals)
    byId.set(a.id, {
      birthday: a.birthday,
      gender: a.gender ?? '',
      breed: a.breed,
      arrivals: [],
      exits: [],
      fatteningStarts: [],
      breedingDates: [],
      eventExit: false,
    });
  for (const f of facts) {
    const animal = byId.get(f.cattleId);
    if (!animal) continue;
    if (f.type === 'ARRIVAL') (animal.arrivals as IsoDate[]).push(f.date);
    else if (f.type === 'DEATH' || f.type === 'SHIPMENT') {
      (animal.exits as IsoDate[]).push(f.date);
      animal.eventExit = true;
    } else if (f.type === 'START_FATTENING') (animal.fatteningStarts as IsoDate[]).push(f.date);
    else (animal.breedingDates as IsoDate[]).push(f.date);
  }
  // Marked shipped or dead by hand, with no event saying when: it left the day its status changed.
  for (const left of leftByHand) {
    const animal = byId.get(left.cattleId);
    if (animal && !animal.eventExit) (animal.exits as IsoDate[]).push(left.date);
  }
  return census([...byId.values()], date);
}
