import { request } from '../lib/api.js';

/**
 * What a page the server rendered does once it runs. A photo page counts its view: the HTML read the
 * photo without counting it (a crawler or a CDN's copy is no view), so the browser says it was seen.
 */
export function afterHydration(pathname: string): void {
  const photo = /^\/photo\/(\d{1,10})$/.exec(pathname);
  if (photo) void request('POST', `/photos/${photo[1]}/view`, undefined, { quiet: true }).catch(() => undefined);
}
