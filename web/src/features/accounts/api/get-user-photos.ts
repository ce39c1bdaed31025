import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { cardPage, type CardPage } from '../../../lib/search-photos.js';
import { accountKeys } from './keys.js';

/** A member's accepted photos, newest first. */
export function getUserPhotos(id: number, cursor: string | null): Promise<CardPage> {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  return cardPage(`/users/${id}/photos`, query);
}

export const userPhotosQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: accountKeys.userPhotos(id),
    queryFn: ({ pageParam }) => getUserPhotos(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });

export const useUserPhotos = (id: number, enabled = true) => useInfiniteQuery({ ...userPhotosQuery(id), enabled });
