import { GALLERY_SORTS, SEARCH_FILTER_KEYS, type GallerySort } from '@contract/catalogues';

// The /search URL and `GET /photos` use the same parameter names (§3.3): the URL is the state.
/** The filters of the panel (everything but the free text and the order). */
export const FILTER_KEYS = SEARCH_FILTER_KEYS;
export const SEARCH_KEYS = ['q', ...FILTER_KEYS, 'sort'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

export const SORT_NAMES: Record<GallerySort, string> = {
  accepted: '最新通过',
  taken: '拍摄日期',
  views: '最多浏览',
  likes: '最多喜欢',
};

/**
 * The API's parameters from the URL: known names only, trimmed, empty ones dropped, the default
 * order left out (so `/search` and the home page's latest photos share one cached answer).
 */
export function apiParamsOf(url: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of SEARCH_KEYS) {
    const value = url.get(key)?.trim();
    if (!value) continue;
    if (key === 'featured') {
      if (value === '1' || value === 'true') out.featured = '1';
      continue;
    }
    if (key === 'sort' && (value === 'accepted' || !(GALLERY_SORTS as readonly string[]).includes(value))) continue;
    out[key] = value;
  }
  return out;
}

/** The URL after changing some parameters (null or '' removes one); other parameters stay. */
export function withParams(url: URLSearchParams, changes: Partial<Record<SearchKey, string | null>>): URLSearchParams {
  const next = new URLSearchParams(url);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value.trim() === '') next.delete(key);
    else next.set(key, value.trim());
  }
  return next;
}

export const activeFilters = (params: Record<string, string>) => FILTER_KEYS.filter((k) => params[k] !== undefined);
