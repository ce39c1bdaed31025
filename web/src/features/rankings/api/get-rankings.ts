import type { RankingsResponse } from '@contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';

/** A month's rankings (`YYYY-MM`, the site's month), as the server counts them every ten minutes. */
export const rankingsQuery = (month: string) =>
  queryOptions({
    queryKey: ['rankings', month] as const,
    queryFn: () => request<RankingsResponse>('GET', `/rankings/${month}`, undefined, { quiet: true }),
    staleTime: 600_000,
    retry: false,
  });

export const useRankings = (month: string) => useQuery(rankingsQuery(month));
