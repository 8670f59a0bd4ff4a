/**
 * Integrity check of one animal (decision 025): whether its stored breeding state equals a fresh recompute from
 * all its events. Used by the concurrency tests and by the development check endpoint the integrity benchmark
 * calls; it writes nothing.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { breedingStatus, breedingSummary } from '../db/schema';
import { computeBreeding } from '../domain/breeding';
import { todayJst } from '../domain/calendar';
import { loadBreedingContext } from './recompute';

export interface Drift {
  field: string;
  stored: unknown;
  computed: unknown;
}

/** The engine-owned fields whose stored value differs from a recompute; empty when the state is whole. */
export async function breedingDrift(db: Db, farmId: number, cattleId: number, today = todayJst()): Promise<Drift[]> {
  const context = await loadBreedingContext(db, farmId, cattleId);
  if (!context) return [];
  const [[status], [summary]] = await db.batch([
    db.select().from(breedingStatus).where(eq(breedingStatus.cattleId, cattleId)),
    db.select().from(breedingSummary).where(eq(breedingSummary.cattleId, cattleId)),
  ]);
  const computed = computeBreeding({
    breed: context.animal.breed,
    initialParity: context.animal.initialParity,
    growthStage: context.animal.growthStage,
    events: context.events,
    today,
  });
  const drift: Drift[] = [];
  const compare = (prefix: string, stored: Record<string, unknown> | undefined, fresh: object) => {
    for (const [field, value] of Object.entries(fresh)) {
      const was = stored?.[field] ?? null;
      if (was !== value) drift.push({ field: `${prefix}.${field}`, stored: was, computed: value });
    }
  };
  compare('breedingStatus', status, computed.breedingStatus);
  compare('breedingSummary', summary, computed.breedingSummary);
  return drift;
}
