/**
 * The farm the app shows: the id the farmer last chose in the switcher, kept in this browser. Every API call sends
 * it as `X-Farm-Id` (api/client.ts), so the data on screen is always the farm named in the app bar, even when the
 * account's default farm was changed on another device. api/farms.ts decides it from the farms list.
 */
import { FARM_KEY, parseFarmId } from './first-screen';

const listeners = new Set<() => void>();

function read(): number | null {
  try {
    return parseFarmId(localStorage.getItem(FARM_KEY));
  } catch {
    return null;
  }
}

let current: number | null = read();

export const getCurrentFarmId = (): number | null => current;

export function setCurrentFarmId(farmId: number | null) {
  if (farmId === current) return;
  current = farmId;
  try {
    if (farmId === null) localStorage.removeItem(FARM_KEY);
    else localStorage.setItem(FARM_KEY, String(farmId));
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  for (const fn of listeners) fn();
}

export function onCurrentFarmChange(fn: () => void) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}
