import type { SiteStatus } from '@contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBase } from '../../../lib/api-base.js';
import { siteKeys } from './keys.js';

// Read with a bare fetch: the shared helper would answer MAINTENANCE by navigating here again.
export async function getSiteStatus(): Promise<SiteStatus> {
  const res = await fetch(`${apiBase()}/site/status`);
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as SiteStatus;
}

// Asked every 30 s while the maintenance page is open (§3.15), never answered from an older visit.
export const siteStatusQuery = queryOptions({
  queryKey: siteKeys.status,
  queryFn: getSiteStatus,
  staleTime: 0,
  refetchInterval: 30_000,
});

export const useSiteStatus = () => useQuery(siteStatusQuery);
