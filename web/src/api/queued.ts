/**
 * What the screens need to know of the offline queue without loading it: whether a create was queued rather than
 * recorded, and how to load the queue itself (api/outbox.ts) when they show or change it.
 */
export interface Queued {
  queued: true;
  key: string;
}

export const isQueued = (value: unknown): value is Queued =>
  typeof value === 'object' && value !== null && (value as Queued).queued === true;

export const loadOutbox = () => import('./outbox');
