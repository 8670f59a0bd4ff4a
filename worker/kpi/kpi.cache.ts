/**
 * The farm's analysed breeding histories, kept for the life of the Worker isolate while nothing they are read from
 * has changed (docs/decisions/029-kpi-version.md). The key is the farm and the look-back day; the farm's
 * kpi_version, read with the session check (farmAccess), tells whether a kept copy is current, so a hit costs no
 * D1 round trip and a change is seen by the next request. The version is read before the data: a write in
 * between leaves data newer than its label, which the next request re-reads — never an old copy as new.
 */
import type { Db } from '../db/client';
import { analyseCow, type CowHistory } from '../domain/kpi';
import { loadKpiCows } from './kpi.queries';

/** A farm asks for a few look-backs (the dashboard, the trends, the delta); a few farms share an isolate. */
const MAX_ENTRIES = 24;
/**
 * And at most this many analysed cows in all, so a large herd keeps a few look-backs rather than 24: an isolate has
 * 128 MB, and 24 copies of an 8,000-head farm's ~11,000 histories made every request pay for garbage collection
 * over them (the benchmark's uncached KPI grew faster than the herd, issue 24).
 */
export const MAX_KEPT_COWS = 40_000;
const kept = new Map<string, { version: number; cows: CowHistory[] }>();

/** The analysed cows kept in all (at most 24 entries to add up). */
const keptCows = () => {
  let n = 0;
  for (const entry of kept.values()) n += entry.cows.length;
  return n;
};

/** How many look-backs and analysed cows are kept (for tests). */
export const keptSize = () => ({ entries: kept.size, cows: keptCows() });

export async function cowHistories(db: Db, farmId: number, version: number, lookBack: string) {
  const key = `${farmId}:${lookBack}`;
  const hit = kept.get(key);
  kept.delete(key);
  if (hit && hit.version === version) {
    // Most recently used last.
    kept.set(key, hit);
    return hit.cows;
  }
  const cows: readonly CowHistory[] = (await loadKpiCows(db, farmId, lookBack)).map(analyseCow);
  // Two requests may have read the same look-back at once: the later one's copy replaces the other.
  kept.delete(key);
  kept.set(key, { version, cows: cows as CowHistory[] });
  // Least recently used out, never the one just read.
  for (const oldest of kept.keys()) {
    if (oldest === key || (kept.size <= MAX_ENTRIES && keptCows() <= MAX_KEPT_COWS)) break;
    kept.delete(oldest);
  }
  return cows;
}
