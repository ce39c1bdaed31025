import type { RefKind, RefList } from '@contract/reference';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { referenceDataKeys } from './keys.js';

/** One page of a kind's entries as the search ranks them; an empty query lists them all. */
export function searchEntries<K extends RefKind>(kind: K, q: string, cursor: string | null): Promise<RefList<K>> {
  const params = new URLSearchParams({ q, limit: '40' });
  if (cursor) params.set('cursor', cursor);
  return request<RefList<K>>('GET', `/${kind}?${params}`);
}

// Under ['reference', kind] like the selectors' searches, so every change to a kind refreshes both.
export const entriesQuery = <K extends RefKind>(kind: K, q: string) =>
  infiniteQueryOptions({
    queryKey: referenceDataKeys.entries(kind, q),
    queryFn: ({ pageParam }) => searchEntries(kind, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The last answer stays listed while the next query's is on its way.
    placeholderData: keepPreviousData,
  });

export const useEntries = <K extends RefKind>(kind: K, q: string) => useInfiniteQuery(entriesQuery(kind, q));
