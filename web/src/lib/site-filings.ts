import type { SiteFilings } from '@contract/site';
import { queryOptions } from '@tanstack/react-query';
import { request } from './api.js';
import { siteFilingsKey } from './query-keys.js';

/** The footer's filing numbers (issue 38): in a server-rendered page's state, else asked once a visit. */
export const siteFilingsQuery = queryOptions({
  queryKey: siteFilingsKey,
  queryFn: () => request<SiteFilings>('GET', '/site/filings', undefined, { quiet: true }),
  staleTime: 10 * 60_000,
});
