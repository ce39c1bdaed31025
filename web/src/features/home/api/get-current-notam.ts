import type { currentNotamResponse } from '@contract/manage';
import type { z } from '@contract/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';

type CurrentNotamResponse = z.infer<typeof currentNotamResponse>;

// quiet: a missing notice is no reason to put a warning over the home page.
export function getCurrentNotam(): Promise<CurrentNotamResponse> {
  return request<CurrentNotamResponse>('GET', '/notams/current', undefined, { quiet: true });
}

export const currentNotamQuery = queryOptions({ queryKey: ['notams', 'current'], queryFn: getCurrentNotam, retry: false });

export const useCurrentNotam = (enabled: boolean) => useQuery({ ...currentNotamQuery, enabled });
