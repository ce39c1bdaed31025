import type { QueueResponse, ScreeningTab } from '@contract/screening';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { screeningKeys } from './keys.js';

export function getQueue(tab: ScreeningTab, cursor: string | null): Promise<QueueResponse> {
  const params = new URLSearchParams({ tab });
  if (cursor) params.set('cursor', cursor);
  return request<QueueResponse>('GET', `/screening/queue?${params}`);
}

export const queueQuery = (tab: ScreeningTab) =>
  infiniteQueryOptions({
    queryKey: screeningKeys.tab(tab),
    queryFn: ({ pageParam }) => getQueue(tab, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Locks and new uploads change by the minute; the list is cheap to ask again.
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });

export const useScreeningQueue = (tab: ScreeningTab) => useInfiniteQuery(queueQuery(tab));
