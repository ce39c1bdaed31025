import { expandCard } from '@contract/cards';
import type { TrendingResponse } from '@contract/gallery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { homeKeys } from './keys.js';

/** 今日热门: the most viewed photos of the site's day, as the server counts them each minute. */
export const trendingQuery = () =>
  queryOptions({
    queryKey: homeKeys.trending,
    queryFn: () => request<TrendingResponse>('GET', '/photos/trending', undefined, { quiet: true }),
    staleTime: 60_000,
  });

export const useTrending = () => useQuery({ ...trendingQuery(), select: (d) => d.items.map(expandCard) });
