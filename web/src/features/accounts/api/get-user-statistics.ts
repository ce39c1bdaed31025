import type { UserStatistics } from '@contract/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { accountKeys } from './keys.js';

/** A photographer's views per week and top photos (public figures, counted again every few minutes). */
export const userStatisticsQuery = (id: number) =>
  queryOptions({
    queryKey: accountKeys.userStatistics(id),
    queryFn: () => request<UserStatistics>('GET', `/users/${id}/statistics`, undefined, { quiet: true }),
    staleTime: 300_000,
  });

export const useUserStatistics = (id: number) => useQuery(userStatisticsQuery(id));
