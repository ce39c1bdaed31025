import type { PublicUser } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { accountKeys } from './keys.js';

export function getUser(id: number): Promise<PublicUser> {
  return request<PublicUser>('GET', `/users/${id}`);
}

export const userQuery = (id: number) =>
  queryOptions({ queryKey: accountKeys.user(id), queryFn: () => getUser(id), retry: false });

export const useUser = (id: number) => useQuery(userQuery(id));
