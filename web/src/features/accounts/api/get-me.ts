import type { MeResponse } from '@contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { accountKeys } from './keys.js';

/** The member's own account: settings, home airport and cover. */
export function getMe(): Promise<MeResponse> {
  return request<MeResponse>('GET', '/user/me');
}

export const meQuery = () => queryOptions({ queryKey: accountKeys.me, queryFn: getMe, staleTime: 0 });

export const useMe = () => useQuery(meQuery());
