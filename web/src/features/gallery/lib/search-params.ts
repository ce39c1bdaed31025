import { SEARCH_FILTER_KEYS, SEARCH_KEYS, searchApiParams, type GallerySort } from '@contract/catalogues';

// The /search URL and `GET /photos` use the same parameter names (§3.3): the URL is the state.
/** The filters of the panel (everything but the free text and the order). */
export const FILTER_KEYS = SEARCH_FILTER_KEYS;
export { SEARCH_KEYS };
export type SearchKey = (typeof SEARCH_KEYS)[number];

export const SORT_NAMES: Record<GallerySort, string> = {
  accepted: '最新通过',
  taken: '拍摄日期',
  views: '最多浏览',
  likes: '最多喜欢',
};

/** The API's parameters from the URL (one reading for the page and the server's preload of its first image). */
export const apiParamsOf = searchApiParams;

/** The URL after changing some parameters (null or '' removes one); other parameters stay. */
export function withParams(url: URLSearchParams, changes: Partial<Record<SearchKey, string | null>>): URLSearchParams {
  const next = new URLSearchParams(url);
  // A changed search starts from its first page.
  next.delete('cursor');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value.trim() === '') next.delete(key);
    else next.set(key, value.trim());
  }
  return next;
}

export const activeFilters = (params: Record<string, string>) => FILTER_KEYS.filter((k) => params[k] !== undefined);
