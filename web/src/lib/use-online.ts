import { useSyncExternalStore } from 'react';

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
