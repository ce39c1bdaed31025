import type { PendingSuggestions } from '@contract/manage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { referenceDataKeys } from './keys.js';

/** The most suggestions of each kind the page lists (and counts) at once. */
export const PENDING_LIMIT = 100;

export function getPending(): Promise<PendingSuggestions> {
  return request<PendingSuggestions>('GET', `/reference/pending?limit=${PENDING_LIMIT}`);
}

export const pendingQuery = () =>
  queryOptions({
    queryKey: referenceDataKeys.pending,
    queryFn: getPending,
    // Members suggest while uploading; a screener coming back to the tab sees the new ones.
    refetchOnWindowFocus: true,
  });

export const usePending = () => useQuery(pendingQuery());
