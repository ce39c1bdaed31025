import type { QueryClient } from '@tanstack/react-query';
import { request } from '../lib/api.js';
import { photoKeys } from '../lib/query-keys.js';

/**
 * What a page the server rendered does once it runs. A photo page counts its view: the HTML read the
 * photo without counting it (a crawler or a CDN's copy is no view), so the browser says it was seen.
 * A gone photo's page (its 404 in the cache) has nothing to count.
 */
export function afterHydration(pathname: string, client: QueryClient): void {
  const id = Number(/^\/photo\/(\d{1,10})$/.exec(pathname)?.[1]);
  if (id > 0 && client.getQueryData(photoKeys.one(id)) !== undefined) {
    void request('POST', `/photos/${id}/view`, undefined, { quiet: true }).catch(() => undefined);
  }
}
