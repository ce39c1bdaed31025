import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestBlob } from './api.js';
import { photoKeys } from './query-keys.js';

// Shared, not a feature's: the screening page and the own upload queue show the private original.

/** The original (private until accepted: it needs the bearer header, so no plain <img src>). */
export function getOriginal(id: number): Promise<Blob> {
  return requestBlob(`/photos/${id}/original`);
}

// An object URL, not kept after the page leaves (gcTime 0): the next look fetches a fresh one.
export const originalQuery = (id: number | null) =>
  queryOptions({
    queryKey: photoKeys.original(id),
    queryFn: id === null ? skipToken : async () => URL.createObjectURL(await getOriginal(id)),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

const shown = new Set<string>();

/**
 * The original as an object URL (none for a null id), revoked once no page shows it. The revoke
 * waits a tick because React's development double mount unmounts and shows the same URL again at once.
 */
export function useOriginal(id: number | null) {
  const query = useQuery(originalQuery(id));
  const url = query.data;
  useEffect(() => {
    if (!url) return;
    shown.add(url);
    return () => {
      shown.delete(url);
      setTimeout(() => !shown.has(url) && URL.revokeObjectURL(url), 0);
    };
  }, [url]);
  return query;
}
