import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cattle, farmCounts } from '../db/schema';

/**
 * The roster's ETag names the farm and its roster version (migration 0020): the same number on another farm is
 * another roster, so a tag sent to the wrong farm never answers 304.
 */
export const rosterEtag = (farmId: number, version: number) => `"roster-${farmId}-${version}"`;

/** The version an `If-None-Match` holds for this farm, or null when it names none of this farm's. */
export function versionOfEtag(header: string | undefined, farmId: number): number | null {
  for (const tag of header?.split(',') ?? []) {
    const match = /^\s*(?:W\/)?"roster-(\d+)-(\d+)"\s*$/.exec(tag);
    if (match && Number(match[1]) === farmId) return Number(match[2]);
  }
  return null;
}

/**
 * The answers this isolate serialised, per farm (at most KEPT_FARMS, least recently used out): a roster changes a few
 * times a day and is asked by every phone of the farm, so its 1 MB of JSON is built once per version. Farm ids are
 * never reused (AUTOINCREMENT), so a kept body can only ever be its own farm's.
 */
const KEPT_FARMS = 16;
const kept = new Map<number, { version: number; body: string }>();

function keep(farmId: number, version: number, body: string) {
  kept.delete(farmId);
  kept.set(farmId, { version, body });
  if (kept.size > KEPT_FARMS) kept.delete(kept.keys().next().value as number);
}

/**
 * The roster version and, unless the client's (`known`) is current, the answer's JSON, in one round trip. The animals
 * are read only when the version is neither the client's nor the one kept here: an unchanged roster costs two
 * primary-key reads.
 */
export async function herdRoster(db: Db, farmId: number, known: number | null) {
  const mine = kept.get(farmId);
  const version = db
    .select({ version: farmCounts.rosterVersion })
    .from(farmCounts)
    .where(eq(farmCounts.farmId, farmId));
  // The farm's counter row is the outer loop (CROSS JOIN fixes the order): when the version is one already known it
  // yields no row and the herd is not read at all (EXPLAIN: farm_counts by primary key, then cattle_farm_idx).
  const animals = db
    .select({
      cattleId: cattle.cattleId,
      identificationNumber: cattle.identificationNumber,
      earTagNumber: cattle.earTagNumber,
      name: cattle.name,
      gender: cattle.gender,
      breed: cattle.breed,
      status: cattle.status,
      growthStage: cattle.growthStage,
      birthday: cattle.birthday,
    })
    .from(farmCounts)
    .crossJoin(cattle)
    .where(
      and(
        eq(farmCounts.farmId, farmId),
        notInArray(farmCounts.rosterVersion, [known ?? -1, mine?.version ?? -1]),
        eq(cattle.farmId, farmCounts.farmId),
        notInArray(cattle.status, ['SHIPPED', 'DEAD']),
      ),
    )
    .orderBy(cattle.cattleId);
  const [versionRows, data] = await db.batch([version, animals]);
  const latest = versionRows[0]?.version ?? 0;
  if (latest === known) return { version: latest, body: null };
  if (mine && latest === mine.version) {
    keep(farmId, mine.version, mine.body);
    return { version: latest, body: mine.body };
  }
  const body = JSON.stringify({ data, version: latest });
  keep(farmId, latest, body);
  return { version: latest, body };
}
