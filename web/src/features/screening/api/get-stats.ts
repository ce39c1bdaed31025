import type { StatsResponse } from '@contract/screening';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { screeningKeys } from './keys.js';

export function getStats(): Promise<StatsResponse> {
  return request<StatsResponse>('GET', '/screening/stats');
}

export const statsQuery = queryOptions({ queryKey: screeningKeys.stats, queryFn: getStats, staleTime: 10_000 });

export const useScreeningStats = () => useQuery(statsQuery);
