import { and, eq, notInArray, sql } from 'drizzle-orm';
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
 * Every animal on the farm not shipped or dead, and the roster version, in one round trip. The animals are read only
 * when the version differs from `known` (the client's): the version test references no row, so SQLite checks it once
 * before the loop and an unchanged roster costs one primary-key read.
 */
export async function herdRoster(db: Db, farmId: number, known: number | null) {
  const version = db
    .select({ version: farmCounts.rosterVersion })
    .from(farmCounts)
    .where(eq(farmCounts.farmId, farmId));
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
    .from(cattle)
    .where(
      and(
        eq(cattle.farmId, farmId),
        notInArray(cattle.status, ['SHIPPED', 'DEAD']),
        sql`coalesce((select ${farmCounts.rosterVersion} from ${farmCounts} where ${farmCounts.farmId} = ${farmId}), 0) is not ${known ?? -1}`,
      ),
    )
    .orderBy(cattle.cattleId);
  const [versionRows, data] = await db.batch([version, animals]);
  return { version: versionRows[0]?.version ?? 0, data };
}
