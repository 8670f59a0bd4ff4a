/**
 * The breeding state of a roster animal for the offline animal page (§20 turn 4, decision 059). Apart from lib/roster.ts
 * (in the first screen's code) so the engine's day rule is loaded with the animal page only.
 */
import { dayCountsAsOf } from '@worker/domain/breeding';
import { todayJst } from '@worker/domain/calendar';
import type { Withdrawal } from '@worker/domain/withdrawal';
import type { RosterAnimal } from './roster';

/**
 * An animal's breeding state from the kept roster, as her page shows it on `today` (the phone's JST day, offline
 * too): days open counted by the engine's own rule (dayCountsAsOf: from the last calving to the conception, or to
 * today while open), so a roster fetched days ago still shows today's count; the meat withdrawal as §16's
 * restriction. null for a roster kept before the server sent the breeding state.
 */
export function breedingAsOf(animal: RosterAnimal, today: string = todayJst()) {
  if (animal.parity === undefined) return null;
  const lastCalvingDate = animal.lastCalvingDate ?? null;
  const lastServiceDate = animal.lastServiceDate ?? null;
  const { daysOpen } = dayCountsAsOf(
    { lastCalvingDate, lastInseminationDate: lastServiceDate, conceptionDate: animal.conceptionDate ?? null },
    today,
  );
  const withdrawal: Withdrawal = { meatUntil: animal.withdrawalUntil ?? null, milkUntil: null };
  return {
    parity: animal.parity,
    lastCalvingDate,
    lastServiceDate,
    expectedCalvingDate: animal.expectedCalvingDate ?? null,
    daysOpen,
    withdrawal,
  };
}
