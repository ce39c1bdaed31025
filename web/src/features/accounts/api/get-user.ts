import type { PublicUser } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: ['users', id],
    queryFn: () => request<PublicUser>('GET', `/users/${id}`),
    retry: false,
  });

export const useUser = (id: number) => useQuery(userQuery(id));
