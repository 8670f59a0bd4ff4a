import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { getToken } from '../lib/auth-token';
import { api, unwrap } from './client';

type AuthApi = typeof api.auth;
type UsersApi = typeof api.users;
type WaitingListApi = (typeof api)['pre-register'];

export type Me = InferResponseType<UsersApi['me']['$get'], 200>['data'];
export type Theme = InferRequestType<UsersApi[':id']['theme']['$patch']>['json']['theme'];
export type RegisterInput = InferRequestType<AuthApi['register']['$post']>['json'];
export type CompleteInput = InferRequestType<AuthApi['complete']['$post']>['json'];
export type LoginInput = InferRequestType<AuthApi['login']['$post']>['json'];
export type PasswordResetInput = InferRequestType<AuthApi['password-reset']['$post']>['json'];
export type PasswordResetConfirmInput = InferRequestType<AuthApi['password-reset']['confirm']['$post']>['json'];
export type ChangePasswordInput = InferRequestType<UsersApi['me']['password']['$put']>['json'];
export type PreRegisterInput = InferRequestType<WaitingListApi['$post']>['json'];

/** Query keys of the signed-in account and of the sign-in pages. */
export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  providers: () => [...accountKeys.all, 'providers'] as const,
  verification: (token: string) => [...accountKeys.all, 'verification', token] as const,
};

/** Query keys of the landing page's waiting list. */
const waitingListKeys = {
  all: ['waiting-list'] as const,
  config: () => [...waitingListKeys.all, 'config'] as const,
};

/** The signed-in user; not asked for without a token. */
export const meQuery = queryOptions({
  queryKey: accountKeys.me(),
  queryFn: ({ signal }) => unwrap(api.users.me.$get(undefined, { init: { signal } })).then((r) => r.data),
  staleTime: 5 * 60_000,
  enabled: () => Boolean(getToken()),
});

/** Which of Google and LINE sign-in are configured. */
export const providersQuery = queryOptions({
  queryKey: accountKeys.providers(),
  queryFn: ({ signal }) => unwrap(api.auth.providers.$get(undefined, { init: { signal } })).then((r) => r.data),
  staleTime: 10 * 60_000,
});

/** Whether a verification mail's token is still good (a POST, read once as a query). */
export const verificationQuery = (token: string) =>
  queryOptions({
    queryKey: accountKeys.verification(token),
    queryFn: () => unwrap(api.auth.verify.$post({ json: { token } })),
  });

export const registerAccount = (input: RegisterInput) => unwrap(api.auth.register.$post({ json: input }));

export const completeRegistration = (input: CompleteInput) => unwrap(api.auth.complete.$post({ json: input }));

export const login = (input: LoginInput) => unwrap(api.auth.login.$post({ json: input }));

export const logout = () => unwrap(api.auth.logout.$post());

/** Ends every session of the signed-in user, this one included. */
export const logoutAll = () => unwrap(api.auth['logout-all'].$post());

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export const requestPasswordReset = (input: PasswordResetInput) =>
  unwrap(api.auth['password-reset'].$post({ json: input }));

/** Sets a new password from a reset link; every session of that user ends. */
export const confirmPasswordReset = (input: PasswordResetConfirmInput) =>
  unwrap(api.auth['password-reset'].confirm.$post({ json: input }));

/** Changes the signed-in user's password; their other sessions end, this one stays. */
export const changePassword = (input: ChangePasswordInput) => unwrap(api.users.me.password.$put({ json: input }));

export const saveTheme = (userId: number, theme: Theme) =>
  unwrap(api.users[':id'].theme.$patch({ param: { id: String(userId) }, json: { theme } })).then((r) => r.data);

/** The waiting-list form's settings (the Turnstile site key). */
export const waitingListConfigQuery = queryOptions({
  queryKey: waitingListKeys.config(),
  queryFn: ({ signal }) => unwrap(api['pre-register'].config.$get(undefined, { init: { signal } })).then((r) => r.data),
  staleTime: Infinity,
});

export const preRegister = (input: PreRegisterInput) =>
  unwrap(api['pre-register'].$post({ json: input })).then((r) => r.data);

/** The signed-in user, shared by every screen through the one `meQuery`. */
export const useMe = () => useQuery(meQuery);
