import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@worker/accounts/accounts.schemas';
import { apiFetch } from './api';
import { getToken } from './auth-token';

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => apiFetch<{ data: PublicUser }>('/users/me').then((r) => r.data),
  staleTime: 5 * 60_000,
  enabled: () => Boolean(getToken()),
});

export const useMe = () => useQuery(meQuery);
