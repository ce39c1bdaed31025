// Where a member was when maintenance sent them to /maintenance (PRODUCT.md §3.15), kept for the tab
// so the maintenance page can take them back once it ends, even after a reload of that page.
const KEY = 'contrail.maintenanceReturn';
export const MAINTENANCE_PATH = '/maintenance';

export function rememberReturnPath(): void {
  const { pathname, search, hash } = window.location;
  if (pathname === MAINTENANCE_PATH) return; // already there: keep the page they came from
  try {
    sessionStorage.setItem(KEY, pathname + search + hash);
  } catch {
    // storage refused (private mode quota): they go back to / instead
  }
}

/** The remembered path, once; `/` when there is none. Only a path of this site, never `//host`. */
export function takeReturnPath(): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    path = null;
  }
  const local = path !== null && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
  return local && !path!.startsWith(MAINTENANCE_PATH) ? path! : '/';
}
