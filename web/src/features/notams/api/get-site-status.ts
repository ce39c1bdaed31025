import type { SiteStatus } from '@contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.js';
import { notamPageKeys } from './keys.js';

// The maintenance switch's state. Its own key: the maintenance page's query of the same endpoint
// polls and reads with a bare fetch.
export function getSiteStatus(): Promise<SiteStatus> {
  return request<SiteStatus>('GET', '/site/status');
}

export const siteStatusQuery = queryOptions({ queryKey: notamPageKeys.siteStatus, queryFn: getSiteStatus, staleTime: 0 });

export const useSiteStatus = () => useQuery(siteStatusQuery);
