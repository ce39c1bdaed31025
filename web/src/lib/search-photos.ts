import { expandCard, type CardPhoto } from '@contract/cards';
import type { CardSearchResponse, SearchResponse } from '@contract/gallery';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from './api.js';
import { photoKeys } from './query-keys.js';

// Shared, not a feature's: the home page, the gallery and the photo page all list `GET /photos`.

/** The gallery's parameters as sent (the same names as the /search URL, §3.3), without the cursor. */
export type PhotoSearchParams = Readonly<Record<string, string>>;

/** A page of a gallery list as the cards show it. */
export type CardPage = Omit<SearchResponse, 'items'> & { items: CardPhoto[] };

/** A list asked for as compact cards (`view=card`, what a card shows), read into the fields the components use. */
export async function cardPage(path: string, query: URLSearchParams): Promise<CardPage> {
  query.set('view', 'card');
  const page = await request<CardSearchResponse>('GET', `${path}?${query}`);
  return { ...page, items: page.items.map(expandCard) };
}

export function searchPhotos(params: PhotoSearchParams, cursor: string | null, limit?: number): Promise<CardPage> {
  const query = new URLSearchParams(params);
  if (cursor) query.set('cursor', cursor);
  if (limit) query.set('limit', String(limit));
  return cardPage('/photos', query);
}

/**
 * A gallery list from its first page, or from `start` (the cursor a /search address carries: the
 * next-page link of a page without script).
 */
export const searchPhotosQuery = (params: PhotoSearchParams, limit?: number, start: string | null = null) =>
  infiniteQueryOptions({
    queryKey: start === null ? photoKeys.search(params, limit ?? null) : [...photoKeys.search(params, limit ?? null), start],
    queryFn: ({ pageParam }) => searchPhotos(params, pageParam, limit),
    initialPageParam: start,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });

export const useSearchPhotos = (params: PhotoSearchParams, limit?: number, start: string | null = null) =>
  useInfiniteQuery(searchPhotosQuery(params, limit, start));
