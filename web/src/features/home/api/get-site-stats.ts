import type { SiteStats } from '@contract/gallery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { homeKeys } from './keys.js';

export function getSiteStats(): Promise<SiteStats> {
  return request<SiteStats>('GET', '/site/stats');
}

export const siteStatsQuery = () => queryOptions({ queryKey: homeKeys.siteStats, queryFn: getSiteStats });

export const useSiteStats = () => useQuery(siteStatsQuery());
