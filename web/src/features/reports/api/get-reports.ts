import type { ReportsResponse } from '@contract/reports';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { reportKeys } from './keys.js';

/** Things with open reports, the one reported first first (level 1). */
export function getReports(cursor: string | null): Promise<ReportsResponse> {
  return request<ReportsResponse>('GET', `/manage/reports${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
}

export const reportsQuery = () =>
  infiniteQueryOptions({
    queryKey: reportKeys.queue,
    queryFn: ({ pageParam }) => getReports(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Other screeners decide too; the queue is cheap to ask again.
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });

export const useReports = () => useInfiniteQuery(reportsQuery());
