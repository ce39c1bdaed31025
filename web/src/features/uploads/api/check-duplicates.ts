import type { DuplicatesResponse } from '@contract/photos';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { uploadKeys } from './keys.js';

interface Fingerprints {
  phash: string;
  sha256: string | null;
}

/**
 * The member's own live photos and accepted photos that look like a picture (perceptual hash), and
 * the member's own waiting or accepted photo with the very same bytes, which the server would refuse.
 */
export function checkDuplicates({ phash, sha256 }: Fingerprints): Promise<DuplicatesResponse> {
  const query = new URLSearchParams({ phash, ...(sha256 ? { sha256 } : {}) });
  return request<DuplicatesResponse>('GET', `/photos/duplicates?${query}`, undefined, { quiet: true });
}

// Advice only: a failed check shows no look-alikes rather than an error (the server still refuses a copy).
export const duplicatesQuery = (picked: Fingerprints | null) =>
  queryOptions({
    queryKey: uploadKeys.duplicates(picked?.phash ?? null, picked?.sha256 ?? null),
    queryFn: picked === null ? skipToken : () => checkDuplicates(picked),
    retry: false,
  });

export const useDuplicates = (picked: Fingerprints | null) => useQuery(duplicatesQuery(picked));
