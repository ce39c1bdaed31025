import type { DuplicatesResponse } from '@contract/photos';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { uploadKeys } from './keys.js';

/** The member's own live photos and accepted photos that look like a picture, by its perceptual hash. */
export function checkDuplicates(phash: string): Promise<DuplicatesResponse> {
  return request<DuplicatesResponse>('GET', `/photos/duplicates?phash=${phash}`, undefined, { quiet: true });
}

// Advice only: a failed check shows no look-alikes rather than an error.
export const duplicatesQuery = (phash: string | null) =>
  queryOptions({
    queryKey: uploadKeys.duplicates(phash),
    queryFn: phash === null ? skipToken : () => checkDuplicates(phash),
    retry: false,
  });

export const useDuplicates = (phash: string | null) => useQuery(duplicatesQuery(phash));
