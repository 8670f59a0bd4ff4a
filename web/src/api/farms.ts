import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { useSyncExternalStore } from 'react';
import { getCurrentFarmId, onCurrentFarmChange, setCurrentFarmId } from '../lib/current-farm';
import { knowDefaultFarm } from '../lib/early-answers';
import { accountKeys } from './accounts';
import { api, unwrap } from './client';

type FarmsApi = typeof api.farms;
type FarmApi = FarmsApi[':farmId'];
type InvitationsApi = typeof api.invitations;

export type Farm = InferResponseType<FarmsApi['$get'], 200>['data'][number];
export type FarmRole = Farm['role'];
export type FarmMember = InferResponseType<FarmApi['members']['$get'], 200>['data'][number];
export type FarmInput = InferRequestType<FarmsApi['$post']>['json'];
export type Invitation = InferResponseType<FarmApi['invitations']['$get'], 200>['data'][number];
export type InviteInput = InferRequestType<FarmApi['invitations']['$post']>['json'];
export type InvitationPreview = InferResponseType<InvitationsApi['preview']['$post'], 200>['data'];

/** Query keys of the farms and their members (kept, like the user, when another farm is chosen). */
export const farmKeys = {
  all: ['farms'] as const,
  list: () => [...farmKeys.all, 'list'] as const,
  members: (farmId: number) => [...farmKeys.all, 'members', farmId] as const,
  invitations: (farmId: number) => [...farmKeys.all, 'invitations', farmId] as const,
  /** An invitation link's preview: kept when the farm shown changes, so accepting does not read it again. */
  invitation: (token: string) => [...farmKeys.all, 'invitation', token] as const,
};

/** The farms the signed-in user is a member of, with their role, in the order they joined. */
export const farmsQuery = queryOptions({
  queryKey: farmKeys.list(),
  queryFn: ({ signal }) => unwrap(api.farms.$get(undefined, { init: { signal } })).then((r) => r.data),
  staleTime: 60_000,
});

export const membersQuery = (farmId: number) =>
  queryOptions({
    queryKey: farmKeys.members(farmId),
    queryFn: ({ signal }) =>
      unwrap(api.farms[':farmId'].members.$get({ param: { farmId: String(farmId) } }, { init: { signal } })).then(
        (r) => r.data,
      ),
  });

const farmParam = (farmId: number) => ({ farmId: String(farmId) });

export const renameFarm = (farmId: number, input: FarmInput) =>
  unwrap(api.farms[':farmId'].$patch({ param: farmParam(farmId), json: input })).then((r) => r.data);

/** Makes the farm the account's default on the server (for requests without X-Farm-Id, e.g. another device). */
export const chooseFarm = (farmId: number) => unwrap(api.farms[':farmId'].choose.$post({ param: farmParam(farmId) }));

export const changeMemberRole = (farmId: number, userId: number, role: FarmRole) =>
  unwrap(
    api.farms[':farmId'].members[':userId'].$patch({
      param: { ...farmParam(farmId), userId: String(userId) },
      json: { role },
    }),
  ).then((r) => r.data);

/** Removes a member (owner), or leaves the farm when `userId` is the caller's own. */
export const removeMember = (farmId: number, userId: number) =>
  unwrap(api.farms[':farmId'].members[':userId'].$delete({ param: { ...farmParam(farmId), userId: String(userId) } }));

/** The farm's invitations not yet accepted nor expired, newest first (owner). */
export const invitationsQuery = (farmId: number) =>
  queryOptions({
    queryKey: farmKeys.invitations(farmId),
    queryFn: ({ signal }) =>
      unwrap(api.farms[':farmId'].invitations.$get({ param: farmParam(farmId) }, { init: { signal } })).then(
        (r) => r.data,
      ),
  });

/** Invites an address with a role (owner); the API mails the link. */
export const inviteMember = (farmId: number, input: InviteInput) =>
  unwrap(api.farms[':farmId'].invitations.$post({ param: farmParam(farmId), json: input })).then((r) => r.data);

export const withdrawInvitation = (farmId: number, invitationId: number) =>
  unwrap(
    api.farms[':farmId'].invitations[':invitationId'].$delete({
      param: { ...farmParam(farmId), invitationId: String(invitationId) },
    }),
  );

/** What an invitation link offers (no sign-in needed): read once, a used or expired link is not retried. */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: farmKeys.invitation(token),
    queryFn: ({ signal }) =>
      unwrap(api.invitations.preview.$post({ json: { token } }, { init: { signal } })).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Joins the farm of an invitation, signed in with the invited address; the farm becomes the server default. */
export const acceptInvitation = (token: string) =>
  unwrap(api.invitations.accept.$post({ json: { token } })).then((r) => r.data);

/**
 * The farm the app shows: the one chosen last in this browser while still a member, else the first owned, else the
 * first joined (the API's own fallback order for the default farm); null for a user without farms.
 */
export function currentFarmOf(farms: readonly Farm[], chosenId: number | null = getCurrentFarmId()): Farm | null {
  return farms.find((farm) => farm.id === chosenId) ?? farms.find((farm) => farm.role === 'owner') ?? farms[0] ?? null;
}

/**
 * Makes `farmId` the farm every screen shows (sent as X-Farm-Id from now on) and drops every other farm's data from
 * the cache: queries on screen refetch at once, showing their loading state rather than the previous farm's data.
 * The user and the farms list stay.
 */
export async function showFarm(queryClient: QueryClient, farmId: number | null) {
  if (farmId === getCurrentFarmId()) return;
  setCurrentFarmId(farmId);
  await queryClient.cancelQueries({ predicate: (query) => !keepsAcrossFarms(query.queryKey) });
  await queryClient.resetQueries({ predicate: (query) => !keepsAcrossFarms(query.queryKey) });
}

const keepsAcrossFarms = (key: readonly unknown[]) => key[0] === accountKeys.all[0] || key[0] === farmKeys.all[0];

/** Reads the farms list (once; then from the cache) before the signed-in screens load and settles the farm shown. */
export async function settleCurrentFarm(queryClient: QueryClient) {
  const farms = await queryClient.ensureQueryData(farmsQuery);
  // A member of one farm only: the API's default farm is that one, whatever the account's default says.
  knowDefaultFarm(farms.length === 1 ? farms[0].id : null);
  await showFarm(queryClient, currentFarmOf(farms)?.id ?? null);
}

/** The farms list and the farm shown, re-rendering when another farm is chosen. */
export function useCurrentFarm() {
  const farms = useQuery(farmsQuery);
  const chosenId = useSyncExternalStore(onCurrentFarmChange, getCurrentFarmId);
  return { farms, current: farms.data ? currentFarmOf(farms.data, chosenId) : null, chosenId };
}
