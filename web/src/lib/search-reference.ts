import type { RefKind, RefList } from '@contract/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api.js';
import { referenceKeys } from './query-keys.js';

// Shared, not a feature's: the reference selectors serve uploads, search and management pages.

export function searchReference<K extends RefKind>(kind: K, q: string): Promise<RefList<K>> {
  return request<RefList<K>>('GET', `/${kind}?q=${encodeURIComponent(q)}&limit=20`);
}

export const referenceSearchQuery = <K extends RefKind>(kind: K, q: string) =>
  queryOptions({
    queryKey: referenceKeys.search(kind, q),
    queryFn: () => searchReference(kind, q),
    enabled: q !== '',
    // The last answer stays listed while the next one is on its way.
    placeholderData: keepPreviousData,
  });

export const useReferenceSearch = <K extends RefKind>(kind: K, q: string) => useQuery(referenceSearchQuery(kind, q));
