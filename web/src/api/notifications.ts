import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { getToken } from '../lib/auth-token';
import { api, unwrap } from './client';

type MeApi = typeof api.users.me;

export type NotificationSettings = InferResponseType<MeApi['notifications']['$get'], 200>['data'];
export type DigestChannel = InferRequestType<MeApi['notifications']['$put']>['json']['digest'];

/** Query keys of the digest choice and the LINE link (docs/product.md §16). */
const notificationKeys = {
  all: ['notifications'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationKeys.settings(),
  queryFn: ({ signal }) => unwrap(api.users.me.notifications.$get(undefined, { init: { signal } })).then((r) => r.data),
  enabled: () => Boolean(getToken()),
});

export const chooseDigest = (digest: DigestChannel) =>
  unwrap(api.users.me.notifications.$put({ json: { digest } })).then((r) => r.data);

/** Starts LINE Login for linking: the URL to open (the flow's cookies are set by this answer). */
export const startLineLink = () => unwrap(api.line.link.$post()).then((r) => r.data.url);

export const unlinkLine = () => unwrap(api.users.me.line.$delete()).then((r) => r.data);

/** A code to link LINE by sending it to the official account (docs/product.md §25): 8 characters, 10 minutes. */
export const createLineLinkCode = () => unwrap(api.line['link-code'].$post()).then((r) => r.data);
