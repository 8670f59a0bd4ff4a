import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { breedingStatus, cattle, farmCounts } from '../db/schema';
import { dayCountsAsOf } from '../domain/breeding';
import { type IsoDate, todayJst } from '../domain/calendar';

/**
 * The answer's fields, numbered: a roster kept on a phone before a field was added (2: turn 4's breeding state,
 * decision 059) has an ETag of the old shape, which is no version of the new one, so it is sent again in full.
 */
const ROSTER_SHAPE = 2;

/**
 * The roster's ETag names the farm, its roster version (migration 0020) and the answer's shape: the same number on
 * another farm is another roster, so a tag sent to the wrong farm never answers 304.
 */
export const rosterEtag = (farmId: number, version: number) => `"roster-${farmId}-${version}-${ROSTER_SHAPE}"`;

/** The version an `If-None-Match` holds for this farm's roster of this shape, or null when it names none. */
export function versionOfEtag(header: string | undefined, farmId: number): number | null {
  for (const tag of header?.split(',') ?? []) {
    const match = /^\s*(?:W\/)?"roster-(\d+)-(\d+)-(\d+)"\s*$/.exec(tag);
    if (match && Number(match[1]) === farmId && Number(match[3]) === ROSTER_SHAPE) return Number(match[2]);
  }
  return null;
}

/** Whether an Accept-Encoding takes gzip (`gzip`, `gzip;q=0.5`, `*`; not `gzip;q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  for (const part of header?.toLowerCase().split(',') ?? []) {
    const [coding, ...params] = part.split(';').map((p) => p.trim());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/**
 * The answers this isolate built, per farm (at most KEPT_FARMS, least recently used out), kept gzipped: a roster
 * changes a few times a day and is asked by every phone of the farm, so its JSON (1.7 MB at 8,000 head, about 150 KB
 * gzipped) is built and compressed once per version and JST day (its `daysOpen` are that day's, decision 059) and then
 * sent as it is. Farm ids are never reused (AUTOINCREMENT), so a kept body can only ever be its own farm's.
 */
const KEPT_FARMS = 16;
const kept = new Map<number, { version: number; day: IsoDate; gzip: ArrayBuffer }>();

/**
 * Forgets this isolate's kept rosters. Only the worker tests call it: they empty the databases between test files in one
 * isolate (decision 063), where a new farm takes an old farm's id.
 */
export const forgetKeptRosters = () => kept.clear();

function keep(farmId: number, version: number, day: IsoDate, gzip: ArrayBuffer) {
  kept.delete(farmId);
  kept.set(farmId, { version, day, gzip });
  if (kept.size > KEPT_FARMS) kept.delete(kept.keys().next().value as number);
}

const gzipped = (text: string) =>
  new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();

/** The JSON of a kept gzipped answer, for a client that does not take gzip. */
export const gunzipped = (gzip: ArrayBuffer) =>
  new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream('gzip'))).text();

/** A roster row with its days open as of `today`, by the rule the animal's page uses (dayCountsAsOf, §6). */
function withDaysOpen<
  Row extends { lastCalvingDate: string | null; lastServiceDate: string | null; conceptionDate: string | null },
>(row: Row, today: IsoDate) {
  const { lastCalvingDate, lastServiceDate, conceptionDate } = row;
  const { daysOpen } = dayCountsAsOf({ lastCalvingDate, lastInseminationDate: lastServiceDate, conceptionDate }, today);
  return { ...row, daysOpen };
}

/**
 * The roster version and, unless the client's (`known`) is current, the answer's JSON gzipped, in one round trip. The
 * animals are read only when the version is neither the client's nor the one kept here for today: an unchanged
 * roster costs two primary-key reads.
 */
export async function herdRoster(db: Db, farmId: number, known: number | null, today = todayJst()) {
  const found = kept.get(farmId);
  const mine = found?.day === today ? found : undefined;
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
      // The pen it is in (§26): the roster shows it, and a group's selection offline is by pen.
      penId: cattle.penId,
      // The breeding state a barn visit needs (§20, turn 4): what the animal's page shows offline. A change of any of
      // them is a new roster version (shard migration 0023's triggers on breeding_status).
      parity: breedingStatus.parity,
      lastCalvingDate: breedingStatus.lastCalvingDate,
      lastServiceDate: breedingStatus.lastInseminationDate,
      conceptionDate: breedingStatus.conceptionDate,
      expectedCalvingDate: breedingStatus.expectedCalvingDate,
      withdrawalUntil: breedingStatus.withdrawalMeatUntil,
    })
    .from(farmCounts)
    .crossJoin(cattle)
    .leftJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
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
  if (latest === known) return { version: latest, gzip: null };
  if (mine && latest === mine.version) {
    keep(farmId, mine.version, today, mine.gzip);
    return { version: latest, gzip: mine.gzip };
  }
  const rows = data.map((row) => withDaysOpen(row, today));
  const gzip = await gzipped(JSON.stringify({ data: rows, version: latest }));
  keep(farmId, latest, today, gzip);
  return { version: latest, gzip };
}
