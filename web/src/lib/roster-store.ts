/**
 * The kept roster in IndexedDB (idb-keyval, store `ushicho-roster`), one entry per user and farm (lib/roster.ts).
 * Loaded lazily: the first screen does not pay for it.
 */
import { clear, createStore, get, set } from 'idb-keyval';
import { type KeptRoster, rosterKey } from './roster';

const store = createStore('ushicho-roster', 'roster');

export const readRoster = (userId: number, farmId: number | null) =>
  get<KeptRoster>(rosterKey(userId, farmId), store).then((r) => r ?? null);

export const writeRoster = (userId: number, farmId: number | null, roster: KeptRoster) =>
  set(rosterKey(userId, farmId), roster, store);

/** Sign-out: the herds kept on this phone belonged to the farmer who signed out. */
export const clearRosters = () => clear(store);
