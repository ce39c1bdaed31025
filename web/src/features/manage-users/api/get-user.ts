import type { AdminUserDetail } from '@contract/manage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/api.js';
import { manageUserKeys } from './keys.js';

/** One user as administrators see them, with the audit log of what was done to the account. */
export function getAdminUser(id: number): Promise<AdminUserDetail> {
  return request<AdminUserDetail>('GET', `/admin/users/${id}`);
}

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: manageUserKeys.user(id),
    queryFn: () => getAdminUser(id),
    // An id from the address that does not exist is an answer, not a failure worth asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 3,
  });

export const useAdminUser = (id: number) => useQuery(userQuery(id));
