/** Where an event came from (docs/product.md §25): the change history says 'LINEから' for 'line'. */
export const EVENT_SOURCES = ['web', 'line', 'import', 'task', 'api'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** The source of a request to the API: 'web' when the web app sent it (its `X-Client: web` header), else 'api'. */
export const requestSource = (client: string | undefined): EventSource =>
  client?.trim().toLowerCase() === 'web' ? 'web' : 'api';
