import type { RelatedResponse } from '@contract/gallery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { galleryKeys } from './keys.js';

/** The airframe's history (oldest first), the same airport and the same photographer. */
export function getRelated(id: number): Promise<RelatedResponse> {
  return request<RelatedResponse>('GET', `/photos/${id}/related`, undefined, { quiet: true });
}

export const relatedQuery = (id: number) =>
  queryOptions({ queryKey: galleryKeys.related(id), queryFn: () => getRelated(id), retry: false });

export const useRelated = (id: number, enabled: boolean) => useQuery({ ...relatedQuery(id), enabled });
