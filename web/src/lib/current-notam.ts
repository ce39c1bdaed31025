import type { currentNotamResponse } from '@contract/manage';
import type { z } from '@contract/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api.js';
import { notamKeys } from './query-keys.js';

// Shared, not a feature's: the home page shows it, /manage/notam marks it in its list.

type CurrentNotamResponse = z.infer<typeof currentNotamResponse>;

/**
 * The one the home page shows now, by the server's rule (newest published whose window holds now).
 * Quiet: a missing notice is no reason to put a warning over the home page.
 */
export function getCurrentNotam(): Promise<CurrentNotamResponse> {
  return request<CurrentNotamResponse>('GET', '/notams/current', undefined, { quiet: true });
}

export const currentNotamQuery = queryOptions({ queryKey: notamKeys.current, queryFn: getCurrentNotam, retry: false });

export const useCurrentNotam = (enabled = true) => useQuery({ ...currentNotamQuery, enabled });
