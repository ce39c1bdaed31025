import type { adminUsersResponse } from '@contract/manage';
import type { z } from '@contract/zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { manageUserKeys } from './keys.js';

type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

/** Users whose email or username contains `q`, or whose id is `q`; the newest 50 when `q` is empty. */
export function searchUsers(q: string): Promise<AdminUsersResponse> {
  return request<AdminUsersResponse>('GET', `/admin/users?${new URLSearchParams({ q })}`);
}

export const usersQuery = (q: string) =>
  queryOptions({
    queryKey: manageUserKeys.list(q),
    queryFn: () => searchUsers(q),
    // The previous answer stays on screen while the next keyword's answer comes.
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (q: string) => useQuery(usersQuery(q));
