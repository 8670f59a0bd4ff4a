/**
 * The herd roster kept on the phone (§20, docs/decisions/033-roster-and-offline-herd.md): every animal not shipped or
 * dead in a few fields, so search, the pickers and a form opened from an alert work without signal. The rules are
 * pure and unit-tested (roster.test.ts); storage is lib/roster-store.ts, the refresh api/cattle.ts.
 */
import { ageFromBirthday } from '@worker/domain/ages';
import { digitsOf, nfkc } from '@worker/domain/text-input';

/** One animal as GET /cattle/roster answers it. */
export interface RosterAnimal {
  cattleId: number;
  identificationNumber: string | null;
  earTagNumber: string | null;
  name: string | null;
  gender: string | null;
  breed: string | null;
  status: string;
  growthStage: string | null;
  birthday: string | null;
  penId?: number | null;
  /**
   * The breeding state a barn visit needs (§20 turn 4, decision 059). Absent from a roster kept before the server sent
   * it (its ETag is of the old shape, so the next refresh with a signal replaces it).
   */
  parity?: number | null;
  lastCalvingDate?: string | null;
  lastServiceDate?: string | null;
  conceptionDate?: string | null;
  expectedCalvingDate?: string | null;
  /** As of the day the server built the answer: breedingAsOf (lib/roster-breeding.ts) counts it for the day shown. */
  daysOpen?: number | null;
  withdrawalUntil?: string | null;
}

export interface KeptRoster {
  /** The server's ETag, sent back as If-None-Match. */
  etag: string;
  version: number;
  data: RosterAnimal[];
  /** When the server last confirmed this roster (a 200 or a 304), ISO. */
  checkedAt: string;
}

/** One roster per user and farm: a shared phone never shows one farmer's herd under another's sign-in. */
export const rosterKey = (userId: number, farmId: number | null) => `roster:${userId}:${farmId ?? 'default'}`;

/** What the refresh got: 304 (the kept roster is current), a fresh 200, or the service worker's saved 200. */
export type RosterAnswer =
  | { status: 304 }
  | { status: 200; etag: string; version: number; data: RosterAnimal[]; savedCopy: boolean };

/**
 * The roster to keep after an answer. A 304 confirms the kept one; a saved copy (no signal) never replaces a kept
 * roster, which is at least as new; a 200 of an older version than the kept one (a reordered answer) is ignored.
 */
export function nextRoster(kept: KeptRoster | null, answer: RosterAnswer, now: string): KeptRoster | null {
  if (answer.status === 304) return kept ? { ...kept, checkedAt: now } : null;
  if (kept && (answer.savedCopy || answer.version < kept.version)) return kept;
  return { etag: answer.etag, version: answer.version, data: answer.data, checkedAt: now };
}

/**
 * The herd search of §20 on the kept roster, the server's rule: any part of the ear tag, 個体識別番号 or name after
 * NFKC; exact ear tags first, then ear tags containing the digits, then IDs, then names; newest first within each.
 */
export function searchRoster(animals: readonly RosterAnimal[], term: string, limit = Infinity): RosterAnimal[] {
  const text = nfkc(term).trim().toLowerCase();
  if (!text) return [];
  const digits = digitsOf(text);
  const number = /^\d+$/.test(digits) ? digits : null;
  const rank = (a: RosterAnimal) => {
    if (number && a.earTagNumber === number) return 0;
    if (number && a.earTagNumber?.includes(number)) return 1;
    if (number && a.identificationNumber?.includes(number)) return 2;
    if (a.name && nfkc(a.name).toLowerCase().includes(text)) return 3;
    return -1;
  };
  return animals
    .map((animal) => ({ animal, rank: rank(animal) }))
    .filter((m) => m.rank >= 0)
    .sort((a, b) => a.rank - b.rank || b.animal.cattleId - a.animal.cattleId)
    .slice(0, limit)
    .map((m) => m.animal);
}

export const findInRoster = (roster: KeptRoster | null | undefined, cattleId: number | undefined) =>
  cattleId === undefined ? undefined : roster?.data.find((a) => a.cattleId === cattleId);

/** Animals with their 月齢 (§19) as of today, as the pickers and the list show them. */
export const withAges = (animals: readonly RosterAnimal[], today?: string) =>
  animals.map((a) => {
    const { monthsOld, daysOld } = ageFromBirthday(a.birthday, today);
    return { ...a, monthsOld, daysOld };
  });

export const rosterMatches = (animals: readonly RosterAnimal[], term: string, limit: number, today?: string) =>
  withAges(searchRoster(animals, term, limit), today);
