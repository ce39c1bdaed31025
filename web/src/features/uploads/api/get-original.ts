import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { requestBlob } from '../../../lib/api.js';

/** The private original (it needs the bearer header, so no plain <img src> or <a href>). */
export function getOriginal(id: number): Promise<Blob> {
  return requestBlob(`/photos/${id}/original`);
}

// The answer is an object URL: whoever shows it revokes it when done, and it is not kept
// (gcTime 0), so the next look fetches a fresh one.
export const originalQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['photos', id, 'original'],
    queryFn: id === null ? skipToken : async () => URL.createObjectURL(await getOriginal(id)),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const useOriginal = (id: number | null) => useQuery(originalQuery(id));
