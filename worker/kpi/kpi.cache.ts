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
const kept = new Map<string, { version: number; cows: CowHistory[] }>();

export async function cowHistories(db: Db, farmId: number, version: number, lookBack: string) {
  const key = `${farmId}:${lookBack}`;
  const hit = kept.get(key);
  kept.delete(key);
  if (hit && hit.version === version) {
    kept.set(key, hit);
    return hit.cows;
  }
  const cows: readonly CowHistory[] = (await loadKpiCows(db, farmId, lookBack)).map(analyseCow);
  kept.set(key, { version, cows: cows as CowHistory[] });
  for (const oldest of kept.keys()) {
    if (kept.size <= MAX_ENTRIES) break;
    kept.delete(oldest);
  }
  return cows;
}
