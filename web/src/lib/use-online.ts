import { useSyncExternalStore } from 'react';

/** Calls `fn` whenever the device gains or loses its signal; returns the unsubscribe. */
const onConnectionChange = (fn: () => void) => {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
};

/** Whether the device says it has a signal (a server that is down still counts as online: see the query's error). */
export const useOnline = () => useSyncExternalStore(onConnectionChange, () => navigator.onLine);

/** Outside React (the offline queue, the kept roster): `fn` each time the signal comes back. */
export function onBackOnline(fn: () => void) {
  return onConnectionChange(() => {
    if (navigator.onLine) fn();
  });
}
