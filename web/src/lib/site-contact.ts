import type { SiteContact } from '@contract/site';
import { queryOptions } from '@tanstack/react-query';
import { request } from './api.js';
import { siteContactKey } from './query-keys.js';

/** How to reach the team: /about and /AccountStop show it, /manage/notam sets it. */
export const siteContactQuery = queryOptions({
  queryKey: siteContactKey,
  queryFn: () => request<SiteContact>('GET', '/site/contact', undefined, { quiet: true }),
  staleTime: 60_000,
});
