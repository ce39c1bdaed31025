import type { SiteStatus } from '@contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api.js';
import { siteStatusKey } from './query-keys.js';

// Shared, not a feature's: /manage/notam's switch and the administrators' maintenance reminder (the
// layout) read it, and the switch writes its answer here, so the reminder follows at once.

export function getSiteStatus(): Promise<SiteStatus> {
  return request<SiteStatus>('GET', '/site/status');
}

export const siteStatusQuery = queryOptions({ queryKey: siteStatusKey, queryFn: getSiteStatus, staleTime: 0 });

export const useSiteStatus = () => useQuery(siteStatusQuery);
