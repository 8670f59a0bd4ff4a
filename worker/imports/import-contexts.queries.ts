/**
 * The breeding contexts (worker/breeding/recompute.ts) of many animals of one farm, found by 個体識別番号, read in one
 * round trip (worker/breeding/breeding-contexts.queries.ts) so an import records the history of thousands of animals without a read
 * per animal. Each event keeps its notes: an import tells its own by them.
 */
import { sql } from 'drizzle-orm';
import { breedingContextsOf, breedingContextsQueries, type ManyContext } from '../breeding/breeding-contexts.queries';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';

export type ImportContext = ManyContext;

/** The contexts of the farm's animals with these numbers, by number; numbers not on the farm are absent. */
export async function loadImportContexts(
  db: Db,
  farmId: number,
  identificationNumbers: readonly string[],
): Promise<Map<string, ImportContext>> {
  if (identificationNumbers.length === 0) return new Map();
  const ids = sql`(select c.cattle_id from json_each(${JSON.stringify(identificationNumbers)}) j
    cross join cattle c on c.farm_id = ${farmId} and c.identification_number = j.value)`;
  const results = await runBatch(db, breedingContextsQueries(farmId, ids));
  const contexts = breedingContextsOf(results.map((r) => r.results));
  return new Map([...contexts.values()].map((c) => [c.animal.identificationNumber as string, c]));
}
