import type { ManageSummary } from '@contract/manage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { manageKeys } from './keys.js';

export function getSummary(): Promise<ManageSummary> {
  return request<ManageSummary>('GET', '/manage/summary');
}

export const summaryQuery = queryOptions({
  queryKey: manageKeys.summary,
  queryFn: getSummary,
  // Asked again whenever the page opens: coming back after a decision, a ballot or a merge shows it at once.
  staleTime: 0,
  refetchOnWindowFocus: true,
  refetchInterval: 60_000,
});

export const useSummary = () => useQuery(summaryQuery);
