import type { currentNotamResponse } from '@contract/manage';
import type { z } from '@contract/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';

type CurrentNotamResponse = z.infer<typeof currentNotamResponse>;

/** The one the home page shows now, by the server's rule (newest published whose window holds now). */
export function getCurrentNotam(): Promise<CurrentNotamResponse> {
  return request<CurrentNotamResponse>('GET', '/notams/current');
}

export const currentNotamQuery = queryOptions({ queryKey: ['notams', 'current'], queryFn: getCurrentNotam });

export const useCurrentNotam = () => useQuery(currentNotamQuery);
