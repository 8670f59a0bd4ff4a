/**
 * Integrity check of one animal (decision 025): whether its stored breeding state equals a fresh recompute from
 * all its events. Used by the concurrency tests and by the development check endpoint the integrity benchmark
 * calls; it writes nothing.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { breedingStatus, breedingSummary, cattle } from '../db/schema';
import { computeBreeding } from '../domain/breeding';
import { todayJst } from '../domain/calendar';
import { loadBreedingContext } from './recompute';

type Value = string | number | boolean | null;
export interface Drift {
  field: string;
  stored: Value;
  computed: Value;
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
      const was = (stored?.[field] ?? null) as Value;
      if (was !== value) drift.push({ field: `${prefix}.${field}`, stored: was, computed: value as Value });
    }
  };
  compare('breedingStatus', status, computed.breedingStatus);
  compare('breedingSummary', summary, computed.breedingSummary);
  return drift;
}

/** Every animal of a farm whose stored breeding state differs from a recompute (the integrity benchmark's check). */
export async function farmDrift(db: Db, farmId: number, today = todayJst()) {
  const animals = await db.select({ cattleId: cattle.cattleId }).from(cattle).where(eq(cattle.farmId, farmId));
  const drifted: { cattleId: number; drift: Drift[] }[] = [];
  for (const { cattleId } of animals) {
    const drift = await breedingDrift(db, farmId, cattleId, today);
    if (drift.length) drifted.push({ cattleId, drift });
  }
  return { checked: animals.length, drifted };
}
